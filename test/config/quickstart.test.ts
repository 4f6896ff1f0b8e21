import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README quick start's disk figure for node_modules. (Node versions and platforms:
 * lockfile.test.ts; `.data` and "no download after install": e2e/no-network.test.ts.)
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('README quick start', () => {
  it('node_modules is about the size the README states (within 15%)', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const claimed = Number(/about (\d+) MB for `node_modules`/.exec(readme)?.[1]);
    expect(claimed).toBeGreaterThan(0);
    const du = spawnSync('du', ['-sk', path.join(ROOT, 'node_modules')], { encoding: 'utf8' });
    expect(du.status).toBe(0);
    const mb = Number(du.stdout.split(/\s/)[0]) / 1024;
    console.log(`node_modules: ${mb.toFixed(0)} MB (README: about ${claimed} MB)`);
    expect(Math.abs(mb - claimed) / claimed).toBeLessThanOrEqual(0.15);
  });
});
