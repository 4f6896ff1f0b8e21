import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { log } from '../../server/log.js';
import { freePort, startEmbeddedPostgres, type PostgresHandle } from '../../server/store/postgres.js';
import type { StreamShape } from './model-script.js';
import { startRedisServer, type RedisServer } from '../../test/support/redis-server.js';

/**
 * The processes of a load run, each its own: Postgres (embedded, restartable on its port), a
 * private Redis (restartable, append-only so a restart keeps the streams), the fake model server,
 * and service instances (`server/main.ts`, as in production). The bench itself is the load.
 */

export const ROOT = path.resolve(import.meta.dirname, '../..');

export async function workDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-load-'));
  await chmod(dir, 0o777); // embedded Postgres runs as the postgres user when we are root
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface BenchPostgres {
  url: string;
  /** Stops the server and starts it again on the same port and data (a Postgres restart). */
  restart(downMs: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startBenchPostgres(dir: string): Promise<BenchPostgres> {
  const dataDir = path.join(dir, 'pg');
  const port = await freePort();
  let handle: PostgresHandle = await startEmbeddedPostgres(dataDir, log, 'triage', { port, maxConnections: 300 });
  return {
    url: handle.url,
    restart: async (downMs) => {
      await handle.stop();
      await new Promise((r) => setTimeout(r, downMs)); // the outage being simulated
      handle = await startEmbeddedPostgres(dataDir, log, 'triage', { port, maxConnections: 300 });
    },
    stop: () => handle.stop(),
  };
}

export type BenchRedis = RedisServer;

export async function startBenchRedis(dir: string): Promise<BenchRedis> {
  return startRedisServer(path.join(dir, 'redis'));
}

export interface ModelServer {
  baseURL: string;
  pid: number;
  stats(): Promise<{ open: number; peakOpen: number }>;
  resetPeak(): void;
  stop(): Promise<void>;
}

export async function startModelServer(shape: StreamShape): Promise<ModelServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/load/model-server.ts'), JSON.stringify(shape)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const line = await waitForLine(child, /^\{.*"port"/m);
  const { port } = JSON.parse(/\{.*\}/.exec(line)![0]) as { port: number };
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    pid: child.pid!,
    stats: () =>
      new Promise((resolve) => {
        child.once('message', (m) => resolve(m as { open: number; peakOpen: number }));
        child.send('stats');
      }),
    resetPeak: () => child.send('reset-peak'),
    stop: async () => {
      child.disconnect();
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

export interface ServiceProcess {
  name: string;
  url: string;
  pid: number;
  child: ChildProcess;
  /** ms from spawn to "running at" */
  startMs: number;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface ServiceOptions {
  name: string;
  env: Record<string, string>;
  logDir: string;
  /** Write a V8 CPU profile into logDir (node --cpu-prof) */
  cpuProf?: boolean;
  port?: number;
}

export async function startService(options: ServiceOptions): Promise<ServiceProcess> {
  const port = options.port ?? (await freePort());
  const passthrough = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(NODE_ENV|REDIS_URL|DATABASE_URL|PORT|CHROMA_URL|LOG_LEVEL|ROUTER_|REASONER_)/.test(k)));
  const started = performance.now();
  const child = spawn(
    process.execPath,
    // One profile per thread (tsx's loader has its own); the main thread's is the large one.
    [
      ...(options.cpuProf ? ['--cpu-prof', '--cpu-prof-dir', path.join(options.logDir, `${options.name}.cpuprofile`)] : []),
      '--expose-gc',
      '--import',
      'tsx',
      '--import',
      path.join(ROOT, 'bench/load/gc-hook.ts'),
      path.join(ROOT, 'server/main.ts'),
    ],
    {
      cwd: ROOT,
      env: {
        ...passthrough,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        OPEN_BROWSER: 'false',
        DEV_SEED: 'false',
        RATE_LIMIT_MESSAGES_PER_MINUTE: '0',
        RATE_LIMIT_THREADS_PER_HOUR: '0',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const out = createWriteStream(path.join(options.logDir, `${options.name}.log`), { flags: 'a' });
  child.stderr!.pipe(out, { end: false });
  await waitForLine(child, /running at http/, out);
  child.stdout!.pipe(out, { end: false });
  return {
    name: options.name,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    child,
    startMs: performance.now() - started,
    kill: async (signal) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
  };
}

/** Resolves with the output so far once a line matching `pattern` appears on stdout. */
function waitForLine(child: ChildProcess, pattern: RegExp, copy?: NodeJS.WritableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      copy?.write(chunk);
      if (pattern.test(output)) {
        child.stdout!.off('data', onData);
        resolve(output);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`process exited with ${code} before it was ready:\n${output.slice(-2000)}`)));
  });
}

/** Busy and total CPU seconds of the whole machine (all cores), from /proc/stat. */
export async function machineSeconds(): Promise<{ busy: number; total: number }> {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy: busy / 100, total: (busy + idle! + iowait!) / 100 };
}

/** CPU seconds (user + system) a process has used, from /proc. */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
