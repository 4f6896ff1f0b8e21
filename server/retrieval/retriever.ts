import type { Logger } from '../log.js';
import type { RetrievalEmbedder } from './embedders/types.js';
import type { Reranker } from './rerank.js';
import type { ChunkHit, KnowledgeStore } from './store.js';
import type { RetrievalResult, RetrievedCondition, Retriever, SearchOptions } from '../contract/retrieval.js';

/**
 * Chunk search, grouped back into parent documents. Chroma returns the best chunks; chunks are
 * grouped by slug and a condition scores its best chunk plus a small bonus for further matching
 * chunks (a page that matches in its symptoms *and* its summary is a better bet than one lucky
 * paragraph; measured in the evaluation, see `groupBonus`).
 */

export interface RetrieverOptions {
  /** Conditions returned by default (RETRIEVAL_K). */
  k: number;
  /** Chunks fetched per condition wanted; pages have ~7 chunks, so a few per page is plenty. */
  chunksPerCondition?: number;
  /** Weight of the 2nd and 3rd best chunk of a condition added to its best. */
  groupBonus?: number;
  /** Sections kept per condition in the result and context. */
  maxSections?: number;
  reranker?: Reranker;
  /** Conditions handed to the reranker (RERANK_CANDIDATES). */
  rerankCandidates?: number;
  log?: Logger;
}

export const DEFAULT_GROUP_BONUS = 0.1;
/**
 * Chunks fetched at least, whatever k: a condition's score depends on its 2nd and 3rd chunks, so
 * fetching few would make the order depend on k (top 3 of k=3 differing from the first 3 of k=10).
 */
const MIN_CHUNKS = 60;

export class ChromaRetriever implements Retriever {
  constructor(
    private readonly store: KnowledgeStore,
    private readonly embedder: RetrievalEmbedder,
    private readonly options: RetrieverOptions,
  ) {}

  async search(query: string, options: SearchOptions = {}): Promise<RetrievalResult> {
    const started = performance.now();
    const k = Math.max(1, options.k ?? this.options.k);
    const reranker = this.options.reranker;
    const wanted = reranker ? Math.max(k, this.options.rerankCandidates ?? 30) : k;

    const [vector] = await this.embedder.embedQueries([query], options.signal);
    options.signal?.throwIfAborted();
    let conditions: RetrievedCondition[] = [];
    if (vector && hasWords(vector)) {
      const hits = await this.store.query(vector, this.chunksFor(wanted));
      conditions = groupHits(hits, this.options.groupBonus ?? DEFAULT_GROUP_BONUS, this.options.maxSections ?? 3).slice(0, wanted);
    }
    if (reranker && conditions.length > 1) conditions = await reranker.rerank(query, conditions, k, options.signal);
    conditions = conditions.slice(0, k);
    const tookMs = Math.round(performance.now() - started);
    this.options.log?.debug({ query: query.slice(0, 120), k, top: conditions.map((c) => c.slug), tookMs }, 'retrieval');
    return { query, conditions, tookMs };
  }

  /** Chunks to fetch for `wanted` conditions. */
  private chunksFor(wanted: number): number {
    return Math.max(MIN_CHUNKS, wanted * (this.options.chunksPerCondition ?? 4));
  }

  /**
   * `search` for each query with one Chroma request for them all (about a third of the cost per
   * query of one request each). With a reranker each query is searched on its own: reranking is a
   * model call per query anyway.
   */
  async searchMany(queries: readonly string[], options: SearchOptions = {}): Promise<RetrievalResult[]> {
    if (this.options.reranker) {
      const out: RetrievalResult[] = [];
      for (const q of queries) out.push(await this.search(q, options));
      return out;
    }
    const started = performance.now();
    const k = Math.max(1, options.k ?? this.options.k);
    const vectors = await this.embedder.embedQueries([...queries], options.signal);
    options.signal?.throwIfAborted();
    const searched = queries.flatMap((_, i) => (vectors[i] && hasWords(vectors[i]) ? [i] : []));
    const hits = await this.store.queryMany(
      searched.map((i) => vectors[i] as number[]),
      this.chunksFor(k),
    );
    const tookMs = Math.round((performance.now() - started) / Math.max(1, queries.length));
    return queries.map((query, i) => {
      const at = searched.indexOf(i);
      const conditions = at < 0 ? [] : groupHits(hits[at] ?? [], this.options.groupBonus ?? DEFAULT_GROUP_BONUS, this.options.maxSections ?? 3).slice(0, k);
      return { query, conditions, tookMs };
    });
  }
}

/** A query with no known word (lexical embedder: "hi") has a zero vector and matches nothing. */
const hasWords = (vector: readonly number[]): boolean => vector.some((x) => x !== 0);

/** Groups chunk hits (best first) into conditions, best first. */
export function groupHits(hits: ChunkHit[], bonus: number, maxSections: number): RetrievedCondition[] {
  const bySlug = new Map<string, ChunkHit[]>();
  for (const h of hits) {
    const list = bySlug.get(h.slug);
    if (list) list.push(h);
    else bySlug.set(h.slug, [h]);
  }
  const conditions: RetrievedCondition[] = [];
  for (const [slug, list] of bySlug) {
    list.sort((a, b) => b.score - a.score);
    const [best, ...rest] = list;
    if (!best) continue;
    const extra = rest.slice(0, 2).reduce((sum, h) => sum + h.score, 0);
    conditions.push({
      slug,
      title: best.title,
      url: best.url,
      score: Math.min(1, best.score + bonus * extra),
      sections: list.slice(0, maxSections).map((h) => ({ section: h.section, content: h.text, score: h.score })),
    });
  }
  return conditions.sort((a, b) => b.score - a.score);
}
