import { Prisma } from '../generated/prisma/client.js';
import type { Db } from './db.js';

/** Bounds one summary's read: a widget conversation is far shorter; a longer one is summarised from its start. */
const MAX_USER_MESSAGES = 200;
const MAX_TURNS = 400;
/** Recent turns looked at for a stored case (a turn that failed before routing has none). */
const CASE_LOOKBACK = 5;

/**
 * What a visitor summary is made of, and nothing more: the person's own messages, each turn's
 * advice and time, and the traces of the latest turns (a case accumulates the whole
 * conversation, so the latest stored one holds every finding). Never the prediction columns.
 */
export async function summaryRows(db: Db, threadId: string) {
  const [messages, adviceTurns, recentTraces] = await Promise.all([
    db.message.findMany({
      where: { threadId, role: 'USER' },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: MAX_USER_MESSAGES,
      select: { id: true, text: true, createdAt: true },
    }),
    db.turn.findMany({
      where: { threadId, advice: { not: Prisma.AnyNull } },
      orderBy: [{ startedAt: 'asc' }, { id: 'asc' }],
      take: MAX_TURNS,
      select: { advice: true, startedAt: true },
    }),
    db.turn.findMany({
      where: { threadId, trace: { not: Prisma.AnyNull } },
      orderBy: [{ startedAt: 'desc' }, { id: 'desc' }],
      take: CASE_LOOKBACK,
      select: { trace: true },
    }),
  ]);
  return { messages, adviceTurns, recentTraces: recentTraces.map((t) => t.trace) };
}

export type SummaryRows = Awaited<ReturnType<typeof summaryRows>>;
