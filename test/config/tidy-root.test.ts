import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository's root holds the project and nothing left over: no scratch files are committed,
 * and what the tools leave behind (dependencies, builds, local data, test and coverage reports,
 * caches, logs, scratch folders) is ignored, so `git status` after a test run shows nothing new.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });

const LEFT_BY_TOOLS = [
  'node_modules', // also when it is a symlink (a git worktree's), which is a file to git, not a directory
  'node_modules/.vite/deps/_metadata.json',
  'dist/widget/widget.js',
  'server/generated/prisma/client.ts',
  '.data/postgres/PG_VERSION',
  'test-results/review-page.png',
  'playwright-report/index.html',
  'coverage/index.html',
  '.vite/deps/_metadata.json',
  'tsconfig.tsbuildinfo',
  'chroma.log',
  '.env',
  '.tmp-sz/e.js',
  'scratch/notes.md',
  '.probe.tmp.ts',
];

describe('the repository root', () => {
  it('commits no scratch files', () => {
    const tracked = git('ls-files').split('\n').filter(Boolean);
    expect(tracked.filter((file) => /^(\.tmp[^/]*|scratch)\/|\.log$|(^|\/)\.[^/]*\.tmp\.ts$/.test(file))).toEqual([]);
  });

  it('ignores what the tools leave behind', () => {
    // --no-index: a path's ignore rule is checked whether or not something is tracked there.
    const ignored = execFileSync('git', ['check-ignore', '--no-index', '--stdin'], { cwd: ROOT, encoding: 'utf8', input: LEFT_BY_TOOLS.join('\n') });
    expect(ignored.split('\n').filter(Boolean)).toEqual(LEFT_BY_TOOLS);
  });
});
