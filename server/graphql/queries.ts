import { resolveCursorConnection } from '@pothos/plugin-relay';
import { pageThreads, type ThreadRow } from '../store/threads.js';
import { builder } from './builder.js';
import { readableThread, readableTurn, requireBrowse } from './access.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { EngineEnum, RouteEnum, SeverityEnum, ThreadRef, TurnRef, TurnStatusEnum } from './types.js';
import { badInput, forbidden } from '../contract/errors.js';
import { auditReads } from './audit.js';
import { FeedbackRatingEnum, ReviewVerdictEnum } from './review-enums.js';
import { characters, checkText } from './inputs.js';

const MAX_FILTER_TEXT = 200;

builder.queryField('thread', (t) =>
  t.field({
    type: ThreadRef,
    description: 'A thread the caller may read (its token, or a staff/partner key of its site).',
    args: { id: t.arg.id({ required: true, description: 'Thread id.' }) },
    resolve: (_root, { id }, ctx) => readableThread(ctx, String(id)),
  }),
);

builder.queryField('turn', (t) =>
  t.field({
    type: TurnRef,
    description: 'A turn with its reasoning, sources, route, metrics and error; prediction and traces need triage:read.',
    args: { id: t.arg.id({ required: true, description: 'Turn id.' }) },
    resolve: (_root, { id }, ctx) => readableTurn(ctx, String(id)),
  }),
);

const ThreadFilter = builder.inputType('ThreadFilter', {
  description: 'Narrows `threads`. All conditions must hold.',
  fields: (t) => ({
    siteId: t.id({ description: "Only this site's threads (defaults to, and must be, the key's site)." }),
    createdAfter: t.field({ type: 'DateTime', description: 'Created at or after.' }),
    createdBefore: t.field({ type: 'DateTime', description: 'Created at or before.' }),
    updatedAfter: t.field({ type: 'DateTime', description: 'Active at or after.' }),
    updatedBefore: t.field({ type: 'DateTime', description: 'Active at or before.' }),
    route: t.field({ type: RouteEnum, description: 'Has a turn with this route.' }),
    severity: t.field({ type: SeverityEnum, description: 'Has a turn predicting this severity.' }),
    status: t.field({ type: TurnStatusEnum, description: 'Has a turn in this status (e.g. FAILED).' }),
    text: t.string({ description: 'A message contains this text (case-insensitive, up to 200 characters).' }),
    feedback: t.field({ type: FeedbackRatingEnum, description: 'Has a turn the person rated so.' }),
    reviewed: t.boolean({ description: 'true: has a turn a clinician reviewed; false: no turn reviewed yet.' }),
    verdict: t.field({ type: ReviewVerdictEnum, description: 'Has a turn reviewed with this verdict.' }),
  }),
});

builder.queryField('threads', (t) =>
  t.connection({
    type: ThreadRef,
    description: 'Threads of your site, most recently active first. Staff keys, or secret keys with threads:read.',
    args: { filter: t.arg({ type: ThreadFilter, description: 'Conditions.' }) },
    resolve: (_root, args, ctx) => {
      const siteId = requireBrowse(ctx);
      const f = args.filter ?? {};
      if (f.siteId && String(f.siteId) !== siteId) throw forbiddenSite();
      const text = f.text == null ? undefined : checkText(f.text, 'filter.text').trim() || undefined;
      if (text && characters(text) > MAX_FILTER_TEXT) throw badInput(`The text filter can be up to ${MAX_FILTER_TEXT} characters.`, 'filter.text');
      return resolveCursorConnection<Promise<ThreadRow[]>>(
        { args, defaultSize: 20, maxSize: 100, toCursor: (thread: ThreadRow) => encodeCursor(thread.updatedAt, thread.id) },
        async ({ before, after, limit, inverted }): Promise<ThreadRow[]> =>
          pageThreads(
            ctx.services.db,
            {
              siteId,
              createdAfter: f.createdAfter ?? undefined,
              createdBefore: f.createdBefore ?? undefined,
              updatedAfter: f.updatedAfter ?? undefined,
              updatedBefore: f.updatedBefore ?? undefined,
              route: f.route ?? undefined,
              severity: f.severity ?? undefined,
              status: f.status ?? undefined,
              text,
              feedback: f.feedback ?? undefined,
              reviewed: f.reviewed ?? undefined,
              verdict: f.verdict ?? undefined,
            },
            { after: after ? decodeCursor(after) : undefined, before: before ? decodeCursor(before, 'before') : undefined, limit, inverted },
          ).then(async (threads) => {
            await auditReads(ctx, threads.map((th) => ({ threadId: th.id, siteId: th.siteId })), 'threads');
            return threads;
          }),
      );
    },
  }, { description: 'A page of threads.' }, { description: 'A thread and its cursor.' }),
);

const forbiddenSite = () => forbidden("This key may only browse its own site's threads.");

const HealthCheckRef = builder.objectRef<{ name: string; ok: boolean; detail?: string }>('HealthCheck').implement({
  description: 'One dependency check.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'database, chroma, router, reasoner, embeddings.' }),
    ok: t.exposeBoolean('ok', { description: 'Reachable and working.' }),
    detail: t.exposeString('detail', { nullable: true, description: 'What is wrong, or where it is.' }),
  }),
});

type HealthOut = { ok: boolean; engine: 'MODEL' | 'OFFLINE'; checks: { name: string; ok: boolean; detail?: string }[] | null };

const HealthRef = builder.objectRef<HealthOut>('Health').implement({
  description: 'Service health, as /readyz reports it.',
  fields: (t) => ({
    ok: t.exposeBoolean('ok', { description: 'Every check passed.' }),
    engine: t.field({ type: EngineEnum, description: 'The engine new turns use.', resolve: (h) => h.engine }),
    checks: t.field({
      type: [HealthCheckRef],
      nullable: true,
      description: 'Per dependency, with where each is. Staff and secret keys only (null for anyone else).',
      resolve: (h) => h.checks,
    }),
  }),
});

/** One dependency check per request, however many times (aliases) the request asks for health. */
const healthOfRequest = new WeakMap<object, Promise<HealthOut>>();

builder.queryField('health', (t) =>
  t.field({
    type: HealthRef,
    description: 'Whether the service and its dependencies are reachable. No key needed; the per-dependency checks need a staff or secret key.',
    resolve: (_root, _args, ctx) => {
      let health = healthOfRequest.get(ctx);
      if (!health) {
        const operator = ctx.principal.kind === 'staff' || ctx.principal.kind === 'secret';
        health = ctx.services.health().then((report) => ({ ok: report.ok, engine: ctx.services.turns.engine, checks: operator ? report.checks : null }));
        healthOfRequest.set(ctx, health);
      }
      return health;
    },
  }),
);

const ViewerRef = builder.objectRef<{ kind: string; siteId: string | null; scopes: string[]; threadId: string | null; userId: string | null }>('Viewer').implement({
  description: 'Who the API thinks you are.',
  fields: (t) => ({
    kind: t.exposeString('kind', { description: 'anonymous, publishable, thread, visitor (signed in), secret or staff.' }),
    userId: t.exposeString('userId', { nullable: true, description: "For signed-in visitors, the site's own user id." }),
    siteId: t.exposeID('siteId', { nullable: true, description: 'Your site.' }),
    threadId: t.exposeID('threadId', { nullable: true, description: 'For thread tokens, the thread.' }),
    scopes: t.exposeStringList('scopes', { description: 'Granted scopes.' }),
  }),
});

builder.queryField('viewer', (t) =>
  t.field({
    type: ViewerRef,
    description: 'The caller identified by the Authorization header.',
    resolve: (_root, _args, { principal: p }) => ({
      kind: p.kind,
      siteId: p.kind === 'anonymous' ? null : p.siteId,
      threadId: p.kind === 'thread' ? p.threadId : null,
      userId: p.kind === 'visitor' ? p.userId : null,
      scopes:
        p.kind === 'staff' ? ['threads:write', 'threads:read', 'triage:read'] : p.kind === 'secret' ? [...p.scopes] : [],
    }),
  }),
);
