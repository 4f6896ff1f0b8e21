import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createModelEngine, modelEngineSettings } from '../../server/engines/model/engine.js';
import type { TriageEngine } from '../../server/contract/engine.js';
import { triageOnce } from '../../server/pipeline/non-conversational.js';
import type { RunnerEvent } from '../../server/contract/events.js';
import type { Retriever, SearchOptions } from '../../server/contract/retrieval.js';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.js';
import { fakeClients, fakeConfig } from '../engines/model/helpers.js';
import { retrieval } from './fixtures.js';

function recordingRetriever(): Retriever & { calls: { query: string; options?: SearchOptions }[] } {
  const calls: { query: string; options?: SearchOptions }[] = [];
  return {
    calls,
    search: async (query, options) => {
      calls.push({ query, ...(options ? { options } : {}) });
      return { ...retrieval, query };
    },
  };
}

let fake: FakeOpenAI;
beforeEach(async () => {
  fake = await startFakeOpenAI();
});
afterEach(async () => {
  await fake.close();
});

describe('triageOnce', () => {
  it('query -> retrieve -> reason -> parse on the model engine, without the router', async () => {
    const { config, clients } = fakeClients(fake, { BUDGET_STOP_SKIPS: '0', RETRIEVAL_K: '4' });
    const nodes = createModelEngine({ router: clients.router, reasoner: clients.reasoner, ...modelEngineSettings(config) });
    const retriever = recordingRetriever();
    fake.completion({ text: 'Tonsils are swollen.' }, { text: '(tonsillitis, Urgent Primary Care)' });
    const events: RunnerEvent[] = [];
    const result = await triageOnce(
      { text: 'swollen tonsils and fever', demographics: { age: 9 } },
      { engine: nodes, retriever, k: config.RETRIEVAL_K, onEvent: (e) => events.push(e) },
    );
    expect(retriever.calls).toEqual([{ query: 'swollen tonsils and fever', options: { k: 4, signal: expect.any(AbortSignal) } }]);
    expect(result.prediction).toEqual({ condition: 'tonsillitis', conditionTitle: 'Tonsillitis', severity: 'Urgent Primary Care' });
    expect(result.retrieval.query).toBe('swollen tonsils and fever');
    expect(result.reasonerOutput).toContain('Tonsils are swollen.');
    expect(result.timings).toMatchObject({ retrieve: expect.any(Number), reason: expect.any(Number) });
    expect(result.usage.reason?.completionTokens).toBeGreaterThan(0);
    expect(result.trace).toMatchObject({ reasoner: { parse: 'ok' } });
    expect(fake.chatRequests()).toHaveLength(0); // no router, no responder
    expect(fake.completionRequests()[0]?.prompt).toContain("This is a summary of their demographics:\n{'age': 9}");
    expect(events.some((e) => e.type === 'ReasoningChunk')).toBe(true);
  });

  it('works with any TriageEngine (e.g. an offline engine)', async () => {
    const stub: TriageEngine = {
      engine: 'OFFLINE',
      async *route() {
        throw new Error('not used');
      },
      async *reason(_ctx, _query, r) {
        yield { type: 'ReasoningChunk', delta: 'matched symptoms' };
        return { prediction: { condition: 'flu', conditionTitle: 'Flu', severity: 'Self-care' }, reasonerOutput: 'matched symptoms', retrieval: r };
      },
      async *respond() {
        throw new Error('not used');
      },
    };
    const result = await triageOnce({ text: 'fever' }, { engine: stub, retriever: recordingRetriever(), k: fakeConfig(fake).RETRIEVAL_K });
    expect(result.prediction.condition).toBe('flu');
    expect(result.usage).toEqual({});
    expect(result.timings.reason).toEqual(expect.any(Number));
  });

  it('propagates model failures as TurnErrors', async () => {
    const { config, clients } = fakeClients(fake, { MODEL_RETRIES: '0' });
    const nodes = createModelEngine({ router: clients.router, reasoner: clients.reasoner, ...modelEngineSettings(config) });
    fake.failNext(1, { status: 500 });
    await expect(triageOnce({ text: 'fever' }, { engine: nodes, retriever: recordingRetriever(), k: config.RETRIEVAL_K })).rejects.toMatchObject({ code: 'MODEL_UNAVAILABLE' });
  });
});
