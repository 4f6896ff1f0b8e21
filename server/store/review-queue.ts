import { Prisma } from '../generated/prisma/client.js';
import type { Db } from './db.js';
import type { TurnRow } from './threads.js';

/**
 * What needs a clinician's look, most serious first. Reasons are computed from the stored turns
 * when asked (no extra writes on the turn path, always consistent with feedback and reviews):
 *
 * - FAILED_AFTER_EMERGENCY_ADVICE: the turn failed or was cancelled after the person was told to
 *   call 999 / go to A&E (someone in an emergency saw an error);
 * - SAFETY_FLOOR_RAISED: the safety rules raised the engine's severity (the engine under-triaged);
 * - EMERGENCY_ON_POSSIBLE_FINDINGS: the person was told to call 999 on findings that are all only
 *   possible ("I think", "might be"): the cautious reading, which a clinician should check;
 * - NEGATIVE_FEEDBACK: the person (or partner app) rated the answer NOT_HELPFUL;
 * - INCONCLUSIVE: the reasoner named none of the retrieved conditions;
 * - LOW_RETRIEVAL_SCORE: a triage turn whose best knowledge base match scored below the threshold.
 */
export const REVIEW_REASONS = [
  'FAILED_AFTER_EMERGENCY_ADVICE',
  'SAFETY_FLOOR_RAISED',
  'EMERGENCY_ON_POSSIBLE_FINDINGS',
  'NEGATIVE_FEEDBACK',
  'INCONCLUSIVE',
  'LOW_RETRIEVAL_SCORE',
] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

/** Higher first: the queue's order. */
export const REASON_PRIORITY: Record<ReviewReason, number> = {
  FAILED_AFTER_EMERGENCY_ADVICE: 6,
  SAFETY_FLOOR_RAISED: 5,
  EMERGENCY_ON_POSSIBLE_FINDINGS: 4,
  NEGATIVE_FEEDBACK: 3,
  INCONCLUSIVE: 2,
  LOW_RETRIEVAL_SCORE: 1,
};

/** SQL (over `turns t`): the person was told to call 999 / go to A&E (the highest advice given, kept on the turn as soon as it is given). */
export function gaveEmergencyAdvice(): Prisma.Sql {
  return Prisma.sql`(t.advice ->> 'level' = 'EMERGENCY')`;
}

function reasonConditions(lowScore: number): Record<ReviewReason, Prisma.Sql> {
  return {
    FAILED_AFTER_EMERGENCY_ADVICE: Prisma.sql`(t.status IN ('FAILED', 'CANCELLED') AND ${gaveEmergencyAdvice()})`,
    SAFETY_FLOOR_RAISED: Prisma.sql`COALESCE((t.trace -> 'safetyFloor' -> 'changed') ? 'severity', false)`,
    // The case the rules read (trace.case, safety/turn.ts): every finding that fired a rule is only possible.
    EMERGENCY_ON_POSSIBLE_FINDINGS: Prisma.sql`(${gaveEmergencyAdvice()} AND jsonb_typeof(t.trace -> 'case' -> 'findings') = 'array'
      AND EXISTS (SELECT 1 FROM jsonb_array_elements(t.trace -> 'case' -> 'findings') c WHERE jsonb_array_length(c -> 'rules') > 0)
      AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(t.trace -> 'case' -> 'findings') c WHERE jsonb_array_length(c -> 'rules') > 0 AND c ->> 'assertion' <> 'possible'))`,
    NEGATIVE_FEEDBACK: Prisma.sql`(f.rating = 'NOT_HELPFUL')`,
    INCONCLUSIVE: Prisma.sql`(t.predicted_slug = 'inconclusive')`,
    LOW_RETRIEVAL_SCORE: Prisma.sql`(t.route = 'TRIAGE' AND jsonb_typeof(t.sources) = 'array' AND COALESCE(
      (SELECT max((s ->> 'score')::float8) FROM jsonb_array_elements(t.sources) s), 0) < ${lowScore})`,
  };
}

export interface QueueFilter {
  siteId: string;
  /** Only turns queued for one of these reasons (default: any). */
  reasons?: ReviewReason[];
  /** false (default): only unreviewed turns; true: only reviewed ones; null: both. */
  reviewed?: boolean | null;
  /** Turns started at or after. */
  since?: Date;
  /** A triage turn whose best source scored below this is queued (REVIEW_LOW_SCORE). */
  lowScore: number;
}

export interface QueueCursor {
  priority: number;
  startedAt: Date;
  id: string;
}

export interface QueueItem {
  turn: TurnRow;
  reasons: ReviewReason[];
  priority: number;
}

function whereClause(f: QueueFilter): { select: Prisma.Sql; where: Prisma.Sql } {
  const conditions = reasonConditions(f.lowScore);
  const wanted = f.reasons?.length ? f.reasons : [...REVIEW_REASONS];
  const flags = Prisma.join(REVIEW_REASONS.map((r) => Prisma.sql`CASE WHEN ${conditions[r]} THEN ${r} END`));
  const priority = Prisma.sql`GREATEST(${Prisma.join(REVIEW_REASONS.map((r) => Prisma.sql`CASE WHEN ${conditions[r]} THEN ${REASON_PRIORITY[r]} ELSE 0 END`))})`;
  const parts: Prisma.Sql[] = [
    Prisma.sql`th.site_id = ${f.siteId}::uuid`,
    Prisma.sql`t.status <> 'RUNNING'`,
    Prisma.sql`(${Prisma.join(wanted.map((r) => conditions[r]), ' OR ')})`,
  ];
  const reviewed = f.reviewed === undefined ? false : f.reviewed;
  if (reviewed === false) parts.push(Prisma.sql`r.id IS NULL`);
  if (reviewed === true) parts.push(Prisma.sql`r.id IS NOT NULL`);
  if (f.since) parts.push(Prisma.sql`t.started_at >= ${f.since}`);
  return {
    select: Prisma.sql`t.id, t.started_at, array_remove(ARRAY[${flags}]::text[], NULL) AS reasons, ${priority}::int AS priority`,
    where: Prisma.join(parts, ' AND '),
  };
}

const FROM = Prisma.sql`turns t JOIN threads th ON th.id = t.thread_id LEFT JOIN feedback f ON f.turn_id = t.id LEFT JOIN reviews r ON r.turn_id = t.id`;

/** A keyset page of the queue: priority, then newest first. `inverted` walks from the end (Relay `last`). */
export async function pageReviewQueue(
  db: Db,
  f: QueueFilter,
  page: { after?: QueueCursor; before?: QueueCursor; limit: number; inverted: boolean },
): Promise<QueueItem[]> {
  const { select, where } = whereClause(f);
  const key = (c: QueueCursor) => Prisma.sql`(${c.priority}::int, ${c.startedAt}::timestamptz, ${c.id}::uuid)`;
  const bounds: Prisma.Sql[] = [];
  if (page.after) bounds.push(Prisma.sql`(q.priority, q.started_at, q.id) < ${key(page.after)}`);
  if (page.before) bounds.push(Prisma.sql`(q.priority, q.started_at, q.id) > ${key(page.before)}`);
  const dir = page.inverted ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  const rows = await db.$queryRaw<{ id: string; reasons: ReviewReason[]; priority: number }[]>`
    SELECT q.id, q.reasons, q.priority FROM (SELECT ${select} FROM ${FROM} WHERE ${where}) q
    ${bounds.length ? Prisma.sql`WHERE ${Prisma.join(bounds, ' AND ')}` : Prisma.empty}
    ORDER BY q.priority ${dir}, q.started_at ${dir}, q.id ${dir}
    LIMIT ${page.limit}`;
  const turns = new Map((await db.turn.findMany({ where: { id: { in: rows.map((r) => r.id) } } })).map((t) => [t.id, t]));
  return rows.flatMap((r) => {
    const turn = turns.get(r.id);
    // Sorted by priority, so the most serious reason is first.
    const reasons = [...r.reasons].sort((a, b) => REASON_PRIORITY[b] - REASON_PRIORITY[a]);
    return turn ? [{ turn, reasons, priority: r.priority }] : [];
  });
}

export async function countReviewQueue(db: Db, f: QueueFilter): Promise<number> {
  const { where } = whereClause(f);
  const [row] = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM ${FROM} WHERE ${where}`;
  return Number(row?.n ?? 0);
}

/** The reasons one turn is (or would be) queued for, empty when none. */
export async function reasonsForTurn(db: Db, turnId: string, lowScore: number): Promise<ReviewReason[]> {
  const { select } = whereClause({ siteId: '00000000-0000-0000-0000-000000000000', lowScore });
  const [row] = await db.$queryRaw<{ reasons: ReviewReason[] }[]>`SELECT ${select} FROM ${FROM} WHERE t.id = ${turnId}::uuid`;
  return (row?.reasons ?? []).sort((a, b) => REASON_PRIORITY[b] - REASON_PRIORITY[a]);
}
