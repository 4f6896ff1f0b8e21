import { afterAll, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import { knowledgeSubset, Scripts } from '../e2e/helpers.js';
import { createTestDatabase } from '../support/db.js';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.js';
import { collect, gql, SEND, START, wsClient, type EventOut } from '../support/graphql.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver.js';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';

/**
 * OpenTelemetry end to end: the service in its own process, started as `npm start` starts it with
 * OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP receiver in this test; a triage turn on the model
 * pipeline (fake OpenAI servers over HTTP, real Chroma, real Postgres); then the exported span tree.
 * A second service with TRACE_CONTENT=true shows the text is there only when asked for.
 */

const TEXT = 'My throat has been scratchy and sore for three days';
const QUERY = 'scratchy sore throat three days';
const ANSWER = 'This sounds like a sore throat that should get better by itself. Rest and drink fluids.';

interface Traced {
  service: ServiceProcess;
  otlp: OtlpReceiver;
  router: FakeOpenAI;
  reasoner: FakeOpenAI;
  turnId: string;
  events: EventOut[];
}

let knowledge: Awaited<ReturnType<typeof knowledgeSubset>>;
let plain: Traced;
let withContent: Traced;

async function tracedService(collection: string, env: Record<string, string> = {}): Promise<Traced> {
  const otlp = await startOtlpReceiver();
  const router = await startFakeOpenAI({ models: ['router-model'] });
  const reasoner = await startFakeOpenAI({ models: ['reasoner-model'] });
  new Scripts(router).chat({ toolCalls: [{ name: 'retrieve_as_tool', arguments: { query: QUERY } }] }, { text: ANSWER });
  // BUDGET_STOP_SKIPS=1: two thinking rounds, then the answer.
  new Scripts(reasoner).completion({ text: 'A scratchy throat for days fits a sore throat.<|im_end|>' }, { text: ' Nothing urgent.' }, { text: '(sore-throat, Self-care)<|im_end|>' });
  const service = await startServiceProcess({
    DATABASE_URL: await createTestDatabase(),
    CHROMA_URL: inject('chromaUrl'),
    CHROMA_COLLECTION: collection,
    KNOWLEDGE_DIR: knowledge.dir,
    ROUTER_BASE_URL: router.baseURL,
    ROUTER_MODEL: 'router-model',
    REASONER_BASE_URL: reasoner.baseURL,
    REASONER_MODEL: 'reasoner-model',
    BUDGET_THINKING_TOKENS: '40',
    BUDGET_STOP_SKIPS: '1',
    OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '50',
    ...env,
  });
  const origin = service.url;
  const started = await gql(service, START, {}, { token: service.keys.publishableKey, origin });
  const { thread, threadToken } = started.data!.startThread as { thread: { id: string }; threadToken: string };
  const sent = await gql(service, SEND, { input: { threadId: thread.id, text: TEXT, clientMessageId: 'c1' } }, { token: threadToken, origin });
  const turnId = (sent.data!.sendMessage as { turn: { id: string } }).turn.id;
  const client = wsClient(service, threadToken, origin);
  const events = await collect(client, turnId).finally(() => client.dispose());
  // The turn's span ends after its last write; export is batched, so wait for it to arrive.
  await vi.waitFor(() => expect(otlp.spans.some((s) => s.name === 'turn' && s.attributes['triage.turn.id'] === turnId)).toBe(true), {
    timeout: 15_000,
    interval: 50,
  });
  return { service, otlp, router, reasoner, turnId, events };
}

beforeAll(async () => {
  knowledge = await knowledgeSubset(['sore-throat', 'tonsillitis', 'common-cold', 'flu']);
  [plain, withContent] = await Promise.all([tracedService('otel-plain'), tracedService('otel-content', { TRACE_CONTENT: 'true' })]);
}, 180_000);

afterAll(async () => {
  for (const t of [plain, withContent]) {
    if (!t) continue;
    await t.service.close();
    await Promise.all([t.otlp.close(), t.router.close(), t.reasoner.close()]);
  }
  await knowledge?.remove();
});

const childrenOf = (spans: ReceivedSpan[], parent: ReceivedSpan) => spans.filter((s) => s.parentSpanId === parent.spanId && s.traceId === parent.traceId);
const one = (spans: ReceivedSpan[], name: string) => {
  const found = spans.filter((s) => s.name === name);
  expect(found.map((s) => s.name), name).toEqual([name]);
  return found[0]!;
};

describe('traces over OTLP', () => {
  it('the turn completed normally with tracing on', () => {
    expect(plain.events.at(-1)).toMatchObject({ __typename: 'TurnCompleted', turnId: plain.turnId });
  });

  it('one trace per turn, rooted in a `turn` span linked to the sendMessage operation that started it', () => {
    const spans = plain.otlp.spans;
    const turn = spans.find((s) => s.name === 'turn' && s.attributes['triage.turn.id'] === plain.turnId)!;
    expect(turn.parentSpanId).toBeUndefined();
    expect(turn.attributes).toMatchObject({ 'triage.engine': 'MODEL', 'triage.turn.outcome': 'completed', 'triage.route': 'TRIAGE', 'triage.prediction.severity': 'Self-care' });
    const operation = one(spans, 'mutation.Send');
    expect(operation.attributes['graphql.execute.operationName']).toBe('Send');
    expect(turn.links).toEqual([expect.objectContaining({ traceId: operation.traceId, spanId: operation.spanId })]);
    expect(turn.traceId).not.toBe(operation.traceId);
    // The operation sits under the incoming HTTP request (http instrumentation).
    const request = spans.find((s) => s.spanId === operation.parentSpanId)!;
    expect(request.scope).toBe('@opentelemetry/instrumentation-http');
    expect(request.attributes['url.path']).toBe('/graphql');
  });

  it('routing, retrieval, reasoning and responding are children of the turn, each with the model and HTTP calls it made', () => {
    const spans = plain.otlp.spans.filter((s) => s.traceId === plain.otlp.spans.find((t) => t.name === 'turn')!.traceId);
    const turn = one(spans, 'turn');
    const stages = childrenOf(spans, turn).filter((s) => s.name.startsWith('triage.'));
    expect(stages.map((s) => s.name)).toEqual(['triage.route', 'triage.retrieve', 'triage.reason', 'triage.respond']);
    const [route, retrieve, reason, respond] = stages as [ReceivedSpan, ReceivedSpan, ReceivedSpan, ReceivedSpan];

    expect(route.attributes['triage.route']).toBe('TRIAGE');
    const routerCall = one(childrenOf(spans, route), 'router');
    expect(routerCall.attributes['gen_ai.usage.output_tokens']).toBeGreaterThan(0);
    const routerHttp = childrenOf(spans, routerCall);
    expect(routerHttp.map((s) => [s.scope, s.attributes['url.full']])).toEqual([['@opentelemetry/instrumentation-undici', `${plain.router.baseURL}/chat/completions`]]);

    expect(retrieve.attributes['triage.retrieval.conditions']).toBeGreaterThan(0);
    expect(childrenOf(spans, retrieve).some((s) => String(s.attributes['url.full']).startsWith(inject('chromaUrl')))).toBe(true);

    // Each reasoner call: two thinking rounds (one `Wait`), then the answer, with their tokens.
    const calls = childrenOf(spans, reason);
    expect(calls.map((s) => s.name)).toEqual(['reasoner thinking round 1', 'reasoner thinking round 2', 'reasoner answer']);
    expect(calls.map((s) => s.attributes['triage.reasoner.round'])).toEqual([1, 2, undefined]);
    for (const call of calls) {
      expect(call.attributes['gen_ai.usage.input_tokens']).toBeGreaterThan(0);
      expect(call.attributes['gen_ai.usage.output_tokens']).toBeGreaterThan(0);
      expect(childrenOf(spans, call).map((s) => s.attributes['url.full'])).toEqual([`${plain.reasoner.baseURL}/completions`]);
    }
    expect(reason.attributes).toMatchObject({ 'triage.reasoner.rounds': 2, 'triage.prediction.severity': 'Self-care' });
    expect(reason.attributes['triage.reasoner.thinking_tokens']).toBeGreaterThan(0);

    expect(respond.attributes['triage.answer.chars']).toBe(ANSWER.length);
    expect(one(childrenOf(spans, respond), 'responder').attributes['gen_ai.usage.output_tokens']).toBeGreaterThan(0);
  });

  it('persistence shows as Prisma operations with their Postgres queries inside the turn', () => {
    const turn = plain.otlp.spans.find((s) => s.name === 'turn')!;
    const spans = plain.otlp.spans.filter((s) => s.traceId === turn.traceId);
    const operations = spans.filter((s) => s.name === 'prisma:client:operation');
    const models = operations.map((s) => `${s.attributes['model'] ?? s.attributes['db.collection.name'] ?? ''}.${s.attributes['method'] ?? s.attributes['db.operation.name'] ?? ''}`);
    // The turn's writes are single SQL statements (its end stores the answer message with it):
    // they show as Prisma raw queries, each with its Postgres query inside.
    expect(models.some((m) => /queryRaw/i.test(m)), models.join(', ')).toBe(true);
    const statements = spans.filter((s) => s.scope === '@opentelemetry/instrumentation-pg').map((s) => String(s.attributes['db.statement'] ?? s.attributes['db.query.text']));
    expect(statements.some((q) => /INSERT INTO messages/i.test(q)), statements.join('\n')).toBe(true);
    expect(statements.some((q) => /UPDATE/i.test(q))).toBe(true);
  });

  it('no message text, search query or answer in any exported span by default', () => {
    const exported = plain.otlp.raw.join('\n');
    expect(exported.length).toBeGreaterThan(1000);
    for (const secret of ['scratchy', 'three days', 'drink fluids', 'Nothing urgent']) expect(exported).not.toContain(secret);
    expect(plain.otlp.paths.every((p) => p === '/v1/traces')).toBe(true); // traces only: metrics and logs stay local
  });

  it('TRACE_CONTENT=true puts the message and the search query on the turn and route spans', () => {
    const spans = withContent.otlp.spans;
    expect(spans.find((s) => s.name === 'turn')?.attributes['triage.message.text']).toBe(TEXT);
    expect(spans.find((s) => s.name === 'triage.route')?.attributes['triage.search.query']).toBe(QUERY);
    expect(spans.find((s) => s.name === 'mutation.Send')?.attributes['graphql.execute.variables']).toContain('scratchy');
  });
});
