import { randomUUID } from 'node:crypto';
import type { Route, Severity, TurnStatus } from '../generated/prisma/enums.js';
import type { Db } from './db.js';

/** A turn's final state, as the turn manager writes it once when the turn ends. */
export interface TurnEnd {
  turnId: string;
  threadId: string;
  status: Exclude<TurnStatus, 'RUNNING'>;
  reasoning: string | null;
  route: Route | null;
  searchQuery: string | null;
  reasonerOutput: string | null;
  predictedSlug: string | null;
  predictedTitle: string | null;
  predictedSeverity: Severity | null;
  /** JSON values; null leaves the column as it is. */
  sources: unknown;
  timings: unknown;
  usage: unknown;
  trace: unknown;
  promptTokens: number;
  completionTokens: number;
  answerDraft: string | null;
  /** Set on failure; null leaves them as they are. */
  error: { code: string; message: string; retryable: boolean } | null;
  lastSeq: number;
  /** The event log, already JSON text (TurnLog.toJson), so it is not rebuilt as objects to be serialised. */
  eventsJson: string;
  endedAt: Date;
  /** The ASSISTANT message to store with the end (the answer, or the advice of a failed turn). */
  message: { id?: string; text: string } | null;
  /** Move the thread up in "newest activity first". */
  touchThread: boolean;
}

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * Ends a turn in one statement: its final state, its message and the thread's activity time,
 * only if it is still RUNNING (an instance taken for dead must not end a turn twice). One round
 * trip instead of a transaction of five, so under load a turn's end holds a pooled connection
 * for one statement. Returns false when the turn had already been ended elsewhere.
 */
export async function storeTurnEnd(db: Db, end: TurnEnd): Promise<boolean> {
  const messageId = end.message ? (end.message.id ?? randomUUID()) : null;
  const rows = await db.$queryRaw<{ ended: number }[]>`
    WITH ended AS (
      UPDATE turns SET
        status = ${end.status}::"TurnStatus",
        reasoning = ${end.reasoning}::text,
        route = ${end.route}::"Route",
        search_query = ${end.searchQuery}::text,
        reasoner_output = ${end.reasonerOutput}::text,
        predicted_slug = ${end.predictedSlug}::text,
        predicted_title = ${end.predictedTitle}::text,
        predicted_severity = ${end.predictedSeverity}::"Severity",
        sources = COALESCE(${json(end.sources)}::jsonb, sources),
        timings = COALESCE(${json(end.timings)}::jsonb, timings),
        usage = COALESCE(${json(end.usage)}::jsonb, usage),
        trace = COALESCE(${json(end.trace)}::jsonb, trace),
        prompt_tokens = ${end.promptTokens}::int,
        completion_tokens = ${end.completionTokens}::int,
        answer_draft = ${end.answerDraft}::text,
        error_code = COALESCE(${end.error?.code ?? null}::text, error_code),
        error_message = COALESCE(${end.error?.message ?? null}::text, error_message),
        error_retryable = COALESCE(${end.error?.retryable ?? null}::boolean, error_retryable),
        last_seq = ${end.lastSeq}::int,
        events = ${end.eventsJson}::jsonb,
        ended_at = ${end.endedAt}::timestamptz
      WHERE id = ${end.turnId}::uuid AND status = 'RUNNING'
      RETURNING id, thread_id
    ), message AS (
      INSERT INTO messages (id, thread_id, role, text, turn_id)
      SELECT ${messageId}::uuid, ended.thread_id, 'ASSISTANT'::"MessageRole", ${end.message?.text ?? null}::text, ended.id
      FROM ended WHERE ${messageId}::uuid IS NOT NULL
    ), touched AS (
      UPDATE threads SET updated_at = ${end.endedAt}::timestamptz
      FROM ended WHERE threads.id = ended.thread_id AND ${end.touchThread}::boolean
    )
    SELECT count(*)::int AS ended FROM ended`;
  return (rows[0]?.ended ?? 0) > 0;
}

/**
 * What a running turn added to its partial answer and reasoning since its last stored checkpoint.
 * `answer` continues the stored answer after its first `answerFrom` characters (code points, as
 * Postgres counts them), and likewise the reasoning: each checkpoint sends only the new text, so
 * a statement carrying every live turn stays small however long the turns get.
 */
export interface Draft {
  turnId: string;
  answerFrom: number;
  answer: string;
  reasoningFrom: number;
  reasoning: string;
  lastSeq: number;
}

/**
 * One statement for every running turn of this instance: the heartbeat of all of them, and the
 * new text of those that published something since the last one. The stored text is cut at the
 * offset the draft continues from before appending, so sending the same draft again (its first
 * write went through but its answer was lost) stores it once. Only RUNNING turns are touched, so
 * a late checkpoint can never overwrite a turn's end.
 */
export async function storeCheckpoints(db: Db, running: readonly string[], drafts: readonly Draft[], at: Date): Promise<void> {
  const byId = new Map(drafts.map((d) => [d.turnId, d]));
  const ids = [...new Set([...running, ...byId.keys()])];
  const column = <K extends keyof Draft>(key: K) => ids.map((id) => byId.get(id)?.[key] ?? null);
  await db.$executeRaw`
    UPDATE turns AS t SET
      heartbeat_at = ${at}::timestamptz,
      answer_draft = CASE WHEN v.seq IS NULL THEN t.answer_draft ELSE left(coalesce(t.answer_draft, ''), v.answer_from) || v.answer END,
      reasoning = CASE WHEN v.seq IS NULL THEN t.reasoning ELSE left(coalesce(t.reasoning, ''), v.reasoning_from) || v.reasoning END,
      last_seq = COALESCE(v.seq, t.last_seq)
    FROM unnest(${ids}::uuid[], ${column('answerFrom')}::int[], ${column('answer')}::text[], ${column('reasoningFrom')}::int[], ${column('reasoning')}::text[], ${column('lastSeq')}::int[])
      AS v(id, answer_from, answer, reasoning_from, reasoning, seq)
    WHERE t.id = v.id AND t.status = 'RUNNING'`;
}
