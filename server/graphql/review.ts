import { resolveCursorConnection } from '@pothos/plugin-relay';
import { AppError, badInput, forbidden, unauthenticated } from '../contract/errors.js';
import { findThread } from '../store/threads.js';
import { findReview, upsertReview, dailyReviewStats, type ReviewRow, type DailyCounts } from '../store/reviews.js';
import { countReviewQueue, pageReviewQueue, reasonsForTurn, REVIEW_REASONS, type QueueCursor, type QueueFilter, type QueueItem } from '../store/review-queue.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { requireThreadRead, requireTriage, writableTurn } from './access.js';
import { auditChange, auditReads } from './audit.js';
import { parseReview } from './review-input.js';
import { ReviewReasonEnum, ReviewVerdictEnum } from './review-enums.js';
import { SeverityEnum, ThreadRef, TurnRef } from './types.js';

/** Reviews, the review queue and the review statistics are for staff keys of the site. */
export function requireStaff(ctx: GraphQLContext, what: string): string {
  const p = ctx.principal;
  if (p.kind === 'anonymous') throw unauthenticated();
  if (p.kind !== 'staff') throw forbidden(`${what} needs a staff key.`);
  return p.siteId;
}

const ReviewerRef = builder.objectRef<{ keyId: string; name: string }>('Reviewer').implement({
  description: 'Who wrote a review: the staff key (one per clinician) and its name when the review was written.',
  fields: (t) => ({
    keyId: t.exposeID('keyId', { description: 'The staff key id (see `npm run admin -- key:list`).' }),
    name: t.exposeString('name', { description: "The key's name, e.g. the clinician's name." }),
  }),
});

const conditionTitle = async (ctx: GraphQLContext, slug: string | null) =>
  slug ? ((await ctx.services.conditions()).find((c) => c.slug === slug)?.title ?? slug) : null;

export const ReviewRef = builder.objectRef<ReviewRow>('Review').implement({
  description: "A clinician's review of a turn: the verdict and the reviewed truth (staff, and partners with triage:read).",
  fields: (t) => ({
    turnId: t.exposeID('turnId', { description: 'The turn reviewed.' }),
    verdict: t.field({ type: ReviewVerdictEnum, description: 'The finding.', resolve: (r) => r.verdict }),
    condition: t.exposeString('condition', { nullable: true, description: 'The right condition (slug); null when none of the pages fits.' }),
    conditionTitle: t.string({ nullable: true, description: 'Its name.', resolve: (r, _a, ctx) => conditionTitle(ctx, r.condition) }),
    severity: t.field({ type: SeverityEnum, description: 'The right severity.', resolve: (r) => r.severity }),
    note: t.exposeString('note', { nullable: true, description: "The clinician's note." }),
    reviewer: t.field({ type: ReviewerRef, description: 'Who reviewed.', resolve: (r) => ({ keyId: r.reviewerKeyId, name: r.reviewerName }) }),
    reviewedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When the current review was written.' }),
    firstReviewedAt: t.expose('createdAt', { type: 'DateTime', description: 'When the turn was first reviewed (the audit log has every review).' }),
  }),
});

builder.objectFields(TurnRef, (t) => ({
  review: t.field({
    type: ReviewRef,
    nullable: true,
    description: "The clinician's review, if any. Needs triage:read.",
    resolve: async (turn, _a, ctx) => {
      await requireThreadRead(ctx, turn.threadId);
      requireTriage(ctx);
      return findReview(ctx.services.db, turn.id);
    },
  }),
  reviewReasons: t.field({
    type: [ReviewReasonEnum],
    nullable: true,
    description:
      'Why this turn is (or would be) in the review queue, most serious first; empty when it is not. Needs triage:read (null, with FORBIDDEN on this field alone, without it).',
    resolve: async (turn, _a, ctx) => {
      await requireThreadRead(ctx, turn.threadId);
      requireTriage(ctx);
      return reasonsForTurn(ctx.services.db, turn.id, ctx.services.reviewLowScore);
    },
  }),
}));

builder.objectField(ReviewRef, 'turn', (t) =>
  t.field({ type: TurnRef, description: 'The turn reviewed.', resolve: (r, _a, ctx) => ctx.services.db.turn.findUniqueOrThrow({ where: { id: r.turnId } }) }),
);

const ReviewInput = builder.inputType('ReviewInput', {
  description: 'A review. The verdict must agree with the prediction: UNDER_TRIAGED names a higher severity, CORRECT repeats the prediction.',
  fields: (t) => ({
    verdict: t.field({ type: ReviewVerdictEnum, required: true, description: 'The finding.' }),
    severity: t.field({ type: SeverityEnum, required: true, description: 'The right severity.' }),
    condition: t.string({ description: 'The right condition (a slug from `conditions`); null or empty when none of the pages fits.' }),
    note: t.string({ description: 'Free text for the team (up to 4,000 characters). Never exported.' }),
  }),
});

builder.mutationField('reviewTurn', (t) =>
  t.field({
    type: ReviewRef,
    description:
      "Records a clinician's review of a finished turn (staff keys of the turn's site). Reviewing again replaces the review; every review is in the audit log with the reviewer and time.",
    args: {
      turnId: t.arg.id({ required: true, description: 'The turn.' }),
      input: t.arg({ type: ReviewInput, required: true, description: 'Verdict and reviewed truth.' }),
    },
    resolve: async (_root, { turnId, input }, ctx) => {
      const siteId = requireStaff(ctx, 'Reviewing turns');
      const keyId = ctx.principal.kind === 'staff' ? ctx.principal.keyId : '';
      const turn = await writableTurn(ctx, String(turnId));
      if (turn.status === 'RUNNING') throw new AppError('THREAD_BUSY', 'The turn is still running; review it once it has ended.', { turnId: turn.id });
      const known = new Set((await ctx.services.conditions()).map((c) => c.slug));
      const predicted = turn.predictedSlug && turn.predictedSeverity ? { condition: turn.predictedSlug, severity: turn.predictedSeverity } : null;
      const fields = parseReview(input, predicted, known);
      const { db } = ctx.services;
      const key = await db.apiKey.findUniqueOrThrow({ where: { id: keyId }, select: { name: true } });
      const { review, replaced } = await upsertReview(db, { turnId: turn.id, ...fields, reviewerKeyId: keyId, reviewerName: key.name });
      ctx.services.metrics.reviewsSubmitted.inc({ verdict: review.verdict });
      await auditChange(ctx, 'review.submit', { siteId, threadId: turn.threadId, turnId: turn.id, detail: { verdict: review.verdict, replaced } });
      await ctx.services.webhooks.alerts.reviewed(
        { turnId: turn.id, threadId: turn.threadId },
        { verdict: review.verdict, severity: review.severity, condition: review.condition, replaced, reviewedAt: review.updatedAt },
      );
      return review;
    },
  }),
);

const ReviewQueueItemRef = builder.objectRef<QueueItem>('ReviewQueueItem').implement({
  description: 'A turn waiting for a clinician, with why.',
  fields: (t) => ({
    turn: t.field({ type: TurnRef, description: 'The turn.', resolve: (i) => i.turn }),
    thread: t.field({
      type: ThreadRef,
      description: 'Its conversation.',
      resolve: async (i, _a, ctx) => (await findThread(ctx.services.db, i.turn.threadId))!,
    }),
    reasons: t.field({ type: [ReviewReasonEnum], description: 'Why it is queued, most serious first.', resolve: (i) => i.reasons }),
    priority: t.exposeInt('priority', { description: 'Higher is more serious (the queue is ordered by it, then newest first).' }),
  }),
});

const ReviewQueueFilter = builder.inputType('ReviewQueueFilter', {
  description: 'Narrows `reviewQueue`.',
  fields: (t) => ({
    reasons: t.field({ type: [ReviewReasonEnum], description: 'Only turns queued for one of these reasons.' }),
    reviewed: t.boolean({ description: 'false (default): waiting for review; true: already reviewed; null: both.', defaultValue: false }),
    since: t.field({ type: 'DateTime', description: 'Turns started at or after.' }),
  }),
});

const encodeQueueCursor = (i: QueueItem) => Buffer.from(`${i.priority}|${i.turn.startedAt.toISOString()}|${i.turn.id}`).toString('base64url');
function decodeQueueCursor(cursor: string): QueueCursor {
  const [p, iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const startedAt = new Date(iso ?? '');
  if (!id || !/^\d+$/.test(p ?? '') || Number.isNaN(startedAt.getTime())) throw badInput('Invalid cursor.', 'after');
  return { priority: Number(p), startedAt, id };
}

builder.queryField('reviewQueue', (t) =>
  t.connection(
    {
      type: ReviewQueueItemRef,
      description:
        'Turns that need a clinician, most serious first (failed after emergency advice, safety floor raised the severity, negative feedback, inconclusive, low retrieval score), then newest first. Staff keys.',
      args: { filter: t.arg({ type: ReviewQueueFilter, description: 'Conditions.' }) },
      resolve: async (_root, args, ctx) => {
        const siteId = requireStaff(ctx, 'The review queue');
        const f = args.filter;
        const filter: QueueFilter = {
          siteId,
          reasons: f?.reasons?.length ? f.reasons : [...REVIEW_REASONS],
          reviewed: f?.reviewed === undefined ? false : f.reviewed,
          since: f?.since ?? undefined,
          lowScore: ctx.services.reviewLowScore,
        };
        const connection = await resolveCursorConnection<Promise<QueueItem[]>>(
          { args, defaultSize: 20, maxSize: 100, toCursor: encodeQueueCursor },
          async ({ before, after, limit, inverted }): Promise<QueueItem[]> => {
            const items = await pageReviewQueue(ctx.services.db, filter, {
              after: after ? decodeQueueCursor(after) : undefined,
              before: before ? decodeQueueCursor(before) : undefined,
              limit,
              inverted,
            });
            await auditReads(ctx, items.map((i) => ({ threadId: i.turn.threadId, siteId, turnId: i.turn.id })), 'reviewQueue');
            return items;
          },
        );
        return Object.assign(connection, { totalCount: () => countReviewQueue(ctx.services.db, filter) });
      },
    },
    {
      description: 'A page of the review queue.',
      fields: (c) => ({
        totalCount: c.int({
          description: 'How many turns match the filter in all.',
          resolve: (connection) => (connection as unknown as { totalCount: () => Promise<number> }).totalCount(),
        }),
      }),
    },
    { description: 'A queued turn and its cursor.' },
  ),
);

const VerdictCountsRef = builder.objectRef<DailyCounts['verdicts']>('VerdictCounts').implement({
  description: 'Reviews per verdict.',
  fields: (t) => ({
    correct: t.exposeInt('CORRECT', { description: 'CORRECT.' }),
    underTriaged: t.exposeInt('UNDER_TRIAGED', { description: 'UNDER_TRIAGED.' }),
    overTriaged: t.exposeInt('OVER_TRIAGED', { description: 'OVER_TRIAGED.' }),
    wrongCondition: t.exposeInt('WRONG_CONDITION', { description: 'WRONG_CONDITION.' }),
    unsafeAnswer: t.exposeInt('UNSAFE_ANSWER', { description: 'UNSAFE_ANSWER.' }),
  }),
});

const DailyReviewStatsRef = builder.objectRef<DailyCounts>('DailyReviewStats').implement({
  description: 'Feedback and review verdicts given on one day (UTC), by when they were last changed.',
  fields: (t) => ({
    day: t.exposeString('day', { description: 'YYYY-MM-DD (UTC).' }),
    helpful: t.exposeInt('helpful', { description: 'HELPFUL ratings.' }),
    notHelpful: t.exposeInt('notHelpful', { description: 'NOT_HELPFUL ratings.' }),
    verdicts: t.field({ type: VerdictCountsRef, description: 'Reviews by verdict.', resolve: (d) => d.verdicts }),
  }),
});

builder.queryField('reviewStats', (t) =>
  t.field({
    type: [DailyReviewStatsRef],
    description: "Feedback and verdict counts per day for your site, oldest first, every day present (the review page's chart). Staff keys.",
    args: { days: t.arg.int({ required: false, defaultValue: 30, description: 'How many days back, today included (1-366).' }) },
    resolve: (_root, { days }, ctx) => {
      const siteId = requireStaff(ctx, 'Review statistics');
      const n = days ?? 30;
      if (!Number.isInteger(n) || n < 1 || n > 366) throw badInput('days must be between 1 and 366.', 'days');
      return dailyReviewStats(ctx.services.db, siteId, n);
    },
  }),
);

const ConditionRef = builder.objectRef<{ slug: string; title: string }>('Condition').implement({
  description: 'A condition of the knowledge base.',
  fields: (t) => ({
    slug: t.exposeString('slug', { description: 'Identifier, e.g. `flu`.' }),
    title: t.exposeString('title', { description: 'Name.' }),
  }),
});

builder.queryField('conditions', (t) =>
  t.field({
    type: [ConditionRef],
    description: 'Every condition of the knowledge base, by title (for review forms). Needs triage:read.',
    resolve: async (_root, _a, ctx) => {
      requireTriage(ctx);
      return [...(await ctx.services.conditions())].sort((a, b) => a.title.localeCompare(b.title));
    },
  }),
);

