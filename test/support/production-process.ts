import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * The production build as it is deployed: `npm run build`, then `npm run start:prod`'s command
 * (read from package.json, so what is measured and tested is what the script runs) as one Node
 * process, with nothing else configured: embedded Postgres and Chroma, the offline engine.
 */
export interface ProductionProcess {
  url: string;
  pid: number;
  output(): string;
  /** SIGTERM (as a deployment stops it); resolves with its exit code. */
  close(): Promise<number | null>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs `npm run build` (its script, with this Node); throws with its output when it fails. */
export function buildProduction(): void {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm run build failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
}

/** `npm run start:prod`'s arguments after `node`. */
export function startProdArgs(): string[] {
  const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const [command, ...args] = (scripts['start:prod'] ?? '').split(/\s+/);
  if (command !== 'node') throw new Error(`start:prod should run node, not: ${scripts['start:prod']}`);
  return args;
}

/** A fresh DATA_DIR (the caller removes it), with the C library runtime Chroma needs on older glibc if a run already fetched it. */
export async function productionDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'triage-prod-'));
  await chmod(dataDir, 0o777); // embedded Postgres runs as the postgres user when we are root
  const runtime = path.join(ROOT, '.data/runtime');
  if (existsSync(runtime)) await symlink(runtime, path.join(dataDir, 'runtime'));
  return dataDir;
}

/** Starts the build on `dataDir` (left in place when it stops). */
/** The built admin CLI (`node dist/auth/cli.js ...`) on `dataDir`'s embedded Postgres; returns what it printed. */
export function runBuiltAdmin(dataDir: string, args: string[]): string {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'dist/auth/cli.js'), ...args], {
    cwd: ROOT,
    env: { ...cleanEnv(), NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`admin ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** This process's environment without what would point the service elsewhere than its defaults. */
function cleanEnv(): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|CHROMA_URL|REDIS_URL|ROUTER_|REASONER_|EMBEDDINGS_|PORT|VITEST|NODE_ENV|NODE_OPTIONS|OTEL_)/.test(k)),
  );
}

export async function startProductionProcess(dataDir: string, env: Record<string, string> = {}): Promise<ProductionProcess> {
  const child: ChildProcess = spawn(process.execPath, startProdArgs(), {
    cwd: ROOT,
    env: { ...cleanEnv(), DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /running at (http:\/\/[^/\s]+)/.exec(output);
        if (match) resolve(match[1]!);
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`the production server exited with ${code}:\n${output}`)));
    });
    return { url, pid: child.pid!, output: () => output, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Resident memory of a process in MB (Linux /proc, else `ps`). */
export function residentMB(pid: number): number {
  const status = `/proc/${pid}/status`;
  if (existsSync(status)) {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(status, 'utf8'))?.[1];
    if (kb) return Number(kb) / 1024;
  }
  const ps = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' });
  return Number(ps.stdout.trim()) / 1024;
}
