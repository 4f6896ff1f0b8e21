import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../../server/config.js';
import { ANSWER_OPEN } from '../../../server/engines/model/reasoner.js';
import type { RunnerEvent } from '../../../server/contract/events.js';
import { createModelEngine, modelEngineSettings } from '../../../server/engines/model/engine.js';
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
  nodes = createModelEngine({ router: built.clients.router, reasoner: built.clients.reasoner, ...modelEngineSettings(config) });
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
    // Paced, as a model streams: the chat stream hands up what each network read brought.
    fake.chat({ text: 'Hello! What health worry can I help you with today?', chunksPerSecond: 100 });
    const { items, result } = await drain(nodes.route(ctx({ text: 'hi' })));
    expect(result).toEqual({ route: 'DIRECT' });
    expect(items.filter((e) => e.type === 'AnswerChunk').length).toBeGreaterThan(1);
    expect(answerText(items)).toBe('Hello! What health worry can I help you with today?');
    const [record] = records(items);
    expect(record).toMatchObject({ route: 'DIRECT', usage: { route: { promptTokens: expect.any(Number), completionTokens: expect.any(Number) } } });
    expect(record?.timings?.route).toEqual(expect.any(Number));
  });

  it('offers the reference tools and sampling: retrieve_as_tool(query), ask_for_clarification; seed 42, 4096 tokens, server-default temperature', async () => {
    fake.chat({ text: 'Hi!' });
    await drain(nodes.route(ctx({ text: 'hi' })));
    const [req] = fake.chatRequests();
    expect(req?.tools?.map((t) => [t.function.name, t.function.parameters])).toEqual([
      ['retrieve_as_tool', { type: 'object', properties: { query: { type: 'string', description: expect.any(String) } }, required: ['query'], additionalProperties: false }],
      [
        'ask_for_clarification',
        {
          type: 'object',
          properties: { question: { type: 'string', description: expect.any(String) }, what_to_clarify: { type: 'string', description: expect.any(String) } },
          required: ['question', 'what_to_clarify'],
          additionalProperties: false,
        },
      ],
    ]);
    expect(req).toMatchObject({ model: 'router-model', seed: 42, max_completion_tokens: 4096, stream: true, tool_choice: 'auto' });
    expect(req).not.toHaveProperty('temperature');
    expect(req).not.toHaveProperty('top_p');
  });

  it('sends ROUTER_TEMPERATURE, ROUTER_TOP_P, ROUTER_SEED and ROUTER_MAX_TOKENS when set', async () => {
    setup({ ROUTER_TEMPERATURE: '0', ROUTER_TOP_P: '0.8', ROUTER_SEED: 'none', ROUTER_MAX_TOKENS: '512' });
    fake.chat({ text: 'Hi!' });
    await drain(nodes.route(ctx({ text: 'hi' })));
    const [req] = fake.chatRequests();
    expect(req).toMatchObject({ temperature: 0, top_p: 0.8, max_completion_tokens: 512 });
    expect(req).not.toHaveProperty('seed');
  });

  it('CLARIFY: ask_for_clarification returns the question, streams nothing, makes no second call', async () => {
    fake.chat({ toolCalls: [{ name: 'ask_for_clarification', arguments: { question: 'How long have you felt unwell?', what_to_clarify: 'how long' } }] });
    const { items, result } = await drain(nodes.route(ctx({ text: 'I feel unwell' })));
    expect(result).toEqual({ route: 'CLARIFY', question: 'How long have you felt unwell?' });
    expect(answerText(items)).toBe('');
    expect(fake.requests).toHaveLength(1);
    expect(records(items)[0]).toMatchObject({ route: 'CLARIFY', trace: { whatToClarify: 'how long' } });
  });

  it('TRIAGE: retrieve_as_tool with arguments split over many chunks', async () => {
    fake.chat({ toolCalls: [{ name: 'retrieve_as_tool', arguments: { query: 'sore throat, fever, 2 days, adult' } }], argumentChunks: 7 });
    const { items, result } = await drain(nodes.route(ctx()));
    expect(result).toEqual({ route: 'TRIAGE', query: 'sore throat, fever, 2 days, adult' });
    expect(answerText(items)).toBe('');
    expect(records(items)[0]).toMatchObject({ route: 'TRIAGE', searchQuery: 'sore throat, fever, 2 days, adult' });
  });

  it('TRIAGE from a Hermes <tool_call> left in the text by a server without a tool parser', async () => {
    fake.chat({ text: '<tool_call>\n{"name": "retrieve_as_tool", "arguments": {"query": "fever and rash"}}\n</tool_call>' });
    const { items, result } = await drain(nodes.route(ctx()));
    expect(result).toEqual({ route: 'TRIAGE', query: 'fever and rash' });
    expect(answerText(items)).toBe('');
  });

  it('an unusable tool call is answered with the problem and the router asked again (a bounded tool loop)', async () => {
    fake.chat(
      { toolCalls: [{ id: 'call_1', name: 'search_conditions', arguments: { query: 'sore throat' } }] },
      { toolCalls: [{ id: 'call_2', name: 'retrieve_as_tool', arguments: '{"query": ' }] },
      { toolCalls: [{ id: 'call_3', name: 'retrieve_as_tool', arguments: { query: 'sore throat and fever' } }] },
    );
    const { items, result } = await drain(nodes.route(ctx()));
    expect(result).toEqual({ route: 'TRIAGE', query: 'sore throat and fever' });
    const reqs = fake.chatRequests();
    expect(reqs).toHaveLength(3);
    const tail = (reqs[2]?.messages ?? []).slice(-4);
    expect(tail.map((m) => m.role)).toEqual(['assistant', 'tool', 'assistant', 'tool']);
    expect(tail[0]).toMatchObject({ tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'search_conditions', arguments: '{"query":"sore throat"}' } }] });
    expect(tail[1]).toMatchObject({ tool_call_id: 'call_1' });
    expect(tail[1]?.content).toContain('there is no tool called "search_conditions"');
    expect(tail[3]).toMatchObject({ tool_call_id: 'call_2' });
    expect(tail[3]?.content).toContain('the arguments of retrieve_as_tool are not a valid JSON object');
    const [record] = records(items);
    expect(record?.trace).toMatchObject({ routerRounds: 3, routerToolCalls: [{ name: 'search_conditions' }, { name: 'retrieve_as_tool' }, { name: 'retrieve_as_tool' }] });
    expect(record?.usage?.route?.promptTokens).toBeGreaterThan(0);
  });

  it('the tool loop stops after ROUTER_TOOL_ROUNDS calls and searches on the message text', async () => {
    setup({ ROUTER_TOOL_ROUNDS: '2' });
    fake.chat({ toolCalls: [{ name: 'retrieve_as_tool', arguments: { query: '' } }] }, { toolCalls: [{ name: 'ask_for_clarification', arguments: { question: ' ' } }] });
    const { items, result } = await drain(nodes.route(ctx()));
    expect(result).toEqual({ route: 'TRIAGE', query: 'I have a sore throat and a fever' });
    expect(fake.chatRequests()).toHaveLength(2);
    expect(records(items)[0]?.trace).toMatchObject({ routerFallback: 'ask_for_clarification needs a non-empty "question" (after 2 router calls)' });
  });

  it('no second try once text was shown: an unusable call after text searches on the message text', async () => {
    fake.chat({ text: 'Let me look that up.', toolCalls: [{ name: 'lookup', arguments: { q: 'x' } }] });
    const { items, result } = await drain(nodes.route(ctx()));
    expect(result).toEqual({ route: 'TRIAGE', query: 'I have a sore throat and a fever' });
    expect(fake.chatRequests()).toHaveLength(1);
    expect(records(items)[0]?.trace).toMatchObject({ routerFallback: 'there is no tool called "lookup"', routerPreamble: 'Let me look that up.' });
  });

  it('a usable search wins over a clarification in the same reply', async () => {
    fake.chat({ toolCalls: [{ name: 'ask_for_clarification', arguments: { question: 'How long?', what_to_clarify: 'how long' } }, { name: 'retrieve_as_tool', arguments: { query: 'chest pain' } }] });
    const { result } = await drain(nodes.route(ctx()));
    expect(result).toEqual({ route: 'TRIAGE', query: 'chest pain' });
  });

  it('an empty reply is MODEL_BAD_RESPONSE', async () => {
    fake.chat({ text: '' });
    await expect(drain(nodes.route(ctx()))).rejects.toMatchObject({ code: 'MODEL_BAD_RESPONSE', retryable: false });
  });

  it('sees the last ROUTER_HISTORY_EXCHANGES exchanges with the first message pinned, then the new message; demographics last in the system prompt', async () => {
    setup({ ROUTER_HISTORY_EXCHANGES: '2' });
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
      ['user', 'u1'],
      ['user', 'u2'],
      ['assistant', 'a2'],
      ['user', 'u3'],
      ['assistant', 'a3'],
      ['user', 'u4'],
    ]);
    expect(msgs[0]?.role).toBe('system');
    expect(msgs[0]?.content).toMatch(/\n\nThis is a summary of the patient's demographics:\n\{'age': 34, 'sex': 'female', 'pregnant': True, 'notes': "asthma"\}$/);
    expect(msgs[0]?.content).not.toMatch(/\{[a-z_]+\}/); // every placeholder filled
  });

  it('leaves the demographics out of the router prompt when there are none', async () => {
    fake.chat({ text: 'OK?' });
    await drain(nodes.route(ctx({ text: 'hi' })));
    const system = fake.chatRequests()[0]?.messages[0]?.content ?? '';
    expect(system).not.toContain('demographics');
    expect(system.endsWith('do not call a tool.')).toBe(true);
  });

  it('ROUTER_HISTORY_EXCHANGES=0 sends no history', async () => {
    setup({ ROUTER_HISTORY_EXCHANGES: '0' });
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
    setup({ BUDGET_STOP_SKIPS: '1' });
    fake.completion({ text: 'High fever and aches.' }, { text: ' Sudden onset: flu.' }, { text: '(flu, Self-care)' });
    const { items, result } = await drain(
      nodes.reason(ctx({ demographics: { age: 70 }, history: [{ role: 'user', content: 'started on Monday' }, { role: 'assistant', content: 'Anything else?' }] }), 'sore throat and fever', retrieval),
    );
    const thinking = items.map((e) => (e.type === 'ReasoningChunk' ? e.delta : '')).join('');
    expect(thinking).toBe('High fever and aches. Wait Sudden onset: flu.');
    expect(items.some((e) => e.type === 'AnswerChunk')).toBe(false);
    expect(result.prediction).toEqual({ condition: 'flu', conditionTitle: 'Flu', severity: 'Self-care' });
    expect(result.reasonerOutput).toBe(thinking + ANSWER_OPEN + '(flu, Self-care)');
    expect(result.retrieval).toBe(retrieval);

    // The reference profile: context and demographics at the end of the system prompt, the
    // conversation as chat turns (our replies included), then the new message and the open turn.
    const prompt = fake.completionRequests()[0]?.prompt ?? '';
    expect(prompt.startsWith('<|im_start|>system\nYou are a clinical reasoning model')).toBe(true);
    expect(prompt).toContain(
      'Retrieved context:\n\nSource: flu, similarity score: 0.180. Content:\nSymptoms: A sudden high temperature.\n\nSource: tonsillitis, similarity score: 0.260. Content:\nSymptoms: A sore throat.\nSources and similarity scores (lower is better): [(flu, 0.180), (tonsillitis, 0.260)]\n\nThis is a summary of their demographics:\n{\'age\': 70}<|im_end|>\n',
    );
    expect(prompt.endsWith(
      '<|im_start|>user\nstarted on Monday<|im_end|>\n<|im_start|>assistant\nAnything else?<|im_end|>\n<|im_start|>user\nI have a sore throat and a fever<|im_end|>\n<|im_start|>assistant\n<|im_start|>think\n',
    )).toBe(true);
    expect(prompt).not.toMatch(/\{[a-z_]+\}/);

    const [record] = records(items);
    expect(record).toMatchObject({
      reasonerOutput: result.reasonerOutput,
      prediction: result.prediction,
      usage: { reason: { completionTokens: expect.any(Number) } },
      trace: { reasoner: { mode: 'budget-forcing', prompt: 'reference', rounds: 2, parse: 'ok', answer: '(flu, Self-care)' } },
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

  it('works in chat mode, with the chat profile: one instruction message holding the conversation, the pages and the slugs', async () => {
    setup({ REASONER_MODE: 'chat' });
    fake.chat({ reasoning: 'Tonsils.', text: '(Tonsillitis, GP)' });
    const history: HistoryMessage[] = [
      { role: 'user', content: 'I feel rough' },
      { role: 'assistant', content: 'How long has it been going on?' },
      { role: 'user', content: 'Three days' },
    ];
    const { items, result } = await drain(nodes.reason(ctx({ history, demographics: { age: 9 } }), 'q', retrieval));
    expect(items.filter((e) => e.type === 'ReasoningChunk').map((e) => (e.type === 'ReasoningChunk' ? e.delta : '')).join('')).toBe('Tonsils.');
    expect(result.prediction).toEqual({ condition: 'tonsillitis', conditionTitle: 'Tonsillitis', severity: 'Urgent Primary Care' });
    const messages = fake.chatRequests()[0]?.messages ?? [];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    const user = messages[1]?.content ?? '';
    expect(user).toContain('Person: I feel rough\nUs: How long has it been going on?\nPerson: Three days');
    expect(user).toContain('Their latest message:\nI have a sore throat and a fever');
    expect(user).toContain('Age: 9');
    expect(user).toContain('Sources and similarity scores (lower is better): [(flu, 0.180), (tonsillitis, 0.260)]');
    expect(user).toContain('flu, tonsillitis, inconclusive');
    expect(user).not.toMatch(/\{[a-z_]+\}/);
    expect(records(items)[0]?.trace).toMatchObject({ reasoner: { mode: 'chat', prompt: 'chat' } });
  });

  it('REASONER_PROMPT=reference gives a chat reasoner the reference format', async () => {
    setup({ REASONER_MODE: 'chat', REASONER_PROMPT: 'reference' });
    fake.chat({ reasoning: 'Hmm.', text: '(flu, Self-care)' });
    await drain(nodes.reason(ctx(), 'q', retrieval));
    const messages = fake.chatRequests()[0]?.messages ?? [];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[0]?.content).toContain('Retrieved context:\n\nSource: flu');
    expect(messages[1]?.content).toBe('I have a sore throat and a fever');
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
