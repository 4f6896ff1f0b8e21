type Delta = { type: 'AnswerChunk' | 'ReasoningChunk'; delta: string };

const MAX_MERGED_CHARS = 16_384;
type Body = Delta | { type: string };

/**
 * Merges consecutive deltas of one kind so a fast model does not cost one event (one GraphQL
 * execution and one WebSocket frame per subscriber) per token, while a slow one costs no latency:
 * a delta that arrives when nothing was published for `windowMs` goes out at once (leading edge);
 * deltas arriving sooner are merged and go out `windowMs` after the previous publish. So no token
 * waits more than `windowMs`, and a model streaming a token every 20 ms is never delayed by a
 * window of 8 (a trailing-only window made every such token wait the whole window).
 *
 * All publishes go through one promise chain, so events leave in the order they were produced
 * even when the timer fires mid-publish.
 */
export class Coalescer<T extends Body> {
  private pending: Delta | null = null;
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  private lastPublishAt = -Infinity;

  constructor(
    private readonly windowMs: number,
    private readonly publish: (body: T) => Promise<void>,
    private readonly now: () => number = () => performance.now(),
  ) {}

  delta(event: Delta): Promise<void> {
    if (this.windowMs <= 0) return this.enqueue({ ...event } as T);
    if (this.pending && this.pending.type === event.type) {
      this.pending.delta += event.delta;
      // A burst is merged into events of a few KB, not one frame of megabytes.
      return this.pending.delta.length >= MAX_MERGED_CHARS ? this.flush() : this.chain;
    }
    const flushed = this.flush();
    const wait = this.lastPublishAt + this.windowMs - this.now();
    if (wait <= 0) return this.enqueue({ ...event } as T);
    this.pending = { type: event.type, delta: event.delta };
    this.timer = setTimeout(() => void this.flush(), wait);
    return flushed;
  }

  /** Publishes a non-delta event after any pending delta. */
  emit(body: T): Promise<void> {
    void this.flush();
    return this.enqueue(body);
  }

  /** Publishes the pending delta (if any) and waits for everything queued so far. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const pending = this.pending;
    this.pending = null;
    return pending ? this.enqueue(pending as T) : this.chain;
  }

  private enqueue(body: T): Promise<void> {
    this.lastPublishAt = this.now();
    this.chain = this.chain.then(() => this.publish(body));
    return this.chain;
  }
}
