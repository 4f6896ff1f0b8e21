import { readFileSync } from 'node:fs';
import type { LoadReport } from '../load.js';
import type { LevelSummary } from './level.js';

/**
 * The load table of docs/performance.md from a report: `npx tsx bench/load/table.ts bench/results/load.json`
 * (`npx tsx scripts/docs/generate.ts` writes it into the doc).
 */
export function loadTables(report: LoadReport): string {
  const rows = (label: string, levels: LevelSummary[] = []) =>
    levels.map(
      (s) =>
        `| ${label} | ${s.concurrency} | ${s.sendMessageMs.p50} / ${s.sendMessageMs.p95} / ${s.sendMessageMs.p99} | ${s.firstEventMs.p50} | ${s.addedLatencyMs.p50} / ${s.addedLatencyMs.p99} | ${s.throughputRatio} | ${s.eventLoopP99Ms.max} | ${s.memoryPerLiveTurnKb.heapAfterGc ?? s.memoryPerLiveTurnKb.heap} | ${s.dbConnections.maxActive} / ${s.dbConnections.maxTotal} | ${s.dbTransactionsPerTurn ?? ''} | ${Object.values(s.serviceCores).join(' + ')} | ${s.cpuMsPerTurn ?? ''} | ${s.eventsPerTurn ?? ''} | ${s.errors} | ${s.lostEvents} / ${s.duplicatedEvents} |`,
    );
  return [
    '| instances | live turns | sendMessage p50 / p95 / p99 (ms) | first event p50 (ms) | added latency per token p50 / p99 (ms) | throughput vs raw | event loop p99 (ms) | heap per live turn (KB) | DB connections active / open | DB transactions per turn | service cores | CPU ms per turn | events per turn | errors | lost / duplicated events |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows('1', report.single),
    ...rows('2 (Redis)', report.two),
  ].join('\n');
}

if (process.argv[1]?.endsWith('table.ts')) {
  const report = JSON.parse(readFileSync(process.argv[2] ?? 'bench/results/load.json', 'utf8')) as LoadReport;
  process.stdout.write(`${loadTables(report)}\n`);
}
