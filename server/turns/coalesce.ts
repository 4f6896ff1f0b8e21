type Delta = { type: 'AnswerChunk' | 'ReasoningChunk'; delta: string };
type Body = Delta | { type: string };

/**
 * Merges consecutive deltas of the same kind that arrive within `windowMs` into one event, so a
 * fast model does not cost one WebSocket frame per token; a timer flushes a pending delta so a
 * stalled model never holds back text already produced. All publishes go through one promise
 * chain, so events leave in the order they were produced even when the timer fires mid-publish.
 */
export class Coalescer<T extends Body> {
  private pending: Delta | null = null;
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly windowMs: number,
    private readonly publish: (body: T) => Promise<void>,
  ) {}

  delta(event: Delta): Promise<void> {
    if (this.windowMs <= 0) return this.enqueue({ ...event } as T);
    if (this.pending && this.pending.type === event.type) {
      this.pending.delta += event.delta;
      return this.chain;
    }
    const flushed = this.flush();
    this.pending = { type: event.type, delta: event.delta };
    this.timer = setTimeout(() => void this.flush(), this.windowMs);
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
    this.chain = this.chain.then(() => this.publish(body));
    return this.chain;
  }
}
