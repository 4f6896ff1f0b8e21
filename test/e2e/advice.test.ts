import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RunnerEvent } from '../../server/contract/events.js';
import { collect, gql, send, startThread, wsClient, type EventOut } from '../support/graphql.js';
import { Pauses, scriptedRunner } from '../support/scripted-runner.js';
import { startServiceProcess } from '../support/service-process.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { knowledgeSubset, runTurn, startModelService, threadMessages, type ModelService } from './helpers.js';

/**
 * Emergency advice first and on every path (issue: "Safety first"). When the safety rules fire,
 * the visitor's first content is an AdviceChunk (before any model call), and however the turn then
 * ends, every failure code keeps the advice: TurnFailed carries it with a public sentence naming
 * 999, the Turn stores it, replay gives it, and the thread shows it as an ASSISTANT message.
 */

const EMERGENCY = "crushing chest pain spreading to my left arm and I'm sweating";
const KNOWLEDGE = ['heart-attack', 'angina', 'chest-pain', 'heartburn-and-acid-reflux', 'flu', 'common-cold'];

const TURN_VIEW = /* GraphQL */ `
  query($id: ID!) { turn(id: $id) { status advice { level title actions { label href } } error { code message retryable } } }`;

let knowledge: Awaited<ReturnType<typeof knowledgeSubset>>;
beforeAll(async () => {
  knowledge = await knowledgeSubset(KNOWLEDGE);
});
afterAll(async () => {
  await knowledge?.remove();
});

interface Advised {
  advice: { level: string; title: string; actions: { label: string; href: string }[] };
}

/** The whole advice guarantee for one failed turn, as the thread owner sees it. */
async function expectAdviceKept(server: TestServer, token: string, threadId: string, turnId: string, events: EventOut[], code: string) {
  // First content: the advice, straight after TurnStarted.
  expect(events[0]?.__typename).toBe('TurnStarted');
  expect(events[1]).toMatchObject({ __typename: 'AdviceChunk', seq: 2, advice: { level: 'EMERGENCY' } });
  expect((events[1] as unknown as Advised).advice.actions).toContainEqual({ label: 'Call 999', href: 'tel:999' });
  // Exactly one terminal event, the failure, carrying the advice and a sentence that names 999.
  const terminal = events.filter((e) => e.__typename === 'TurnFailed' || e.__typename === 'TurnCompleted');
  expect(terminal).toHaveLength(1);
  expect(terminal[0]).toMatchObject({ __typename: 'TurnFailed', code, advice: { level: 'EMERGENCY' } });
  expect(String(terminal[0]!.message)).toMatch(/call 999/i);
  // Stored on the turn, with the public error message.
  const turn = (await gql(server, TURN_VIEW, { id: turnId }, { token })).data!.turn;
  expect(turn.advice).toMatchObject({ level: 'EMERGENCY' });
  expect(turn.error).toMatchObject({ code });
  expect(turn.error.message).toMatch(/call 999/i);
  // The conversation shows it.
  const messages = await threadMessages(server, token, threadId);
  expect(messages.at(-1)?.role).toBe('ASSISTANT');
  expect(messages.at(-1)?.text).toMatch(/Call 999 now/);
  // Replay from the start, and from just after the advice, gives it again.
  const client = wsClient(server, token);
  try {
    const replay = await collect(client, turnId, 0);
    expect(replay.map((e) => e.seq)).toEqual(events.map((e) => e.seq));
    expect(replay[1]).toMatchObject({ __typename: 'AdviceChunk', advice: { level: 'EMERGENCY' } });
    const tail = await collect(client, turnId, 2);
    expect(tail.at(-1)).toMatchObject({ __typename: 'TurnFailed', code, advice: { level: 'EMERGENCY' } });
  } finally {
    await client.dispose();
  }
}

describe('advice with the model pipeline when the model fails', () => {
  let svc: ModelService;
  beforeAll(async () => {
    svc = await startModelService('e2e-advice', {
      KNOWLEDGE_DIR: knowledge.dir,
      MODEL_RETRIES: '0',
      MODEL_FIRST_TOKEN_TIMEOUT_MS: '500',
      BUDGET_STOP_SKIPS: '0',
    });
  });
  afterAll(async () => {
    await svc?.close();
  });

  const cases: [string, (s: ModelService) => void][] = [
    ['MODEL_UNAVAILABLE', (s) => s.reasoner.failNext(1, { status: 500, path: '/v1/completions' })],
    ['MODEL_TIMEOUT', (s) => s.reasonerScripts.completion({ stall: true })],
    ['MODEL_STREAM_INTERRUPTED', (s) => s.reasonerScripts.completion({ text: 'Chest pain has many causes. '.repeat(20), cutAfterChunks: 3 })],
    ['MODEL_BAD_RESPONSE', (s) => s.reasonerScripts.completion({ error: { status: 400, message: 'bad request' } })],
  ];

  it.each(cases)('%s: TurnFailed keeps the emergency advice given first, stored, replayed and in the thread', async (code, fault) => {
    fault(svc);
    const { threadId, token } = await startThread(svc.server);
    const { turnId, events } = await runTurn(svc.server, token, threadId, EMERGENCY);
    await expectAdviceKept(svc.server, token, threadId, turnId, events, code);
    // Emergencies skip the router: the only model the turn reached was the reasoner.
    expect(svc.router.requests.filter((r) => r.method === 'POST' && r.body.messages)).toHaveLength(0);
    svc.reset();
  });

  it('an Urgent Primary Care prediction followed by a failed responder ends with the 111 / GP advice', async () => {
    svc.reasonerScripts.completion({ text: 'A week of fever and aches, getting worse.' }, { text: '(flu, Urgent Primary Care)' });
    // Routing works; the responder (the router's second call) fails.
    svc.routerScripts.chat({ toolCalls: [{ name: 'retrieve_as_tool', arguments: { query: 'fever and aches for a week' } }] }, { error: { status: 500 } });
    const { threadId, token } = await startThread(svc.server);
    const { events } = await runTurn(svc.server, token, threadId, 'fever and aches for a week, getting worse');
    const failed = events.at(-1)!;
    expect(failed.__typename).toBe('TurnFailed');
    // No emergency in the message, so no advice before the prediction; the prediction's advice is URGENT.
    const advice = events.filter((e) => e.__typename === 'AdviceChunk');
    expect(advice).toHaveLength(1);
    expect(advice[0]).toMatchObject({ advice: { level: 'URGENT' } });
    expect(failed).toMatchObject({ advice: { level: 'URGENT' } });
    expect(String(failed.message)).toMatch(/NHS 111|GP/);
    expect((await threadMessages(svc.server, token, threadId)).at(-1)?.text).toMatch(/NHS 111/);
    svc.reset();
  });
});

describe('advice when the turn is cancelled, or its instance is killed and restarted', () => {
  let svc: ModelService;
  beforeAll(async () => {
    // Long timeouts: the reasoner stalls until the test acts.
    svc = await startModelService('e2e-advice-kill', { KNOWLEDGE_DIR: knowledge.dir, MODEL_RETRIES: '0', MODEL_FIRST_TOKEN_TIMEOUT_MS: '120000' });
  });
  afterAll(async () => {
    await svc?.close();
  });

  it('CANCELLED: cancelTurn during a stalled model still ends with the advice', async () => {
    svc.reasonerScripts.completion({ stall: true });
    const { threadId, token } = await startThread(svc.server);
    const seen = svc.reasoner.requests.length;
    const sent = await send(svc.server, token, threadId, EMERGENCY);
    const turnId = sent.data!.sendMessage.turn.id;
    await svc.reasoner.waitForRequests(seen + 1);
    const cancelled = await gql(svc.server, `mutation($id: ID!) { cancelTurn(id: $id) { status } }`, { id: turnId }, { token });
    expect(cancelled.data).toEqual({ cancelTurn: { status: 'CANCELLED' } });
    const client = wsClient(svc.server, token);
    const events = await collect(client, turnId, 0);
    await client.dispose();
    await expectAdviceKept(svc.server, token, threadId, turnId, events, 'CANCELLED');
    svc.reset();
  });

  it('INTERRUPTED after kill -9: the restarted service keeps the advice already given, on the turn and in the thread', async () => {
    svc.reasonerScripts.completion({ stall: true });
    // The service in its own process on the same database, killed while the turn is inside a model call.
    const instance = await startServiceProcess({
      DATABASE_URL: svc.server.databaseUrl,
      CHROMA_URL: inject('chromaUrl'),
      CHROMA_COLLECTION: 'e2e-advice-kill',
      KNOWLEDGE_DIR: knowledge.dir,
      ROUTER_BASE_URL: svc.router.baseURL,
      ROUTER_MODEL: 'router-model',
      REASONER_BASE_URL: svc.reasoner.baseURL,
      REASONER_MODEL: 'reasoner-model',
      MODEL_FIRST_TOKEN_TIMEOUT_MS: '120000',
      RATE_LIMIT_MESSAGES_PER_MINUTE: '0',
      RATE_LIMIT_THREADS_PER_HOUR: '0',
    });
    try {
      // The test site's keys (same database), sent to the other process.
      const other = { ...svc.server, graphqlUrl: instance.graphqlUrl, wsUrl: instance.wsUrl };
      const { threadId, token } = await startThread(other);
      const seen = svc.reasoner.requests.length;
      const sent = await send(other, token, threadId, EMERGENCY);
      const turnId = sent.data!.sendMessage.turn.id;
      const client = wsClient(other, token);
      const live = await collect(client, turnId, 0, { until: (e) => e.__typename === 'AdviceChunk' });
      await client.dispose();
      expect(live.map((e) => e.__typename)).toEqual(['TurnStarted', 'AdviceChunk']);
      await svc.reasoner.waitForRequests(seen + 1); // the turn is now inside a model call

      await instance.kill();
      await svc.server.restart(); // a start-up on the same database closes what the dead instance left running

      const turn = (await gql(svc.server, TURN_VIEW, { id: turnId }, { token })).data!.turn;
      expect(turn).toMatchObject({ status: 'FAILED', advice: { level: 'EMERGENCY' }, error: { code: 'INTERRUPTED', retryable: true } });
      expect(turn.error.message).toMatch(/call 999/i);
      const messages = await threadMessages(svc.server, token, threadId);
      expect(messages.map((m) => m.role)).toEqual(['USER', 'ASSISTANT']);
      expect(messages[1]!.text).toMatch(/Call 999 now/);

      // Every subscriber gets exactly one end, with the advice: resuming from the last seq it
      // rendered (its live events died with the process), and from 0.
      const resumed = wsClient(svc.server, token);
      const fromLast = await collect(resumed, turnId, live.at(-1)!.seq);
      const fromStart = await collect(resumed, turnId, 0);
      await resumed.dispose();
      expect(fromLast).toEqual([expect.objectContaining({ __typename: 'TurnFailed', seq: live.at(-1)!.seq + 1, code: 'INTERRUPTED', retryable: true, advice: expect.objectContaining({ level: 'EMERGENCY' }) })]);
      expect(fromLast[0]!.message).toMatch(/call 999/i);
      expect(fromStart.filter((e) => e.__typename === 'TurnFailed')).toHaveLength(1);
      expect(fromStart.at(-1)).toMatchObject({ __typename: 'TurnFailed', code: 'INTERRUPTED' });
    } finally {
      await instance.close();
      svc.reset();
    }
  }, 120_000);
});

describe('advice with any runner: lifecycle failures', () => {
  const pauses = new Pauses();
  let mode: 'empty' | 'throw' | 'pause' = 'empty';
  const runner = scriptedRunner(async function* (input, signal): AsyncGenerator<RunnerEvent> {
    yield { type: 'StatusChunk', stage: 'routing', message: 'Reading your message' };
    if (mode === 'throw') throw new Error('a bug in a runner');
    if (mode === 'pause') await pauses.pause(input.turnId, signal);
  });
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ runner, shutdownGraceMs: 50 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('EMPTY_ANSWER: a runner that says nothing still leaves the advice', async () => {
    mode = 'empty';
    const { threadId, token } = await startThread(server);
    const { turnId, events } = await runTurn(server, token, threadId, EMERGENCY);
    await expectAdviceKept(server, token, threadId, turnId, events, 'EMPTY_ANSWER');
  });

  it('INTERNAL: a runner that throws still leaves the advice', async () => {
    mode = 'throw';
    const { threadId, token } = await startThread(server);
    const { turnId, events } = await runTurn(server, token, threadId, EMERGENCY);
    await expectAdviceKept(server, token, threadId, turnId, events, 'INTERNAL');
  });

  it('INTERRUPTED by shutdown, then SHUTTING_DOWN for the next message: both keep the advice', async () => {
    mode = 'pause';
    const { threadId, token } = await startThread(server);
    const reached = pauses.reached.next();
    const sent = await send(server, token, threadId, EMERGENCY);
    const turnId = sent.data!.sendMessage.turn.id;
    const client = wsClient(server, token);
    const events = collect(client, turnId, 0);
    await reached;
    // Drain with a 50 ms grace: the paused turn is interrupted and ends with its advice.
    const draining = server.service.services.turns.drain(50);
    const done = await events;
    await draining;
    await client.dispose();
    await expectAdviceKept(server, token, threadId, turnId, done, 'INTERRUPTED');

    // New turns are refused while shutting down; the refusal carries the message's advice.
    const refused = await send(server, token, threadId, 'my face has dropped on one side and my speech is slurred');
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'SERVICE_UNAVAILABLE', turnCode: 'SHUTTING_DOWN', advice: { level: 'EMERGENCY' } });
    expect(refused.errors?.[0]?.message).toMatch(/call 999/i);
    const messages = await threadMessages(server, token, threadId);
    expect(messages.at(-1)).toMatchObject({ role: 'ASSISTANT' });
    expect(messages.at(-1)?.text).toMatch(/stroke/);
  });
});

describe('advice with the offline engine', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { CHROMA_URL: inject('chromaUrl'), CHROMA_COLLECTION: 'e2e-advice-offline', KNOWLEDGE_DIR: knowledge.dir } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the advice comes first, once, and the answer carries 999 as well', async () => {
    const { threadId, token } = await startThread(server);
    const { events } = await runTurn(server, token, threadId, EMERGENCY);
    expect(events.map((e) => e.__typename).slice(0, 3)).toEqual(['TurnStarted', 'AdviceChunk', 'StatusChunk']);
    expect(events.filter((e) => e.__typename === 'AdviceChunk')).toHaveLength(1);
    expect(events.at(-1)?.__typename).toBe('TurnCompleted');
    const answer = events.filter((e) => e.__typename === 'AnswerChunk').map((e) => e.delta).join('');
    expect(answer).toMatch(/999/);
  });
});
