import path from 'node:path';
import type { Config } from '../config.js';
import { loadKnowledge } from '../knowledge/load.js';
import type { ConditionPage } from '../knowledge/types.js';
import type { Logger } from '../log.js';
import { chromaHeartbeat, launchChroma, runningChroma, type ChromaServer } from './chroma-launcher.js';
import { documentFromPage } from './chunks.js';
import { createEmbedder } from './embedders/index.js';
import type { RetrievalEmbedder } from './embedders/types.js';
import { ingestDocuments, type IngestStats } from './ingest.js';
import { LlmReranker, loadRerankPrompt, type Completer } from './rerank.js';
import { ChromaRetriever, type RetrieverOptions } from './retriever.js';
import { chromaClient, KnowledgeStore } from './store.js';
import type { Retriever } from '../contract/retrieval.js';

/**
 * Public surface of retrieval. `startRetrieval` launches or connects Chroma, picks the embedder from
 * the configuration, brings the knowledge collection up to date with the condition pages, and
 * returns the retriever.
 */

export type { Retriever, RetrievalResult, RetrievedCondition, RetrievedSection, SearchOptions } from '../contract/retrieval.js';
export type { Embedder } from './embedders/types.js';
export type { Completer, Reranker } from './rerank.js';
export type { IngestStats } from './ingest.js';
export type { RetrievalEmbedder } from './embedders/types.js';
export type { ChromaServer } from './chroma-launcher.js';
export { ChromaLaunchError, startThrowawayChroma, launchChroma, chromaHeartbeat } from './chroma-launcher.js';
export { createEmbedder, EmbedderConfigError, LexicalEmbedder, RemoteEmbedder, LEXICAL_VARIANTS } from './embedders/index.js';
export { ingestDocuments } from './ingest.js';
export { documentFromPage, parseJsonlCorpus, chunkDocument, type SourceDocument } from './chunks.js';
export { ChromaRetriever } from './retriever.js';
export { LlmReranker, parseRerankAnswer } from './rerank.js';
export { KnowledgeStore, chromaClient } from './store.js';

export interface RetrievalService {
  retriever: Retriever;
  pages: ConditionPage[];
  chromaUrl: string;
  /** True when this process started Chroma (no CHROMA_URL). */
  embedded: boolean;
  embedder: { id: string; dimensions: number };
  /** What the start-up ingest did (all zero but `unchanged` when the collection was current). */
  ingest: IngestStats;
  /**
   * The same search, re-ordered by a model (RERANK=llm): the vector search's RERANK_CANDIDATES
   * best, then the model picks the top k. Without a completer (no model engine) it warns and
   * returns the plain retriever.
   */
  withReranker(completer: Completer | undefined): Retriever;
  /** Chroma answers its heartbeat (for /readyz). */
  ready(): Promise<boolean>;
  /** Stops the embedded Chroma, if any. Idempotent. */
  close(): Promise<void>;
}

export interface StartRetrievalOptions {
  /** Overrides the configured embedder (evaluation, benches, tests). */
  embedder?: RetrievalEmbedder;
  /** Overrides CHROMA_COLLECTION. */
  collection?: string;
  /** Retriever tuning (evaluation): chunks per condition, group bonus, sections kept. */
  tuning?: Pick<RetrieverOptions, 'chunksPerCondition' | 'groupBonus' | 'maxSections'>;
  /** Connect to a Chroma another process already runs on DATA_DIR/chroma instead of failing (CLI tools). */
  reuseRunning?: boolean;
  signal?: AbortSignal;
}

type RetrievalConfig = Pick<
  Config,
  | 'CHROMA_URL'
  | 'CHROMA_COLLECTION'
  | 'KNOWLEDGE_DIR'
  | 'dataDir'
  | 'EMBEDDINGS_BASE_URL'
  | 'EMBEDDINGS_MODEL'
  | 'EMBEDDINGS_API_KEY'
  | 'MODEL_RETRIES'
  | 'RETRIEVAL_K'
  | 'RERANK'
  | 'RERANK_CANDIDATES'
>;

export async function startRetrieval(config: RetrievalConfig, log: Logger, options: StartRetrievalOptions = {}): Promise<RetrievalService> {
  const pages = await loadKnowledge(path.resolve(config.KNOWLEDGE_DIR));
  let server: ChromaServer | undefined;
  let chromaUrl = config.CHROMA_URL;
  if (!chromaUrl) {
    const dataPath = path.join(config.dataDir, 'chroma');
    const running = options.reuseRunning ? await runningChroma(dataPath) : undefined;
    if (running) {
      log.info({ url: running }, 'using the Chroma already running on the data folder');
      chromaUrl = running;
    } else {
      server = await launchChroma({ path: dataPath, runtimeDir: path.join(config.dataDir, 'runtime'), log });
      chromaUrl = server.url;
    }
  }
  const url = chromaUrl;
  try {
    const embedder = options.embedder ?? (await createEmbedder(config, undefined, options.signal));
    const collection = options.collection ?? config.CHROMA_COLLECTION;
    const store = await KnowledgeStore.open(chromaClient(url), collection, embedder, log);
    const ingest = await ingestDocuments(store, embedder, pages.map(documentFromPage), { log, signal: options.signal });
    if (embedder.fitCorpus) embedder.fitCorpus(await store.texts());

    const retrieverOptions: RetrieverOptions = { ...options.tuning, k: config.RETRIEVAL_K, rerankCandidates: config.RERANK_CANDIDATES, log };
    const retriever = new ChromaRetriever(store, embedder, retrieverOptions);
    // Read now: a missing prompt fails the start, not a turn.
    const rerankPrompt = await loadRerankPrompt();
    log.info({ chroma: server ? 'embedded' : 'remote', url, collection, embedder: embedder.id, pages: pages.length }, 'retrieval ready');
    return {
      retriever,
      withReranker: (completer) => {
        if (!completer) {
          log.warn('RERANK=llm but no router model is configured; retrieval uses vector order');
          return retriever;
        }
        log.info({ rerank: 'llm', candidates: config.RERANK_CANDIDATES }, 'retrieval re-ranked by the router model');
        return new ChromaRetriever(store, embedder, { ...retrieverOptions, reranker: new LlmReranker(completer, rerankPrompt, log) });
      },
      pages,
      chromaUrl: url,
      embedded: server !== undefined,
      embedder: { id: embedder.id, dimensions: embedder.dimensions },
      ingest,
      ready: () => chromaHeartbeat(url),
      close: async () => {
        await server?.stop();
      },
    };
  } catch (err) {
    await server?.stop();
    throw err;
  }
}
