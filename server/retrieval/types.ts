/** Public surface of retrieval: what the pipeline, the offline engine and the evaluation use. */

export interface RetrievedSection {
  /** Section heading, e.g. "Symptoms" or "When to call 999 or go to A&E". */
  section: string;
  content: string;
  /** Similarity in [0, 1], higher is better. */
  score: number;
}

/** A parent document (condition page) with its best-matching sections, best first. */
export interface RetrievedCondition {
  slug: string;
  title: string;
  url: string;
  score: number;
  sections: RetrievedSection[];
}

export interface RetrievalResult {
  query: string;
  conditions: RetrievedCondition[];
  /** The serialised context the reasoner prompt uses (source, score, content; sources listed at the end). */
  context: string;
  tookMs: number;
}

export interface SearchOptions {
  k?: number;
  signal?: AbortSignal;
}

export interface Retriever {
  search(query: string, options?: SearchOptions): Promise<RetrievalResult>;
}

export interface Embedder {
  /** Stable identity recorded on the collection; a change triggers a rebuild. */
  readonly id: string;
  readonly dimensions: number;
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}
