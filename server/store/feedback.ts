import type { Prisma } from '../generated/prisma/client.js';
import type { FeedbackRating } from '../generated/prisma/enums.js';
import type { Db } from './db.js';

export type FeedbackRow = Prisma.FeedbackGetPayload<object>;

export interface FeedbackInput {
  turnId: string;
  rating: FeedbackRating;
  comment: string | null;
  authorKind: 'thread' | 'secret';
  authorKeyId: string | null;
}

/** One rating per turn: inserts it, or replaces the earlier one. Returns the row and what it replaced. */
export async function upsertFeedback(db: Db, input: FeedbackInput): Promise<{ feedback: FeedbackRow; previous: FeedbackRating | null }> {
  return db.$transaction(async (tx) => {
    const before = await tx.feedback.findUnique({ where: { turnId: input.turnId }, select: { rating: true } });
    const data = { rating: input.rating, comment: input.comment, authorKind: input.authorKind, authorKeyId: input.authorKeyId };
    const feedback = await tx.feedback.upsert({ where: { turnId: input.turnId }, create: { turnId: input.turnId, ...data }, update: data });
    return { feedback, previous: before?.rating ?? null };
  });
}

export const findFeedback = (db: Db, turnId: string) => db.feedback.findUnique({ where: { turnId } });

/** Feedback rate and helpful share over the last `days` days (all sites), for the Prometheus gauges. */
export async function feedbackSnapshot(db: Db, days = 7, now = new Date()): Promise<{ feedbackRate: number; helpfulShare: number }> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const [row] = await db.$queryRaw<{ ended: bigint; rated: bigint; helpful: bigint; given: bigint }[]>`
    SELECT
      (SELECT count(*) FROM turns WHERE ended_at >= ${since}) AS ended,
      (SELECT count(*) FROM feedback f JOIN turns t ON t.id = f.turn_id WHERE t.ended_at >= ${since}) AS rated,
      (SELECT count(*) FROM feedback WHERE updated_at >= ${since} AND rating = 'HELPFUL') AS helpful,
      (SELECT count(*) FROM feedback WHERE updated_at >= ${since}) AS given`;
  const n = (v: bigint | undefined) => Number(v ?? 0);
  const given = n(row?.given);
  return {
    feedbackRate: n(row?.ended) ? n(row?.rated) / n(row?.ended) : 0,
    helpfulShare: given ? n(row?.helpful) / given : 0,
  };
}
