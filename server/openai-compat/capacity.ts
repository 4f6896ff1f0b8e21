import { turnScopeOf } from '../contract/turn-scope.js';
import { modelError } from '../contract/errors.js';
import { classifyModelError } from './errors.js';

/**
 * At most `limit` streams at once to one model server (vLLM's `max_num_seqs`: past it the server
 * queues or thrashes its KV cache, and every stream slows down), with a fair queue in front.
 *
 * Fair: waiters are served oldest turn first (the turn's start, from its `TurnScope`), so a turn that
 * already streamed its reasoning gets the responder before newer turns get their router, and
 * turns complete in the order they arrived instead of all slowing together; calls from outside a
 * turn are ordered by their own arrival. A waiter tells its turn its place (a StatusChunk) when it
 * starts waiting and every `announceMs` while it waits, and gives up after `timeoutMs` with
 * MODEL_BUSY, which fails the turn through the normal path (advice kept).
 *
 * The queue is an array sorted by (turn start, arrival): insert and remove are a binary search and
 * a memmove; a waiter's place is its index, found by binary search. No step scans the queue.
 */
export interface CapacityOptions {
  /** Names the server in metrics and logs (e.g. `router`, `reasoner`, or both joined). */
  name: string;
  /** Concurrent streams; 0 = no limit. */
  limit: number;
  /** How long a call may wait for a stream before the turn fails with MODEL_BUSY. */
  timeoutMs: number;
  /** How often a waiting turn is told its place again. */
  announceMs?: number;
}

export interface CapacityObserver {
  /** A call got a stream after waiting `seconds` (0 when it did not wait). */
  waited(name: string, seconds: number): void;
  /** A call gave up waiting (MODEL_BUSY). */
  timedOut(name: string): void;
}

interface Waiter {
  key: number;
  order: number;
  grant: () => void;
}

export interface Slot {
  release(): void;
}

export class ModelCapacity {
  private readonly queue: Waiter[] = [];
  private active = 0;
  private arrivals = 0;
  private observer: CapacityObserver | null = null;

  constructor(readonly options: CapacityOptions) {}

  get name(): string {
    return this.options.name;
  }

  get limit(): number {
    return this.options.limit;
  }

  /** Streams in use now. */
  inUse(): number {
    return this.active;
  }

  /** Calls waiting now. */
  depth(): number {
    return this.queue.length;
  }

  observe(observer: CapacityObserver): void {
    this.observer = observer;
  }

  /** Waits for a free stream (fairly); the slot must be released when the call ends. */
  async acquire(signal: AbortSignal): Promise<Slot> {
    const { limit, name } = this.options;
    if (signal.aborted) throw classifyModelError(signal.reason, name, undefined, signal);
    if (limit <= 0 || (this.active < limit && this.queue.length === 0)) {
      this.active++;
      this.observer?.waited(name, 0);
      return this.slot();
    }
    const scope = turnScopeOf(signal);
    const started = performance.now();
    const waiter: Waiter = { key: scope?.startedAt ?? started, order: this.arrivals++, grant: () => undefined };
    const granted = new Promise<void>((resolve) => (waiter.grant = resolve));
    this.insert(waiter);
    const announce = () => scope?.status(`Many people are asking right now: you are number ${this.placeOf(waiter)} in the queue.`, this.placeOf(waiter));
    announce();
    const ticker = scope ? setInterval(announce, this.options.announceMs ?? 5000) : undefined;
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        timer = setTimeout(() => {
          this.observer?.timedOut(name);
          reject(modelError('MODEL_BUSY', `${name}: no free model stream within ${this.options.timeoutMs} ms (limit ${limit})`));
        }, this.options.timeoutMs);
        onAbort = () => reject(classifyModelError(signal.reason, name, undefined, signal));
        signal.addEventListener('abort', onAbort, { once: true });
        void granted.then(resolve);
      });
    } catch (error) {
      // Granted in the same tick as the timeout or abort: hand the stream on rather than leak it.
      if (!this.remove(waiter)) this.release();
      throw error;
    } finally {
      clearTimeout(timer);
      clearInterval(ticker);
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
    this.observer?.waited(name, (performance.now() - started) / 1000);
    return this.slot();
  }

  private slot(): Slot {
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.release();
      },
    };
  }

  /** Frees a stream: the oldest waiter takes it over (the count stays), or the count drops. */
  private release(): void {
    const next = this.queue.shift();
    if (next) next.grant();
    else this.active--;
  }

  private placeOf(waiter: Waiter): number {
    return this.indexOf(waiter) + 1;
  }

  /** First index whose waiter does not come before `w` (binary search on key, then order). */
  private lowerBound(w: Waiter): number {
    let lo = 0;
    let hi = this.queue.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const m = this.queue[mid]!;
      if (m.key < w.key || (m.key === w.key && m.order < w.order)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private indexOf(w: Waiter): number {
    const i = this.lowerBound(w);
    return this.queue[i] === w ? i : -1;
  }

  private insert(w: Waiter): void {
    this.queue.splice(this.lowerBound(w), 0, w);
  }

  private remove(w: Waiter): boolean {
    const i = this.indexOf(w);
    if (i === -1) return false;
    this.queue.splice(i, 1);
    return true;
  }
}
