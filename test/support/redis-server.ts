import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '../../server/store/postgres.js';

export interface RedisServer {
  url: string;
  /** Starts it again after stop(), on the same port and data. */
  start(): Promise<void>;
  /** SHUTDOWN (what a service manager does: the append-only file is flushed), wait, start again on the same port. */
  restart(downMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A private redis-server (Debian's, as on every machine here) on a free port, with an append-only
 * file so a restart keeps its streams, for tests and benches that restart Redis under load.
 */
export async function startRedisServer(dir: string): Promise<RedisServer> {
  const port = await freePort();
  await mkdir(dir, { recursive: true });
  let child: ChildProcess;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--appendfsync', 'everysec', '--save', ''], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (/Ready to accept connections/.test(output)) resolve();
      });
      child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
    });
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const cli = spawn('redis-cli', ['-p', String(port), 'shutdown']);
    await Promise.all([once(child, 'exit'), once(cli, 'exit')]);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    restart: async (downMs = 0) => {
      await stop();
      if (downMs) await new Promise((r) => setTimeout(r, downMs)); // the outage being simulated
      await start();
    },
    stop,
  };
}
