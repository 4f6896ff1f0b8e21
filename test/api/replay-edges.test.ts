import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunnerEvent } from '../../server/contract/events.js';
import type { TurnInput } from '../../server/contract/turn.js';
import { MemoryBus, RedisBus } from '../../server/bus/index.js';
import { collect, send, startThread, wsClient } from '../support/graphql.js';
import { Pauses, scriptedRunner } from '../support/scripted-runner.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Resuming a turn's subscription at its edges, through graphql-ws, on the in-process bus and (where
 * Redis is available, as in CI) on the Redis bus: a client that resumes with the last seq of a
 * finished turn is told at once that there is nothing more, and one that leaves frees what its
 * subscription held on the bus at once.
 */
const redisUrl = process.env.REDIS_TEST_URL;
const buses: [string, Record<string, string>][] = [['in-process', {}]];
if (redisUrl) buses.push(['redis', { REDIS_URL: redisUrl }]);

const pauses = new Pauses();
async function* script(input: TurnInput, signal: AbortSignal): AsyncGenerator<RunnerEvent> {
  yield { type: 'AnswerChunk', delta: 'First part. ' };
  if (input.text.startsWith('[gated]')) await pauses.pause(input.turnId, signal);
  yield { type: 'AnswerChunk', delta: 'Second part.' };
}

describe.each(buses)('%s bus', (_name, env) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ runner: scriptedRunner(script), env });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Live subscriptions the bus holds for this turn (memory: listeners; Redis: reader connections). */
  const held = (turnId: string) => {
    const bus = server.service.services.bus;
    if (bus instanceof MemoryBus) return bus.subscriberCount(turnId);
    if (bus instanceof RedisBus) return bus.readerCount();
    throw new Error('unknown bus');
  };

  it('afterSeq at or past the last seq of a finished turn completes at once with no events', async () => {
    const { threadId, token } = await startThread(server);
    const turnId = (await send(server, token, threadId, 'hello')).data!.sendMessage.turn.id;
    const client = wsClient(server, token);
    const all = await collect(client, turnId, 0);
    const last = all.at(-1)!.seq;
    expect(all.at(-1)!.__typename).toBe('TurnCompleted');
    expect(await collect(client, turnId, last)).toEqual([]);
    expect(await collect(client, turnId, last + 10)).toEqual([]);
    expect((await collect(client, turnId, last - 1)).map((e) => e.seq)).toEqual([last]);
    await client.dispose();
  });

  it('a subscriber that leaves mid-turn releases its bus subscription at once', async () => {
    const { threadId, token } = await startThread(server);
    const reached = pauses.reached.next();
    const turnId = (await send(server, token, threadId, '[gated] hello')).data!.sendMessage.turn.id;
    await reached;
    const client = wsClient(server, token);
    const before = held(turnId);
    // Reads the first event, then unsubscribes (graphql-ws `complete`) while the turn still runs.
    await collect(client, turnId, 0, { until: (e) => e.__typename === 'AnswerChunk' });
    await vi.waitFor(() => expect(held(turnId)).toBe(before), { timeout: 2_000 });
    pauses.open(turnId);
    await server.service.services.turns.settled(turnId);
    await client.dispose();
  });
});
