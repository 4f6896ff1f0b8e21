export interface Embedder {
  /** Stable identity recorded on the collection; a change triggers a rebuild. */
  readonly id: string;
  readonly dimensions: number;
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

/**
 * What retrieval needs from an embedder beyond `Embedder`: a query-side entry
 * point (asymmetric embedders weight queries differently from documents) and, for embedders that
 * use corpus statistics at query time, a way to receive the ingested chunk texts.
 */
export interface RetrievalEmbedder extends Embedder {
  /** Chroma distance the vectors are meant for (default cosine); `ip` for unnormalised scores. */
  readonly space?: 'cosine' | 'ip';
  embedQueries(texts: string[], signal?: AbortSignal): Promise<number[][]>;
  /** Called with every chunk text in the collection after ingest; must not change document vectors. */
  fitCorpus?(documents: string[]): void;
}

/** Wraps a plain Embedder: queries are embedded like documents. */
export function asRetrievalEmbedder(embedder: Embedder): RetrievalEmbedder {
  if ('embedQueries' in embedder && typeof embedder.embedQueries === 'function') return embedder as RetrievalEmbedder;
  return {
    id: embedder.id,
    get dimensions() {
      return embedder.dimensions;
    },
    embed: (texts, signal) => embedder.embed(texts, signal),
    embedQueries: (texts, signal) => embedder.embed(texts, signal),
  };
}
