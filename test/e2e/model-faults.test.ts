import { afterAll, afterEach, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import { log } from '../../server/log.js';
import { startFakeOpenAI } from '../support/fake-openai.js';
import { collect, gql, startThread, wsClient } from '../support/graphql.js';
import { startTestServer } from '../support/server.js';
import {
  answerOf,
  completed,
  knowledgeSubset,
  mark,
  reasoningOf,
  runTurn,
  shape,
  startModelService,
  threadMessages,
  turnAsStaff,
  type ModelService,
} from './helpers.js';

/**
 * Model faults through the public API: each turn ends in exactly one terminal event with the right
 * code, a failure before the first token is retried (MODEL_RETRIES=1), a failure after tokens were
 * shown is not, and a cancel aborts the model request on the model server.
 */

const COLLECTION = 'e2e-model-faults';
const TIMEOUT_MS = 500;
const searchCall = { toolCalls: [{ name: 'retrieve_as_tool', arguments: { query: 'fever, aches, dry cough' } }] };

let svc: ModelService;
// Retrieval quality is model-pipeline.test.ts's business; a few pages keep the ingest quick here.
let knowledge: Awaited<ReturnType<typeof knowledgeSubset>>;

beforeAll(async () => {
  knowledge = await knowledgeSubset(['flu', 'common-cold', 'covid-19', 'cough', 'chest-infection', 'sore-throat']);
  svc = await startModelService(COLLECTION, {
    KNOWLEDGE_DIR: knowledge.dir,
    MODEL_RETRIES: '1',
    MODEL_FIRST_TOKEN_TIMEOUT_MS: String(TIMEOUT_MS),
    BUDGET_STOP_SKIPS: '0',
  });
});
afterAll(async () => {
  await svc?.close();
  await knowledge?.remove();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await svc.router.listen(); // in case a test stopped it and failed before restarting it
  const unused = svc.routerScripts.pending() + svc.reasonerScripts.pending();
  svc.reset();
  expect(unused).toBe(0);
});

type WarnArgs = [Record<string, unknown>, string];

describe('model faults through the API', () => {
  it('connection refused before the first token: retried MODEL_RETRIES times, then TurnFailed MODEL_UNAVAILABLE (retryable)', async () => {
    const warn = vi.spyOn(log, 'warn');
    await svc.router.stopListening();
    const { threadId, token } = await startThread(svc.server);

    const { turnId, events } = await runTurn(svc.server, token, threadId, 'hello');

    expect(events.at(-1)).toMatchObject({ __typename: 'TurnFailed', code: 'MODEL_UNAVAILABLE', retryable: true });
    expect(shape(events)).toEqual(['TurnStarted', 'StatusChunk:ROUTING', 'TurnFailed']);
    const calls = (warn.mock.calls as unknown as WarnArgs[]).filter(([fields]) => fields.call === 'router');
    expect(calls.map(([fields, message]) => [message, fields.attempt, fields.code])).toEqual([
      ['model call failed before its first token; retrying', 1, 'MODEL_UNAVAILABLE'],
      ['model call failed', 2, 'MODEL_UNAVAILABLE'],
    ]);
    expect(String(calls[1]![0].err)).toContain('ECONNREFUSED');
    expect(await turnAsStaff(svc.server, turnId)).toMatchObject({ status: 'FAILED', error: { code: 'MODEL_UNAVAILABLE', retryable: true } });
    expect(await threadMessages(svc.server, token, threadId)).toEqual([{ role: 'USER', text: 'hello' }]);
  });

  it('HTTP 500 once, then success: retried, and the turn completes with one clean answer', async () => {
    const reply = 'Hello! What health worry can I help you with today?';
    svc.router.failNext(1, { status: 500, path: '/v1/chat/completions' });
    svc.routerScripts.chat({ text: reply });
    const routerLog = mark(svc.router);
    const { threadId, token } = await startThread(svc.server);

    const { events } = await runTurn(svc.server, token, threadId, 'hello');

    expect(completed(events)).toMatchObject({ route: 'DIRECT', assistantMessage: { text: reply } });
    expect(answerOf(events)).toBe(reply);
    expect(routerLog.posts()).toHaveLength(2);
  });

  it('a stalled model (headers, then nothing): MODEL_TIMEOUT after the first-token timeout, every attempt aborted', async () => {
    svc.routerScripts.chat({ stall: true }, { stall: true });
    const routerLog = mark(svc.router);
    const { threadId, token } = await startThread(svc.server);

    const { turnId, events } = await runTurn(svc.server, token, threadId, 'hello');

    expect(events.at(-1)).toMatchObject({ __typename: 'TurnFailed', code: 'MODEL_TIMEOUT', retryable: true });
    const posts = routerLog.posts();
    expect(posts).toHaveLength(2); // the first attempt and one retry
    expect(await Promise.all(posts.map((r) => r.outcome))).toEqual(['aborted', 'aborted']);
    expect((await turnAsStaff(svc.server, turnId)).error?.detail).toContain(`no first token within ${TIMEOUT_MS} ms`);
  });

  it('the reasoner stream cut after tokens: MODEL_STREAM_INTERRUPTED (retryable) and not retried', async () => {
    svc.routerScripts.chat(searchCall);
    // Three events (three tokens), then the socket is destroyed.
    svc.reasonerScripts.completion({ text: 'Fever and aches with a cough suggest flu.', cutAfterChunks: 3 });
    const routerLog = mark(svc.router);
    const reasonerLog = mark(svc.reasoner);
    const { threadId, token } = await startThread(svc.server);

    const { turnId, events } = await runTurn(svc.server, token, threadId, 'I have a fever, aches and a dry cough');

    expect(events.at(-1)).toMatchObject({ __typename: 'TurnFailed', code: 'MODEL_STREAM_INTERRUPTED', retryable: true });
    expect(reasoningOf(events)).toBe('Fever and aches');
    expect(reasonerLog.posts()).toHaveLength(1); // not retried: the person has seen those tokens
    expect(routerLog.posts()).toHaveLength(1); // and no answer was written from half an analysis
    expect(await turnAsStaff(svc.server, turnId)).toMatchObject({ status: 'FAILED', reasoning: 'Fever and aches', prediction: null });
  });

  it('the router stream cut after answer tokens: MODEL_STREAM_INTERRUPTED, not retried, the partial answer is not stored as a message', async () => {
    svc.routerScripts.chat({ text: 'Hello there, how can I help you today?', cutAfterChunks: 3 }); // role chunk + two tokens
    const routerLog = mark(svc.router);
    const { threadId, token } = await startThread(svc.server);

    const { turnId, events } = await runTurn(svc.server, token, threadId, 'hello');

    expect(events.at(-1)).toMatchObject({ __typename: 'TurnFailed', code: 'MODEL_STREAM_INTERRUPTED', retryable: true });
    expect(answerOf(events)).toBe('Hello there');
    expect(routerLog.posts()).toHaveLength(1);
    expect(await threadMessages(svc.server, token, threadId)).toEqual([{ role: 'USER', text: 'hello' }]);
    expect((await turnAsStaff(svc.server, turnId)).answer).toBe('Hello there');
  });

  it('cancelTurn during reasoning aborts the reasoner request and ends the turn with TurnFailed CANCELLED', async () => {
    const words = Array.from({ length: 400 }, (_, i) => `thought${i}`).join(' ');
    svc.routerScripts.chat(searchCall);
    svc.reasonerScripts.completion({ text: words, chunksPerSecond: 25 });
    const routerLog = mark(svc.router);
    const reasonerLog = mark(svc.reasoner);
    const { threadId, token } = await startThread(svc.server);
    const sent = await gql(
      svc.server,
      `mutation($input: SendMessageInput!) { sendMessage(input: $input) { turn { id } } }`,
      { input: { threadId, text: 'I have a fever, aches and a dry cough' } },
      { token },
    );
    const turnId: string = sent.data!.sendMessage.turn.id;
    const client = wsClient(svc.server, token);
    try {
      const all = collect(client, turnId);
      await collect(client, turnId, 0, { until: (e) => e.__typename === 'ReasoningChunk' });

      const cancelled = await gql(svc.server, `mutation($id: ID!) { cancelTurn(id: $id) { status error { code } } }`, { id: turnId }, { token });
      expect(cancelled.data!.cancelTurn).toEqual({ status: 'CANCELLED', error: { code: 'CANCELLED' } });

      const [reasonerRequest, ...others] = reasonerLog.posts();
      expect(others).toEqual([]);
      expect(await reasonerRequest!.outcome).toBe('aborted');
      const events = await all;
      expect(events.at(-1)).toMatchObject({ __typename: 'TurnFailed', code: 'CANCELLED', retryable: false });
      // What was shown before the cancel is a strict prefix of what the model would have written.
      const shown = reasoningOf(events);
      expect(shown.startsWith('thought0')).toBe(true);
      expect(words.startsWith(shown)).toBe(true);
      expect(shown.length).toBeLessThan(words.length);
      expect(routerLog.posts()).toHaveLength(1); // no responder call after the cancel
    } finally {
      await client.dispose();
    }
  });
});

describe('model servers unreachable at start', () => {
  it('the service still starts: /healthz 200, /readyz 503 naming router and reasoner, turns fail MODEL_UNAVAILABLE; readiness recovers', async () => {
    const down = await startFakeOpenAI({ models: ['router-model', 'reasoner-model'] });
    await down.stopListening(); // the port is kept: nothing listens on it now
    const server = await startTestServer({
      env: {
        CHROMA_URL: inject('chromaUrl'),
        CHROMA_COLLECTION: COLLECTION,
        KNOWLEDGE_DIR: knowledge.dir,
        ROUTER_BASE_URL: down.baseURL,
        ROUTER_MODEL: 'router-model',
        REASONER_BASE_URL: down.baseURL,
        REASONER_MODEL: 'reasoner-model',
        MODEL_RETRIES: '0',
      },
    });
    try {
      const healthz = await fetch(`${server.url}/healthz`);
      expect(healthz.status).toBe(200);

      const readyz = await fetch(`${server.url}/readyz`);
      expect(readyz.status).toBe(503);
      const report = (await readyz.json()) as { ok: boolean; engine: string; checks: { name: string; ok: boolean; detail?: string }[] };
      expect(report.ok).toBe(false);
      expect(report.engine).toBe('MODEL');
      const byName = Object.fromEntries(report.checks.map((c) => [c.name, c]));
      expect(byName.router).toMatchObject({ ok: false, detail: expect.stringContaining('ECONNREFUSED') });
      expect(byName.reasoner).toMatchObject({ ok: false, detail: expect.stringContaining('ECONNREFUSED') });
      expect(byName.database).toMatchObject({ ok: true });
      expect(byName.chroma).toMatchObject({ ok: true });

      const { threadId, token } = await startThread(server);
      const { events } = await runTurn(server, token, threadId, 'hello');
      expect(events.at(-1)).toMatchObject({ __typename: 'TurnFailed', code: 'MODEL_UNAVAILABLE', retryable: true });

      await down.listen();
      const recovered = await fetch(`${server.url}/readyz`);
      expect(recovered.status).toBe(200);
    } finally {
      await server.close();
      await down.close();
    }
  });
});
