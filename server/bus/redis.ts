import { Redis } from 'ioredis';
import type { Logger } from '../log.js';
import { TERMINAL_EVENTS, type TurnEvent } from '../contract/events.js';
import type { TurnBus } from './types.js';

const key = (turnId: string) => `triage:turn:${turnId}`;
const CANCEL_CHANNEL = 'triage:cancel';
const ACCESS_CHANNEL = 'triage:access';
/** How long a reader blocks waiting for new events before checking whether the stream expired. */
const BLOCK_MS = 5000;

/**
 * Cross-instance bus on Redis Streams: one stream per turn, entry id `<seq>-1`, so replay after a
 * seq is `XRANGE key (seq-1 +` and live reading is `XREAD BLOCK` from the last id. Streams of
 * finished turns expire after the retention period. Each subscriber reads on its own duplicated
 * connection because XREAD BLOCK holds the connection.
 */
export class RedisBus implements TurnBus {
  readonly kind = 'redis';

  private cancelHandlers: ((turnId: string) => void)[] = [];
  private accessHandlers: (() => void)[] = [];
  private listener: Redis | null = null;

  private constructor(
    private readonly redis: Redis,
    private readonly retentionSeconds: number,
    private readonly log: Logger,
    private readonly blockMs: number,
  ) {}

  async requestCancel(turnId: string): Promise<void> {
    await this.redis.publish(CANCEL_CHANNEL, turnId);
  }

  /** Cancel requests travel on a pub/sub channel; every instance hears them, the runner acts. */
  onCancelRequest(handler: (turnId: string) => void): void {
    this.cancelHandlers.push(handler);
    this.listen();
  }

  async publishAccessChange(): Promise<void> {
    await this.redis.publish(ACCESS_CHANNEL, '1');
  }

  /** Access changes travel on their own channel; every instance re-checks its open connections. */
  onAccessChange(handler: () => void): void {
    this.accessHandlers.push(handler);
    this.listen();
  }

  /** One subscriber connection for both control channels. */
  private listen(): void {
    if (this.listener) return;
    const listener = this.redis.duplicate();
    listener.on('error', (error) => this.log.debug({ err: error }, 'redis cancel listener error (it reconnects)'));
    this.listener = listener;
    listener.on('message', (channel: string, message: string) => {
      if (channel === CANCEL_CHANNEL) for (const h of this.cancelHandlers) h(message);
      else if (channel === ACCESS_CHANNEL) for (const h of this.accessHandlers) h();
    });
    listener
      .subscribe(CANCEL_CHANNEL, ACCESS_CHANNEL)
      .catch((error: unknown) => this.log.error({ err: error }, 'could not subscribe to the control channels'));
  }

  static async connect(url: string, retentionSeconds: number, log: Logger, options: { blockMs?: number } = {}): Promise<RedisBus> {
    // A Redis restart (a second or two) must not fail the turns publishing through it: commands
    // wait for the reconnection, retried up to 20 times (about 15 s), then fail.
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 20, retryStrategy: (times) => Math.min(times * 100, 1000) });
    redis.on('error', (error) => log.warn({ err: error }, 'redis connection error'));
    await redis.connect();
    return new RedisBus(redis, retentionSeconds, log, options.blockMs ?? BLOCK_MS);
  }

  /** For /readyz: connected and answering now (it does not wait for a reconnection). */
  async health(): Promise<{ ok: boolean; detail?: string }> {
    if (this.redis.status !== 'ready') return { ok: false, detail: `redis ${this.redis.status}` };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('timeout'), 1000)));
    const answer = await Promise.race([this.redis.ping().catch((error: unknown) => String(error)), timeout]);
    clearTimeout(timer);
    return answer === 'PONG' ? { ok: true } : { ok: false, detail: `redis ${answer}` };
  }

  async publish(event: TurnEvent): Promise<void> {
    const k = key(event.turnId);
    const id = `${event.seq}-1`;
    const payload = JSON.stringify(event);
    // Running turns keep their stream for a day at most; finished ones for the retention period.
    const ttl = TERMINAL_EVENTS.has(event.type) ? this.retentionSeconds : 86_400;
    let failure: unknown = null;
    try {
      const results = await this.redis.multi().xadd(k, id, 'e', payload).expire(k, ttl).exec();
      failure = results?.find(([error]) => error)?.[0] ?? null;
    } catch (error) {
      failure = error;
    }
    if (!failure) return;
    // ioredis resends a command whose reply was lost when the connection dropped (a Redis restart):
    // the first XADD was applied, so the resent one fails with "equal or smaller than the target
    // stream top item". That event is stored, exactly once; anything else at its id is a real error.
    if (isIdTaken(failure) && (await this.storedAs(k, id)) === payload) {
      await this.redis.expire(k, ttl);
      return;
    }
    throw failure;
  }

  /** The payload stored at one entry id of a stream, or null. */
  private async storedAs(k: string, id: string): Promise<string | null> {
    const [entry] = await this.redis.xrange(k, id, id);
    if (!entry) return null;
    const fields = entry[1];
    return fields[fields.indexOf('e') + 1] ?? null;
  }

  async subscribe(turnId: string, afterSeq: number, signal?: AbortSignal): Promise<AsyncIterable<TurnEvent> | null> {
    if (!(await this.redis.exists(key(turnId)))) return null;
    // A generator blocked in XREAD cannot take return() until the read ends (up to BLOCK_MS): a
    // subscriber that leaves aborts `left` first, which disconnects its reader at once.
    const left = new AbortController();
    const events = this.iterate(turnId, afterSeq, signal ? AbortSignal.any([signal, left.signal]) : left.signal);
    const iterator: AsyncIterableIterator<TurnEvent> = {
      [Symbol.asyncIterator]: () => iterator,
      next: () => events.next(),
      return: async () => {
        left.abort();
        return events.return(undefined);
      },
    };
    return iterator;
  }

  async history(turnId: string): Promise<TurnEvent[] | null> {
    const entries = await this.redis.xrange(key(turnId), '-', '+');
    return entries.length ? entries.map(([, fields]) => parse(fields)) : null;
  }

  /** How many live readers (one Redis connection each) this process holds (diagnostics; tests). */
  readerCount(): number {
    return this.readers;
  }

  private readers = 0;

  private async *iterate(turnId: string, afterSeq: number, signal: AbortSignal): AsyncGenerator<TurnEvent> {
    const k = key(turnId);
    // Resumed at or past the end of a finished turn: nothing more will ever come.
    const [last] = await this.redis.xrevrange(k, '+', '-', 'COUNT', 1);
    if (last && TERMINAL_EVENTS.has(parse(last[1]).type) && parse(last[1]).seq <= afterSeq) return;
    let lastId = `${afterSeq}-1`;
    const replay = await this.redis.xrange(k, `(${lastId}`, '+');
    for (const [id, fields] of replay) {
      const event = parse(fields);
      lastId = id;
      yield event;
      if (TERMINAL_EVENTS.has(event.type)) return;
    }
    if (signal.aborted) return;
    const reader = this.redis.duplicate();
    reader.on('error', (error) => this.log.debug({ err: error, turnId }, 'redis reader error (it reconnects)'));
    this.readers++;
    const stop = () => reader.disconnect();
    signal.addEventListener('abort', stop);
    try {
      while (!signal.aborted) {
        const batch = await reader.xread('BLOCK', this.blockMs, 'STREAMS', k, lastId);
        if (!batch) {
          if (!(await this.redis.exists(k))) return; // expired while waiting: nothing more will come
          continue;
        }
        for (const [, entries] of batch) {
          for (const [id, fields] of entries) {
            const event = parse(fields);
            lastId = id;
            yield event;
            if (TERMINAL_EVENTS.has(event.type)) return;
          }
        }
      }
    } catch (error) {
      if (!signal.aborted) throw error;
      this.log.debug({ turnId }, 'subscriber left');
    } finally {
      signal.removeEventListener('abort', stop);
      reader.disconnect();
      this.readers--;
    }
  }

  async forget(turnIds: readonly string[]): Promise<void> {
    if (turnIds.length) await this.redis.del(...turnIds.map(key));
  }

  async close(): Promise<void> {
    await this.listener?.quit();
    await this.redis.quit();
  }
}

function isIdTaken(error: unknown): boolean {
  return error instanceof Error && /equal or smaller than the target stream top item/i.test(error.message);
}

function parse(fields: string[]): TurnEvent {
  const index = fields.indexOf('e');
  return JSON.parse(fields[index + 1] ?? 'null') as TurnEvent;
}
