import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { buildProduction, productionDataDir, residentMB, startProductionProcess, startProdArgs } from '../test/support/production-process.js';

/**
 * `npm run bench -- memory` (BENCH_MEMORY_BUILD=0: use the build in dist/): resident memory of the production server (`npm run
 * build`, then `npm run start:prod`'s one Node process) before its first turn. Started with nothing
 * configured (embedded Postgres and Chroma, the offline engine); once /readyz says ready and one
 * GraphQL query has been answered, its RSS is read SAMPLES times over a few seconds and the highest
 * reading is the figure. Postgres and Chroma are separate processes (external in a deployment),
 * listed apart. The target is 200 MB (issue #31).
 */

const SAMPLES = 6;
const SAMPLE_EVERY_MS = 500;
const TARGET_MB = 200;

export async function benchMemory(): Promise<{ firstStartMB: number; restartMB: number }> {
  if (process.env.BENCH_MEMORY_BUILD !== '0') {
    const started = Date.now();
    buildProduction();
    console.log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  console.log(`command: node ${startProdArgs().join(' ')}`);
  const dataDir = await productionDataDir();
  try {
    // The first start loads the knowledge base into Chroma; a restart finds it there.
    const firstStartMB = await measure(dataDir, 'first start (knowledge ingested)');
    const restartMB = await measure(dataDir, 'restart (knowledge already in Chroma)');
    console.log(JSON.stringify({ bench: 'memory', node: process.version, firstStartMB: Math.round(firstStartMB), restartMB: Math.round(restartMB), targetMB: TARGET_MB }));
    if (Math.max(firstStartMB, restartMB) > TARGET_MB) process.exitCode = 1;
    return { firstStartMB, restartMB };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function measure(dataDir: string, label: string): Promise<number> {
  const service = await startProductionProcess(dataDir);
  try {
    const ready = await fetch(`${service.url}/readyz`);
    if (ready.status !== 200) throw new Error(`/readyz answered ${ready.status}: ${await ready.text()}`);
    const answer = await fetch(`${service.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ health { ok } }"}' });
    if (!answer.ok) throw new Error(`GraphQL answered ${answer.status}`);
    const readings: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      readings.push(residentMB(service.pid));
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS)); // sampling interval, not a wait for an event
    }
    const serviceMB = Math.max(...readings);
    const children = childProcesses(service.pid).map((c) => `${c.name} ${Math.round(residentMB(c.pid))} MB`);
    console.log(`${label}: service process RSS ${Math.round(serviceMB)} MB (readings ${readings.map((r) => Math.round(r)).join(', ')}; target <= ${TARGET_MB} MB); children: ${children.join(', ') || 'none'}`);
    return serviceMB;
  } finally {
    await service.close();
  }
}

/** The service's child processes (embedded Postgres, Chroma) by pid and program name, where `ps` is available. */
function childProcesses(pid: number): { pid: number; name: string }[] {
  const ps = spawnSync('ps', ['-o', 'pid=,comm=', '--ppid', String(pid)], { encoding: 'utf8' });
  if (ps.status !== 0) return [];
  return ps.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [child = '', ...name] = line.trim().split(/\s+/);
      return { pid: Number(child), name: name.join(' ') };
    });
}
