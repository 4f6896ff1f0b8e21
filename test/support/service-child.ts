import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { freePort } from '../../server/store/postgres.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServiceProcess {
  url: string;
  graphqlUrl: string;
  wsUrl: string;
  child: ChildProcess;
  /** Sends the signal and resolves when the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * The service as its own process (`server/main.ts`), as production runs it: for tests that kill it
 * (SIGKILL, SIGTERM) or restart it. Resolves once it prints that it is running.
 */
export async function spawnService(env: Record<string, string>): Promise<ServiceProcess> {
  const port = await freePort();
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(VITEST|NODE_ENV|REDIS_URL|DATABASE_URL|CHROMA_|ROUTER_|REASONER_)/.test(k)));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'test',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DEV_SEED: 'false',
      OPEN_BROWSER: 'false',
      RATE_LIMIT_MESSAGES_PER_MINUTE: '0',
      RATE_LIMIT_THREADS_PER_HOUR: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/running at http/.test(output)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`service exited with ${code}:\n${output}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    graphqlUrl: `${url}/graphql`,
    wsUrl: `ws://127.0.0.1:${port}/graphql`,
    child,
    kill: async (signal) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
  };
}
