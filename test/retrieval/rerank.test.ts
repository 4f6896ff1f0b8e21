import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { log } from '../../server/log.js';
import { startRetrieval, type RetrievalService } from '../../server/retrieval/index.js';
import { loadRerankPrompt, parseRerankAnswer, renderRerankPrompt, type Completer } from '../../server/retrieval/rerank.js';
import type { RetrievedCondition, Retriever } from '../../server/contract/retrieval.js';
import { collectionName, testConfig } from './helpers.js';

/** A completer that answers from a script and records the prompts it saw. */
class ScriptedCompleter implements Completer {
  readonly prompts: string[] = [];
  constructor(private readonly answer: (prompt: string) => string | Promise<string>) {}
  async complete(prompt: string, signal?: AbortSignal): Promise<string> {
    signal?.throwIfAborted();
    this.prompts.push(prompt);
    return this.answer(prompt);
  }
}

const candidates = (slugs: string[]): RetrievedCondition[] =>
  slugs.map((slug, i) => ({ slug, title: slug, url: `https://www.nhs.uk/conditions/${slug}/`, score: 0.9 - i / 10, sections: [{ section: 'Symptoms', content: `about ${slug}`, score: 0.5 }] }));

describe('parseRerankAnswer', () => {
  const slugs = ['flu', 'common-cold', 'covid-19', 'cough', 'whooping-cough'];
  it('reads a JSON array of ids, ignoring unknown ones and repeats', () => {
    expect(parseRerankAnswer('["covid-19", "flu", "measles", "flu"]', slugs)).toEqual(['covid-19', 'flu']);
    expect(parseRerankAnswer('Sure! Here is my ranking:\n```json\n["cough","flu"]\n```', slugs)).toEqual(['cough', 'flu']);
  });
  it('accepts numbers, titles and near spellings', () => {
    expect(parseRerankAnswer('[3, 1]', slugs)).toEqual(['covid-19', 'flu']);
    expect(parseRerankAnswer('["Common cold", "WHOOPING_COUGH"]', slugs)).toEqual(['common-cold', 'whooping-cough']);
  });
  it('falls back to ids mentioned in free text, in order, without partial matches', () => {
    expect(parseRerankAnswer('Most likely whooping-cough, then covid-19.', slugs)).toEqual(['whooping-cough', 'covid-19']);
    expect(parseRerankAnswer('I would pick 2 and then 5', slugs)).toEqual(['common-cold', 'whooping-cough']);
  });
  it('returns nothing for an answer that names no candidate', () => {
    expect(parseRerankAnswer('I cannot help with that.', slugs)).toEqual([]);
    expect(parseRerankAnswer('["measles"]', slugs)).toEqual([]);
  });
});

describe('rerank prompt', () => {
  it('fills every placeholder once, leaving braces in the query alone', async () => {
    const template = await loadRerankPrompt();
    const prompt = renderRerankPrompt(template, 'my {k} hurts', candidates(['flu', 'cough']), 2);
    expect(prompt).toContain('my {k} hurts');
    expect(prompt).toContain('- flu: flu: about flu');
    expect(prompt).toMatch(/Pick the 2 pages/);
    expect(prompt).not.toMatch(/\{(query|candidates)\}/);
  });
});

describe('LLM rerank in the retriever (RERANK=llm)', () => {
  const collection = collectionName('rerank');
  let vector: RetrievalService;

  beforeAll(async () => {
    vector = await startRetrieval(testConfig(), log, { collection });
  }, 120_000);
  afterAll(async () => {
    await vector?.close();
  });

  async function withCompleter(completer: Completer): Promise<{ retriever: Retriever }> {
    const service = await startRetrieval(testConfig({ RERANK: 'llm', RERANK_CANDIDATES: '10' }), log, { collection });
    return { retriever: service.withReranker(completer) };
  }

  const query = 'sneezing, runny nose and a sore throat for two days';

  it('puts the model\'s picks first, fills up from vector order, and sends the candidates', async () => {
    const plain = (await vector.retriever.search(query, { k: 10 })).conditions.map((c) => c.slug);
    const pick = plain[6]!;
    const completer = new ScriptedCompleter(() => `["${pick}"]`);
    const service = await withCompleter(completer);
    const result = await service.retriever.search(query, { k: 3 });
    expect(result.conditions.map((c) => c.slug)).toEqual([pick, ...plain.filter((s) => s !== pick).slice(0, 2)]);
    expect(completer.prompts).toHaveLength(1);
    for (const slug of plain) expect(completer.prompts[0]).toContain(`- ${slug}: `);
  });

  it('keeps vector order on an unusable answer or a failed call', async () => {
    const plain = (await vector.retriever.search(query, { k: 3 })).conditions.map((c) => c.slug);
    for (const completer of [
      new ScriptedCompleter(() => 'As an AI I cannot rank medical pages.'),
      new ScriptedCompleter(() => Promise.reject(new Error('router down'))),
    ]) {
      const service = await withCompleter(completer);
      expect((await service.retriever.search(query, { k: 3 })).conditions.map((c) => c.slug)).toEqual(plain);
    }
  });

  it('lets a cancellation through', async () => {
    const service = await withCompleter(new ScriptedCompleter(() => '["flu"]'));
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(service.retriever.search(query, { signal: controller.signal })).rejects.toThrow();
  });
});
