import type { DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { LRUCache } from 'lru-cache';

/**
 * A parsed document takes 25-90 bytes of heap per character of its source (measured with
 * graphql 16: every token and location is kept), and what Yoga keeps with it (validation results,
 * errors included) about as much again: the cache is bounded by that estimate, not by entry count
 * alone. Yoga's default (1,024 entries for an hour) let a stream of distinct large documents hold
 * hundreds of MB; the fuzz test (test/api/fuzz.test.ts) measures the bound holding.
 */
export const HEAP_BYTES_PER_CHAR = 200;

export interface ParseCaches {
  documentCache: { get(key: string): DocumentNode | undefined; set(key: string, value: DocumentNode): void };
  /** Parse errors are not kept: they are cheap to find again (the token limit bounds the work) and
   *  depend on the caller's limits, so a document refused for one caller must not be for another. */
  errorCache: { get(key: string): Error | undefined; set(key: string, value: Error): void };
  /** Drops a document (and so what Yoga keeps with it) from the cache. */
  forget(document: DocumentNode): void;
}

export function createParseCaches(maxMegabytes: number): ParseCaches {
  const maxSize = maxMegabytes * 1024 * 1024;
  const documents = new LRUCache<string, DocumentNode>({
    max: 2_000,
    maxSize,
    maxEntrySize: maxSize / 16,
    sizeCalculation: (_document, source) => Math.max(1, source.length * HEAP_BYTES_PER_CHAR),
    ttl: 3_600_000,
  });
  const sources = new WeakMap<DocumentNode, string>();
  return {
    documentCache: {
      get: (key) => documents.get(key),
      set: (key, value) => {
        sources.set(value, key);
        documents.set(key, value);
      },
    },
    errorCache: { get: () => undefined, set: () => undefined },
    forget: (document) => {
      const source = sources.get(document);
      if (source !== undefined) documents.delete(source);
    },
  };
}

/**
 * Only documents that validate stay cached: one refused (by a limit or as invalid) is dropped, so
 * a stream of distinct refused documents keeps nothing (bench/limits.ts measures what one costs).
 */
export function useForgetInvalidDocuments(caches: ParseCaches): Plugin {
  return {
    onValidate({ params }) {
      return ({ valid }) => {
        if (!valid) caches.forget(params.documentAST);
      };
    },
  };
}
