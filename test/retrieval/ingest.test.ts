import { describe, expect, it, beforeAll } from 'vitest';
import type { ConditionPage } from '../../server/knowledge/types.js';
import { chunkDocument, CorpusError, documentFromPage, parseJsonlCorpus } from '../../server/retrieval/chunks.js';
import { LexicalEmbedder, LEXICAL_VARIANTS } from '../../server/retrieval/embedders/offline.js';
import { ingestDocuments } from '../../server/retrieval/ingest.js';
import { ChromaRetriever } from '../../server/retrieval/retriever.js';
import { chromaClient, KnowledgeStore, SEARCH_WIDTH } from '../../server/retrieval/store.js';
import type { Embedder } from '../../server/retrieval/embedders/types.js';
import { allPages, chromaUrl, collectionName } from './helpers.js';

const embedder = new LexicalEmbedder(LEXICAL_VARIANTS.lexical);
let pages: ConditionPage[];

beforeAll(async () => {
  const all = await allPages();
  pages = ['flu', 'gout', 'migraine', 'sunburn', 'cystitis'].map((slug) => {
    const page = all.find((p) => p.slug === slug);
    if (!page) throw new Error(`missing page ${slug}`);
    return page;
  });
});

async function open(name: string, e: Embedder = embedder): Promise<KnowledgeStore> {
  return KnowledgeStore.open(chromaClient(chromaUrl()), name, e);
}

describe('ingest', () => {
  it('is idempotent: a second run writes nothing', async () => {
    const store = await open(collectionName('idem'));
    expect(store.created).toBe(true);
    const docs = pages.map(documentFromPage);
    const first = await ingestDocuments(store, embedder, docs);
    expect(first).toMatchObject({ documents: 5, added: 5, updated: 0, unchanged: 0, removed: 0 });
    const chunks = docs.flatMap(chunkDocument).length;
    expect(first.chunksUpserted).toBe(chunks);
    expect(await store.count()).toBe(chunks);

    const second = await ingestDocuments(store, embedder, docs);
    expect(second).toMatchObject({ added: 0, updated: 0, unchanged: 5, removed: 0, chunksUpserted: 0, chunksDeleted: 0 });
    expect(await store.count()).toBe(chunks);
  });

  it('replaces an edited page, removing chunks it no longer has', async () => {
    const store = await open(collectionName('edit'));
    await ingestDocuments(store, embedder, pages.map(documentFromPage));
    const gout = pages[1]!;
    // Fewer sections and new wording: the old last chunk must disappear, the rest be rewritten.
    const edited: ConditionPage = {
      ...gout,
      sections: [...gout.sections.slice(0, -1).map((s, i) => (i === 0 ? { ...s, content: 'Gout causes sudden zebra-striped toe pain.' } : s))],
      hash: 'edited',
    };
    const before = (await store.documents()).get('gout');
    const stats = await ingestDocuments(store, embedder, [pages[0]!, edited, ...pages.slice(2)].map(documentFromPage));
    expect(stats).toMatchObject({ added: 0, updated: 1, unchanged: 4, removed: 0, chunksDeleted: 1 });
    const after = (await store.documents()).get('gout');
    expect(after?.ids.length).toBe((before?.ids.length ?? 0) - 1);
    expect(after?.hash).toBe(documentFromPage(edited).hash);

    const retriever = new ChromaRetriever(store, embedder, { k: 1 });
    embedder.fitCorpus(await store.texts());
    const result = await retriever.search('zebra-striped toe pain');
    expect(result.conditions[0]?.slug).toBe('gout');
    expect(result.conditions[0]?.sections.some((s) => s.content.includes('zebra-striped'))).toBe(true);
  });

  it("searches another instance's chunks: a store that never wrote or read them fetches their text when first hit", async () => {
    const name = collectionName('other');
    const writer = await open(name);
    await ingestDocuments(writer, embedder, pages.map(documentFromPage));
    const reader = await open(name); // as another instance: it neither wrote the chunks nor read them
    const fresh = new LexicalEmbedder(LEXICAL_VARIANTS.lexical);
    fresh.fitCorpus(await writer.texts());
    const result = await new ChromaRetriever(reader, fresh, { k: 1 }).search('big toe joint suddenly red hot and very painful');
    expect(result.conditions[0]?.slug).toBe('gout');
    expect(result.conditions[0]?.title).toBe(pages[1]!.title);
    expect(result.conditions[0]?.sections[0]?.content.length).toBeGreaterThan(20);
  });

  it('deletes a page that is no longer in the corpus (and keeps it with prune off)', async () => {
    const store = await open(collectionName('remove'));
    await ingestDocuments(store, embedder, pages.map(documentFromPage));
    const without = pages.filter((p) => p.slug !== 'sunburn').map(documentFromPage);

    const kept = await ingestDocuments(store, embedder, without, { prune: false });
    expect(kept.removed).toBe(0);
    expect((await store.documents()).has('sunburn')).toBe(true);

    const stats = await ingestDocuments(store, embedder, without);
    expect(stats).toMatchObject({ removed: 1, unchanged: 4 });
    const docs = await store.documents();
    expect(docs.has('sunburn')).toBe(false);
    expect([...docs.keys()].sort()).toEqual(['cystitis', 'flu', 'gout', 'migraine']);
  });

  it('rebuilds the collection when the embedder changes', async () => {
    const name = collectionName('rebuild');
    const store = await open(name);
    await ingestDocuments(store, embedder, pages.map(documentFromPage));

    const same = await open(name);
    expect(same.created).toBe(false);
    expect(await same.count()).toBeGreaterThan(0);

    const other = new LexicalEmbedder(LEXICAL_VARIANTS['words-cosine']);
    const rebuilt = await open(name, other);
    expect(rebuilt.created).toBe(true);
    expect(await rebuilt.count()).toBe(0);
    const stats = await ingestDocuments(rebuilt, other, pages.map(documentFromPage));
    expect(stats.added).toBe(5);

    // Same id but other dimensions is a different embedder too.
    const resized: Embedder = { id: other.id, dimensions: 16, embed: async (t) => t.map(() => Array.from({ length: 16 }, (_, i) => (i === 0 ? 1 : 0))) };
    expect((await open(name, resized)).created).toBe(true);
  });

  it('searches every vector: a new collection, and an older narrower one once opened', async () => {
    const client = chromaClient(chromaUrl());
    const fresh = collectionName('width-new');
    await open(fresh);
    expect((await client.getCollection({ name: fresh })).configuration?.hnsw?.ef_search).toBe(SEARCH_WIDTH);
    // A collection made by an earlier version, with the approximate width it used then.
    const older = collectionName('width-old');
    await client.createCollection({ name: older, embeddingFunction: null, metadata: { embedder: embedder.id, dimensions: embedder.dimensions }, configuration: { hnsw: { space: 'ip', ef_search: 200 } } });
    const reopened = await open(older);
    expect(reopened.created).toBe(false);
    expect((await client.getCollection({ name: older })).configuration?.hnsw?.ef_search).toBe(SEARCH_WIDTH);
    expect(SEARCH_WIDTH).toBeGreaterThan((await allPages()).map(documentFromPage).flatMap(chunkDocument).length);
  });

  it('rejects a corpus with a repeated slug', async () => {
    const store = await open(collectionName('dup'));
    const doc = documentFromPage(pages[0]!);
    await expect(ingestDocuments(store, embedder, [doc, doc])).rejects.toThrow(/appears twice/);
  });
});

describe('JSONL corpus', () => {
  const jsonl = [
    { slug: 'widget-fever', title: 'Widget fever', url: 'https://example.org/widget-fever', content: 'Widget fever is made up.\n\n## Symptoms\nPurple knees and humming ears.\n\n## Treatment\n### At home\nRest and hum quietly.' },
    { slug: 'sprocket-syndrome', title: 'Sprocket syndrome', url: 'https://example.org/sprocket', content: '# Sprocket syndrome\nClicking elbows after cycling.' },
  ]
    .map((r) => JSON.stringify(r))
    .join('\n');

  it('splits content on Markdown headings and ingests it', async () => {
    const docs = parseJsonlCorpus(jsonl, 'corpus.jsonl');
    expect(docs.map((d) => d.slug)).toEqual(['widget-fever', 'sprocket-syndrome']);
    expect(docs[0]?.sections.map((s) => s.heading)).toEqual(['Overview', 'Symptoms', 'At home']);
    expect(docs[1]?.sections).toEqual([{ heading: 'Sprocket syndrome', content: 'Clicking elbows after cycling.' }]);

    const store = await open(collectionName('jsonl'));
    const stats = await ingestDocuments(store, embedder, docs);
    expect(stats).toMatchObject({ added: 2, chunksUpserted: 4 });
    expect((await ingestDocuments(store, embedder, parseJsonlCorpus(jsonl))).chunksUpserted).toBe(0);

    embedder.fitCorpus(await store.texts());
    const result = await new ChromaRetriever(store, embedder, { k: 2 }).search('my knees have gone purple and my ears hum');
    expect(result.conditions[0]).toMatchObject({ slug: 'widget-fever', title: 'Widget fever', url: 'https://example.org/widget-fever' });
    expect(result.conditions[0]?.sections[0]?.section).toBe('Symptoms');
  });

  it('names the line of a bad record', () => {
    expect(() => parseJsonlCorpus('{"slug":"a-b","title":"T","url":"https://x.org","content":"c"}\n{not json}')).toThrow(/:2: not valid JSON/);
    expect(() => parseJsonlCorpus('{"slug":"Bad Slug","title":"T","url":"https://x.org","content":"c"}')).toThrow(CorpusError);
    expect(() => parseJsonlCorpus('{"slug":"a","title":"T","url":"https://x.org","content":"c"}\n{"slug":"a","title":"T","url":"https://x.org","content":"d"}')).toThrow(/appears twice/);
  });
});
