import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunnerEvent } from '../../server/contract/events.js';
import type { TurnInput } from '../../server/contract/turn.js';
import { gql, send, startThread, type GqlResult } from '../support/graphql.js';
import { Pauses, scriptedRunner, triageScript } from '../support/scripted-runner.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    runner: scriptedRunner(triageScript),
    env: { RATE_LIMIT_MESSAGES_PER_MINUTE: '2', RATE_LIMIT_THREADS_PER_HOUR: '3' },
  });
});
afterAll(async () => {
  await server?.close();
});

describe('rate limits', () => {
  it('limits a visitor’s messages per site and IP, with a typed error and a retry delay', async () => {
    const a = await startThread(server);
    const b = await startThread(server);
    const c = await startThread(server);
    expect((await send(server, a.token, a.threadId, 'one')).errors).toBeUndefined();
    expect((await send(server, b.token, b.threadId, 'two')).errors).toBeUndefined();
    const third = await send(server, c.token, c.threadId, 'three'); // another thread, same visitor IP
    expect(third.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect((third.errors?.[0]?.extensions as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    const thread = await gql(server, `query($id: ID!) { thread(id: $id) { messages { edges { node { id } } } } }`, { id: c.threadId }, { token: c.token });
    expect(thread.data!.thread.messages.edges).toEqual([]); // nothing stored for the refused message
  });

  it('limits new conversations per visitor, while partner and staff keys have their own, larger budget', async () => {
    // Three threads were started above: the visitor's hourly budget is spent.
    const refused = await gql(server, `mutation { startThread { threadToken } }`, {}, { token: server.siteKey });
    expect(refused.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    const staff = await gql(server, `mutation { startThread { thread { id } threadToken } }`, {}, { token: server.staffKey, origin: null });
    expect(staff.errors).toBeUndefined();
  });
});

describe('refused requests spend no budget', () => {
  const pauses = new Pauses();
  async function* gatedScript(input: TurnInput, signal: AbortSignal): AsyncGenerator<RunnerEvent> {
    if (input.text.startsWith('[gated]')) await pauses.pause(input.turnId, signal);
    yield { type: 'AnswerChunk', delta: 'An answer.' };
  }
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ runner: scriptedRunner(gatedScript), env: { RATE_LIMIT_MESSAGES_PER_MINUTE: '2', RATE_LIMIT_THREADS_PER_HOUR: '2' } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('bad input and a busy thread leave the visitor’s budget untouched', async () => {
    const a = await startThread(limited);
    // Refused before any budget is spent: bad demographics on startThread.
    for (let i = 0; i < 3; i++) {
      const bad = await gql(limited, START_BAD, {}, { token: limited.siteKey });
      expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    const b = await startThread(limited); // the second of two threads this hour
    const reached = pauses.reached.next();
    const first = await send(limited, a.token, a.threadId, '[gated] one', { clientMessageId: 'm1' }); // 1 of 2
    expect(first.errors).toBeUndefined();
    await reached;
    const refusals: [() => Promise<GqlResult>, string][] = [
      [() => send(limited, a.token, a.threadId, '   '), 'BAD_USER_INPUT'],
      [() => send(limited, a.token, a.threadId, 'nul \u0000'), 'BAD_USER_INPUT'],
      [() => send(limited, a.token, a.threadId, 'busy'), 'THREAD_BUSY'],
    ];
    for (const [request, code] of refusals) {
      const result = await request();
      expect(result.errors?.[0]?.extensions?.code ?? 'none').toBe(code);
    }
    pauses.open(first.data!.sendMessage.turn.id);
    await limited.service.services.turns.settled(first.data!.sendMessage.turn.id);
    expect((await send(limited, b.token, b.threadId, 'two')).errors).toBeUndefined(); // 2 of 2
    const third = await send(limited, b.token, b.threadId, 'three');
    expect(third.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });
});

describe('replays spend budget', () => {
  let replays: TestServer;
  beforeAll(async () => {
    // The default visitor budget (20 a minute), so the test shows what a stranger gets.
    replays = await startTestServer({ runner: scriptedRunner(triageScript), env: { RATE_LIMIT_MESSAGES_PER_MINUTE: '20' } });
  });
  afterAll(async () => {
    await replays?.close();
  });

  it('one clientMessageId sent 40 times is limited after the budget, like 40 different messages', async () => {
    const visitor = await startThread(replays);
    const results = [];
    for (let i = 0; i < 40; i++) results.push(await send(replays, visitor.token, visitor.threadId, 'the same message', { clientMessageId: 'replayed' }));
    const codes = results.map((r) => r.errors?.[0]?.extensions?.code ?? 'ok');
    // The first send and 19 replays answer with the original message; the other 20 are refused.
    expect(codes.slice(0, 20)).toEqual(Array(20).fill('ok'));
    expect(codes.slice(20)).toEqual(Array(20).fill('RATE_LIMITED'));
    expect(new Set(results.slice(0, 20).map((r) => r.data?.sendMessage.message.id)).size).toBe(1);
    expect((results[20]!.errors?.[0]?.extensions as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
  });
});

const START_BAD = /* GraphQL */ `mutation { startThread(input: { demographics: { age: 300 } }) { threadToken } }`;
