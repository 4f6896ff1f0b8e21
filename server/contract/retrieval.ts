/**
 * What a search returns and how to ask for one: the vocabulary shared by retrieval (which implements
 * `Retriever`), the engines (which read the retrieved conditions) and the pipeline (which calls it).
 */

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
  tookMs: number;
}

export interface SearchOptions {
  k?: number;
  signal?: AbortSignal;
}

export interface Retriever {
  search(query: string, options?: SearchOptions): Promise<RetrievalResult>;
  /**
   * The same as `search` for each query, in one round trip where the store allows it (an
   * evaluation of thousands of cases; a live turn searches once). Results are in query order.
   */
  searchMany?(queries: readonly string[], options?: SearchOptions): Promise<RetrievalResult[]>;
}
