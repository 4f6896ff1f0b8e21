import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../../server/config.js';
import { ANSWER_OPEN } from '../../../server/engines/model/reasoner.js';
import type { RunnerEvent } from '../../../server/contract/events.js';
import { createModelEngine } from '../../../server/engines/model/engine.js';
import type { Analysis, TriageEngine, TurnContext } from '../../../server/contract/engine.js';
import type { HistoryMessage, TurnInput } from '../../../server/contract/turn.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../support/fake-openai.js';
import { drain, fakeClients } from './helpers.js';
import { retrieval } from '../../pipeline/fixtures.js';

let fake: FakeOpenAI;
let config: Config;
let nodes: TriageEngine;

function setup(env: Record<string, string> = {}): void {
  const built = fakeClients(fake, env);
  config = built.config;
  nodes = createModelEngine({ router: built.clients.router, reasoner: built.clients.reasoner, historyExchanges: config.HISTORY_EXCHANGES });
}

beforeEach(async () => {
  fake = await startFakeOpenAI();
  setup();
});
afterEach(async () => {
  await fake.close();
});

function ctx(input: Partial<TurnInput> = {}, signal = new AbortController().signal): TurnContext {
  return { input: { turnId: 't1', threadId: 'th1', text: 'I have a sore throat and a fever', history: [], ...input }, signal };
}

const answerText = (events: RunnerEvent[]): string =>
  events.map((e) => (e.type === 'AnswerChunk' ? e.delta : '')).join('');
const records = (events: RunnerEvent[]) => events.flatMap((e) => (e.type === 'Record' ? [e.record] : []));

describe('route', () => {
  it('DIRECT: text without a tool call streams as AnswerChunks', async () => {
    fake.chat({ text: 'Hello! What health worry can I help you with today?' });
    const { items, result } = await drain(nodes.route(ctx({ text: 'hi' })));
    expect(result).toEqual({ route: 'DIRECT' });
    expect(items.filter((e) => e.type === 'AnswerChunk').length).toBeGreaterThan(1);
    expect(answerText(items)).toBe('Hello! What health worry can I help you with today?');
    const [record] = records(items);
    expect(record).toMatchObject({ route: 'DIRECT', usage: { route: { promptTokens: expect.any(Number), completionTokens: expect.any(Number) } } });
    expect(record?.timings?.route).toEqual(expect.any(Number));
  });

  it('offers both tools, with the router model and temperature', async () => {
    fake.chat({ text: 'Hi!' });
    await drain(nodes.route(ctx({ text: 'hi' })));
    const [req] = fake.chatRequests();
    expect(req?.tools?.map((t) => t.function.name)).toEqual(['search_conditions', 'ask_for_details']);
    expect(req).toMatchObject({ model: 'router-model', temperature: config.ROUTER_TEMPERATURE, stream: true, tool_choice: 'auto' });
  });

  it('CLARIFY: ask_for_details returns the question, streams nothing, makes no second call', async () => {
    fake.chat({ toolCalls: [{ name: 'ask_for_details', arguments: { question: 'How long have you felt unwell?' } }] });
    const { items, result } = await drain(nodes.route(ctx({ text: 'I feel unwell' })));
    expect(result).toEqual({ route: 'CLARIFY', question: 'How long have you felt unwell?' });
    expect(answerText(items)).toBe('');
    expect(fake.requests).toHaveLength(1);
    expect(records(items)[0]).toMatchObject({ route: 'CLARIFY' });
  });

  it('TRIAGE: search_conditions with arguments split over many chunks', async () => {
    fake.chat({ toolCalls: [{ name: 'search_conditions', arguments: { query: 'sore throat, fever, 2 days, adult' } }], argumentChunks: 7 });
    const { items, result } = await drain(nodes.route(ctx()));
    expect(result).toEqual({ route: 'TRIAGE', query: 'sore throat, fever, 2 days, adult' });
    expect(answerText(items)).toBe('');
    expect(records(items)[0]).toMatchObject({ route: 'TRIAGE', searchQuery: 'sore throat, fever, 2 days, adult' });
  });

  it('TRIAGE from a Hermes <tool_call> left in the text by a server without a tool parser', async () => {
    fake.chat({ text: '<tool_call>\n{"name": "search_conditions", "arguments": {"query": "fever and rash"}}\n</tool_call>' });
    const { items, result } = await drain(nodes.route(ctx()));
    expect(result).toEqual({ route: 'TRIAGE', query: 'fever and rash' });
    expect(answerText(items)).toBe('');
  });

  it('a search without a usable query searches on the message text', async () => {
    fake.chat({ toolCalls: [{ name: 'search_conditions', arguments: '{"query": ' }] });
    const { items, result } = await drain(nodes.route(ctx()));
    expect(result).toEqual({ route: 'TRIAGE', query: 'I have a sore throat and a fever' });
    expect(records(items)[0]?.trace).toMatchObject({ routerFallback: 'search_conditions without a query' });
  });

  it('an empty reply is MODEL_BAD_RESPONSE', async () => {
    fake.chat({ text: '' });
    await expect(drain(nodes.route(ctx()))).rejects.toMatchObject({ code: 'MODEL_BAD_RESPONSE', retryable: false });
  });

  it('sees only the last HISTORY_EXCHANGES exchanges, then the new message, and the demographics', async () => {
    setup({ HISTORY_EXCHANGES: '2' });
    const history: HistoryMessage[] = [
      { role: 'user', content: 'u1' },
      { role: 'assistant', content: 'a1' },
      { role: 'user', content: 'u2' },
      { role: 'assistant', content: 'a2' },
      { role: 'user', content: 'u3' },
      { role: 'assistant', content: 'a3' },
    ];
    fake.chat({ text: 'OK?' });
    await drain(nodes.route(ctx({ text: 'u4', history, demographics: { age: 34, sex: 'female', pregnant: true, notes: 'asthma' } })));
    const [req] = fake.chatRequests();
    const msgs = req?.messages ?? [];
    expect(msgs.map((m) => [m.role, m.content]).slice(1)).toEqual([
      ['user', 'u2'],
      ['assistant', 'a2'],
      ['user', 'u3'],
      ['assistant', 'a3'],
      ['user', 'u4'],
    ]);
    expect(msgs[0]?.role).toBe('system');
    expect(msgs[0]?.content).toContain('Age: 34');
    expect(msgs[0]?.content).toContain('Sex: female');
    expect(msgs[0]?.content).toContain('Pregnant: yes');
    expect(msgs[0]?.content).toContain('asthma');
    expect(msgs[0]?.content).not.toMatch(/\{[a-z_]+\}/); // every placeholder filled
  });

  it('HISTORY_EXCHANGES=0 sends no history', async () => {
    setup({ HISTORY_EXCHANGES: '0' });
    fake.chat({ text: 'OK?' });
    await drain(nodes.route(ctx({ text: 'now', history: [{ role: 'user', content: 'before' }, { role: 'assistant', content: 'reply' }] })));
    expect(fake.chatRequests()[0]?.messages.map((m) => m.content).slice(1)).toEqual(['now']);
  });

  it('never shows router reasoning (<think>) to the user', async () => {
    fake.chat({ text: '<think>they said hi</think>Hello! How can I help?' });
    const { items } = await drain(nodes.route(ctx({ text: 'hi' })));
    expect(answerText(items)).toBe('Hello! How can I help?');
  });
});

describe('reason', () => {
  it('streams thinking as ReasoningChunks and returns the parsed prediction with the full output', async () => {
    fake.completion({ text: 'High fever and aches.' }, { text: ' Sudden onset: flu.' }, { text: '(flu, Self-care)' });
    const { items, result } = await drain(
      nodes.reason(ctx({ demographics: { age: 70 }, history: [{ role: 'user', content: 'started on Monday' }, { role: 'assistant', content: 'Anything else?' }] }), 'sore throat and fever', retrieval),
    );
    const thinking = items.map((e) => (e.type === 'ReasoningChunk' ? e.delta : '')).join('');
    expect(thinking).toBe('High fever and aches.Wait Sudden onset: flu.');
    expect(items.some((e) => e.type === 'AnswerChunk')).toBe(false);
    expect(result.prediction).toEqual({ condition: 'flu', conditionTitle: 'Flu', severity: 'Self-care' });
    expect(result.reasonerOutput).toBe(thinking + ANSWER_OPEN + '(flu, Self-care)');
    expect(result.retrieval).toBe(retrieval);

    const prompt = fake.completionRequests()[0]?.prompt ?? '';
    expect(prompt.startsWith('<|im_start|>system\n')).toBe(true);
    expect(prompt.endsWith('<|im_end|>\n<|im_start|>think\n')).toBe(true);
    expect(prompt).toContain(retrieval.context);
    expect(prompt).toContain('flu, tonsillitis, inconclusive');
    expect(prompt).toContain('Age: 70');
    expect(prompt).toContain('started on Monday');
    expect(prompt).not.toContain('Anything else?'); // the reasoner gets the person's words, not ours
    expect(prompt).not.toMatch(/\{[a-z_]+\}/);

    const [record] = records(items);
    expect(record).toMatchObject({
      reasonerOutput: result.reasonerOutput,
      prediction: result.prediction,
      usage: { reason: { completionTokens: expect.any(Number) } },
      trace: { reasoner: { mode: 'budget-forcing', rounds: 2, parse: 'ok', answer: '(flu, Self-care)' } },
    });
    expect(record?.timings?.reason).toEqual(expect.any(Number));
  });

  it('records an unusable answer as inconclusive, keeping the raw answer', async () => {
    setup({ BUDGET_THINKING_TOKENS: '0' });
    fake.completion({ text: 'I cannot decide.' });
    const { items, result } = await drain(nodes.reason(ctx(), 'q', retrieval));
    expect(result.prediction.condition).toBe('inconclusive');
    expect(records(items)[0]?.trace).toMatchObject({ reasoner: { parse: 'unusable', answer: 'I cannot decide.' } });
  });

  it('works in chat mode', async () => {
    setup({ REASONER_MODE: 'chat' });
    fake.chat({ reasoning: 'Tonsils.', text: '(Tonsillitis, GP)' });
    const { items, result } = await drain(nodes.reason(ctx(), 'q', retrieval));
    expect(items.filter((e) => e.type === 'ReasoningChunk').map((e) => (e.type === 'ReasoningChunk' ? e.delta : '')).join('')).toBe('Tonsils.');
    expect(result.prediction).toEqual({ condition: 'tonsillitis', conditionTitle: 'Tonsillitis', severity: 'Urgent Primary Care' });
  });
});

describe('respond', () => {
  const analysis: Analysis = {
    prediction: { condition: 'flu', conditionTitle: 'Flu', severity: 'Self-care' },
    reasonerOutput: `Sudden fever and aches fit flu.${ANSWER_OPEN}(flu, Self-care)`,
    retrieval,
  };

  it('streams the answer, built from the history, the new message and the analysis', async () => {
    fake.chat({ text: 'It sounds like flu. Rest and drink plenty of fluids. Do you have any other symptoms?' });
    const history: HistoryMessage[] = [
      { role: 'user', content: 'hello' },
      { role: 'assistant', content: 'Hi, how can I help?' },
    ];
    const { items } = await drain(nodes.respond(ctx({ history }), analysis, null));
    expect(answerText(items)).toBe('It sounds like flu. Rest and drink plenty of fluids. Do you have any other symptoms?');
    expect(records(items)[0]).toMatchObject({ usage: { respond: { promptTokens: expect.any(Number) } }, timings: { respond: expect.any(Number) } });

    const [req] = fake.chatRequests();
    expect(req?.tools).toBeUndefined();
    const [system, ...rest] = req?.messages ?? [];
    expect(rest.map((m) => [m.role, m.content])).toEqual([
      ['user', 'hello'],
      ['assistant', 'Hi, how can I help?'],
      ['user', 'I have a sore throat and a fever'],
    ]);
    expect(system?.content).toContain('Most likely condition: Flu');
    expect(system?.content).toContain('How urgent: Self-care');
    expect(system?.content).toContain('Sudden fever and aches fit flu.');
    expect(system?.content).toContain('https://www.nhs.uk/conditions/flu/');
    expect(system?.content).not.toContain('<|im_start|>');
    expect(system?.content).not.toContain('EMERGENCY');
    expect(system?.content).not.toMatch(/\{[a-z_]+\}/);
  });

  it('tells the responder it is an emergency when a safety notice is given', async () => {
    fake.chat({ text: 'Call 999 now. Are you able to call?' });
    const notice = 'Chest pain spreading to the arm can be a heart attack.';
    await drain(nodes.respond(ctx(), { ...analysis, prediction: { ...analysis.prediction, severity: 'A&E' } }, notice));
    const system = fake.chatRequests()[0]?.messages[0]?.content ?? '';
    expect(system).toContain('THIS IS AN EMERGENCY');
    expect(system).toContain(notice);
    expect(system).toContain('How urgent: A&E');
  });

  it('an empty answer is MODEL_BAD_RESPONSE', async () => {
    fake.chat({ text: '   ' });
    await expect(drain(nodes.respond(ctx(), analysis, null))).rejects.toMatchObject({ code: 'MODEL_BAD_RESPONSE' });
  });

  it('cancellation mid-answer -> CANCELLED and the request is aborted', async () => {
    fake.chat({ text: 'one two three four five six', chunksPerSecond: 20 });
    const ac = new AbortController();
    await expect(
      (async () => {
        for await (const e of nodes.respond(ctx({}, ac.signal), analysis, null)) if (e.type === 'AnswerChunk') ac.abort();
      })(),
    ).rejects.toMatchObject({ code: 'CANCELLED', retryable: false });
    expect(await fake.requests[0]?.outcome).toBe('aborted');
  });
});
