import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The service as production runs it: its own Node process started the way `npm start` does
 * (`--import tsx --import server/telemetry/register.ts server/main.ts`), in development mode so it
 * seeds a site and writes its keys to DATA_DIR/dev-keys.json.
 */
export interface ServiceProcess {
  url: string;
  graphqlUrl: string;
  wsUrl: string;
  keys: { publishableKey: string; staffKey: string; secretKey: string };
  output(): string;
  /** SIGKILL: no drain, nothing written on the way out (a crash). */
  kill(): Promise<void>;
  close(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

export async function startServiceProcess(env: Record<string, string>): Promise<ServiceProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'triage-proc-'));
  await chmod(dataDir, 0o777);
  const runtime = path.join(ROOT, '.data/runtime');
  if (existsSync(runtime)) await symlink(runtime, path.join(dataDir, 'runtime'));
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|CHROMA_URL|REDIS_URL|ROUTER_|REASONER_|EMBEDDINGS_|PORT|VITEST|NODE_ENV|OTEL_|TRACE_CONTENT)/.test(k)),
  );
  const register = pathToFileURL(path.join(ROOT, 'server/telemetry/register.ts')).href;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '--import', register, path.join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: { ...inherited, NODE_ENV: 'development', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', OPEN_BROWSER: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /running at (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1]!);
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`the service exited with ${code}:\n${output}`)));
    });
    const keys = JSON.parse(await readFile(path.join(dataDir, 'dev-keys.json'), 'utf8')) as ServiceProcess['keys'];
    return { url, graphqlUrl: `${url}/graphql`, wsUrl: `${url.replace(/^http/, 'ws')}/graphql`, keys, output: () => output, kill, close };
  } catch (error) {
    await close();
    throw error;
  }
}
