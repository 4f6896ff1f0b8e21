import { TERMINAL_EVENTS, type TurnEvent } from '../contract/events.js';
import type { TurnBus } from './types.js';

interface Log {
  events: TurnEvent[];
  listeners: Set<() => void>;
  finishedAt: number | null;
}

/** Single-instance bus: an in-memory log per turn, bounded by count and age of finished turns. */
export class MemoryBus implements TurnBus {
  readonly kind = 'memory';
  private readonly logs = new Map<string, Log>();

  constructor(private readonly retention: { seconds: number; turns: number }) {}

  async publish(event: TurnEvent): Promise<void> {
    let log = this.logs.get(event.turnId);
    if (!log) {
      log = { events: [], listeners: new Set(), finishedAt: null };
      this.logs.set(event.turnId, log);
    }
    const expected = log.events.length + 1;
    if (event.seq !== expected) throw new Error(`turn ${event.turnId}: published seq ${event.seq}, expected ${expected}`);
    log.events.push(event);
    if (TERMINAL_EVENTS.has(event.type)) {
      log.finishedAt = Date.now();
      this.evict();
    }
    for (const wake of log.listeners) wake();
  }

  async subscribe(turnId: string, afterSeq: number, signal?: AbortSignal): Promise<AsyncIterable<TurnEvent> | null> {
    const log = this.logs.get(turnId);
    if (!log) return null;
    return this.iterate(log, afterSeq, signal);
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
            const event = log.events[next++]!;
            if (TERMINAL_EVENTS.has(event.type)) finish(); // deliver it, then end
            return { value: event, done: false };
          }
          // Resumed at or past the end of a finished turn: nothing more will ever come.
          if (log.finishedAt !== null) {
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

  /** Drops finished turns past their age, then the oldest finished ones past the count. */
  private evict(): void {
    const cutoff = Date.now() - this.retention.seconds * 1000;
    const finished: [string, number][] = [];
    for (const [id, log] of this.logs) {
      if (log.finishedAt === null || log.listeners.size > 0) continue;
      if (log.finishedAt < cutoff) this.logs.delete(id);
      else finished.push([id, log.finishedAt]);
    }
    const excess = finished.length - this.retention.turns;
    if (excess > 0) {
      finished.sort((a, b) => a[1] - b[1]);
      for (const [id] of finished.slice(0, excess)) this.logs.delete(id);
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
  }
}
