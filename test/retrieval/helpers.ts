import path from 'node:path';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../server/config.js';
import { loadKnowledge } from '../../server/knowledge/load.js';
import type { ConditionPage } from '../../server/knowledge/types.js';

/** The run's Chroma (test/support/chroma-global.ts). */
export function chromaUrl(): string {
  const url = inject('chromaUrl');
  if (!url) throw new Error('No Chroma for this test run (chroma-global setup provided an empty URL)');
  return url;
}

/** A collection name no other test file (or run against a shared CHROMA_URL) uses. */
export function collectionName(prefix: string): string {
  return `t-${prefix}-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

export const KNOWLEDGE_DIR = path.resolve('knowledge/conditions');

let pages: Promise<ConditionPage[]> | undefined;
export function allPages(): Promise<ConditionPage[]> {
  pages ??= loadKnowledge(KNOWLEDGE_DIR);
  return pages;
}

/** Configuration for retrieval against the run's Chroma, offline embedder, no models. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    CHROMA_URL: chromaUrl(),
    KNOWLEDGE_DIR,
    DATA_DIR: path.resolve('.data/test'),
    ...overrides,
  });
}
