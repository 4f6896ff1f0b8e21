import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from '../log.js';

/**
 * Chroma's native binding (chromadb-js-bindings-*) is built against glibc 2.39. Older glibc systems
 * (Debian 12 has 2.36) cannot load it, so we run node for the Chroma child through a newer C library
 * unpacked privately: Debian 13 (trixie) libc6, libgcc-s1 and libstdc++6, fetched with
 * `apt-get download` against a private sources list and state dir (nothing is installed system-wide),
 * extracted with `dpkg -x`, and used via that ld-linux with `--library-path`. Prepared once, cached.
 */

const run = promisify(execFile);

export const MIN_GLIBC = '2.39';
const SUITE = 'trixie';
const PACKAGES = ['libc6', 'libgcc-s1', 'libstdc++6'] as const;
const READY_MARKER = 'READY.json';

export class CompatRuntimeError extends Error {
  override name = 'CompatRuntimeError';
}

export interface CompatRuntime {
  /** The private dynamic loader (ld-linux) to exec node through. */
  loader: string;
  /** Folder passed as `--library-path`. */
  libraryPath: string;
}

interface ArchInfo {
  debArch: string;
  triplet: string;
  loader: string;
}

const ARCHES: Partial<Record<NodeJS.Architecture, ArchInfo>> = {
  x64: { debArch: 'amd64', triplet: 'x86_64-linux-gnu', loader: 'ld-linux-x86-64.so.2' },
  arm64: { debArch: 'arm64', triplet: 'aarch64-linux-gnu', loader: 'ld-linux-aarch64.so.1' },
};

/** The running glibc version ("2.36"), or undefined on musl, macOS and Windows. */
export function glibcVersion(): string | undefined {
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: unknown } };
  const v = report.header?.glibcVersionRuntime;
  return typeof v === 'string' ? v : undefined;
}

export function versionAtLeast(version: string, min: string): boolean {
  const a = version.split('.').map(Number);
  const b = min.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y;
  }
  return true;
}

/** True on Linux with a glibc too old for the binding (and only there: other systems load it directly). */
export function needsCompatRuntime(version = glibcVersion()): boolean {
  return process.platform === 'linux' && version !== undefined && !versionAtLeast(version, MIN_GLIBC);
}

/** The npm package name of the native binding for this platform (what the check loads). */
export function bindingPackage(): string {
  return `chromadb-js-bindings-${process.platform}-${process.arch}-gnu`;
}

async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

function runtimeFor(root: string, arch: ArchInfo): CompatRuntime {
  const libraryPath = path.join(root, 'usr', 'lib', arch.triplet);
  return { loader: path.join(libraryPath, arch.loader), libraryPath };
}

function describe(err: unknown): string {
  const e = err as { stderr?: unknown; message?: unknown };
  const stderr = typeof e.stderr === 'string' ? e.stderr.trim().split('\n').slice(-5).join(' | ') : '';
  return stderr || String(e.message ?? err);
}

/**
 * Returns the cached compat runtime under `cacheDir`, preparing it first if needed. Safe to call from
 * several processes at once: each builds in its own temporary folder and the first rename wins.
 */
export async function ensureCompatRuntime(cacheDir: string, log?: Logger): Promise<CompatRuntime> {
  const arch = ARCHES[process.arch];
  if (!arch) throw new CompatRuntimeError(`No glibc compat runtime for architecture ${process.arch}`);
  await removeAbandonedBuilds(cacheDir, ABANDONED_AFTER_MS, log);
  const finalDir = path.join(cacheDir, `glibc-${SUITE}-${arch.debArch}`);
  if (await exists(path.join(finalDir, READY_MARKER))) return runtimeFor(finalDir, arch);

  for (const tool of ['apt-get', 'dpkg']) {
    try {
      await run(tool, ['--version']);
    } catch (err) {
      throw new CompatRuntimeError(
        `glibc ${glibcVersion() ?? '?'} is older than ${MIN_GLIBC} (needed by Chroma's native binding) and ` +
          `\`${tool}\` is not available to fetch a newer C library privately: set CHROMA_URL to a Chroma server ` +
          `instead (${describe(err)})`,
      );
    }
  }

  await mkdir(cacheDir, { recursive: true });
  const work = await mkdtemp(path.join(cacheDir, '.build-'));
  const started = Date.now();
  log?.info({ cacheDir, suite: SUITE }, 'preparing glibc compat runtime for Chroma (one-off download, a few seconds)');
  try {
    const dirs = ['lists/partial', 'cache/archives/partial', 'sources.list.d', 'preferences.d', 'debs', 'root'];
    await Promise.all(dirs.map((d) => mkdir(path.join(work, d), { recursive: true })));
    const sourcesList = path.join(work, 'sources.list');
    await writeFile(
      sourcesList,
      `deb [arch=${arch.debArch} signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian ${SUITE} main\n`,
    );
    // Every apt path that matters points into `work`, so the system's apt state is neither read for
    // sources nor written; proxy settings in /etc/apt/apt.conf.d still apply, which is what we want.
    const aptOptions = [
      `Dir::Etc::SourceList=${sourcesList}`,
      `Dir::Etc::SourceParts=${path.join(work, 'sources.list.d')}`,
      `Dir::Etc::Preferences=${path.join(work, 'preferences')}`,
      `Dir::Etc::PreferencesParts=${path.join(work, 'preferences.d')}`,
      `Dir::State::Lists=${path.join(work, 'lists')}`,
      `Dir::Cache=${path.join(work, 'cache')}`,
      `APT::Architecture=${arch.debArch}`,
      'Debug::NoLocking=1',
      // As root apt downloads as `_apt`, which cannot write into our private folders.
      ...(process.getuid?.() === 0 ? ['APT::Sandbox::User=root'] : []),
    ].flatMap((o) => ['-o', o]);
    try {
      await run('apt-get', [...aptOptions, '-q', 'update'], { maxBuffer: 16 << 20 });
      await run('apt-get', [...aptOptions, '-q', 'download', ...PACKAGES], { cwd: path.join(work, 'debs'), maxBuffer: 16 << 20 });
    } catch (err) {
      throw new CompatRuntimeError(`could not download ${PACKAGES.join(', ')} from Debian ${SUITE}: ${describe(err)}`);
    }
    const debs = (await readdir(path.join(work, 'debs'))).filter((f) => f.endsWith('.deb'));
    if (debs.length !== PACKAGES.length) {
      throw new CompatRuntimeError(`expected ${PACKAGES.length} .deb files from apt-get download, got ${debs.join(', ')}`);
    }
    for (const deb of debs) await run('dpkg', ['-x', path.join(work, 'debs', deb), path.join(work, 'root')]);

    const runtime = runtimeFor(path.join(work, 'root'), arch);
    await verifyRuntime(runtime);
    await writeFile(
      path.join(work, 'root', READY_MARKER),
      JSON.stringify({ suite: SUITE, debs, preparedAt: new Date().toISOString() }, null, 2),
    );
    try {
      await rename(path.join(work, 'root'), finalDir);
    } catch (err) {
      // Another process finished first; its copy is as good as ours.
      if (!(await exists(path.join(finalDir, READY_MARKER)))) throw err;
    }
    log?.info({ tookMs: Date.now() - started, debs }, 'glibc compat runtime ready');
    return runtimeFor(finalDir, arch);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** A build folder untouched this long was left by a process killed mid-build (a build takes seconds). */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * Removes build folders (`.build-*`) older than `olderThanMs`: a process killed while preparing the
 * runtime leaves its folder (about 20 MB) behind, since its own clean-up never runs. A younger one
 * may be another process's build under way, and is left alone.
 */
export async function removeAbandonedBuilds(cacheDir: string, olderThanMs: number, log?: Logger): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(cacheDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const removed: string[] = [];
  for (const name of names.filter((n) => n.startsWith('.build-'))) {
    const dir = path.join(cacheDir, name);
    const { mtimeMs } = await stat(dir);
    if (Date.now() - mtimeMs < olderThanMs) continue;
    await rm(dir, { recursive: true, force: true });
    removed.push(name);
  }
  if (removed.length) log?.info({ cacheDir, removed }, 'removed glibc compat builds left by a process that stopped mid-build');
  return removed;
}

/** Loads the native binding through the private loader; throws CompatRuntimeError if it cannot. */
async function verifyRuntime(runtime: CompatRuntime): Promise<void> {
  const binding = createRequire(import.meta.url).resolve(bindingPackage());
  try {
    await run(runtime.loader, ['--library-path', runtime.libraryPath, process.execPath, '-e', `require(${JSON.stringify(binding)})`], {
      env: withoutNodeOptions(),
    });
  } catch (err) {
    throw new CompatRuntimeError(`the Chroma binding still does not load with the ${SUITE} C library: ${describe(err)}`);
  }
}

/** The parent's NODE_OPTIONS (tsx, vitest loaders) must not leak into the Chroma child. */
export function withoutNodeOptions(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const copy = { ...env };
  delete copy.NODE_OPTIONS;
  return copy;
}
