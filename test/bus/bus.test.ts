import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { MemoryBus, RedisBus, type TurnBus } from '../../server/bus/index.js';
import { log } from '../../server/log.js';
import type { TurnEvent } from '../../server/contract/events.js';

/** The bus contract, for the in-process bus and (where Redis is available, as in CI) the Redis one. */
const redisUrl = process.env.REDIS_TEST_URL;
const buses: [string, () => Promise<TurnBus>][] = [['memory', async () => new MemoryBus({ seconds: 60, turns: 100 })]];
if (redisUrl) buses.push(['redis', () => RedisBus.connect(redisUrl, 60, log)]);

const opened: TurnBus[] = [];
afterAll(async () => {
  for (const bus of opened) await bus.close();
});

const chunk = (turnId: string, seq: number): TurnEvent => ({ type: 'AnswerChunk', delta: `${seq} `, turnId, seq });
const done = (turnId: string, seq: number): TurnEvent => ({ type: 'TurnCompleted', messageId: 'm', route: 'DIRECT', turnId, seq });

async function drain(iterable: AsyncIterable<TurnEvent>): Promise<number[]> {
  const seqs: number[] = [];
  for await (const e of iterable) seqs.push(e.seq);
  return seqs;
}

describe.each(buses)('%s bus', (_name, make) => {
  it('replays what was published, then delivers live events, then ends after the terminal event', async () => {
    const bus = await make();
    opened.push(bus);
    const turnId = randomUUID();
    await bus.publish(chunk(turnId, 1));
    await bus.publish(chunk(turnId, 2));
    const all = drain((await bus.subscribe(turnId, 0))!);
    const tail = drain((await bus.subscribe(turnId, 2))!);
    await bus.publish(chunk(turnId, 3));
    await bus.publish(done(turnId, 4));
    expect(await all).toEqual([1, 2, 3, 4]);
    expect(await tail).toEqual([3, 4]);
    expect(await drain((await bus.subscribe(turnId, 1))!)).toEqual([2, 3, 4]);
  });

  it('knows nothing of unknown turns', async () => {
    const bus = await make();
    opened.push(bus);
    expect(await bus.subscribe(randomUUID(), 0)).toBeNull();
  });

  it('stops a live subscription when its signal aborts', async () => {
    const bus = await make();
    opened.push(bus);
    const turnId = randomUUID();
    await bus.publish(chunk(turnId, 1));
    const controller = new AbortController();
    const iterator = (await bus.subscribe(turnId, 0, controller.signal))![Symbol.asyncIterator]();
    expect((await iterator.next()).value?.seq).toBe(1);
    const waiting = iterator.next();
    controller.abort();
    expect((await waiting).done).toBe(true);
  });

  it('a subscriber resuming at or past the last seq of a finished turn completes at once with nothing', async () => {
    const bus = await make();
    opened.push(bus);
    const turnId = randomUUID();
    await bus.publish(chunk(turnId, 1));
    await bus.publish(done(turnId, 2));
    expect(await drain((await bus.subscribe(turnId, 2))!)).toEqual([]);
    expect(await drain((await bus.subscribe(turnId, 7))!)).toEqual([]);
    expect(await drain((await bus.subscribe(turnId, 1))!)).toEqual([2]);
  });
});

describe.runIf(redisUrl)('redis bus publishing', () => {
  it('an event sent again (ioredis resends a command whose reply a dropped connection lost) is stored once; another event at its seq is refused', async () => {
    const bus = await RedisBus.connect(redisUrl!, 60, log);
    opened.push(bus);
    const turnId = randomUUID();
    await bus.publish(chunk(turnId, 1));
    await bus.publish(chunk(turnId, 2));
    // The resend of an XADD that was applied: Redis answers "ID equal or smaller than the top item".
    await expect(bus.publish(chunk(turnId, 2))).resolves.toBeUndefined();
    await expect(bus.publish(chunk(turnId, 1))).resolves.toBeUndefined();
    await expect(bus.publish({ type: 'AnswerChunk', delta: 'something else', turnId, seq: 2 })).rejects.toThrow(/equal or smaller/);
    await bus.publish(done(turnId, 3));
    expect(await drain((await bus.subscribe(turnId, 0))!)).toEqual([1, 2, 3]);
  });
});

describe.runIf(redisUrl)('redis bus subscribers', () => {
  it('a subscriber that leaves while its reader waits in XREAD releases the reader at once', async () => {
    // With a two-minute block, a reader that only noticed the leave after its read ended would
    // keep this test waiting past its timeout.
    const bus = await RedisBus.connect(redisUrl!, 60, log, { blockMs: 120_000 });
    opened.push(bus);
    const turnId = randomUUID();
    await bus.publish(chunk(turnId, 1));
    const iterator = (await bus.subscribe(turnId, 0))![Symbol.asyncIterator]();
    expect((await iterator.next()).value?.seq).toBe(1);
    const waiting = iterator.next(); // nothing more has been published: the reader blocks
    await vi.waitFor(() => expect(bus.readerCount()).toBe(1));
    await iterator.return!();
    expect((await waiting).done).toBe(true);
    expect(bus.readerCount()).toBe(0);
  });
});

describe('memory bus subscribers', () => {
  it('an unsubscribe while waiting for the next event ends at once and leaves nothing behind', async () => {
    const bus = new MemoryBus({ seconds: 60, turns: 10 });
    const turnId = randomUUID();
    await bus.publish(chunk(turnId, 1));
    const iterator = (await bus.subscribe(turnId, 0))![Symbol.asyncIterator]();
    expect((await iterator.next()).value?.seq).toBe(1);
    const waiting = iterator.next(); // nothing more has been published
    expect(bus.subscriberCount(turnId)).toBe(1);
    await iterator.return!();
    expect((await waiting).done).toBe(true);
    expect(bus.subscriberCount(turnId)).toBe(0);
  });
});

describe('memory bus retention', () => {
  it('forgets the oldest finished turns beyond its bound', async () => {
    const bus = new MemoryBus({ seconds: 60, turns: 2 });
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) await bus.publish(done(id, 1));
    expect(await bus.subscribe(ids[0]!, 0)).toBeNull();
    expect(await bus.subscribe(ids[2]!, 0)).not.toBeNull();
  });

  it('keeps a finished turn while it is followed, and lets it go at a later end once it is not', async () => {
    const bus = new MemoryBus({ seconds: 60, turns: 1 });
    const [followed, second, third] = [randomUUID(), randomUUID(), randomUUID()];
    await bus.publish({ type: 'TurnStarted', engine: 'OFFLINE', turnId: followed, seq: 1 });
    const controller = new AbortController();
    const live = await bus.subscribe(followed, 1, controller.signal);
    await bus.publish(done(followed, 2));
    await bus.publish(done(second, 1)); // over the bound, but the first is still followed
    expect(await bus.history(followed)).toHaveLength(2);
    expect(await bus.history(second)).toBeNull();
    controller.abort();
    void live;
    await bus.publish(done(third, 1));
    expect(await bus.history(followed)).toBeNull();
    expect(await bus.history(third)).toHaveLength(1);
  });

  it('refuses an event out of sequence', async () => {
    const bus = new MemoryBus({ seconds: 60, turns: 2 });
    await expect(bus.publish(chunk(randomUUID(), 2))).rejects.toThrow(/expected 1/);
  });
});
