import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAllCases } from '../../../server/eval/cases.js';
import { evaluateTriage, type TriageReport } from '../../../server/eval/triage.js';
import { createOfflineEngine } from '../../../server/engines/offline/engine.js';
import type { TriageEngine } from '../../../server/contract/engine.js';
import type { RetrievalService } from '../../../server/retrieval/index.js';
import { config, realRetrieval } from './helpers.js';

/**
 * The outside sets the team has tuned on (written blind by people who had not seen the engine,
 * each measured once before anything was tuned on it; test/eval/manifest.json gives the first
 * figures). Every set holds the safety targets and the other targets (over-triage,
 * severity, routing), so a regression on phrasings nobody on the team wrote fails CI. Sets kept
 * blind (the manifest's `blind: true`) are never listed here: holding them would be tuning on them.
 *
 * blind-ai and blind-aj were tuned on for safety only (their A&E misses, and rules that sent people
 * to 999 on a denial); most of their over-triage comes from the urgency model and from rules that
 * err towards 999 where the NHS wording is "call 111 now", so they are held to 14 % and 18 %
 * over-triage, not 12 %, and keep every other target. blind-ai's limit is 14.5 %: refitting the
 * urgency model without feared and asked-about words (2026-12-02) moved one case across 14 %
 * (ai068, 53 of 378), while the refit took 18 cases across all the sets to the right level.
 */
export interface Limits {
  /** At most (default 3 %). */
  underTriage?: number;
  overTriage: number;
  severity: number;
  route: number;
}
const TARGETS: Limits = { overTriage: 0.12, severity: 0.8, route: 0.95 };

export type TunedSet = { set: string; kind: 'messages'; limits: Limits } | { set: string; kind: 'conversations' };

export const TUNED_SETS: readonly TunedSet[] = [
  ...['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z', 'ac', 'ad', 'ae', 'ah', 'ak'].map(
    (x): TunedSet => ({ set: `blind-${x}`, kind: 'messages', limits: TARGETS }),
  ),
  { set: 'blind-ai', kind: 'messages', limits: { ...TARGETS, overTriage: 0.145 } },
  { set: 'blind-aj', kind: 'messages', limits: { ...TARGETS, overTriage: 0.18 } },
  // Written blind to the peer protocol's styles (basic, anxious, downplayed) and tuned on since.
  // Held to the safety targets, and to the over-triage and severity it reaches now (the anxious
  // third is still over-triaged, issue #30) so they cannot grow back.
  { set: 'styles-a', kind: 'messages', limits: { overTriage: 0.16, severity: 0.84, route: 0.95 } },
  // Minimal pairs (a sign had or denied, feared, asked about, someone else's, long ago): half of
  // each pair is the look-alike, so over-triage is what they measure; held to the safety targets,
  // and to what they reach now.
  { set: 'pairs-a', kind: 'messages', limits: { overTriage: 0.35, severity: 0.65, route: 0.95 } },
  // Conversations: each message sent as a live turn with the earlier ones as history, scored on
  // the level after the last message. Measured blind once, then tuned on.
  { set: 'conv-a', kind: 'conversations' },
  // The c sets: written blind, measured twice unread, then tuned on (2026-12-02). styles-c meets
  // the message targets; pairs-c is held to what it reaches now.
  { set: 'styles-c', kind: 'messages', limits: { overTriage: 0.12, severity: 0.85, route: 0.95 } },
  { set: 'pairs-c', kind: 'messages', limits: { overTriage: 0.33, severity: 0.66, route: 0.95 } },
  { set: 'conv-c', kind: 'conversations' },
  // pairs-d: written blind, measured twice unread, then its three under-triaged cases read and
  // fixed; held to its A&E recall and to the over-triage it reaches now.
  { set: 'pairs-d', kind: 'messages', limits: { overTriage: 0.39, severity: 0.6, route: 0.95 } },
  // styles-d: written blind, measured three times unread, then its over-triage read (2026-12-02);
  // held to the safety targets and to the over-triage and severity it reaches now.
  { set: 'styles-d', kind: 'messages', limits: { overTriage: 0.165, severity: 0.83, route: 0.95 } },
  // styles-b and pairs-b: written blind, measured unread, then read while finding why the urgency
  // model over-triages (2026-12-02) and since then in its training files; held to the safety
  // targets and to what they reach now (styles-b 6.8 % over, 0.928; pairs-b 42.5 % over, 0.569).
  { set: 'styles-b', kind: 'messages', limits: { overTriage: 0.12, severity: 0.85, route: 0.95 } },
  { set: 'pairs-b', kind: 'messages', limits: { overTriage: 0.45, severity: 0.55, route: 0.95 } },
  // styles-e: written blind, measured unread (first and again on 1a2b2d2), then its anxious
  // self-care over-triage read (2026-12-02, evening); held to the message targets.
  { set: 'styles-e', kind: 'messages', limits: { overTriage: 0.12, severity: 0.85, route: 0.95 } },
  // Written blind, measured once unread, then read (2026-12-03): styles-g and styles-h for their
  // over-triaged anxious self-care messages, blind-an for its A&E misses and misrouted off-topic
  // messages, conv-e and conv-g for their misses after the last message. Held to the targets.
  { set: 'styles-g', kind: 'messages', limits: { overTriage: 0.12, severity: 0.85, route: 0.95 } },
  { set: 'styles-h', kind: 'messages', limits: { overTriage: 0.12, severity: 0.85, route: 0.95 } },
  { set: 'blind-an', kind: 'messages', limits: TARGETS },
  { set: 'conv-e', kind: 'conversations' },
  { set: 'conv-g', kind: 'conversations' },
  // Written blind, measured once unread, then read (2026-12-03, later): styles-i and styles-j for
  // their A&E misses and anxious self-care sent to 999, conv-i, conv-j and conv-k for their one
  // miss each after the last message. The styles sets are held to the safety targets and to the
  // over-triage and severity they reach now (about half their anxious self-care is still raised,
  // issue #30), so neither can grow back.
  { set: 'styles-i', kind: 'messages', limits: { overTriage: 0.15, severity: 0.85, route: 0.95 } },
  { set: 'styles-j', kind: 'messages', limits: { overTriage: 0.155, severity: 0.845, route: 0.95 } },
  { set: 'conv-i', kind: 'conversations' },
  { set: 'conv-j', kind: 'conversations' },
  { set: 'conv-k', kind: 'conversations' },
];

const fileOf = (set: string) => `test/eval/${set}-cases.jsonl`;

/**
 * The sets of one shard: sets are dealt largest first to the shard with the fewest cases so far
 * (conversation turns count three times: each runs the whole pipeline with its history).
 */
export function shardOf(shard: number, shards: number): TunedSet[] {
  const weight = (s: TunedSet) => readFileSync(fileOf(s.set), 'utf8').trim().split('\n').length * (s.kind === 'conversations' ? 9 : 1);
  const load = new Array<number>(shards).fill(0);
  const dealt: TunedSet[][] = Array.from({ length: shards }, () => []);
  for (const s of [...TUNED_SETS].map((x) => ({ x, w: weight(x) })).sort((a, b) => b.w - a.w || a.x.set.localeCompare(b.x.set))) {
    const least = load.indexOf(Math.min(...load));
    load[least] = (load[least] ?? 0) + s.w;
    dealt[least]?.push(s.x);
  }
  return dealt[shard - 1] ?? [];
}

/** Declares the tests of one shard: each set through the offline engine on the real retriever. */
export function describeTunedSets(shard: number, shards: number): void {
  let service: RetrievalService;
  let engine: TriageEngine;
  beforeAll(async () => {
    service = await realRetrieval(`tuned-${shard}`);
    engine = createOfflineEngine({ pages: service.pages, retriever: service.retriever, historyExchanges: config.ROUTER_HISTORY_EXCHANGES });
  });
  afterAll(async () => {
    await service?.close();
  });
  const run = async (set: string): Promise<TriageReport> =>
    evaluateTriage({ engine, retriever: service.retriever, pages: service.pages, k: config.RETRIEVAL_K, routeTriageCases: false }, await loadAllCases(fileOf(set)));

  for (const s of shardOf(shard, shards)) {
    if (s.kind === 'messages') {
      describe(`${s.set} (offline engine with the safety floor)`, () => {
        let report: TriageReport;
        beforeAll(async () => {
          report = await run(s.set);
        }, 240_000);
        it('A&E recall >= 0.98', () => expect(report.aeRecall).toBeGreaterThanOrEqual(0.98));
        it(`under-triage <= ${(s.limits.underTriage ?? 0.03) * 100} %`, () => expect(report.underTriageRate).toBeLessThanOrEqual(s.limits.underTriage ?? 0.03));
        it(`over-triage <= ${s.limits.overTriage * 100} %`, () => expect(report.overTriageRate).toBeLessThanOrEqual(s.limits.overTriage));
        it(`severity accuracy >= ${s.limits.severity}`, () => expect(report.severityAccuracy).toBeGreaterThanOrEqual(s.limits.severity));
        it(`route accuracy >= ${s.limits.route} (small talk and off-topic answered, vague asked about)`, () => expect(report.routeAccuracy).toBeGreaterThanOrEqual(s.limits.route));
      });
    } else {
      describe(`${s.set} (conversations through the live pipeline, offline engine)`, () => {
        let report: TriageReport;
        beforeAll(async () => {
          report = await run(s.set);
        }, 240_000);
        it('A&E recall after the last message >= 0.99', () => expect(report.conversations?.aeRecall).toBeGreaterThanOrEqual(0.99));
        it('under-triage after the last message <= 3 %', () => expect(report.conversations?.underTriageRate).toBeLessThanOrEqual(0.03));
        it('no pattern sends an emergency home (follow-up questions, reassurance, topic changes included)', () => {
          for (const [pattern, scores] of Object.entries(report.conversations?.byPattern ?? {})) expect(scores.aeRecall, pattern).toBe(1);
        });
      });
    }
  }
}
