import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { log } from '../../server/log.js';
import { loadCases } from '../../server/eval/cases.js';
import { runRetrievalEval } from '../../server/eval/retrieval.js';
import { startRetrieval, type RetrievalService } from '../../server/retrieval/index.js';
import { SUMMARY_SECTION } from '../../server/retrieval/chunks.js';
import { allPages, testConfig, collectionName } from './helpers.js';

// The whole corpus with the default (offline) embedder, as the service runs it.
const collection = collectionName('retriever');
let service: RetrievalService;

beforeAll(async () => {
  service = await startRetrieval(testConfig(), log, { collection });
}, 120_000);

afterAll(async () => {
  await service?.close();
});

describe('startRetrieval', () => {
  it('ingests every page and reports a remote Chroma that is ready', async () => {
    expect(service.embedded).toBe(false);
    expect(service.pages.length).toBe((await allPages()).length);
    expect(service.ingest.added).toBe(service.pages.length);
    expect(service.embedder.id).toMatch(/^offline-lexical/);
    expect(await service.ready()).toBe(true);
  });

  it('finds nothing to do when started again on the same collection', async () => {
    const again = await startRetrieval(testConfig(), log, { collection });
    expect(again.ingest).toMatchObject({ added: 0, updated: 0, removed: 0, unchanged: service.pages.length, chunksUpserted: 0 });
    await again.close();
  });
});

describe('search', () => {
  it('returns k parent documents with their best sections, best first', async () => {
    const result = await service.retriever.search('crushing chest pain going down my left arm, sweaty and sick');
    expect(result.conditions).toHaveLength(5);
    expect(new Set(result.conditions.map((c) => c.slug)).size).toBe(5);
    const scores = result.conditions.map((c) => c.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (const c of result.conditions) {
      expect(c.score).toBeGreaterThan(0);
      expect(c.score).toBeLessThanOrEqual(1);
      expect(c.url).toMatch(/^https:\/\/www\.nhs\.uk\//);
      expect(c.sections.length).toBeGreaterThanOrEqual(1);
      expect(c.sections.length).toBeLessThanOrEqual(3);
      expect(c.sections[0]!.score).toBeGreaterThanOrEqual(c.sections.at(-1)!.score);
      for (const s of c.sections) expect(s.content.length).toBeGreaterThan(20);
    }
    expect(result.conditions[0]?.slug).toBe('heart-attack');
    expect(result.tookMs).toBeGreaterThanOrEqual(0);
    expect((await service.retriever.search('sore throat', { k: 2 })).conditions).toHaveLength(2);
  });

  it('searches a batch in one request with the same results as one search each, in order', async () => {
    const queries = ['crushing chest pain going down my left arm', 'hi', 'itchy red rash on my elbows', 'sore throat and a temperature'];
    const many = await service.retriever.searchMany?.(queries, { k: 4 });
    expect(many?.map((r) => r.query)).toEqual(queries);
    for (const [i, q] of queries.entries()) expect(many?.[i]?.conditions, q).toEqual((await service.retriever.search(q, { k: 4 })).conditions);
    expect(many?.[1]?.conditions).toEqual([]);
    expect(many?.[0]?.conditions).toHaveLength(4);
  });

  it('uses the summary chunk of lay synonyms', async () => {
    const result = await service.retriever.search('throwing up and the runs since last night', { k: 5 });
    const sections = result.conditions.flatMap((c) => c.sections.map((s) => s.section));
    expect(sections).toContain(SUMMARY_SECTION);
  });

  it('returns no conditions for a query with no known word', async () => {
    const result = await service.retriever.search('hi there');
    expect(result.conditions).toEqual([]);
  });

  it('meets a quality floor on a handful of plainly worded cases', async () => {
    const cases: [string, string][] = [
      ['my face has dropped on one side and my speech is slurred', 'stroke'],
      ['burning when I pee and I need to go all the time', 'cystitis'],
      ['big toe joint suddenly red hot swollen and agony to touch', 'gout'],
      ['itchy scalp and tiny eggs stuck to my sons hair', 'head-lice-and-nits'],
      ['lips and tongue swelling after eating peanuts, throat tight', 'anaphylaxis'],
      ['cold sore tingling blister on my lip', 'cold-sores'],
      ['barking cough like a seal in my toddler at night', 'croup'],
      ['stiff neck high temperature and a rash that does not fade under a glass', 'meningitis'],
    ];
    let top1 = 0;
    for (const [query, slug] of cases) {
      const slugs = (await service.retriever.search(query, { k: 5 })).conditions.map((c) => c.slug);
      expect(slugs, query).toContain(slug);
      if (slugs[0] === slug) top1++;
    }
    expect(top1).toBeGreaterThanOrEqual(6);
  });

  it('meets the dev-set targets (p@1 >= 0.60, p@5 >= 0.85)', async () => {
    const report = await runRetrievalEval(testConfig(), log, {
      cases: await loadCases('test/eval/dev-cases.jsonl'),
      ks: [1, 5],
      collection,
    });
    expect(report.cases).toBeGreaterThanOrEqual(100);
    expect(report.precisionAt['p@1']).toBeGreaterThanOrEqual(0.6);
    expect(report.precisionAt['p@5']).toBeGreaterThanOrEqual(0.85);
  }, 120_000);
});
