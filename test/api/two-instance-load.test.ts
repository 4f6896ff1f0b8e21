import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunnerEvent } from '../../server/contract/events.js';
import type { TurnInput } from '../../server/contract/turn.js';
import { collect, gql, send, startThread, wsClient, type EventOut } from '../support/graphql.js';
import { Pauses, scriptedRunner } from '../support/scripted-runner.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Two instances sharing Postgres and Redis under concurrent turns, each followed from the other
 * instance: every stream arrives whole and in order, a cancel from the other instance stops its
 * turn, the visitor's rate limit is one budget across both, and replay from either instance is
 * exactly what was seen live. A small-scale CI version of `npm run bench -- load --scenarios two`.
 */
const redisUrl = process.env.REDIS_TEST_URL;
const TURNS = 24;
const LIMIT = 25;
const DELTAS = 40;

const pauses = new Pauses();
async function* script(input: TurnInput, signal: AbortSignal): AsyncGenerator<RunnerEvent> {
  if (input.text.startsWith('cancel')) await pauses.pause(input.turnId, signal);
  for (let i = 0; i < DELTAS; i++) {
    yield { type: i < DELTAS / 2 ? 'ReasoningChunk' : 'AnswerChunk', delta: `${input.text}#${i} ` };
    await new Promise((r) => setImmediate(r)); // a stream, not one burst
  }
}

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  if (!redisUrl) return;
  const env = { REDIS_URL: redisUrl, RATE_LIMIT_MESSAGES_PER_MINUTE: String(LIMIT) };
  a = await startTestServer({ runner: scriptedRunner(script), env });
  b = await startTestServer({ runner: scriptedRunner(script), env, databaseUrl: a.databaseUrl });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const text = (events: EventOut[], type: string) => events.filter((e) => e.__typename === type).map((e) => e.delta).join('');

describe.skipIf(!redisUrl)('two instances under concurrent turns', () => {
  it('streams, cancel, one rate-limit budget and replay hold across instances', async () => {
    const runOn = (i: number) => (i % 2 ? b : a);
    const watchOn = (i: number) => (i % 2 ? a : b);
    const threads = await Promise.all(Array.from({ length: TURNS }, () => startThread(a)));
    const cancelIndex = 5;
    const turns = await Promise.all(
      threads.map(async ({ threadId, token }, i) => {
        const message = i === cancelIndex ? 'cancel me' : `turn ${i}`;
        const reached = i === cancelIndex ? pauses.reached.next() : null;
        const sent = await send(runOn(i), token, threadId, message);
        if (!sent.data) throw new Error(JSON.stringify(sent.errors));
        const turnId = sent.data.sendMessage.turn.id as string;
        const client = wsClient(watchOn(i), token);
        return { token, message, turnId, client, events: collect(client, turnId, 0), reached };
      }),
    );

    // Cancel the paused turn (running on B) from A.
    const cancelled = turns[cancelIndex]!;
    await cancelled.reached;
    const result = await gql(watchOn(cancelIndex), `mutation($id: ID!) { cancelTurn(id: $id) { status } }`, { id: cancelled.turnId }, { token: cancelled.token });
    expect(result.data!.cancelTurn).toEqual({ status: 'CANCELLED' });

    for (const [i, t] of turns.entries()) {
      const events = await t.events;
      await t.client.dispose();
      expect(events.map((e) => e.seq)).toEqual(events.map((_, k) => k + 1));
      const terminals = events.filter((e) => e.__typename === 'TurnCompleted' || e.__typename === 'TurnFailed');
      expect(terminals).toHaveLength(1);
      if (i === cancelIndex) {
        expect(terminals[0]).toMatchObject({ __typename: 'TurnFailed', code: 'CANCELLED' });
      } else {
        expect(terminals[0]).toMatchObject({ __typename: 'TurnCompleted' });
        const expected = Array.from({ length: DELTAS }, (_, k) => `${t.message}#${k} `);
        expect(text(events, 'ReasoningChunk') + text(events, 'AnswerChunk')).toBe(expected.join(''));
      }
      // Replay from the instance that ran it and from the other one: exactly what was seen.
      for (const server of [a, b]) {
        const replayer = wsClient(server, t.token);
        expect(await collect(replayer, t.turnId, 0)).toEqual(events);
        await replayer.dispose();
      }
    }

    // One visitor (site + IP) has one budget across both instances: LIMIT messages a minute.
    const spare = await Promise.all([startThread(a), startThread(a), startThread(a)]); // one site (A's), whichever instance is asked
    const extra = [await send(a, spare[0]!.token, spare[0]!.threadId, 'one more'), await send(b, spare[1]!.token, spare[1]!.threadId, 'and another')];
    expect(extra[0]!.data?.sendMessage).toBeTruthy(); // the 25th
    expect(extra[1]!.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    const onA = await send(a, spare[2]!.token, spare[2]!.threadId, 'and on A');
    expect(onA.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    await a.service.services.turns.settled(extra[0]!.data!.sendMessage.turn.id);
  }, 60_000);
});
