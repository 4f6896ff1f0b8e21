import { ChromaClient, ChromaNotFoundError, type Collection, type Metadata } from 'chromadb';
import type { Logger } from '../log.js';
import type { Chunk } from './chunks.js';

/**
 * The knowledge collection in Chroma: chunks with their vectors and metadata (slug, title, url,
 * section, ordinal, hash). The collection's own metadata records which embedder built it; opening
 * it with a different embedder (id or dimensions) drops and recreates it.
 */

export interface ChunkHit {
  id: string;
  slug: string;
  title: string;
  url: string;
  section: string;
  text: string;
  /** Cosine similarity clamped to [0, 1]. */
  score: number;
}

export interface StoredDocument {
  hash: string;
  ids: string[];
}

export interface EmbedderIdentity {
  id: string;
  dimensions: number;
  space?: 'cosine' | 'ip';
}

export class StoreError extends Error {
  override name = 'StoreError';
}

/** Page size for reading the whole collection (Chroma caps results per call). */
const PAGE = 1_000;
/**
 * HNSW's ef_search, wider than the knowledge base (864 chunks today), so every search visits every
 * vector: exact, and the same in every process. Chroma rebuilds its in-memory graph from the log
 * at each start with several threads (a collection this small stays under its sync threshold), so
 * with a narrower width (200) a page's best chunk was found after one start and missed after the
 * next, and the same conversation got a different condition from one evaluation run to the next.
 * At this size an exhaustive search costs about a millisecond.
 */
export const SEARCH_WIDTH = 4_000;

export function chromaClient(url: string): ChromaClient {
  const u = new URL(url);
  const ssl = u.protocol === 'https:';
  return new ChromaClient({ host: u.hostname, port: Number(u.port || (ssl ? 443 : 80)), ssl });
}

/** What a search hit carries besides its score: kept per chunk id so a search need not ask Chroma for it. */
type ChunkInfo = Omit<ChunkHit, 'score'>;

export class KnowledgeStore {
  /**
   * Each chunk's text and metadata by id, as this store last read or wrote them. A search asks
   * Chroma for ids and distances only (half of Chroma's work per query, measured 8.1 → 4.2 ms of
   * its CPU) and takes the rest from here; ids it has not seen yet (another instance's ingest) are
   * read once. An id keeps its text until this store writes it again: a page changed by another
   * instance's ingest is seen after a restart, as its corpus statistics and pages are.
   */
  private readonly chunks = new Map<string, ChunkInfo>();

  private constructor(
    private readonly collection: Collection,
    readonly name: string,
    private readonly space: 'cosine' | 'ip',
    /** True when the collection was (re)created by open(): it is empty. */
    readonly created: boolean,
  ) {}

  static async open(client: ChromaClient, name: string, embedder: EmbedderIdentity, log?: Logger): Promise<KnowledgeStore> {
    const space = embedder.space ?? 'cosine';
    let existing: Collection | undefined;
    try {
      existing = await client.getCollection({ name });
    } catch (err) {
      if (!(err instanceof ChromaNotFoundError)) throw err;
    }
    if (existing) {
      const meta = existing.metadata ?? {};
      if (meta.embedder === embedder.id && meta.dimensions === embedder.dimensions) {
        // Collections made before the search was exact keep their narrower width until told.
        if ((existing.configuration?.hnsw?.ef_search ?? 0) < SEARCH_WIDTH) await existing.modify({ configuration: { hnsw: { ef_search: SEARCH_WIDTH } } });
        return new KnowledgeStore(existing, name, space, false);
      }
      log?.info({ collection: name, was: meta.embedder ?? null, now: embedder.id }, 'embedder changed: rebuilding the knowledge collection');
      await client.deleteCollection({ name });
    }
    const collection = await client.createCollection({
      name,
      embeddingFunction: null,
      metadata: { embedder: embedder.id, dimensions: embedder.dimensions, createdAt: new Date().toISOString() },
      configuration: { hnsw: { space, ef_search: SEARCH_WIDTH } },
    });
    return new KnowledgeStore(collection, name, space, true);
  }

  /** Every stored document: its hash and chunk ids, by slug. */
  async documents(): Promise<Map<string, StoredDocument>> {
    const docs = new Map<string, StoredDocument>();
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.collection.get({ include: ['metadatas'], limit: PAGE, offset });
      page.ids.forEach((id, i) => {
        const meta = page.metadatas[i];
        const slug = typeof meta?.slug === 'string' ? meta.slug : id.split('::')[0] ?? id;
        const hash = typeof meta?.hash === 'string' ? meta.hash : '';
        const doc = docs.get(slug) ?? { hash, ids: [] };
        // Mixed hashes (an interrupted ingest) must never look up to date.
        if (doc.hash !== hash) doc.hash = '';
        doc.ids.push(id);
        docs.set(slug, doc);
      });
      if (page.ids.length < PAGE) return docs;
    }
  }

  /** Every chunk's text (corpus statistics for query-side weighting); remembers each chunk for searches. */
  async texts(): Promise<string[]> {
    const out: string[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.collection.get({ include: ['documents', 'metadatas'], limit: PAGE, offset });
      page.ids.forEach((id, i) => {
        out.push(page.documents[i] ?? '');
        this.remember(id, page.documents[i], page.metadatas[i]);
      });
      if (page.ids.length < PAGE) return out;
    }
  }

  private remember(id: string, text: string | null | undefined, meta: Metadata | null | undefined): void {
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    this.chunks.set(id, { id, slug: str(meta?.slug), title: str(meta?.title), url: str(meta?.url), section: str(meta?.section), text: text ?? '' });
  }

  /** Reads the chunks among `ids` this store has not seen. */
  private async learn(ids: Iterable<string>): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.chunks.has(id));
    if (!missing.length) return;
    const page = await this.collection.get({ ids: missing, include: ['documents', 'metadatas'] });
    page.ids.forEach((id, i) => this.remember(id, page.documents[i], page.metadatas[i]));
  }

  async upsert(chunks: Chunk[], embeddings: number[][]): Promise<void> {
    if (chunks.length !== embeddings.length) throw new StoreError(`${chunks.length} chunks but ${embeddings.length} vectors`);
    if (!chunks.length) return;
    const metadatas: Metadata[] = chunks.map((c) => ({
      slug: c.slug,
      title: c.title,
      url: c.url,
      section: c.section,
      ordinal: c.ordinal,
      hash: c.hash,
    }));
    await this.collection.upsert({ ids: chunks.map((c) => c.id), embeddings, documents: chunks.map((c) => c.text), metadatas });
    chunks.forEach((c, i) => this.remember(c.id, c.text, metadatas[i]));
  }

  async delete(ids: string[]): Promise<void> {
    if (!ids.length) return;
    await this.collection.delete({ ids });
    for (const id of ids) this.chunks.delete(id);
  }

  async count(): Promise<number> {
    return this.collection.count();
  }

  /**
   * Similarity in [0, 1] from a Chroma distance. Cosine: 1 - d. Inner product (d = 1 - dot, dot an
   * unbounded BM25-like score): squashed with dot / (dot + 1), which keeps the order.
   */
  private similarity(distance: number): number {
    const raw = 1 - distance;
    const s = this.space === 'ip' ? raw / (Math.abs(raw) + 1) : raw;
    return Math.min(1, Math.max(0, s));
  }

  /** The `n` chunks nearest to `embedding`, best first. */
  async query(embedding: number[], n: number): Promise<ChunkHit[]> {
    return (await this.queryMany([embedding], n))[0] ?? [];
  }

  /** The `n` chunks nearest to each embedding, best first, in one request (Chroma takes a batch). */
  async queryMany(embeddings: number[][], n: number): Promise<ChunkHit[][]> {
    if (!embeddings.length) return [];
    const res = await this.collection.query({ queryEmbeddings: embeddings, nResults: n, include: ['distances'] });
    await this.learn(res.ids.flat());
    return embeddings.map((_, q) =>
      (res.ids[q] ?? []).flatMap((id, i) => {
        const chunk = this.chunks.get(id);
        // Deleted between the search and the read: not a hit any more.
        return chunk ? [{ ...chunk, score: this.similarity(res.distances[q]?.[i] ?? 1) }] : [];
      }),
    );
  }
}
