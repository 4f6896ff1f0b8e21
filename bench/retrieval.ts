import path from 'node:path';
import { loadConfig } from '../server/config.js';
import { loadKnowledge } from '../server/knowledge/load.js';
import { isTriage, loadCases, percentile } from '../server/eval/cases.js';
import { startThrowawayChroma } from '../server/retrieval/chroma-launcher.js';
import { documentFromPage } from '../server/retrieval/chunks.js';
import { createEmbedder } from '../server/retrieval/embedders/index.js';
import { ingestDocuments } from '../server/retrieval/ingest.js';
import { ChromaRetriever } from '../server/retrieval/retriever.js';
import { chromaClient, KnowledgeStore } from '../server/retrieval/store.js';

/**
 * Retrieval bench: a fresh ingest of the condition pages into a throwaway Chroma (or CHROMA_URL),
 * a second (no-op) ingest, then every dev-set triage query `rounds` times; prints ingest times and
 * query latency p50/p95.
 */

export interface RetrievalBenchOptions {
  knowledgeDir?: string;
  casesFile?: string;
  embedder?: string;
  rounds?: number;
  k?: number;
}

export interface RetrievalBenchResult {
  embedder: string;
  documents: number;
  chunks: number;
  ingestMs: number;
  reingestMs: number;
  queries: number;
  queryMs: { p50: number; p95: number; mean: number };
}

export async function benchRetrieval(options: RetrievalBenchOptions = {}): Promise<RetrievalBenchResult> {
  const pages = await loadKnowledge(path.resolve(options.knowledgeDir ?? 'knowledge/conditions'));
  const queries = (await loadCases(options.casesFile ?? 'test/eval/dev-cases.jsonl')).filter(isTriage).map((c) => c.text);
  const configured = process.env.CHROMA_URL;
  const server = configured ? undefined : await startThrowawayChroma();
  try {
    const url = configured ?? server?.url ?? '';
    const embedder = await createEmbedder(loadConfig(), options.embedder);
    const collection = `bench-${Date.now()}`;
    const client = chromaClient(url);
    const store = await KnowledgeStore.open(client, collection, embedder);
    const docs = pages.map(documentFromPage);
    const first = await ingestDocuments(store, embedder, docs);
    const second = await ingestDocuments(store, embedder, docs);
    embedder.fitCorpus?.(await store.texts());
    const retriever = new ChromaRetriever(store, embedder, { k: options.k ?? 5 });
    await retriever.search('warm up');
    const times: number[] = [];
    for (let round = 0; round < (options.rounds ?? 3); round++) {
      for (const q of queries) {
        const started = performance.now();
        await retriever.search(q);
        times.push(performance.now() - started);
      }
    }
    await client.deleteCollection({ name: collection });
    const result: RetrievalBenchResult = {
      embedder: embedder.id,
      documents: docs.length,
      chunks: first.chunksUpserted,
      ingestMs: first.tookMs,
      reingestMs: second.tookMs,
      queries: times.length,
      queryMs: {
        p50: round1(percentile(times, 50)),
        p95: round1(percentile(times, 95)),
        mean: round1(times.reduce((a, b) => a + b, 0) / (times.length || 1)),
      },
    };
    console.log(
      `retrieval: ingest ${result.documents} pages / ${result.chunks} chunks in ${result.ingestMs} ms (no-op re-ingest ${result.reingestMs} ms); ` +
        `${result.queries} queries p50 ${result.queryMs.p50} ms p95 ${result.queryMs.p95} ms (embedder ${result.embedder})`,
    );
    return result;
  } finally {
    await server?.stop();
  }
}

const round1 = (x: number) => Math.round(x * 10) / 10;
