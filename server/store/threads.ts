import type { Prisma } from '../generated/prisma/client.js';
import type { Engine, FeedbackRating, ReviewVerdict, Route, Severity as DbSeverity, TurnStatus } from '../generated/prisma/enums.js';
import type { Demographics, HistoryMessage } from '../contract/turn.js';
import { AppError } from '../contract/errors.js';
import { hashToken, KEY_PREFIX, newToken } from '../contract/keys.js';
import type { Db } from './db.js';

export type ThreadRow = Prisma.ThreadGetPayload<object>;
export type MessageRow = Prisma.MessageGetPayload<object>;
export type TurnRow = Prisma.TurnGetPayload<object>;

export async function createThread(db: Db, siteId: string, demographics: Demographics | undefined, withToken: boolean) {
  const token = withToken ? newToken(KEY_PREFIX.THREAD) : null;
  const thread = await db.thread.create({
    data: {
      siteId,
      tokenHash: token ? hashToken(token) : null,
      demographics: demographics ? (demographics as Prisma.InputJsonValue) : undefined,
    },
  });
  return { thread, token };
}

export const findThread = (db: Db, id: string) => db.thread.findUnique({ where: { id } });
export const findTurn = (db: Db, id: string) => db.turn.findUnique({ where: { id } });

export interface SendResult {
  message: MessageRow;
  turn: TurnRow;
  /** False when clientMessageId matched an earlier send: nothing new was stored or started. */
  created: boolean;
}

/**
 * Stores the user message and a RUNNING turn atomically. The thread row is locked for the
 * transaction, so two concurrent sends cannot both start a turn: the second sees the first's
 * running turn and fails with THREAD_BUSY. A repeated clientMessageId returns the original.
 */
export async function storeUserMessage(
  db: Db,
  input: { threadId: string; text: string; clientMessageId?: string; demographics?: Demographics; engine: Engine },
): Promise<SendResult> {
  return db.$transaction(
    async (tx) => {
      // One round trip while holding the thread's lock: the lock, the earlier send with this
      // clientMessageId, and the running turn. Under load every round trip inside the transaction
      // is time the lock and a pooled connection are held.
      const [state] = await tx.$queryRaw<{ previous: string | null; busy: string | null }[]>`
        SELECT
          (SELECT m.id::text FROM messages m WHERE m.thread_id = t.id AND m.client_message_id = ${input.clientMessageId ?? null} AND m.turn_id IS NOT NULL) AS previous,
          (SELECT r.id::text FROM turns r WHERE r.thread_id = t.id AND r.status = 'RUNNING' LIMIT 1) AS busy
        FROM threads t WHERE t.id = ${input.threadId}::uuid FOR UPDATE OF t`;
      if (!state) throw new AppError('NOT_FOUND', 'Thread not found.'); // deleted since access was checked
      if (state.previous) {
        const { turn, ...message } = await tx.message.findUniqueOrThrow({ where: { id: state.previous }, include: { turn: true } });
        return { message, turn: turn!, created: false };
      }
      if (state.busy) {
        throw new AppError('THREAD_BUSY', 'The assistant is still answering the previous message on this thread.', { turnId: state.busy });
      }
      const turn = await tx.turn.create({ data: { threadId: input.threadId, engine: input.engine } });
      const message = await tx.message.create({
        data: {
          threadId: input.threadId,
          role: 'USER',
          text: input.text,
          clientMessageId: input.clientMessageId ?? null,
          turnId: turn.id,
        },
      });
      await tx.thread.update({
        where: { id: input.threadId },
        data: {
          updatedAt: new Date(),
          ...(input.demographics ? { demographics: input.demographics as Prisma.InputJsonValue } : {}),
        },
      });
      return { message, turn, created: true };
    },
    // A burst of sends queues for a connection rather than failing the message.
    { maxWait: 10_000, timeout: 10_000 },
  );
}

/** The conversation so far (oldest first, user and assistant text only) for the router. */
/**
 * The `limit` messages before `beforeMessageId`, oldest first, and the thread's first user message
 * in front of them when the window no longer reaches it: the chief complaint stays in every
 * model's view however long the conversation gets (each model then takes its own window).
 */
export async function recentHistory(db: Db, threadId: string, beforeMessageId: string, limit: number): Promise<HistoryMessage[]> {
  const before = await db.message.findUniqueOrThrow({ where: { id: beforeMessageId } });
  const earlier = { threadId, createdAt: { lte: before.createdAt }, id: { not: beforeMessageId } };
  const rows = await db.message.findMany({ where: earlier, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit });
  rows.reverse();
  if (rows.length === limit) {
    const first = await db.message.findFirst({ where: { ...earlier, role: 'USER' }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    if (first && !rows.some((m) => m.id === first.id)) rows.unshift(first);
  }
  return rows.map((m) => ({ role: m.role === 'USER' ? 'user' : 'assistant', content: m.text }));
}

/** Keyset page of a thread's messages in conversation order. */
export async function pageMessages(
  db: Db,
  threadId: string,
  page: { after?: { createdAt: Date; id: string }; before?: { createdAt: Date; id: string }; limit: number; inverted: boolean },
) {
  const where: Prisma.MessageWhereInput = { threadId };
  const and: Prisma.MessageWhereInput[] = [];
  if (page.after) {
    and.push({ OR: [{ createdAt: { gt: page.after.createdAt } }, { createdAt: page.after.createdAt, id: { gt: page.after.id } }] });
  }
  if (page.before) {
    and.push({ OR: [{ createdAt: { lt: page.before.createdAt } }, { createdAt: page.before.createdAt, id: { lt: page.before.id } }] });
  }
  const dir = page.inverted ? 'desc' : 'asc';
  return db.message.findMany({
    where: and.length ? { ...where, AND: and } : where,
    orderBy: [{ createdAt: dir }, { id: dir }],
    take: page.limit,
  });
}

export interface ThreadFilter {
  siteId: string;
  createdAfter?: Date;
  createdBefore?: Date;
  updatedAfter?: Date;
  updatedBefore?: Date;
  route?: Route;
  severity?: DbSeverity;
  status?: TurnStatus;
  text?: string;
  /** Has a turn rated so. */
  feedback?: FeedbackRating;
  /** true: has a reviewed turn; false: no turn reviewed yet. */
  reviewed?: boolean;
  /** Has a turn reviewed with this verdict. */
  verdict?: ReviewVerdict;
}

export function threadWhere(f: ThreadFilter): Prisma.ThreadWhereInput {
  const turnConditions: Prisma.TurnWhereInput = {
    ...(f.route ? { route: f.route } : {}),
    ...(f.severity ? { predictedSeverity: f.severity } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(f.feedback ? { feedback: { is: { rating: f.feedback } } } : {}),
    ...(f.verdict ? { review: { is: { verdict: f.verdict } } } : {}),
  };
  const reviewed: Prisma.ThreadWhereInput =
    f.reviewed === true ? { turns: { some: { review: { isNot: null } } } } : f.reviewed === false ? { turns: { none: { review: { isNot: null } } } } : {};
  return {
    siteId: f.siteId,
    ...(f.createdAfter || f.createdBefore ? { createdAt: { gte: f.createdAfter, lte: f.createdBefore } } : {}),
    ...(f.updatedAfter || f.updatedBefore ? { updatedAt: { gte: f.updatedAfter, lte: f.updatedBefore } } : {}),
    ...(Object.keys(turnConditions).length ? { turns: { some: turnConditions } } : {}),
    ...(f.text ? { messages: { some: { text: { contains: f.text, mode: 'insensitive' } } } } : {}),
    ...(f.reviewed !== undefined ? { AND: [reviewed] } : {}),
  };
}

/** Keyset page of threads, newest activity first. */
export async function pageThreads(
  db: Db,
  filter: ThreadFilter,
  page: { after?: { updatedAt: Date; id: string }; before?: { updatedAt: Date; id: string }; limit: number; inverted: boolean },
) {
  const and: Prisma.ThreadWhereInput[] = [threadWhere(filter)];
  if (page.after) {
    and.push({ OR: [{ updatedAt: { lt: page.after.updatedAt } }, { updatedAt: page.after.updatedAt, id: { lt: page.after.id } }] });
  }
  if (page.before) {
    and.push({ OR: [{ updatedAt: { gt: page.before.updatedAt } }, { updatedAt: page.before.updatedAt, id: { gt: page.before.id } }] });
  }
  const dir = page.inverted ? 'asc' : 'desc';
  return db.thread.findMany({ where: { AND: and }, orderBy: [{ updatedAt: dir }, { id: dir }], take: page.limit });
}

export interface InterruptedTurn {
  id: string;
  threadId: string;
  advice: Prisma.JsonValue;
  /** The last seq checkpointed by the instance that ran it (the bus may know a later one). */
  lastSeq: number;
}

export const INTERRUPTED_DETAIL = 'The service stopped while this answer was being written. Please send your message again.';

/**
 * Marks RUNNING turns as FAILED/INTERRUPTED and returns them. With `staleBefore` only those whose
 * heartbeat is older (other instances may own the rest); without it every running turn (single
 * instance start-up: nothing else can be running them). One statement, so two instances sweeping
 * at once never both take the same turn. The caller then ends each one (`storeInterruptedEnd`).
 */
export async function markInterrupted(db: Db, staleBefore?: Date): Promise<InterruptedTurn[]> {
  return db.turn.updateManyAndReturn({
    where: { status: 'RUNNING', ...(staleBefore ? { heartbeatAt: { lt: staleBefore } } : {}) },
    data: {
      status: 'FAILED',
      errorCode: 'INTERRUPTED',
      errorMessage: INTERRUPTED_DETAIL,
      errorRetryable: true,
      endedAt: new Date(),
    },
    select: { id: true, threadId: true, advice: true, lastSeq: true },
  });
}

/**
 * Stores the end of an interrupted turn: its replayable event log (ending with the terminal
 * event) and, when it had given advice, the ASSISTANT message holding it, as a turn failing live
 * would.
 */
export async function storeInterruptedEnd(
  db: Db,
  turn: InterruptedTurn,
  end: { events: unknown[]; lastSeq: number; adviceText: string | null },
): Promise<void> {
  await db.$transaction([
    db.turn.update({ where: { id: turn.id }, data: { events: end.events as Prisma.InputJsonValue, lastSeq: end.lastSeq } }),
    ...(end.adviceText ? [db.message.create({ data: { threadId: turn.threadId, role: 'ASSISTANT', text: end.adviceText, turnId: turn.id } })] : []),
  ]);
}
