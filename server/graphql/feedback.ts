import { z } from 'zod';
import { badInput, forbidden, unauthenticated } from '../contract/errors.js';
import { upsertFeedback, findFeedback, type FeedbackRow } from '../store/feedback.js';
import { builder } from './builder.js';
import { requireThreadRead, writableTurn } from './access.js';
import { characters, checkText } from './inputs.js';
import { auditChange } from './audit.js';
import { FeedbackRatingEnum } from './review-enums.js';
import { TurnRef } from './types.js';

export const MAX_FEEDBACK_COMMENT = 1000;

export const FeedbackRef = builder.objectRef<FeedbackRow>('Feedback').implement({
  description: "The person's (or partner app's) rating of one turn. One per turn; submitting again replaces it.",
  fields: (t) => ({
    turnId: t.exposeID('turnId', { description: 'The turn rated.' }),
    rating: t.field({ type: FeedbackRatingEnum, description: 'HELPFUL or NOT_HELPFUL.', resolve: (f) => f.rating }),
    comment: t.exposeString('comment', { nullable: true, description: 'What they added, if anything.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'First rated.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'Last changed.' }),
  }),
});

builder.objectField(TurnRef, 'feedback', (t) =>
  t.field({
    type: FeedbackRef,
    nullable: true,
    description: 'The rating given to this turn, if any (whoever may read the thread).',
    resolve: async (turn, _a, ctx) => {
      await requireThreadRead(ctx, turn.threadId);
      return findFeedback(ctx.services.db, turn.id);
    },
  }),
);

const comment = z
  .string()
  .trim()
  .refine((v) => characters(v) <= MAX_FEEDBACK_COMMENT, `The comment can be up to ${MAX_FEEDBACK_COMMENT} characters.`)
  .transform((s) => s || null);

builder.mutationField('submitFeedback', (t) =>
  t.field({
    type: FeedbackRef,
    description:
      "Rates a finished turn's answer: the thread's visitor (thread token) or a partner key with threads:write. One rating per turn; calling again replaces the rating and comment (a null comment clears it). NOT_HELPFUL puts the turn in the staff review queue. Rate-limited like messages (RATE_LIMIT_FEEDBACK_PER_MINUTE).",
    args: {
      turnId: t.arg.id({ required: true, description: 'The turn whose answer is rated.' }),
      rating: t.arg({ type: FeedbackRatingEnum, required: true, description: 'HELPFUL or NOT_HELPFUL.' }),
      comment: t.arg.string({ required: false, description: `Optional words (up to ${MAX_FEEDBACK_COMMENT} characters; blank means none).` }),
    },
    resolve: async (_root, args, ctx) => {
      const p = ctx.principal;
      if (p.kind === 'anonymous') throw unauthenticated('Rating an answer needs the thread token (or a partner key).');
      if (p.kind === 'staff') throw forbidden('Staff keys review turns (reviewTurn); feedback is for the person and partner apps.');
      if (p.kind === 'publishable') throw forbidden('Use the thread token returned by startThread to rate its answers.');
      if (p.kind === 'secret' && !p.scopes.has('threads:write')) throw forbidden('Rating answers needs the threads:write scope.');
      if (args.comment != null) checkText(args.comment, 'comment');
      const parsed = comment.nullish().safeParse(args.comment);
      if (!parsed.success) throw badInput(parsed.error.issues[0]!.message, 'comment');
      const turn = await writableTurn(ctx, String(args.turnId));
      if (turn.status === 'RUNNING') throw badInput('The answer is still being written; rate it once it has finished.', 'turnId');
      await ctx.services.limits.consume('submitFeedback', p, ctx.clientIp);
      const { feedback, previous } = await upsertFeedback(ctx.services.db, {
        turnId: turn.id,
        rating: args.rating,
        comment: parsed.data ?? null,
        authorKind: p.kind === 'secret' ? 'secret' : 'thread', // a signed-in visitor is the person too
        authorKeyId: p.kind === 'secret' ? p.keyId : null,
      });
      const change = previous === null ? 'new' : previous === args.rating ? 'same' : 'changed';
      ctx.services.metrics.feedbackSubmitted.inc({ rating: args.rating, change });
      await auditChange(ctx, 'feedback.submit', {
        siteId: p.siteId,
        threadId: turn.threadId,
        turnId: turn.id,
        detail: { rating: args.rating, change, comment: feedback.comment !== null },
      });
      return feedback;
    },
  }),
);

