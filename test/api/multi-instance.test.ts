import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunnerEvent } from '../../server/contract/events.js';
import type { TurnInput } from '../../server/contract/turn.js';
import { collect, gql, send, startThread, wsClient } from '../support/graphql.js';
import { Pauses, scriptedRunner } from '../support/scripted-runner.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Two instances behind one database and one Redis, as in production behind a load balancer:
 * a turn running on A is followed and cancelled through B. Needs Redis (CI provides it).
 */
const redisUrl = process.env.REDIS_TEST_URL;

const pauses = new Pauses();
async function* script(input: TurnInput, signal: AbortSignal): AsyncGenerator<RunnerEvent> {
  yield { type: 'ReasoningChunk', delta: 'Thinking on instance A. ' };
  await pauses.pause(input.turnId, signal);
  yield { type: 'AnswerChunk', delta: 'Answer written on instance A.' };
}

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  if (!redisUrl) return;
  const env = { REDIS_URL: redisUrl };
  a = await startTestServer({ runner: scriptedRunner(script), env });
  b = await startTestServer({ runner: scriptedRunner(script), env, databaseUrl: a.databaseUrl });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe.skipIf(!redisUrl)('two instances sharing Postgres and Redis', () => {
  it('streams a turn running on A to a client connected to B, resuming with afterSeq', async () => {
    const { threadId, token } = await startThread(a);
    const turnReached = pauses.reached.next();
    const sent = await send(a, token, threadId, 'hello from A');
    const turnId = sent.data!.sendMessage.turn.id;
    await turnReached;
    const onB = wsClient(b, token);
    const first = await collect(onB, turnId, 0, { until: (e) => e.__typename === 'ReasoningChunk' });
    pauses.open(turnId);
    const rest = await collect(onB, turnId, first.at(-1)!.seq);
    await onB.dispose();
    const all = [...first, ...rest];
    expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
    expect(all.at(-1)).toMatchObject({ __typename: 'TurnCompleted' });
    expect(all.filter((e) => e.__typename === 'AnswerChunk').map((e) => e.delta).join('')).toBe('Answer written on instance A.');
  });

  it('cancelTurn on B stops the runner on A', async () => {
    const { threadId, token } = await startThread(a);
    const turnReached = pauses.reached.next();
    const sent = await send(a, token, threadId, 'cancel me from B');
    const turnId = sent.data!.sendMessage.turn.id;
    await turnReached;
    const runnerAborted = pauses.aborted.next();
    const result = await gql(b, `mutation($id: ID!) { cancelTurn(id: $id) { status error { code } } }`, { id: turnId }, { token });
    expect(result.data!.cancelTurn).toEqual({ status: 'CANCELLED', error: { code: 'CANCELLED' } });
    expect(await runnerAborted).toBe(turnId);
    expect(a.service.services.turns.isRunningHere(turnId)).toBe(false);
  });
});
