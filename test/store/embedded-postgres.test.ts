import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { log } from '../../server/log.js';
import { startEmbeddedPostgres } from '../../server/store/postgres.js';

/**
 * The embedded Postgres starts whatever DATA_DIR looks like: made by root with mode 0700, with a
 * postmaster.pid naming a process that is not its server (a recycled pid, a zombie), or with the
 * server of a killed run still running. It never signals a process it cannot prove is its own.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
let dataDir: string; // DATA_DIR as mkdtemp makes it: mode 0700, owned by whoever runs the tests
const pgDir = () => path.join(dataDir, 'postgres');

async function selectOne(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one;
  } finally {
    await client.end();
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function pidFileWith(pid: number) {
  const file = path.join(pgDir(), 'postmaster.pid');
  await writeFile(file, `${pid}\n${pgDir()}\n${Math.floor(Date.now() / 1000)}\n5432\n\n127.0.0.1\n  0  0\nready\n`);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'triage-datadir-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('embedded Postgres start-up', () => {
  it('starts in a DATA_DIR made with mode 0700 (by root, when the tests run as root)', async () => {
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    const server = await startEmbeddedPostgres(pgDir(), log, 'postgres');
    try {
      expect(await selectOne(server.url)).toBe(1);
    } finally {
      await server.stop();
    }
    if (os.userInfo().uid === 0) expect((await stat(dataDir)).mode & 0o777).toBe(0o701); // the search bit alone was added
  });

  it('a postmaster.pid naming a live process that is not its server (a recycled pid): never signalled, start goes on', async () => {
    const stranger = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      await pidFileWith(stranger.pid!);
      const server = await startEmbeddedPostgres(pgDir(), log, 'postgres');
      try {
        expect(await selectOne(server.url)).toBe(1);
      } finally {
        await server.stop();
      }
      expect(alive(stranger.pid!)).toBe(true);
      expect(stranger.signalCode).toBeNull();
    } finally {
      stranger.kill('SIGKILL');
    }
  });

  it('a postmaster.pid naming a zombie (a killed server not reaped yet): treated as gone at once', async () => {
    // The background child waits until its parent has exec'd into `sleep 60` (its /proc comm changes),
    // then exits and stays a zombie: `sleep` never reaps it. Exiting earlier would race the shell, which
    // reaps a finished job if it gets the chance before exec (seen once in CI: the pid was gone).
    const script = 'p=$$; (while [ "$(cat /proc/$p/comm)" != sleep ]; do sleep 0.01; done) & echo $!; exec sleep 60';
    const parent = spawn('sh', ['-c', script], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const [chunk] = (await once(parent.stdout!, 'data')) as [Buffer];
      const zombie = Number(chunk.toString().trim());
      const state = async () => (await readFile(`/proc/${zombie}/stat`, 'utf8')).split(') ')[1]?.[0];
      for (let i = 0; i < 250 && (await state()) !== 'Z'; i++) {
        await new Promise((r) => setTimeout(r, 20)); // polling the OS for the state we wait for
      }
      expect(await state()).toBe('Z');
      expect(alive(zombie)).toBe(true); // kill(pid, 0) cannot tell a zombie from a server
      await pidFileWith(zombie);
      const server = await startEmbeddedPostgres(pgDir(), log, 'postgres');
      try {
        expect(await selectOne(server.url)).toBe(1);
      } finally {
        await server.stop();
      }
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('the server of a service killed with SIGKILL is proved its own and used again; stop() stops it', async () => {
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', '-e', `import('${ROOT}/server/store/postgres.ts').then(async (m) => { const { log } = await import('${ROOT}/server/log.ts'); await m.startEmbeddedPostgres(${JSON.stringify(pgDir())}, log, 'postgres'); console.log('up'); })`],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, LOG_LEVEL: 'silent' } },
    );
    await once(child.stdout!, 'data');
    const orphan = Number((await readFile(path.join(pgDir(), 'postmaster.pid'), 'utf8')).split('\n')[0]);
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(alive(orphan)).toBe(true); // nothing stops Postgres when its parent is killed

    const server = await startEmbeddedPostgres(pgDir(), log, 'postgres');
    expect(await selectOne(server.url)).toBe(1);
    expect(Number((await readFile(path.join(pgDir(), 'postmaster.pid'), 'utf8')).split('\n')[0])).toBe(orphan); // the same server
    await server.stop();
    const gone = !existsSync(`/proc/${orphan}`) || (await readFile(`/proc/${orphan}/stat`, 'utf8')).includes(') Z');
    expect(gone).toBe(true);
  });
});
