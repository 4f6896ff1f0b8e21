import { signInVisitor, VISITOR_SESSION_SECONDS } from '../auth/visitors.js';
import { forbidden, unauthenticated } from '../contract/errors.js';
import { visitorThreads } from '../store/threads.js';
import { builder } from './builder.js';

/**
 * Signed-in visitors (docs/signed-in-visitors.md): the widget trades the site's proof for a
 * session token, then lists and opens that user's threads with it, on any device.
 */

const PREVIEW_CHARACTERS = 80;
const MY_THREADS_MAX = 50;

const VisitorSignInRef = builder.objectRef<{ token: string; userId: string; expiresAt: Date }>('VisitorSignIn').implement({
  description: "A verified visitor's session.",
  fields: (t) => ({
    visitorToken: t.exposeString('token', {
      description: "Bearer token (`vt_...`) for this user's threads on this site: startThread, myThreads, thread, sendMessage... Shown once.",
    }),
    userId: t.exposeString('userId', { description: "The site's user id, as the proof gave it." }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: `When the token stops working (${VISITOR_SESSION_SECONDS / 3600} hours after sign-in).` }),
  }),
});

builder.mutationField('signInVisitor', (t) =>
  t.field({
    type: VisitorSignInRef,
    description:
      "Signs a site's visitor in, with the publishable key and a proof made by the site's server: `userId` with `userHash` (hex HMAC-SHA256 of the id with a visitor secret), or `userToken` (an HS256 JWT with sub, iat and exp, at most an hour old). Refused with VISITOR_PROOF_INVALID (forged, wrong secret, retired secret), VISITOR_PROOF_EXPIRED (an expired JWT) or VISITOR_IDENTITY_DISABLED (the site has no visitor secret).",
    args: {
      input: t.arg({
        required: true,
        description: 'Who the visitor is and the proof.',
        type: builder.inputType('SignInVisitorInput', {
          description: 'The site\'s user id and its proof; give userHash or userToken.',
          fields: (f) => ({
            userId: f.string({ description: "The site's own id for the user (1-200 characters). Needed with userHash; with userToken it must equal `sub` if given." }),
            userHash: f.string({ description: 'Hex HMAC-SHA256 of userId with one of the site\'s visitor secrets.' }),
            userToken: f.string({ description: 'An HS256 JWT signed with a visitor secret: sub (the user id), iat, exp.' }),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const p = ctx.principal;
      if (p.kind === 'anonymous') throw unauthenticated('signInVisitor needs the site\'s publishable key.');
      if (p.kind !== 'publishable') throw forbidden('Visitors sign in with the site\'s publishable key (from the widget).');
      await ctx.services.limits.consume('signInVisitor', p, ctx.clientIp);
      return signInVisitor(ctx.services.db, p.siteId, { userId: input.userId, userHash: input.userHash, userToken: input.userToken });
    },
  }),
);

type VisitorThread = Awaited<ReturnType<typeof visitorThreads>>[number];

const VisitorThreadRef = builder.objectRef<VisitorThread>('VisitorThread').implement({
  description: "One of a signed-in visitor's conversations, as their list shows it.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Thread id (open it with `thread(id)` and the same token).' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it started.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'Last activity.' }),
    preview: t.string({
      nullable: true,
      description: `The start of the visitor's first message (up to ${PREVIEW_CHARACTERS} characters); null before they wrote.`,
      resolve: (thread) => {
        const text = thread.firstMessage?.replace(/\s+/g, ' ').trim();
        if (!text) return null;
        const chars = [...text];
        return chars.length > PREVIEW_CHARACTERS ? `${chars.slice(0, PREVIEW_CHARACTERS - 1).join('')}…` : text;
      },
    }),
  }),
});

builder.queryField('myThreads', (t) =>
  t.field({
    type: [VisitorThreadRef],
    description: `A signed-in visitor's threads on this site, most recently active first (at most ${MY_THREADS_MAX}). Only with a visitor token from signInVisitor.`,
    args: { first: t.arg.int({ required: false, defaultValue: 20, description: `How many (1-${MY_THREADS_MAX}).` }) },
    resolve: (_root, { first }, ctx) => {
      const p = ctx.principal;
      if (p.kind === 'anonymous') throw unauthenticated('myThreads needs a signed-in visitor\'s token (signInVisitor).');
      if (p.kind !== 'visitor') throw forbidden('myThreads lists a signed-in visitor\'s own threads; sign the visitor in with signInVisitor.');
      const limit = Math.min(MY_THREADS_MAX, Math.max(1, first ?? 20));
      return visitorThreads(ctx.services.db, p.siteId, p.userId, limit);
    },
  }),
);
