import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../log.js';
import { CompatRuntimeError, ensureCompatRuntime, glibcVersion, needsCompatRuntime, withoutNodeOptions } from './glibc-compat.js';

/**
 * Runs `chroma run` (the local Chroma server inside the chromadb npm package) as a child process when
 * no CHROMA_URL is configured. On glibc < 2.39 it goes through the private compat runtime
 * (glibc-compat.ts), prepared automatically on first start and cached.
 */

export type ChromaLaunchErrorCode = 'unsupported' | 'compat-runtime' | 'exited' | 'timeout' | 'in-use';

export class ChromaLaunchError extends Error {
  override name = 'ChromaLaunchError';
  constructor(
    readonly code: ChromaLaunchErrorCode,
    message: string,
    readonly output = '',
  ) {
    super(output ? `${message}\n--- chroma output (tail) ---\n${output}` : message);
  }
}

export interface ChromaServer {
  url: string;
  port: number;
  pid: number;
  /** `direct`: the binding loads with the system C library; `compat`: through the private glibc. */
  mode: 'direct' | 'compat';
  stop(): Promise<void>;
}

export interface LaunchOptions {
  /** Chroma persistence folder (created if missing). */
  path: string;
  /** Where the glibc compat runtime is cached (shared across data folders is fine). */
  runtimeDir: string;
  /** Fixed port; default a free one. */
  port?: number;
  startTimeoutMs?: number;
  log?: Logger;
}

const HOST = '127.0.0.1';

/**
 * Loaded into the Chroma child with `--import`: a worker thread (the binding blocks the main thread)
 * that kills the child as soon as its parent is gone, even if the parent died by SIGKILL and never
 * ran an exit handler. Reparenting changes `process.ppid`, which is what it watches.
 */
const WATCHDOG = `import { Worker } from 'node:worker_threads';
const code = "const p = process.ppid; setInterval(() => { if (process.ppid !== p) process.kill(process.pid, 'SIGKILL'); }, 300);";
new Worker(code, { eval: true }).unref();`;

function chromaCliPath(): string {
  // The package only exports ".", so resolve its main file and step to the CLI beside it.
  const main = createRequire(import.meta.url).resolve('chromadb');
  return path.join(path.dirname(main), '..', 'cli.mjs');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, HOST, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** True when `/api/v2/heartbeat` answers 200 within `timeoutMs`. */
export async function chromaHeartbeat(url: string, timeoutMs = 2_000): Promise<boolean> {
  try {
    const res = await fetch(new URL('/api/v2/heartbeat', url), { signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    // Connection refused / timeout is exactly the "not up" answer this function exists to give.
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const ANSI = /\u001b\[[0-9;]*m/g;

const recordFile = (dataPath: string) => path.join(dataPath, 'launcher.json');

/**
 * The URL of a Chroma that a launcher (maybe another process: a running service) started on this
 * data folder and that still answers, else undefined. Two servers on one folder would corrupt it.
 */
export async function runningChroma(dataPath: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(recordFile(dataPath), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  let url: unknown;
  try {
    url = (JSON.parse(text) as { url?: unknown }).url;
  } catch {
    // A torn write from a killed process: there is no server to find.
    return undefined;
  }
  return typeof url === 'string' && (await chromaHeartbeat(url, 1_000)) ? url : undefined;
}

/** Starts Chroma, waits for its heartbeat, and returns a handle; stop() ends it (SIGKILL fallback). */
export async function launchChroma(options: LaunchOptions): Promise<ChromaServer> {
  if (!['linux', 'darwin', 'win32'].includes(process.platform)) {
    throw new ChromaLaunchError('unsupported', `Embedded Chroma is not available on ${process.platform}; set CHROMA_URL`);
  }
  await mkdir(options.path, { recursive: true });
  const running = await runningChroma(options.path);
  if (running) {
    throw new ChromaLaunchError('in-use', `Another process already runs Chroma on ${options.path} (${running}); stop it or set CHROMA_URL=${running}`);
  }
  if (!needsCompatRuntime()) {
    try {
      return await start(options, 'direct');
    } catch (err) {
      // A future binding may want a newer glibc than MIN_GLIBC: then the private one is the way.
      const glibcTooOld = err instanceof ChromaLaunchError && /GLIBC_\d/.test(err.output);
      if (!(glibcTooOld && process.platform === 'linux')) throw err;
      options.log?.warn({ glibc: glibcVersion() }, 'Chroma binding needs a newer glibc than this system has; using the compat runtime');
    }
  }
  try {
    return await start(options, 'compat');
  } catch (err) {
    if (err instanceof CompatRuntimeError) {
      throw new ChromaLaunchError(
        'compat-runtime',
        `Chroma's native binding needs glibc 2.39 (this system has ${glibcVersion() ?? 'unknown'}) and the private ` +
          `compat runtime could not be prepared: ${err.message}. Set CHROMA_URL to use a Chroma server instead.`,
      );
    }
    throw err;
  }
}

async function start(options: LaunchOptions, mode: ChromaServer['mode'], attempt = 1): Promise<ChromaServer> {
  const log = options.log;
  const port = options.port ?? (await freePort());
  const nodeArgs = [
    '--import',
    `data:text/javascript,${encodeURIComponent(WATCHDOG)}`,
    chromaCliPath(),
    'run',
    '--path',
    options.path,
    '--host',
    HOST,
    '--port',
    String(port),
  ];
  let command = process.execPath;
  let args = nodeArgs;
  if (mode === 'compat') {
    const rt = await ensureCompatRuntime(options.runtimeDir, log);
    command = rt.loader;
    args = ['--library-path', rt.libraryPath, process.execPath, ...nodeArgs];
  }

  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: withoutNodeOptions() });
  let tail = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString('utf8').replace(ANSI, '');
    tail = (tail + text).slice(-4_000);
    log?.trace({ chroma: text.trim() }, 'chroma output');
  };
  // Always drain the pipes: a full pipe would block the child.
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });
  let spawnError: Error | undefined;
  child.once('error', (err) => {
    spawnError = err;
  });
  // Belt and braces with the watchdog: a normal exit of this process kills the child synchronously.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const url = `http://${HOST}:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  const failed = async (code: ChromaLaunchErrorCode, message: string): Promise<never> => {
    process.off('exit', killOnExit);
    child.kill('SIGKILL');
    await Promise.race([exitPromise, sleep(2_000)]);
    throw new ChromaLaunchError(code, message, tail.trim());
  };

  for (;;) {
    if (spawnError) return failed('exited', `could not start Chroma (${spawnError.message})`);
    if (exited) {
      // Another process can take the port between freePort() and the child's bind; pick another.
      if (options.port === undefined && attempt < 3 && /address (already )?in use/i.test(tail)) {
        process.off('exit', killOnExit);
        return start(options, mode, attempt + 1);
      }
      return failed('exited', `Chroma exited during start (code ${exited.code}, signal ${exited.signal}, mode ${mode})`);
    }
    if (await chromaHeartbeat(url, 1_000)) break;
    if (Date.now() > deadline) return failed('timeout', `Chroma did not answer ${url}/api/v2/heartbeat in time`);
    await sleep(100);
  }
  log?.info({ url, pid: child.pid, mode, path: options.path }, 'embedded Chroma started');
  await writeFile(recordFile(options.path), JSON.stringify({ url, pid: child.pid, parent: process.pid }));

  let stopping: Promise<void> | undefined;
  child.once('exit', (code, signal) => {
    if (!stopping) log?.error({ code, signal, output: tail.slice(-500) }, 'embedded Chroma exited unexpectedly; /readyz will fail');
  });
  return {
    url,
    port,
    pid: child.pid ?? -1,
    mode,
    stop: () =>
      (stopping ??= stop(child, url, exitPromise, () => exited !== undefined, killOnExit, log).then(() =>
        rm(recordFile(options.path), { force: true }),
      )),
  };
}

async function stop(
  child: ChildProcess,
  url: string,
  exitPromise: Promise<void>,
  hasExited: () => boolean,
  killOnExit: () => void,
  log?: Logger,
): Promise<void> {
  process.off('exit', killOnExit);
  if (hasExited()) return;
  // Chroma 1.x stops serving on SIGTERM but its process then spins instead of exiting, so wait for
  // the listener to close (requests done, data committed) and then SIGKILL.
  child.kill('SIGTERM');
  const deadline = Date.now() + 3_000;
  while (!hasExited() && Date.now() < deadline && (await chromaHeartbeat(url, 300))) await sleep(50);
  if (!hasExited()) child.kill('SIGKILL');
  await Promise.race([exitPromise, sleep(3_000)]);
  log?.info({ pid: child.pid }, 'embedded Chroma stopped');
}

export interface ThrowawayOptions {
  runtimeDir?: string;
  log?: Logger;
}

/** For tests and benches: a Chroma on a free port with data in a temp folder, removed by stop(). */
export async function startThrowawayChroma(options: ThrowawayOptions = {}): Promise<ChromaServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chroma-'));
  try {
    const server = await launchChroma({
      path: dir,
      runtimeDir: options.runtimeDir ?? defaultRuntimeDir(),
      log: options.log,
    });
    return {
      ...server,
      stop: async () => {
        await server.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

/** `.data/runtime` of the project (cwd), shared by the service, tests and benches. */
export function defaultRuntimeDir(dataDir = path.resolve('.data')): string {
  return path.join(dataDir, 'runtime');
}
