import { describe, expect, it } from 'vitest';
import { loadChart } from '../../bench/load/chart.js';
import { fairness, summarise, type LevelRun } from '../../bench/load/level.js';
import { PLACEHOLDER, stamp, stampsIn, wallNow } from '../../bench/load/model-script.js';
import { jain, pct } from '../../bench/load/stats.js';
import type { Followed } from '../../bench/load/clients.js';

/** The load bench's arithmetic: token stamps, lost/duplicated events, added latency, the chart. */

function followed(events: Followed['events'], delays: number[], stamps: string[], endedAt: number | null): Followed {
  return { events, firstEventAt: 0, firstTokenAt: 1000, lastTokenAt: 1000 + stamps.length * 20, delays, stamps: new Set(stamps), duplicateTokens: 0, queued: [], error: null, endedAt, resubscribes: 0 };
}

describe('load bench report', () => {
  it('stamps each token with its send time and a counter, and reads them back from any text', () => {
    const before = wallNow();
    const a = JSON.parse(stamp(JSON.stringify({ text: ` ${PLACEHOLDER}` }))).text as string;
    const b = JSON.parse(stamp(JSON.stringify({ text: ` ${PLACEHOLDER}` }))).text as string;
    const read = stampsIn(`Thinking${a}${b} and more`);
    expect(read).toHaveLength(2);
    expect(read[0]!.id).not.toBe(read[1]!.id); // sent in the same tenth of a millisecond, still distinct
    expect(read[0]!.sentAt).toBeGreaterThanOrEqual(Math.floor(before * 10) / 10);
    expect(read[0]!.sentAt).toBeLessThanOrEqual(wallNow());
  });

  it('counts lost and duplicated events, missing tokens and turns without exactly one end', () => {
    const shape = { rate: 50, thinking: 2, answer: 1, rounds: 2 };
    const ok = followed(
      [
        { seq: 1, type: 'TurnStarted' },
        { seq: 2, type: 'ReasoningChunk' },
        { seq: 3, type: 'TurnCompleted' },
      ],
      [5, 7, 9],
      ['k1', 'k2', 'k3'],
      performance.timeOrigin + 2000, // wall time, 2 s after it was sent
    );
    const broken = followed(
      [
        { seq: 1, type: 'TurnStarted' },
        { seq: 3, type: 'AnswerChunk' },
        { seq: 3, type: 'AnswerChunk' },
      ],
      [50],
      ['k9'],
      null,
    );
    const turn = (i: number, f: Followed) => ({ i, via: 'ws' as const, threadId: 't', token: 'x', clientMessageId: `c${i}`, text: 'hi', sentAt: 0, sendMs: 10 + i, sendError: null, turnId: `turn${i}`, followed: f });
    const run: LevelRun = {
      concurrency: 2,
      turns: [turn(0, ok), turn(1, broken)],
      raw: [followed([], [1, 1, 1], ['r1', 'r2', 'r3'], 1)],
      samples: [],
      db: [{ at: 0, active: 3, total: 7 }],
      dbTransactions: 15,
      cores: { single: 0.5 },
      machine: { 'model-server': 0.3, 'load-generator': 0.4, busy: 1.8, cpus: 2 },
      wallMs: 15_000,
      liveHeap: { heapMb: 12, running: 2, idleMb: 10 },
    };
    const s = summarise(run, shape, { heapMb: 10, rssMb: 50 });
    expect(s.completed).toBe(1);
    expect(s.lostEvents).toBe(1); // seq 2 never came
    expect(s.duplicatedEvents).toBe(1); // seq 3 twice
    expect(s.errorKinds).toEqual({ 'no terminal event': 1 });
    expect(s.lostTokens).toBe(0);
    expect(s.addedLatencyMs.p99).toBe(49); // 50 ms at the subscriber, 1 ms raw
    expect(s.memoryPerLiveTurnKb.heapAfterGc).toBe(1024);
    expect(s.dbConnections).toEqual({ maxActive: 3, maxTotal: 7 });
    expect(s.dbTransactionsPerTurn).toBe(7.5);
    expect(fairness(run).turnSeconds.max).toBeGreaterThan(0);
  });

  it('draws latency and throughput against concurrency as SVG', () => {
    const row = (n: number) =>
      ({ concurrency: n, sendMessageMs: { p50: 5, p95: n / 5, p99: n / 4 }, addedLatencyMs: { p50: 1, p99: n / 50 }, eventLoopP99Ms: { median: 5, max: 12 }, throughputRatio: 0.99 }) as never;
    const svg = loadChart({ when: '2026-11-24T00:00:00Z', machine: { cores: 2, loadAverageAtStart: [1, 1, 1], loadAverageAtEnd: [] }, shape: { rate: 50, thinking: 500, answer: 150, rounds: 2 }, rampMs: 5000, single: [row(50), row(500)] });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.match(/<polyline/g)).toHaveLength(4); // three latency series and one throughput
    expect(svg).toContain('sendMessage p95 (1 instance)');
  });

  it('percentiles and fairness', () => {
    expect(pct([1, 2, 3, 4, 100], 50)).toBe(3);
    expect(pct([], 99)).toBe(0);
    expect(jain([1, 1, 1, 1])).toBe(1);
    expect(jain([1, 0, 0, 0])).toBe(0.25);
  });
});
