import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadTables } from '../../bench/load/table.js';
import type { LoadReport } from '../../bench/load.js';
import { envTable } from '../../server/env-table.js';
import { replaceBlock, readBlock } from './blocks.js';
import { evalLedger } from './eval-ledger.js';

/**
 * Every generated table of docs/, with the doc and block it lives in. `npx tsx scripts/docs/generate.ts`
 * rewrites them; test/config/generated-docs.test.ts fails when one has drifted from its source.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface GeneratedBlock {
  doc: string;
  block: string;
  source: string;
  generate(): string;
}

export const GENERATED: GeneratedBlock[] = [
  { doc: 'docs/configuration.md', block: 'env', source: 'server/config.ts (ENV_DOCS and the defaults)', generate: envTable },
  { doc: 'docs/evaluation.md', block: 'ledger', source: 'test/eval/manifest.json and bench/results/eval-sets.json', generate: () => evalLedger() },
  {
    doc: 'docs/performance.md',
    block: 'load',
    source: 'bench/results/load.json',
    generate: () => loadTables(JSON.parse(readFileSync(path.join(ROOT, 'bench/results/load.json'), 'utf8')) as LoadReport),
  },
];

/** The block as the doc has it now (undefined: the doc lost its markers). */
export function current(entry: GeneratedBlock): string | undefined {
  return readBlock(readFileSync(path.join(ROOT, entry.doc), 'utf8'), entry.block);
}

if (process.argv[1]?.endsWith('generate.ts')) {
  for (const entry of GENERATED) {
    const file = path.join(ROOT, entry.doc);
    writeFileSync(file, replaceBlock(readFileSync(file, 'utf8'), entry.block, entry.generate()));
    process.stdout.write(`${entry.doc}: ${entry.block} from ${entry.source}\n`);
  }
}
