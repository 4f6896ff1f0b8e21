import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tracingEnabled } from '../server/telemetry/index.js';
import { traceTurn } from '../server/turns/trace.js';
import type { TurnInput } from '../server/contract/turn.js';

/**
 * What tracing costs when it is off (OTEL_EXPORTER_OTLP_ENDPOINT unset), and what loading it costs
 * when it is on: the per-turn hooks (a flag check each), and the start-up of the preloaded
 * register module with and without an endpoint (time and memory: off loads no SDK at all).
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const input: TurnInput = { turnId: 't', threadId: 'th', text: 'x', history: [] };

function nsPerCall(n: number, body: () => unknown): number {
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) body();
  return Number(process.hrtime.bigint() - started) / n;
}

function startup(env: Record<string, string>): { ms: number; rssMb: number; sdkLoaded: boolean } {
  const register = pathToFileURL(path.join(ROOT, 'server/telemetry/register.ts')).href;
  const probe = `const t=performance.now();await import(${JSON.stringify(register)});const sdk=Object.keys(await import('node:module').then(m=>m.default._cache??{})).some(k=>k.includes('sdk-node'));console.log(JSON.stringify({ms:performance.now()-t,rssMb:process.memoryUsage().rss/2**20,sdk}))`;
  const runs = Array.from({ length: 5 }, () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
    return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { ms: number; rssMb: number; sdk: boolean };
  });
  runs.sort((a, b) => a.ms - b.ms);
  const median = runs[2]!;
  return { ms: median.ms, rssMb: median.rssMb, sdkLoaded: median.sdk };
}

export async function benchTracing(): Promise<void> {
  if (tracingEnabled()) throw new Error('run this bench with OTEL_EXPORTER_OTLP_ENDPOINT unset');
  const N = 2_000_000;
  nsPerCall(N, tracingEnabled); // warm up
  const flag = nsPerCall(N, tracingEnabled);
  const done = Promise.resolve();
  const direct = nsPerCall(N, () => done);
  const hooked = nsPerCall(N, () => traceTurn(input, 'OFFLINE', () => done));
  console.log(`off: tracingEnabled() ${flag.toFixed(1)} ns; traceTurn() around a turn ${(hooked - direct).toFixed(1)} ns more than calling it directly`);
  console.log('off: hooks per turn: traceTurn, recordTurnOutcome, one flag check per model call; engine and retriever are not wrapped');

  const off = startup({ OTEL_EXPORTER_OTLP_ENDPOINT: '' });
  const on = startup({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', OTEL_TRACES_EXPORTER: 'otlp' });
  console.log(`start-up, register module: off ${off.ms.toFixed(0)} ms, RSS ${off.rssMb.toFixed(0)} MB (SDK loaded: ${off.sdkLoaded})`);
  console.log(`start-up, register module: on  ${on.ms.toFixed(0)} ms, RSS ${on.rssMb.toFixed(0)} MB (SDK loaded: ${on.sdkLoaded})`);
  await done;
}
