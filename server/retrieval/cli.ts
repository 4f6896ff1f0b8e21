import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { loadKnowledge } from '../knowledge/load.js';
import { log } from '../log.js';
import { launchChroma, runningChroma, type ChromaServer } from './chroma-launcher.js';
import { documentFromPage, parseJsonlCorpus, type SourceDocument } from './chunks.js';
import { createEmbedder } from './embedders/index.js';
import { ingestDocuments } from './ingest.js';
import { chromaClient, KnowledgeStore } from './store.js';

/**
 * npm run ingest [-- --jsonl FILE] [--collection NAME] [--embedder NAME] [--no-prune]
 *
 * Brings a Chroma collection up to date with the condition pages (KNOWLEDGE_DIR), or with a JSONL
 * corpus (`{slug, title, url, content}` per line). Idempotent: a second run changes nothing.
 * Without CHROMA_URL it uses the service's embedded Chroma if one is running on DATA_DIR, else
 * starts one for the duration of the command.
 */

const USAGE = 'Usage: npm run ingest -- [--jsonl FILE] [--collection NAME] [--embedder NAME] [--no-prune]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      jsonl: { type: 'string' },
      collection: { type: 'string' },
      embedder: { type: 'string' },
      'no-prune': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  const docs: SourceDocument[] = values.jsonl
    ? parseJsonlCorpus(await readFile(values.jsonl, 'utf8'), values.jsonl)
    : (await loadKnowledge(path.resolve(config.KNOWLEDGE_DIR))).map(documentFromPage);

  let server: ChromaServer | undefined;
  let url = config.CHROMA_URL;
  if (!url) {
    const dataPath = path.join(config.dataDir, 'chroma');
    url = await runningChroma(dataPath);
    if (!url) {
      server = await launchChroma({ path: dataPath, runtimeDir: path.join(config.dataDir, 'runtime'), log });
      url = server.url;
    }
  }
  try {
    const embedder = await createEmbedder(config, values.embedder);
    const collection = values.collection ?? config.CHROMA_COLLECTION;
    const store = await KnowledgeStore.open(chromaClient(url), collection, embedder, log);
    const stats = await ingestDocuments(store, embedder, docs, { prune: !values['no-prune'], log });
    console.log(
      `${collection}: ${stats.documents} documents (${stats.added} added, ${stats.updated} updated, ${stats.unchanged} unchanged, ` +
        `${stats.removed} removed), ${stats.chunksUpserted} chunks written, ${stats.chunksDeleted} deleted, ${stats.tookMs} ms` +
        (store.created ? ' (collection created)' : ''),
    );
    return 0;
  } finally {
    await server?.stop();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    log.error({ err }, 'ingest failed');
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  },
);
