import type { Logger } from '../log.js';
import { chunkDocument, type SourceDocument } from './chunks.js';
import type { Embedder } from './embedders/types.js';
import { SEARCH_WIDTH, type KnowledgeStore } from './store.js';

/**
 * Brings a collection in line with a corpus, idempotently: a document whose hash is unchanged is
 * left alone (a second run writes nothing), a changed one has its old chunks removed and new ones
 * written, and (with `prune`) documents no longer in the corpus are deleted.
 */

export interface IngestStats {
  documents: number;
  added: number;
  updated: number;
  unchanged: number;
  removed: number;
  chunksUpserted: number;
  chunksDeleted: number;
  tookMs: number;
}

export interface IngestOptions {
  /** Delete documents that are in the collection but not in `docs` (default true). */
  prune?: boolean;
  /** Documents embedded per call (the embedder batches further for remote servers). */
  batchDocuments?: number;
  signal?: AbortSignal;
  log?: Logger;
}

export class IngestError extends Error {
  override name = 'IngestError';
}

export async function ingestDocuments(
  store: KnowledgeStore,
  embedder: Embedder,
  docs: SourceDocument[],
  options: IngestOptions = {},
): Promise<IngestStats> {
  const started = performance.now();
  const slugs = new Set<string>();
  for (const d of docs) {
    if (slugs.has(d.slug)) throw new IngestError(`slug "${d.slug}" appears twice in the corpus`);
    slugs.add(d.slug);
  }
  const stored = await store.documents();
  const stats: IngestStats = { documents: docs.length, added: 0, updated: 0, unchanged: 0, removed: 0, chunksUpserted: 0, chunksDeleted: 0, tookMs: 0 };

  const changed = docs.filter((d) => {
    const s = stored.get(d.slug);
    if (s && s.hash === d.hash) {
      stats.unchanged++;
      return false;
    }
    if (s) stats.updated++;
    else stats.added++;
    return true;
  });

  const batch = Math.max(1, options.batchDocuments ?? 16);
  for (let i = 0; i < changed.length; i += batch) {
    options.signal?.throwIfAborted();
    const group = changed.slice(i, i + batch);
    const chunks = group.flatMap(chunkDocument);
    const vectors = await embedder.embed(chunks.map((c) => c.text), options.signal);
    const wrong = vectors.find((v) => v.length !== embedder.dimensions);
    if (wrong) throw new IngestError(`embedder ${embedder.id} returned ${wrong.length} dimensions, expected ${embedder.dimensions}`);
    // Old chunks that the new version no longer has (a page lost a section) must go; the rest are overwritten.
    const keep = new Set(chunks.map((c) => c.id));
    const stale = group.flatMap((d) => stored.get(d.slug)?.ids.filter((id) => !keep.has(id)) ?? []);
    await store.delete(stale);
    await store.upsert(chunks, vectors);
    stats.chunksDeleted += stale.length;
    stats.chunksUpserted += chunks.length;
  }

  if (options.prune ?? true) {
    const gone = [...stored].filter(([slug]) => !slugs.has(slug));
    const ids = gone.flatMap(([, d]) => d.ids);
    await store.delete(ids);
    stats.removed = gone.length;
    stats.chunksDeleted += ids.length;
  }

  stats.tookMs = Math.round(performance.now() - started);
  const changedAnything = stats.added + stats.updated + stats.removed > 0;
  options.log?.[changedAnything ? 'info' : 'debug']({ collection: store.name, embedder: embedder.id, ...stats }, 'knowledge ingest');
  if (changedAnything) {
    const chunks = await store.count();
    if (chunks > SEARCH_WIDTH) options.log?.warn({ collection: store.name, chunks, searchWidth: SEARCH_WIDTH }, 'the knowledge base has outgrown the exact search width: searches are now approximate (raise SEARCH_WIDTH)');
  }
  return stats;
}
