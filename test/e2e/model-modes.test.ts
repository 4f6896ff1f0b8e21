import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_OPEN } from '../../server/engines/model/reasoner.js';
import type { ChatRequestBody, CompletionRequestBody } from '../support/fake-openai.js';
import { startThread } from '../support/graphql.js';
import {
  answerOf,
  completed,
  knowledgeSubset,
  mark,
  reasoningOf,
  runTurn,
  shape,
  staffEvents,
  startModelService,
  turnAsStaff,
  type ModelService,
} from './helpers.js';

/**
 * The reasoner's other configurations through the public API: a thinking budget of 0 (straight to
 * the answer phase) and chat mode (a hosted reasoning model over the chat API).
 */

const COLLECTION = 'e2e-model-modes';
const MESSAGE = 'I suddenly got a high temperature, my whole body aches and I have a dry cough';
const QUERY = 'sudden high temperature, aching body, dry cough';
const ANSWER = 'This sounds like flu. Rest, keep warm and drink plenty of fluids. How are you feeling now?';
const searchCall = { toolCalls: [{ name: 'retrieve_as_tool', arguments: { query: QUERY } }] };

// Retrieval quality is model-pipeline.test.ts's business; a few pages keep the ingest quick here.
let knowledge: Awaited<ReturnType<typeof knowledgeSubset>>;
let env: Record<string, string>;
beforeAll(async () => {
  knowledge = await knowledgeSubset(['flu', 'common-cold', 'covid-19', 'cough', 'chest-infection', 'sore-throat', 'pneumonia', 'sinusitis']);
  env = { KNOWLEDGE_DIR: knowledge.dir };
});
afterAll(async () => {
  await knowledge?.remove();
});

describe('thinking budget 0 (BUDGET_THINKING_TOKENS=0)', () => {
  let svc: ModelService;
  beforeAll(async () => {
    svc = await startModelService(COLLECTION, { ...env, BUDGET_THINKING_TOKENS: '0', BUDGET_STOP_SKIPS: '3', REASONER_ANSWER_TOKENS: '48' });
  });
  afterAll(async () => {
    await svc?.close();
  });
  afterEach(() => {
    const unused = svc.routerScripts.pending() + svc.reasonerScripts.pending();
    svc.reset();
    expect(unused).toBe(0);
  });

  it('goes straight to the answer phase: one completions request, no reasoning streamed', async () => {
    svc.routerScripts.chat(searchCall, { text: ANSWER });
    svc.reasonerScripts.completion({ text: '(flu, Self-care)<|im_end|>' });
    const reasonerLog = mark(svc.reasoner);
    const { threadId, token } = await startThread(svc.server);

    const { turnId, events } = await runTurn(svc.server, token, threadId, MESSAGE);

    expect(completed(events)).toMatchObject({ route: 'TRIAGE' });
    expect(shape(events)).toEqual([
      'TurnStarted',
      'StatusChunk:ROUTING',
      'StatusChunk:SEARCHING',
      'SourcesChunk',
      'StatusChunk:REASONING',
      'TriageChunk',
      'StatusChunk:ANSWERING',
      'AnswerChunk',
      'TurnCompleted',
    ]);
    expect(answerOf(events)).toBe(ANSWER);
    const reqs = reasonerLog.posts().map((r) => r.body as CompletionRequestBody);
    expect(reqs).toHaveLength(1);
    expect(reqs[0]!.prompt).toMatch(/<\|im_end\|>\n<\|im_start\|>assistant\n<\|im_start\|>think\n<\|im_start\|>answer\n$/);
    expect(reqs[0]).toMatchObject({ max_tokens: 48, stop: ['<|im_end|>'] });
    expect((await staffEvents(svc.server, turnId)).find((e) => e.__typename === 'TriageChunk')).toMatchObject({ condition: 'flu', severity: 'SELF_CARE' });
    expect(await turnAsStaff(svc.server, turnId)).toMatchObject({ reasoning: null, reasonerOutput: `${ANSWER_OPEN}(flu, Self-care)` });
  });
});

describe('chat mode (REASONER_MODE=chat)', () => {
  let svc: ModelService;
  beforeAll(async () => {
    svc = await startModelService(COLLECTION, { ...env, REASONER_MODE: 'chat', BUDGET_THINKING_TOKENS: '500', REASONER_ANSWER_TOKENS: '100' });
  });
  afterAll(async () => {
    await svc?.close();
  });
  afterEach(() => {
    const unused = svc.routerScripts.pending() + svc.reasonerScripts.pending();
    svc.reset();
    expect(unused).toBe(0);
  });

  it('streams reasoning_content deltas as ReasoningChunks; the content is the parsed answer, never shown', async () => {
    const thinking = 'A sudden fever with body aches and a dry cough points to flu rather than a cold.';
    svc.routerScripts.chat(searchCall, { text: ANSWER });
    svc.reasonerScripts.chat({ reasoning: thinking, text: '(flu, Self-care)' });
    const reasonerLog = mark(svc.reasoner);
    const { threadId, token } = await startThread(svc.server);

    const { turnId, events } = await runTurn(svc.server, token, threadId, MESSAGE);

    expect(completed(events)).toMatchObject({ route: 'TRIAGE' });
    expect(reasoningOf(events)).toBe(thinking);
    expect(answerOf(events)).toBe(ANSWER);
    expect(shape(events)).toEqual([
      'TurnStarted',
      'StatusChunk:ROUTING',
      'StatusChunk:SEARCHING',
      'SourcesChunk',
      'StatusChunk:REASONING',
      'ReasoningChunk',
      'TriageChunk',
      'StatusChunk:ANSWERING',
      'AnswerChunk',
      'TurnCompleted',
    ]);
    const posts = reasonerLog.posts();
    expect(posts.map((r) => r.path)).toEqual(['/v1/chat/completions']);
    const req = posts[0]!.body as ChatRequestBody;
    expect(req).toMatchObject({ model: 'reasoner-model', stream: true, max_completion_tokens: 600 });
    expect(req.tools).toBeUndefined();
    expect(req.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(req.messages[1]!.content).toContain(MESSAGE);
    expect((await staffEvents(svc.server, turnId)).find((e) => e.__typename === 'TriageChunk')).toMatchObject({ condition: 'flu', severity: 'SELF_CARE' });
    expect(await turnAsStaff(svc.server, turnId)).toMatchObject({ reasoning: thinking, reasonerOutput: `${thinking}${ANSWER_OPEN}(flu, Self-care)` });
  });

  it('treats <think> tags in the content as reasoning (servers without a reasoning parser)', async () => {
    svc.routerScripts.chat(searchCall, { text: ANSWER });
    svc.reasonerScripts.chat({ text: '<think>Fever, aches, dry cough.\nFlu.</think>\n\n(flu, Urgent Primary Care)' });
    const { threadId, token } = await startThread(svc.server);

    const { turnId, events } = await runTurn(svc.server, token, threadId, MESSAGE);

    completed(events);
    expect(reasoningOf(events)).toBe('Fever, aches, dry cough.\nFlu.');
    // An Urgent Primary Care prediction's next step (111 / GP) is added when the answer lacks it.
    expect(answerOf(events).startsWith(ANSWER)).toBe(true);
    expect(answerOf(events)).toMatch(/NHS 111|GP/);
    expect((await turnAsStaff(svc.server, turnId)).prediction).toEqual({ condition: 'flu', conditionTitle: 'Flu', severity: 'URGENT_PRIMARY_CARE' });
  });
});
