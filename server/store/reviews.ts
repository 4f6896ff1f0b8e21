import type { Prisma } from '../generated/prisma/client.js';
import type { ReviewVerdict, Severity } from '../generated/prisma/enums.js';
import type { Db } from './db.js';

export type ReviewRow = Prisma.ReviewGetPayload<object>;

export interface ReviewInput {
  turnId: string;
  verdict: ReviewVerdict;
  condition: string | null;
  severity: Severity;
  note: string | null;
  reviewerKeyId: string;
  reviewerName: string;
}

/** One review per turn: a second review replaces the first (the audit log keeps both events). */
export async function upsertReview(db: Db, input: ReviewInput): Promise<{ review: ReviewRow; replaced: boolean }> {
  return db.$transaction(async (tx) => {
    const before = await tx.review.findUnique({ where: { turnId: input.turnId }, select: { id: true } });
    const { turnId, ...data } = input;
    const review = await tx.review.upsert({ where: { turnId }, create: { turnId, ...data }, update: data });
    return { review, replaced: before !== null };
  });
}

export const findReview = (db: Db, turnId: string) => db.review.findUnique({ where: { turnId } });

export interface DailyCounts {
  day: string;
  helpful: number;
  notHelpful: number;
  verdicts: Record<ReviewVerdict, number>;
}

/** Feedback and review verdicts per UTC day over the last `days` days, for one site (oldest first, every day present). */
export async function dailyReviewStats(db: Db, siteId: string, days: number, now = new Date()): Promise<DailyCounts[]> {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + 86_400_000);
  const start = new Date(end.getTime() - days * 86_400_000);
  const feedback = await db.$queryRaw<{ day: string; rating: string; n: bigint }[]>`
    SELECT to_char(f.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, f.rating::text AS rating, count(*) AS n
    FROM feedback f JOIN turns t ON t.id = f.turn_id JOIN threads th ON th.id = t.thread_id
    WHERE th.site_id = ${siteId}::uuid AND f.updated_at >= ${start} AND f.updated_at < ${end}
    GROUP BY 1, 2`;
  const reviews = await db.$queryRaw<{ day: string; verdict: ReviewVerdict; n: bigint }[]>`
    SELECT to_char(r.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, r.verdict::text AS verdict, count(*) AS n
    FROM reviews r JOIN turns t ON t.id = r.turn_id JOIN threads th ON th.id = t.thread_id
    WHERE th.site_id = ${siteId}::uuid AND r.updated_at >= ${start} AND r.updated_at < ${end}
    GROUP BY 1, 2`;
  const out = new Map<string, DailyCounts>();
  for (let i = 0; i < days; i++) {
    const day = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    out.set(day, { day, helpful: 0, notHelpful: 0, verdicts: { CORRECT: 0, UNDER_TRIAGED: 0, OVER_TRIAGED: 0, WRONG_CONDITION: 0, UNSAFE_ANSWER: 0 } });
  }
  for (const row of feedback) {
    const entry = out.get(row.day);
    if (!entry) continue;
    if (row.rating === 'HELPFUL') entry.helpful += Number(row.n);
    else entry.notHelpful += Number(row.n);
  }
  for (const row of reviews) {
    const entry = out.get(row.day);
    if (entry) entry.verdicts[row.verdict] += Number(row.n);
  }
  return [...out.values()];
}
