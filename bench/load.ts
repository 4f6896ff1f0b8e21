import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createKey } from '../server/auth/sites.js';
import { startThrowawayChroma } from '../server/retrieval/chroma-launcher.js';
import { createDb } from '../server/store/db.js';
import { loadChart } from './load/chart.js';
import { BENCH_ORIGIN } from './load/clients.js';
import { ROOT, startBenchPostgres, startBenchRedis, startModelServer, startService, workDir, type ServiceProcess } from './load/infra.js';
import { fairness, runLevel, summarise, type LevelOptions, type LevelSummary } from './load/level.js';
import type { StreamShape } from './load/model-script.js';
import { faultScenarios } from './load/faults.js';
import { runFloor, type FloorSummary } from './load/floor.js';
import { metric } from './load/stats.js';

/**
 * `npm run bench -- load [options]`: the service under live turns, measured against the model's
 * own stream. Everything runs as separate processes on this machine: Postgres, Redis, Chroma, the
 * fake model server (stamping each token with its send time), one or two service instances
 * (server/main.ts with the full model pipeline), and this process generating the load.
 *
 * Scenarios (--scenarios, comma-separated; default all):
 *   single    levels of concurrent turns on one instance (in-process bus)
 *   two       the same on two instances sharing Postgres and Redis, subscribers on the other one
 *   capacity  500 turns against a model server limited to 64 streams (fair queue)
 *   faults    kill -9 at 300 live turns, SIGTERM drain, Postgres and Redis restarts, restart after kill
 *   floor     (not in the default) the same levels with raw clients only and no service: what the
 *             fake model server and a reader of its streams cost this machine before any service
 * Each new instance first runs --warmup turns (default 20), not measured: the first level would
 * otherwise also measure start-up (compiling the code it runs for the first time, the first
 * queries), which made the 50-turn level look slower than the 100-turn one.
 * Writes bench/results/load.json and bench/results/load.svg (--out to change).
 */

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: {
    levels: { type: 'string', default: '50,100,250,500' },
    rate: { type: 'string', default: '50' },
    thinking: { type: 'string', default: '500' },
    answer: { type: 'string', default: '150' },
    'ramp-ms': { type: 'string', default: '5000' },
    'sse-share': { type: 'string', default: '0.2' },
    'raw-share': { type: 'string', default: '0.2' },
    scenarios: { type: 'string', default: 'single,two,capacity,faults' },
    'capacity-turns': { type: 'string', default: '500' },
    'capacity-streams': { type: 'string', default: '64' },
    'fault-turns': { type: 'string', default: '300' },
    'cpu-prof': { type: 'boolean', default: false },
    'live-heap-after-ms': { type: 'string', default: '2000' },
    warmup: { type: 'string', default: '20' },
    out: { type: 'string', default: 'bench/results' },
  },
});
void positionals;

export interface LoadReport {
  when: string;
  machine: { cores: number; loadAverageAtStart: number[]; loadAverageAtEnd: number[] };
  shape: StreamShape;
  rampMs: number;
  single?: LevelSummary[];
  two?: LevelSummary[];
  capacity?: LevelSummary & { fairness: ReturnType<typeof fairness>; streamLimit: number; peakStreamsAtModelServer: number };
  faults?: Awaited<ReturnType<typeof faultScenarios>> & { streamShape: StreamShape };
  floor?: FloorSummary[];
}

export async function benchLoad(): Promise<LoadReport> {
  const os = await import('node:os');
  const shape: StreamShape = { rate: Number(values.rate), thinking: Number(values.thinking), answer: Number(values.answer), rounds: 2 };
  const levels = values.levels!.split(',').map(Number);
  const scenarios = new Set(values.scenarios!.split(','));
  const report: LoadReport = {
    when: new Date().toISOString(),
    machine: { cores: os.cpus().length, loadAverageAtStart: os.loadavg().map((x) => Math.round(x * 100) / 100), loadAverageAtEnd: [] },
    shape,
    rampMs: Number(values['ramp-ms']),
  };
  const outDir = path.resolve(ROOT, values.out!);
  await mkdir(outDir, { recursive: true });
  const work = await workDir();
  const logDir = path.join(outDir, 'logs');
  await mkdir(logDir, { recursive: true });
  console.log(`load bench: work in ${work.dir}, service logs in ${logDir}, load average ${report.machine.loadAverageAtStart.join(' ')}`);

  const postgres = await startBenchPostgres(work.dir);
  const chroma = await startThrowawayChroma();
  const model = await startModelServer(shape);
  const redis = scenarios.has('two') || scenarios.has('faults') ? await startBenchRedis(work.dir) : null;
  const running: ServiceProcess[] = [];
  const baseEnv = {
    DATABASE_URL: postgres.url,
    CHROMA_URL: chroma.url,
    CHROMA_COLLECTION: 'bench-load',
    ROUTER_BASE_URL: model.baseURL,
    ROUTER_MODEL: 'bench-router',
    REASONER_BASE_URL: model.baseURL,
    REASONER_MODEL: 'bench-reasoner',
    BUDGET_STOP_SKIPS: String(shape.rounds - 1),
    ROUTER_MAX_STREAMS: '0',
    REASONER_MAX_STREAMS: '0',
  };
  const spawnService = async (name: string, env: Record<string, string> = {}) => {
    const s = await startService({ name, env: { ...baseEnv, ...env }, logDir, cpuProf: values['cpu-prof'] });
    running.push(s);
    return s;
  };
  const stopService = async (s: ServiceProcess) => {
    await s.kill('SIGTERM');
    running.splice(running.indexOf(s), 1);
  };

  try {
    // The first start migrates the database; then a site for the bench's visitors.
    const first = await spawnService('setup');
    const db = createDb(postgres.url);
    const site = await db.site.create({ data: { name: 'load bench', allowedOrigins: [BENCH_ORIGIN] } });
    const siteKey = (await createKey(db, site.id, 'PUBLISHABLE', 'bench')).key;
    await db.$disconnect();
    await stopService(first);

    const common = (services: ServiceProcess[]): Omit<LevelOptions, 'concurrency' | 'sendTo' | 'subscribeTo'> => ({
      siteKey,
      shape,
      rampMs: Number(values['ramp-ms']),
      sseShare: Number(values['sse-share']),
      rawShare: Number(values['raw-share']),
      modelBaseURL: model.baseURL,
      modelPid: model.pid,
      targets: services.map((s) => ({ name: s.name, url: s.url, pid: s.pid })),
      databaseUrl: postgres.url,
      liveHeapAfterMs: Number(values['live-heap-after-ms']),
    });
    const idle = async (services: ServiceProcess[]) => {
      const texts = await Promise.all(services.map(async (s) => (await fetch(`${s.url}/metrics`)).text()));
      const avg = (name: string) => texts.reduce((n, t) => n + (metric(t, name) ?? 0), 0) / texts.length / 2 ** 20;
      return { heapMb: avg('triage_nodejs_heap_size_used_bytes'), rssMb: avg('triage_process_resident_memory_bytes') };
    };
    const warmUp = async (services: ServiceProcess[]) => {
      const n = Number(values.warmup);
      if (n > 0) await runLevel({ ...common(services), concurrency: n, sendTo: (i) => services[i % services.length]!.url, subscribeTo: (i) => services[(i + 1) % services.length]!.url });
    };
    const print = (label: string, s: LevelSummary) =>
      console.log(
        `${label} ${s.concurrency} turns: sendMessage p50/p95/p99 ${s.sendMessageMs.p50}/${s.sendMessageMs.p95}/${s.sendMessageMs.p99} ms, ` +
          `first event p50 ${s.firstEventMs.p50} ms, added latency p50/p99 ${s.addedLatencyMs.p50}/${s.addedLatencyMs.p99} ms (raw ${s.rawDelayMs.p50}/${s.rawDelayMs.p99}), ` +
          `throughput ${s.throughputRatio}x raw, loop p99 ${s.eventLoopP99Ms.max} ms, ${s.memoryPerLiveTurnKb.heapAfterGc} KB heap/live turn (after GC), ` +
          `db ${s.dbConnections.maxActive}/${s.dbConnections.maxTotal} (${s.dbTransactionsPerTurn} transactions/turn), cores ${JSON.stringify(s.serviceCores)} (${s.cpuMsPerTurn} ms CPU/turn, ${s.eventsPerTurn} events/turn, ${s.cpuUsPerEvent} µs CPU/event), machine ${JSON.stringify(s.machineCores)}, errors ${s.errors} ${JSON.stringify(s.errorKinds)}, ` +
          `lost/dup events ${s.lostEvents}/${s.duplicatedEvents}, lost tokens ${s.lostTokens}`,
      );

    if (scenarios.has('floor')) {
      report.floor = [];
      for (const n of levels) {
        const f = await runFloor({ concurrency: n, shape, rampMs: Number(values['ramp-ms']), modelBaseURL: model.baseURL, modelPid: model.pid, databaseUrl: postgres.url });
        report.floor.push(f);
        console.log(
          `floor ${n} raw turns: machine ${JSON.stringify(f.machineCores)}, CPU per token ${f.cpuUsPerToken.modelServer} µs model server + ${f.cpuUsPerToken.reader} µs reader, ` +
            `delay p50/p99 ${f.delayMs.p50}/${f.delayMs.p99} ms, ${f.tokensPerSecondPerTurn} tokens/s per turn, ${f.tokens} tokens, ${f.errors} errors, ${f.wallSeconds} s`,
        );
      }
    }

    if (scenarios.has('single')) {
      const a = await spawnService('single');
      await warmUp([a]);
      report.single = [];
      for (const n of levels) {
        const base = await idle([a]);
        const run = await runLevel({ ...common([a]), concurrency: n, sendTo: () => a.url, subscribeTo: () => a.url });
        const summary = summarise(run, shape, base);
        report.single.push(summary);
        print('single', summary);
      }
      await stopService(a);
    }

    if (scenarios.has('two') && redis) {
      const a = await spawnService('two-a', { REDIS_URL: redis.url });
      const b = await spawnService('two-b', { REDIS_URL: redis.url });
      await warmUp([a, b]);
      report.two = [];
      for (const n of levels) {
        const base = await idle([a, b]);
        // Half the turns run on each instance; each subscriber listens on the other one.
        const run = await runLevel({ ...common([a, b]), concurrency: n, sendTo: (i) => (i % 2 ? b.url : a.url), subscribeTo: (i) => (i % 2 ? a.url : b.url) });
        const summary = summarise(run, shape, base);
        report.two.push(summary);
        print('two instances', summary);
      }
      await stopService(b);
      await stopService(a);
    }

    if (scenarios.has('capacity')) {
      const limit = Number(values['capacity-streams']);
      const a = await spawnService('capacity', { ROUTER_MAX_STREAMS: String(limit), REASONER_MAX_STREAMS: String(limit), MODEL_QUEUE_TIMEOUT_MS: '600000' });
      const base = await idle([a]);
      model.resetPeak();
      const run = await runLevel({ ...common([a]), concurrency: Number(values['capacity-turns']), rawShare: 0, sendTo: () => a.url, subscribeTo: () => a.url, timeoutMs: 900_000 });
      const summary = summarise(run, shape, base);
      const peak = (await model.stats()).peakOpen;
      report.capacity = { ...summary, fairness: fairness(run), streamLimit: limit, peakStreamsAtModelServer: peak };
      print('capacity', summary);
      console.log(`capacity: limit ${limit}, peak streams at the model server ${peak}, fairness ${JSON.stringify(report.capacity.fairness)}`);
      await stopService(a);
    }

    if (scenarios.has('faults') && redis) {
      // Slower streams, so every turn is still running when the fault comes: at the normal rate
      // the first turns had finished by the time the last of 300 sendMessages was acknowledged.
      const faultShape: StreamShape = { ...shape, rate: shape.rate / 3 };
      const faultModel = await startModelServer(faultShape);
      const toFaultModel = { ROUTER_BASE_URL: faultModel.baseURL, REASONER_BASE_URL: faultModel.baseURL };
      try {
        report.faults = { streamShape: faultShape, ...(await faultScenarios({
          spawnService: (name, env = {}) => spawnService(name, { ...toFaultModel, ...env }),
          stopService,
          common: (services) => ({ ...common(services), shape: faultShape, modelBaseURL: faultModel.baseURL, modelPid: faultModel.pid }),
          postgres,
          redis,
          work: work.dir,
          turns: Number(values['fault-turns']),
          baseEnv: { ...baseEnv, ...toFaultModel },
          logDir,
        })) };
      } finally {
        await faultModel.stop();
      }
    }
  } finally {
    for (const s of [...running]) await s.kill('SIGKILL');
    await model.stop();
    await redis?.stop().catch(() => undefined);
    await chroma.stop();
    await postgres.stop();
    await work.remove();
  }
  report.machine.loadAverageAtEnd = os.loadavg().map((x) => Math.round(x * 100) / 100);
  await writeFile(path.join(outDir, 'load.json'), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(path.join(outDir, 'load.svg'), loadChart(report));
  console.log(`wrote ${path.join(values.out!, 'load.json')} and load.svg`);
  return report;
}
