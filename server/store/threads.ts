import { randomUUID } from 'node:crypto';
import type { Prisma } from '../generated/prisma/client.js';
import type { Engine, FeedbackRating, ReviewVerdict, Route, Severity as DbSeverity, TurnStatus } from '../generated/prisma/enums.js';
import type { Demographics, HistoryMessage } from '../contract/turn.js';
import { AppError } from '../contract/errors.js';
import { hashToken, KEY_PREFIX, newToken } from '../contract/keys.js';
import type { Db } from './db.js';

export type ThreadRow = Prisma.ThreadGetPayload<object>;
export type MessageRow = Prisma.MessageGetPayload<object>;
export type TurnRow = Prisma.TurnGetPayload<object>;

export async function createThread(db: Db, siteId: string, demographics: Demographics | undefined, withToken: boolean, visitorUserId: string | null = null) {
  const token = withToken ? newToken(KEY_PREFIX.THREAD) : null;
  const thread = await db.thread.create({
    data: {
      siteId,
      visitorUserId,
      tokenHash: token ? hashToken(token) : null,
      demographics: demographics ? (demographics as Prisma.InputJsonValue) : undefined,
    },
  });
  return { thread, token };
}

export const findThread = (db: Db, id: string) => db.thread.findUnique({ where: { id } });

/** A signed-in visitor's threads on one site, most recently active first, with their first words. */
export async function visitorThreads(db: Db, siteId: string, userId: string, limit: number) {
  const threads = await db.thread.findMany({
    where: { siteId, visitorUserId: userId },
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    take: limit,
    include: { messages: { where: { role: 'USER' }, orderBy: { createdAt: 'asc' }, take: 1, select: { text: true } } },
  });
  return threads.map(({ messages, ...thread }) => ({ ...thread, firstMessage: messages[0]?.text ?? null }));
}
export const findTurn = (db: Db, id: string) => db.turn.findUnique({ where: { id } });

export interface SendResult {
  message: MessageRow;
  turn: TurnRow;
  /** False when clientMessageId matched an earlier send: nothing new was stored or started. */
  created: boolean;
}

/**
 * Stores the user message and a RUNNING turn in one statement (no transaction, no lock): a
 * partial unique index (`turns_one_running_per_thread`) lets a thread have one RUNNING turn, so
 * of two concurrent sends the second fails on it, and is told THREAD_BUSY, or, when it repeated
 * the first one's clientMessageId, gets the first's message and turn. A repeated clientMessageId
 * returns the original. Under load every round trip of a send was time a pooled connection was
 * held (an interactive transaction holds one across five), and the pool ran dry.
 */
export async function storeUserMessage(
  db: Db,
  input: { threadId: string; text: string; clientMessageId?: string; demographics?: Demographics; engine: Engine },
): Promise<SendResult> {
  const clientMessageId = input.clientMessageId ?? null;
  const turnId = randomUUID();
  const messageId = randomUUID();
  const now = new Date();
  let row: { previous: string | null; thread: string | null; started_at: Date | null; created_at: Date | null } | undefined;
  try {
    [row] = await db.$queryRaw<NonNullable<typeof row>[]>`
      WITH previous AS (
        SELECT m.id FROM messages m
        WHERE m.thread_id = ${input.threadId}::uuid AND m.client_message_id = ${clientMessageId}::text AND m.turn_id IS NOT NULL
      ), thread AS (
        SELECT t.id FROM threads t WHERE t.id = ${input.threadId}::uuid AND NOT EXISTS (SELECT 1 FROM previous)
      ), turn AS (
        INSERT INTO turns (id, thread_id, engine, started_at, heartbeat_at)
        SELECT ${turnId}::uuid, thread.id, ${input.engine}::"Engine", ${now}::timestamptz, ${now}::timestamptz FROM thread
        RETURNING started_at
      ), message AS (
        INSERT INTO messages (id, thread_id, role, text, client_message_id, turn_id)
        SELECT ${messageId}::uuid, thread.id, 'USER'::"MessageRole", ${input.text}::text, ${clientMessageId}::text, ${turnId}::uuid FROM thread
        RETURNING created_at
      ), touched AS (
        UPDATE threads SET updated_at = ${now}::timestamptz,
          demographics = COALESCE(${input.demographics ? JSON.stringify(input.demographics) : null}::jsonb, demographics)
        WHERE id IN (SELECT id FROM thread)
      )
      SELECT (SELECT id::text FROM previous) AS previous, (SELECT id::text FROM thread) AS thread,
        (SELECT started_at FROM turn) AS started_at, (SELECT created_at FROM message) AS created_at`;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another send on this thread won the race: the same message sent twice returns the first;
    // anything else waits for the running turn.
    const replay = clientMessageId ? await previousSend(db, input.threadId, clientMessageId) : null;
    if (replay) return replay;
    const busy = await db.turn.findFirst({ where: { threadId: input.threadId, status: 'RUNNING' }, select: { id: true } });
    throw new AppError('THREAD_BUSY', 'The assistant is still answering the previous message on this thread.', busy ? { turnId: busy.id } : undefined);
  }
  if (row?.previous) {
    const replay = await previousSend(db, input.threadId, clientMessageId!);
    if (replay) return replay;
  }
  if (!row?.thread || !row.started_at || !row.created_at) throw new AppError('NOT_FOUND', 'Thread not found.'); // deleted since access was checked
  const message: MessageRow = {
    id: messageId,
    threadId: input.threadId,
    role: 'USER',
    text: input.text,
    clientMessageId,
    turnId,
    createdAt: row.created_at,
  };
  return { message, turn: newTurnRow(turnId, input.threadId, input.engine, row.started_at), created: true };
}

async function previousSend(db: Db, threadId: string, clientMessageId: string): Promise<SendResult | null> {
  const found = await db.message.findFirst({ where: { threadId, clientMessageId, turnId: { not: null } }, include: { turn: true } });
  if (!found?.turn) return null;
  const { turn, ...message } = found;
  return { message, turn, created: false };
}

/** A turn row as the insert above leaves it (the column defaults), without reading it back. */
function newTurnRow(id: string, threadId: string, engine: Engine, startedAt: Date): TurnRow {
  return {
    id,
    threadId,
    status: 'RUNNING',
    engine,
    route: null,
    searchQuery: null,
    answerDraft: null,
    reasoning: null,
    reasonerOutput: null,
    predictedSlug: null,
    predictedTitle: null,
    predictedSeverity: null,
    sources: null,
    timings: null,
    usage: null,
    trace: null,
    advice: null,
    promptTokens: 0,
    completionTokens: 0,
    lastSeq: 0,
    events: null,
    errorCode: null,
    errorMessage: null,
    errorRetryable: null,
    startedAt,
    heartbeatAt: startedAt,
    endedAt: null,
  };
}

/** Postgres's unique_violation (23505), as Prisma reports it for raw and for model queries. */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const e = error as Error & { code?: string; meta?: { code?: string; driverAdapterError?: { cause?: { originalCode?: string; kind?: string } } } };
  if (e.code === 'P2002') return true;
  const cause = e.meta?.driverAdapterError?.cause;
  return e.meta?.code === '23505' || cause?.originalCode === '23505' || cause?.kind === 'UniqueConstraintViolation' || /23505|unique constraint/i.test(e.message);
}

/** The conversation so far (oldest first, user and assistant text only) for the router. */
/**
 * The `limit` messages before `beforeMessageId`, oldest first, and the thread's first user message
 * in front of them when the window no longer reaches it: the chief complaint stays in every
 * model's view however long the conversation gets (each model then takes its own window).
 */
export async function recentHistory(db: Db, threadId: string, before: Pick<MessageRow, 'id' | 'createdAt'>, limit: number): Promise<HistoryMessage[]> {
  const earlier = { threadId, createdAt: { lte: before.createdAt }, id: { not: before.id } };
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
