import { rawTurn } from './clients.js';
import type { StreamShape } from './model-script.js';
import { Sampler } from './sampler.js';
import { mean, pct, round } from './stats.js';

/**
 * The machine's floor: `concurrency` raw turns and nothing else (no service, no subscribers). The
 * fake model server streams every turn's calls and this process reads them, as the raw clients of
 * a normal level do. What that costs is what any level of the same size spends before the service
 * does anything: a service level needs these cores, plus the service's, plus the subscribers'
 * reading, from the same machine. When the floor alone fills the machine, that level's latency and
 * throughput targets cannot be measured here, whatever the service does.
 */
export interface FloorSummary {
  concurrency: number;
  /** Cores used over the level: the model server, this reader, the machine as a whole (busy of cpus). */
  machineCores: Record<string, number>;
  /** CPU time per token streamed (µs): the model server's to send it, the reader's to read it. */
  cpuUsPerToken: { modelServer: number; reader: number };
  /** Token arrival minus its send stamp at the reader (ms). */
  delayMs: { p50: number; p99: number };
  /** Tokens/s per turn, from its first request to its last token: flat across levels while the machine keeps pace. */
  tokensPerSecondPerTurn: number;
  tokens: number;
  errors: number;
  wallSeconds: number;
}

export async function runFloor(o: { concurrency: number; shape: StreamShape; rampMs: number; modelBaseURL: string; modelPid: number; databaseUrl: string }): Promise<FloorSummary> {
  const n = o.concurrency;
  const sampler = new Sampler([], o.databaseUrl, [
    { name: 'model-server', pid: o.modelPid },
    { name: 'reader', pid: process.pid },
  ]);
  await sampler.start();
  const started = performance.now();
  const turns: ReturnType<typeof rawTurn>[] = [];
  for (let i = 0; i < n; i++) {
    const delay = (o.rampMs * i) / n - (performance.now() - started);
    if (delay > 1) await new Promise((r) => setTimeout(r, delay)); // the arrival schedule, not synchronisation
    turns.push(rawTurn(o.modelBaseURL, o.shape.rounds));
  }
  const done = await Promise.all(turns);
  const wallMs = performance.now() - started;
  const { machine } = await sampler.stop();
  const tokens = done.reduce((sum, f) => sum + f.stamps.size, 0);
  const delays = done.flatMap((f) => f.delays);
  const rates = done.flatMap((f) => (f.lastTokenAt !== null && f.firstEventAt !== null && f.lastTokenAt > f.firstEventAt ? [f.stamps.size / ((f.lastTokenAt - f.firstEventAt) / 1000)] : []));
  const perToken = (cores: number | undefined) => (tokens ? round(((cores ?? 0) * wallMs * 1000) / tokens, 0) : 0);
  return {
    concurrency: n,
    machineCores: Object.fromEntries(Object.entries(machine).map(([k, v]) => [k, round(v, 2)])),
    cpuUsPerToken: { modelServer: perToken(machine['model-server']), reader: perToken(machine.reader) },
    delayMs: { p50: round(pct(delays, 50), 2), p99: round(pct(delays, 99), 2) },
    tokensPerSecondPerTurn: rates.length ? round(mean(rates), 1) : 0,
    tokens,
    errors: done.filter((f) => f.error).length,
    wallSeconds: round(wallMs / 1000, 1),
  };
}
