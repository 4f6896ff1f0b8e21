import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collect, gql, send, startThread, TURN_EVENTS, wsClient, type EventOut } from '../support/graphql.js';
import { knowledgeSubset, startModelService, threadMessages, type ModelService } from './helpers.js';

/**
 * The model servers' stream limits through the public API: one stream each (ROUTER_MAX_STREAMS,
 * REASONER_MAX_STREAMS = 1). A second turn waits in the queue and is told its place; it runs when
 * the stream frees, or fails with MODEL_BUSY after MODEL_QUEUE_TIMEOUT_MS keeping its advice.
 */

const QUEUE_TIMEOUT_MS = 3000;
const EMERGENCY = "crushing chest pain spreading to my left arm and I'm sweating";
const EVENTS = TURN_EVENTS.replace('... on StatusChunk { stage message }', '... on StatusChunk { stage message queuePosition }');
const queued = (e: EventOut) => e.__typename === 'StatusChunk' && typeof e.queuePosition === 'number';

let svc: ModelService;
let knowledge: Awaited<ReturnType<typeof knowledgeSubset>>;

beforeAll(async () => {
  knowledge = await knowledgeSubset(['heart-attack', 'angina', 'chest-pain', 'flu', 'common-cold']);
  svc = await startModelService('e2e-model-capacity', {
    KNOWLEDGE_DIR: knowledge.dir,
    ROUTER_MAX_STREAMS: '1',
    REASONER_MAX_STREAMS: '1',
    MODEL_QUEUE_TIMEOUT_MS: String(QUEUE_TIMEOUT_MS),
    MODEL_FIRST_TOKEN_TIMEOUT_MS: '120000',
    BUDGET_STOP_SKIPS: '0',
  });
});
afterAll(async () => {
  await svc?.close();
  await knowledge?.remove();
});
afterEach(() => svc.reset());

async function startTurn(text: string) {
  const { threadId, token } = await startThread(svc.server);
  const sent = await send(svc.server, token, threadId, text);
  return { threadId, token, turnId: sent.data!.sendMessage.turn.id as string };
}

const cancel = (token: string, turnId: string) => gql(svc.server, `mutation($id: ID!) { cancelTurn(id: $id) { status } }`, { id: turnId }, { token });

describe('model stream limits and the fair queue', () => {
  it('a turn waits for the busy router, sees its place, and runs when the stream frees', async () => {
    svc.routerScripts.chat({ stall: true }, { text: 'Hello! How can I help with your health today?' });
    const routerRequests = svc.router.requests.length;
    const first = await startTurn('hello');
    await svc.router.waitForRequests(routerRequests + 1); // the first turn holds the only router stream

    const second = await startTurn('hi there');
    const client = wsClient(svc.server, second.token);
    const waiting = await collect(client, second.turnId, 0, { query: EVENTS, until: queued });
    expect(waiting.at(-1)).toMatchObject({ __typename: 'StatusChunk', stage: 'ROUTING', queuePosition: 1 });
    expect(String(waiting.at(-1)!.message)).toMatch(/number 1 in the queue/);
    expect(svc.router.requests.length).toBe(routerRequests + 1); // nothing sent past the limit

    await cancel(first.token, first.turnId); // frees the stream
    const rest = await collect(client, second.turnId, waiting.at(-1)!.seq, { query: EVENTS });
    await client.dispose();
    expect(rest.at(-1)).toMatchObject({ __typename: 'TurnCompleted' });
    const all = [...waiting, ...rest];
    expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
  });

  it('a turn that waits past MODEL_QUEUE_TIMEOUT_MS fails with MODEL_BUSY through the normal path, keeping its emergency advice', async () => {
    svc.reasonerScripts.completion({ stall: true });
    const reasonerRequests = svc.reasoner.requests.length;
    const first = await startTurn(EMERGENCY);
    await svc.reasoner.waitForRequests(reasonerRequests + 1); // the first turn holds the only reasoner stream

    const second = await startTurn(EMERGENCY);
    const client = wsClient(svc.server, second.token);
    const events = await collect(client, second.turnId, 0, { query: EVENTS });
    await client.dispose();
    expect(events.map((e) => e.__typename).slice(0, 2)).toEqual(['TurnStarted', 'AdviceChunk']);
    expect(events.find(queued)).toMatchObject({ stage: 'REASONING', queuePosition: 1 });
    expect(events.at(-1)).toMatchObject({ __typename: 'TurnFailed', code: 'MODEL_BUSY', retryable: true, advice: { level: 'EMERGENCY' } });
    expect(String(events.at(-1)!.message)).toMatch(/call 999/i);
    const messages = await threadMessages(svc.server, second.token, second.threadId);
    expect(messages.map((m) => m.role)).toEqual(['USER', 'ASSISTANT']);

    const metrics = await (await fetch(`${svc.server.url}/metrics`)).text();
    expect(metrics).toMatch(/triage_model_queue_timeouts_total\{server="reasoner"\} 1/);
    expect(metrics).toMatch(/triage_model_queue_depth\{server="reasoner"\} 0/);
    expect(metrics).toMatch(/triage_model_streams_in_use\{server="reasoner"\} 1/);
    expect(metrics).toMatch(/triage_model_stream_limit\{server="router"\} 1/);
    expect(metrics).toMatch(/triage_model_queue_wait_seconds_count\{server="reasoner"\} [1-9]/);
    await cancel(first.token, first.turnId);
  });
});
