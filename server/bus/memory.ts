import { TERMINAL_EVENTS, type TurnEvent } from '../contract/events.js';
import { TurnLog } from './turn-log.js';
import type { TurnBus } from './types.js';

interface Log {
  events: TurnLog;
  listeners: Set<() => void>;
  /** The log is the turn manager's own (share()): it records each event before publishing it. */
  shared: boolean;
}

/** Single-instance bus: an in-memory log per turn, bounded by count and age of finished turns. */
export class MemoryBus implements TurnBus {
  readonly kind = 'memory';
  private readonly logs = new Map<string, Log>();
  /** Finished turns, oldest end first, with when they ended. */
  private readonly finished = new Map<string, number>();

  constructor(private readonly retention: { seconds: number; turns: number }) {}

  /** Replays the turn from the manager's own log rather than keeping a second copy. */
  share(turnId: string, events: TurnLog): void {
    const known = this.logs.get(turnId);
    if (known && known.events.length > 0) return; // published before it was shared: keep what we have
    this.logs.set(turnId, { events, listeners: known?.listeners ?? new Set(), shared: true });
  }

  async publish(event: TurnEvent): Promise<void> {
    let log = this.logs.get(event.turnId);
    if (!log) {
      log = { events: new TurnLog(event.turnId), listeners: new Set(), shared: false };
      this.logs.set(event.turnId, log);
    }
    // A shared log already holds the event (its owner appended it); anything else is appended here,
    // and the log refuses an event out of sequence.
    if (!(log.shared && event.seq === log.events.length)) log.events.append(event);
    if (TERMINAL_EVENTS.has(event.type)) {
      const finishedAt = log.events.finishedAt ?? Date.now();
      this.finished.set(event.turnId, finishedAt);
      this.evict();
    }
    for (const wake of log.listeners) wake();
  }

  async subscribe(turnId: string, afterSeq: number, signal?: AbortSignal): Promise<AsyncIterable<TurnEvent> | null> {
    const log = this.logs.get(turnId);
    if (!log) return null;
    return this.iterate(log, afterSeq, signal);
  }

  async history(turnId: string): Promise<TurnEvent[] | null> {
    const log = this.logs.get(turnId);
    return log ? log.events.toArray() : null;
  }

  /** How many subscribers follow a turn (diagnostics; tests check nothing is left behind). */
  subscriberCount(turnId: string): number {
    return this.logs.get(turnId)?.listeners.size ?? 0;
  }

  /**
   * A hand-written iterator rather than an async generator: a generator waiting for the next
   * event cannot be stopped by return() until that event arrives, so a client that unsubscribes
   * mid-turn would stay subscribed until then. Here return() (or the signal) ends it at once.
   */
  private iterate(log: Log, afterSeq: number, signal?: AbortSignal): AsyncIterableIterator<TurnEvent> {
    let next = Math.max(0, afterSeq); // index of the next event to deliver (seq - 1)
    let finished = false;
    let wake: (() => void) | null = null;
    const listener = () => wake?.();
    const finish = () => {
      if (finished) return;
      finished = true;
      log.listeners.delete(listener);
      signal?.removeEventListener('abort', finish);
      wake?.();
    };
    log.listeners.add(listener);
    signal?.addEventListener('abort', finish);
    if (signal?.aborted) finish();
    const end = { value: undefined, done: true as const };
    const iterator: AsyncIterableIterator<TurnEvent> = {
      [Symbol.asyncIterator]: () => iterator,
      next: async () => {
        while (!finished) {
          if (next < log.events.length) {
            const event = log.events.at(next++);
            if (TERMINAL_EVENTS.has(event.type)) finish(); // deliver it, then end
            return { value: event, done: false };
          }
          // Resumed at or past the end of a finished turn: nothing more will ever come.
          if (log.events.finishedAt !== null) {
            finish();
            break;
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
            // An event may have arrived (or return() been called) before `wake` was installed.
            if (finished || next < log.events.length) resolve();
          });
          wake = null;
        }
        return end;
      },
      return: async () => {
        finish();
        return end;
      },
    };
    return iterator;
  }

  /**
   * Drops finished turns past their age, then the oldest finished ones past the count. `finished`
   * holds them in the order they finished, so this looks only at the oldest few, never at every
   * turn: a turn still followed is kept and looked at again at a later end.
   */
  private evict(): void {
    const cutoff = Date.now() - this.retention.seconds * 1000;
    let looked = this.finished.size; // each entry at most once (kept ones go to the back)
    for (const [id, finishedAt] of this.finished) {
      if (looked-- <= 0 || (finishedAt >= cutoff && this.finished.size <= this.retention.turns)) break;
      const log = this.logs.get(id);
      this.finished.delete(id);
      if (log && log.listeners.size > 0) {
        this.finished.set(id, finishedAt); // still followed: to the back, looked at again later
        if (this.finished.size <= this.retention.turns) break;
        continue;
      }
      this.logs.delete(id);
    }
  }

  private cancelHandlers: ((turnId: string) => void)[] = [];

  async requestCancel(turnId: string): Promise<void> {
    for (const handler of this.cancelHandlers) handler(turnId);
  }

  onCancelRequest(handler: (turnId: string) => void): void {
    this.cancelHandlers.push(handler);
  }

  async forget(turnIds: readonly string[]): Promise<void> {
    for (const id of turnIds) this.logs.delete(id);
  }

  private accessHandlers: (() => void)[] = [];

  async publishAccessChange(): Promise<void> {
    for (const handler of this.accessHandlers) handler();
  }

  onAccessChange(handler: () => void): void {
    this.accessHandlers.push(handler);
  }

  async close(): Promise<void> {
    this.logs.clear();
    this.finished.clear();
  }
}
