import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { reviewConfig } from '../../review/vite.config.js';

/** Builds the review module as `npm run build:review` does, into a temp folder (no race on dist/). */
export async function buildReview(): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'triage-review-build-'));
  try {
    await build({ ...reviewConfig({ outDir }), configFile: false });
    return await readFile(path.join(outDir, 'review.js'), 'utf8');
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
