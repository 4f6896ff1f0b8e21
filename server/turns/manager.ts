import { randomUUID } from 'node:crypto';
import type { Prisma } from '../generated/prisma/client.js';
import type { Logger } from '../log.js';
import type { TurnBus } from '../bus/types.js';
import { TurnLog } from '../bus/turn-log.js';
import type { Db } from '../store/db.js';
import { bindTurnScope, type TurnScope } from '../contract/turn-scope.js';
import { adviceRaises, type Advice, type Stage, type TurnEvent, type TurnEventBody, type TurnRecord } from '../contract/events.js';
import type { TurnInput, TurnRunner } from '../contract/turn.js';
import { TurnError } from '../contract/errors.js';
import { adviceForSeverity, adviceMarkdown, assessTurn, emergencyAdvice } from '../safety/index.js';
import { severityToDb } from '../store/severity.js';
import { storeCheckpoints, storeTurnEnd, type TurnEnd } from '../store/turn-end.js';
import { DraftCursor, type PendingDraft } from './draft-cursor.js';
import { Coalescer } from './coalesce.js';
import { publicMessage } from './public-errors.js';
import type { Metrics } from '../metrics/index.js';
import type { SiteAlerts } from '../contract/webhooks.js';
import { recordTurnOutcome, traceTurn } from './trace.js';

export interface TurnManagerOptions {
  db: Db;
  bus: TurnBus;
  runner: TurnRunner;
  log: Logger;
  checkpointMs: number;
  /** How long the end of a turn is retried while the database is out of reach (default 30 s). */
  storeRetryMs?: number;
  /**
   * How often this instance refreshes the heartbeat of the turns it runs (one statement for all of
   * them); default `checkpointMs`. Must be well under TURN_ORPHAN_AFTER_MS.
   */
  heartbeatMs?: number;
  /** Consecutive deltas of one kind published within this window are merged into one event. */
  coalesceMs?: number;
  metrics?: Metrics;
  /** Told when advice is given and when a turn fails after advice (the site's webhooks). */
  alerts?: SiteAlerts;
}

interface Running {
  controller: AbortController;
  done: Promise<void>;
  /** Where its checkpoints have reached (set once running). */
  drafts?: DraftCursor;
}

/** How long a shutdown waits for aborted turns to end before leaving them for orphan recovery. */
const ABORT_GRACE_MS = 5000;

const toJson = (value: unknown): Prisma.InputJsonValue => value as Prisma.InputJsonValue;

/**
 * The advice the safety rules give on a message before anything else happens (engine-independent:
 * whatever runs the turn, and however it ends, an emergency gets "call 999" first).
 */
export function adviceOnMessage(input: Pick<TurnInput, 'text' | 'history' | 'demographics'>): Advice | null {
  const safety = assessTurn(input);
  if (safety.emergency) return emergencyAdvice(safety);
  return safety.urgent ? adviceForSeverity('Urgent Primary Care', safety) : null;
}

/**
 * Runs turns detached from the clients that asked for them. It owns the lifecycle events
 * (TurnStarted first, exactly one TurnCompleted or TurnFailed last), numbers events with a
 * gap-free seq, publishes them on the bus, checkpoints the partial answer every few seconds
 * (no per-token writes), and writes the answer, the record and the event log once at the end.
 *
 * It also owns the advice guarantee: when the safety rules fire on the message, an AdviceChunk
 * follows TurnStarted before the runner is even called; a runner's later AdviceChunk is published
 * only if it raises the level; the advice is written to the Turn as soon as it is given (a crash
 * keeps it), and a turn that fails after advice ends with a TurnFailed carrying it and an
 * ASSISTANT message holding it, so the conversation shows it.
 */
export class TurnManager {
  private readonly running = new Map<string, Running>();
  private isAccepting = true;

  constructor(private readonly options: TurnManagerOptions) {
    // cancelTurn on any instance reaches the one running the turn through the bus.
    options.bus.onCancelRequest((turnId) => this.cancel(turnId));
  }

  get engine() {
    return this.options.runner.engine;
  }

  get activeCount(): number {
    return this.running.size;
  }

  /** False once draining for a shutdown: new turns are refused. */
  get accepting(): boolean {
    return this.isAccepting;
  }

  isRunningHere(turnId: string): boolean {
    return this.running.has(turnId);
  }

  /**
   * Starts the turn in the background; the promise resolves once TurnStarted (and any advice) is
   * published. A turn refused here (shutting down) is stored as failed, with its advice, before
   * the TurnError is thrown; `error.advice` carries that advice for the caller's error.
   */
  async start(input: TurnInput): Promise<void> {
    if (!this.isAccepting) {
      const refusal = new TurnError('SHUTTING_DOWN', 'The service is restarting; try again in a moment.', true);
      await this.recordRefusal(input, refusal);
      throw refusal;
    }
    const controller = new AbortController();
    let started!: () => void;
    const startedPromise = new Promise<void>((resolve) => (started = resolve));
    // Code deep in the turn (a model client waiting for a stream) finds the turn through this.
    const scope: TurnScope = { turnId: input.turnId, startedAt: performance.now(), status: () => undefined };
    bindTurnScope(controller.signal, scope);
    const execution = traceTurn(input, this.options.runner.engine, () => this.execute(input, controller.signal, started, scope));
    const done = execution
      .catch((error: unknown) => this.options.log.error({ err: error, turnId: input.turnId }, 'turn bookkeeping failed'))
      .finally(() => {
        this.running.delete(input.turnId);
        if (this.running.size === 0) this.stopHeartbeat();
      });
    this.running.set(input.turnId, { controller, done });
    this.startHeartbeat();
    // A turn that cannot even announce itself (the bus is down) fails sendMessage at once rather
    // than leaving it waiting: `execution` rejects before `started` is called.
    try {
      await Promise.race([startedPromise, execution.then(() => undefined)]);
    } catch (error) {
      const refusal =
        error instanceof TurnError ? error : new TurnError('UNAVAILABLE', 'The turn could not be announced on the event bus.', true, { cause: error });
      await this.recordRefusal(input, refusal);
      throw refusal;
    }
  }

  private heartbeat: NodeJS.Timeout | null = null;
  private checkpointing: Promise<unknown> | null = null;

  /**
   * One statement refreshes the heartbeat of every turn this instance runs, so other instances do
   * not take them for orphans while a model thinks silently; its cost does not grow per turn.
   */
  private startHeartbeat(): void {
    if (this.heartbeat) return;
    const { db, log } = this.options;
    this.heartbeat = setInterval(() => {
      const ids = [...this.running.keys()];
      if (!ids.length) return;
      const beat = new Date();
      // The stream never waits for the database: while the last batch of checkpoints is still
      // being written, this round refreshes only the heartbeat, and the drafts go next round.
      if (this.checkpointing) {
        db.turn.updateMany({ where: { id: { in: ids }, status: 'RUNNING' }, data: { heartbeatAt: beat } }).catch((error: unknown) => log.warn({ err: error }, 'heartbeat failed'));
        return;
      }
      const pending: PendingDraft[] = [];
      for (const turn of this.running.values()) {
        const next = turn.drafts?.next();
        if (next) pending.push(next);
      }
      // One statement for every turn's checkpoint and heartbeat, not one per turn.
      this.checkpointing = storeCheckpoints(
        db,
        ids,
        pending.map((p) => p.draft),
        beat,
      )
        .then(() => pending.forEach((p) => p.stored()))
        .catch((error: unknown) => log.warn({ err: error, turns: ids.length }, 'checkpoint failed'))
        .finally(() => (this.checkpointing = null));
    }, this.options.heartbeatMs ?? this.options.checkpointMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  /**
   * Stores a turn that never ran as failed, keeping the advice its message calls for (and an
   * ASSISTANT message with it), and attaches that advice to `error`.
   */
  async recordRefusal(input: TurnInput, error: TurnError): Promise<Advice | null> {
    const advice = adviceOnMessage(input);
    error.advice = advice;
    const { db } = this.options;
    await db.turn.update({
      where: { id: input.turnId },
      data: {
        status: 'FAILED',
        errorCode: error.code,
        errorMessage: error.message,
        errorRetryable: error.retryable,
        endedAt: new Date(),
        ...(advice ? { advice: toJson(advice) } : {}),
      },
    });
    if (advice) {
      await db.message.create({ data: { threadId: input.threadId, role: 'ASSISTANT', text: adviceMarkdown(advice), turnId: input.turnId } });
      // The visitor is shown this advice with the refusal: to the site, it was given, and the turn failed after it.
      const subject = { turnId: input.turnId, threadId: input.threadId };
      await this.options.alerts?.adviceGiven(subject, advice);
      await this.options.alerts?.failedAfterAdvice(subject, advice, { code: error.code, status: 'FAILED' });
    }
    return advice;
  }

  /** Aborts a turn running in this process; returns false when it is not running here. */
  cancel(turnId: string, reason = 'Cancelled by request.'): boolean {
    const turn = this.running.get(turnId);
    if (!turn) return false;
    turn.controller.abort(new TurnError('CANCELLED', reason, false));
    return true;
  }

  /** Resolves when the turn (if running here) has finished and its final state is stored. */
  async settled(turnId: string): Promise<void> {
    await this.running.get(turnId)?.done;
  }

  /**
   * Stops taking turns and lets running ones finish for up to `graceMs`, then aborts the rest
   * (they end as TurnFailed INTERRUPTED, retryable). Used on shutdown and restart.
   */
  async drain(graceMs: number): Promise<void> {
    this.isAccepting = false;
    const all = () => Promise.all([...this.running.values()].map((t) => t.done));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      all().then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs))),
    ]);
    clearTimeout(timer);
    if (timedOut) {
      for (const turn of this.running.values()) {
        turn.controller.abort(new TurnError('INTERRUPTED', 'The service restarted while this answer was being written.', true));
      }
      // An aborted turn ends within moments; one stuck where no abort reaches must not hold the
      // shutdown: it stays RUNNING and is closed as INTERRUPTED by a survivor or the next start.
      let stuck: NodeJS.Timeout | undefined;
      const ended = await Promise.race([all().then(() => true), new Promise<boolean>((resolve) => (stuck = setTimeout(() => resolve(false), ABORT_GRACE_MS)))]);
      clearTimeout(stuck);
      if (!ended) this.options.log.error({ turns: [...this.running.keys()] }, 'turns did not end after being aborted; leaving them to be closed as interrupted');
    }
  }

  private async execute(input: TurnInput, signal: AbortSignal, started: () => void, scope: TurnScope): Promise<void> {
    const { db, bus, runner, log } = this.options;
    const turnId = input.turnId;
    // The turn's one event log: the final write reads it, and the in-process bus replays from it.
    // The answer and the reasoning are its deltas, joined when needed (checkpoints, the end).
    const events = new TurnLog(turnId);
    bus.share?.(turnId, events);
    let seq = 0;
    let answerSeen = false;
    let advice: Advice | null = null;
    const record: TurnRecord = {};
    const t0 = Date.now();

    const metrics = this.options.metrics;
    const publish = async (body: TurnEventBody) => {
      const event = { ...body, turnId, seq: ++seq } as TurnEvent;
      events.append(event);
      await bus.publish(event);
      metrics?.eventPublished(body.type);
    };
    const coalescer = new Coalescer<TurnEventBody>(this.options.coalesceMs ?? 0, publish);

    let stage: Stage = 'routing';
    scope.status = (message, queuePosition) => {
      if (signal.aborted) return;
      coalescer.emit({ type: 'StatusChunk', stage, message, queuePosition }).catch((error: unknown) => log.warn({ err: error, turnId }, 'could not publish a status'));
    };

    /** Publishes advice that raises the turn's level and writes it to the Turn at once. */
    const advise = async (next: Advice) => {
      if (!adviceRaises(advice, next)) return;
      advice = next;
      await coalescer.emit({ type: 'AdviceChunk', advice: next });
      await db.turn.update({ where: { id: turnId }, data: { advice: toJson(next) } });
      await this.options.alerts?.adviceGiven({ turnId, threadId: input.threadId }, next, record.prediction);
    };

    await publish({ type: 'TurnStarted', engine: runner.engine });
    // Registered after the first await: start() has put the turn in `running` by then.
    // Every heartbeat what it added to its answer and reasoning goes to Postgres with every other
    // turn's, in the background (see startHeartbeat): the stream never waits for the database.
    const entry = this.running.get(turnId);
    if (entry) entry.drafts = new DraftCursor(turnId, events);
    metrics?.turnsStarted.inc({ engine: runner.engine });
    metrics?.turnsRunning.inc();
    // Advice first: before the runner (and any model call) starts, and before sendMessage returns.
    try {
      const first = adviceOnMessage(input);
      if (first) await advise(first);
    } catch (error) {
      log.error({ err: error, turnId }, 'could not give the safety advice first');
    }
    started();

    let failure: TurnError | null = null;
    try {
      for await (const event of runner.run(input, signal)) {
        if (signal.aborted) break;
        switch (event.type) {
          case 'Record':
            mergeRecord(record, event.record);
            continue;
          case 'AnswerChunk':
            if (!event.delta) continue;
            answerSeen ||= event.delta.trim() !== '';
            await coalescer.delta(event);
            break;
          case 'ReasoningChunk':
            if (!event.delta) continue;
            await coalescer.delta(event);
            break;
          case 'SourcesChunk':
            record.sources = event.sources;
            await coalescer.emit(event);
            break;
          case 'TriageChunk':
            record.prediction = { condition: event.condition, conditionTitle: event.conditionTitle, severity: event.severity };
            await coalescer.emit(event);
            break;
          case 'AdviceChunk':
            await advise(event.advice);
            break;
          case 'StatusChunk':
            stage = event.stage;
            await coalescer.emit(event);
            break;
          default:
            await coalescer.emit(event);
        }
      }
      await coalescer.flush();
      if (signal.aborted) throw signal.reason;
      if (!answerSeen) throw new TurnError('EMPTY_ANSWER', 'The assistant produced no answer.', true);
    } catch (error) {
      await coalescer.flush().catch((e: unknown) => log.warn({ err: e, turnId }, 'could not flush the last chunk'));
      failure = toTurnError(signal.aborted ? (signal.reason ?? error) : error);
      if (failure.code === 'INTERNAL') log.error({ err: error, turnId }, 'turn runner failed');
      else log.warn({ turnId, code: failure.code, message: failure.message }, 'turn failed');
    }

    // (A checkpoint still being written cannot overwrite the end: it only updates RUNNING turns.)
    // Everything the runner produced has been published (flushed above), so the log holds it all.
    const answer = events.text('AnswerChunk');
    const reasoning = events.text('ReasoningChunk');
    record.timings = { ...record.timings, total: Date.now() - t0 };
    recordTurnOutcome(record, failure, advice);
    if (metrics) {
      const engine = runner.engine;
      const route = record.route ?? 'NONE';
      metrics.turnsRunning.dec();
      metrics.turnSeconds.observe({ engine, route }, (Date.now() - t0) / 1000);
      for (const [stage, ms] of Object.entries(record.timings)) {
        if (['route', 'retrieve', 'reason', 'respond'].includes(stage)) metrics.stageSeconds.observe({ engine, stage }, ms / 1000);
      }
      const outcome = !failure ? 'completed' : failure.code === 'CANCELLED' ? 'cancelled' : 'failed';
      metrics.turnsEnded.inc({ engine, outcome, route, code: failure?.code ?? '' });
      const floor = record.trace?.safetyFloor as { changed?: string[] } | undefined;
      if (floor?.changed?.length) metrics.safetyFloorOverrides.inc({ engine, changed: [...floor.changed].sort().join('+') });
    }
    const usage = Object.values(record.usage ?? {});
    const common = {
      turnId,
      threadId: input.threadId,
      reasoning: reasoning || null,
      route: record.route ?? null,
      searchQuery: record.searchQuery ?? null,
      reasonerOutput: record.reasonerOutput ?? null,
      predictedSlug: record.prediction?.condition ?? null,
      predictedTitle: record.prediction?.conditionTitle ?? null,
      predictedSeverity: record.prediction ? severityToDb(record.prediction.severity) : null,
      sources: record.sources ?? null,
      timings: record.timings,
      usage: record.usage ?? null,
      trace: record.trace ?? null,
      promptTokens: usage.reduce((n, u) => n + u.promptTokens, 0),
      completionTokens: usage.reduce((n, u) => n + u.completionTokens, 0),
      endedAt: new Date(),
    };

    let final: TurnEvent;
    let end: TurnEnd;
    if (!failure) {
      // Store first, then publish: a client that sees TurnCompleted can read the answer at once.
      const messageId = randomUUID();
      final = { type: 'TurnCompleted', messageId, route: record.route ?? 'DIRECT', turnId, seq: seq + 1 };
      end = {
        ...common,
        status: 'COMPLETED',
        answerDraft: null,
        error: null,
        lastSeq: final.seq,
        eventsJson: events.toJson(final),
        message: { id: messageId, text: answer },
        touchThread: true,
      };
    } else {
      final = {
        type: 'TurnFailed',
        code: failure.code,
        message: publicMessage(failure.code, advice),
        retryable: failure.retryable,
        advice,
        turnId,
        seq: seq + 1,
      };
      // The advice stays in the conversation: history, the thread view and the next turn see it.
      end = {
        ...common,
        status: failure.code === 'CANCELLED' ? 'CANCELLED' : 'FAILED',
        answerDraft: answer || null,
        error: { code: failure.code, message: failure.message, retryable: failure.retryable },
        lastSeq: final.seq,
        eventsJson: events.toJson(final),
        message: advice ? { text: adviceMarkdown(advice) } : null,
        touchThread: false,
      };
    }
    const outcome = await this.storeEnd(end);
    if (outcome === 'elsewhere') return;
    if (outcome === 'stored' && failure && advice && end.status !== 'COMPLETED') {
      await this.options.alerts?.failedAfterAdvice({ turnId, threadId: input.threadId }, advice, { code: failure.code, status: end.status }, record.prediction);
    }
    const last = outcome === 'stored' ? final : unsaved(final, advice);
    seq = last.seq;
    events.append(last);
    await bus.publish(last);
  }

  /**
   * Writes a turn's final state and its message in one statement, only if it is still RUNNING:
   * an instance that stalled long enough to be taken for dead finds its turn already ended as
   * INTERRUPTED by another, and must not end it twice ('elsewhere' then).
   */
  private async storeEnd(end: TurnEnd): Promise<'stored' | 'elsewhere' | 'failed'> {
    const { db, log } = this.options;
    const turnId = end.turnId;
    const deadline = Date.now() + (this.options.storeRetryMs ?? 30_000);
    // Postgres restarting (or failing over) must not cost a turn its end: retry until it is back.
    for (let attempt = 1; ; attempt++) {
      try {
        const ended = await storeTurnEnd(db, end);
        if (!ended) log.warn({ turnId }, 'turn was already ended elsewhere (taken for orphaned); its end is not published twice');
        return ended ? 'stored' : 'elsewhere';
      } catch (error) {
        if (Date.now() >= deadline) {
          log.error({ err: error, turnId, attempt }, 'could not store the end of a turn; it ends unsaved');
          return 'failed';
        }
        log.warn({ err: error, turnId, attempt }, 'could not store the end of a turn; retrying');
        await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 100 * 2 ** Math.min(attempt, 5))));
      }
    }
  }
}

/**
 * The end published when the database stayed out of reach: subscribers are not left waiting, and
 * the advice still reaches them. The row stays RUNNING, so a later sweep or start-up closes it
 * (and, finding this end on the bus, keeps it as the one terminal event).
 */
function unsaved(final: TurnEvent, advice: Advice | null): TurnEvent {
  return {
    type: 'TurnFailed',
    code: 'INTERNAL',
    message: publicMessage('INTERNAL', advice),
    retryable: true,
    advice,
    turnId: final.turnId,
    seq: final.seq,
  };
}

function mergeRecord(into: TurnRecord, patch: TurnRecord): void {
  const { timings, usage, trace, ...rest } = patch;
  Object.assign(into, rest);
  if (timings) into.timings = { ...into.timings, ...timings };
  if (usage) into.usage = { ...into.usage, ...usage };
  if (trace) into.trace = { ...into.trace, ...trace };
}

export function toTurnError(error: unknown): TurnError {
  if (error instanceof TurnError) return error;
  if (error instanceof Error && error.name === 'AbortError') return new TurnError('CANCELLED', 'The turn was cancelled.', false);
  return new TurnError('INTERNAL', 'Something went wrong while writing the answer. Please try again.', true, { cause: error });
}
