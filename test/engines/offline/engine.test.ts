import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAllCases, loadCases } from '../../../server/eval/cases.js';
import { evaluateTriage, formatReport, type TriageReport } from '../../../server/eval/triage.js';
import { createOfflineEngine } from '../../../server/engines/offline/engine.js';
import type { RunnerEvent } from '../../../server/contract/events.js';
import type { TriageEngine } from '../../../server/contract/engine.js';
import type { RetrievalService } from '../../../server/retrieval/index.js';
import { config, ctx, drain, realRetrieval } from './helpers.js';

/**
 * The offline engine end to end on the real retriever (Chroma from the test run): the streamed
 * event shape of a triage turn, and the development set's targets, so a regression fails CI.
 */

let service: RetrievalService;
let nodes: TriageEngine;
beforeAll(async () => {
  service = await realRetrieval('engine');
  nodes = createOfflineEngine({ pages: service.pages, retriever: service.retriever, historyExchanges: config.ROUTER_HISTORY_EXCHANGES });
});
afterAll(async () => {
  await service?.close();
});

describe('offline engine on the real retriever', () => {
  it('streams a triage turn: several ReasoningChunks, then AnswerChunks', async () => {
    const c = ctx('I have had a dry cough and a blocked nose for about 4 weeks, no fever and not short of breath');
    const route = await drain(nodes.route(c));
    expect(route.result.route).toBe('TRIAGE');
    if (route.result.route !== 'TRIAGE') return;
    const retrieval = await service.retriever.search(route.result.query, { k: config.RETRIEVAL_K });
    const reason = await drain(nodes.reason(c, route.result.query, retrieval));
    const respond = await drain(nodes.respond(c, reason.result, null));
    const events: RunnerEvent[] = [...route.events, ...reason.events, ...respond.events];
    const types = events.filter((e) => e.type !== 'Record').map((e) => e.type);
    const lastReasoning = types.lastIndexOf('ReasoningChunk');
    const firstAnswer = types.indexOf('AnswerChunk');
    expect(types.filter((t) => t === 'ReasoningChunk').length).toBeGreaterThanOrEqual(3);
    expect(types.filter((t) => t === 'AnswerChunk').length).toBeGreaterThanOrEqual(10);
    expect(lastReasoning).toBeLessThan(firstAnswer);
    // A long cough with nothing else wrong: NHS "see a GP" (book an appointment), not urgent.
    expect(reason.result.prediction.severity).toBe('Self-care');
    expect(reason.result.reasonerOutput).toMatch(/see a GP when you can/);
    expect(reason.result.reasonerOutput).toMatch(/\([a-z0-9-]+, Self-care\)$/);
  });
});

describe('development set targets (offline engine)', () => {
  let report: TriageReport;
  beforeAll(async () => {
    const cases = await loadCases('test/eval/dev-cases.jsonl');
    report = await evaluateTriage({ engine: nodes, retriever: service.retriever, pages: service.pages, k: config.RETRIEVAL_K, routeTriageCases: true }, cases);
    // Printed so a failing run shows what moved.
    console.log(formatReport(report, true));
  }, 240_000);

  it('has enough cases of each kind', () => {
    expect(report.cases.triage).toBeGreaterThanOrEqual(100);
    expect(report.cases.smalltalk).toBeGreaterThanOrEqual(12);
    expect(report.cases.vague).toBeGreaterThanOrEqual(12);
  });
  it('A&E recall >= 0.95', () => expect(report.aeRecall).toBeGreaterThanOrEqual(0.95));
  it('severity accuracy >= 0.70', () => expect(report.severityAccuracy).toBeGreaterThanOrEqual(0.7));
  it('condition accuracy >= 0.60', () => expect(report.conditionAccuracy).toBeGreaterThanOrEqual(0.6));
  it('route accuracy >= 0.90', () => expect(report.routeAccuracy).toBeGreaterThanOrEqual(0.9));
  it('under-triage stays rare (<= 0.10)', () => expect(report.underTriageRate).toBeLessThanOrEqual(0.1));
  it('every triage message routes to triage', () => {
    const [hits, total] = (report.routeBreakdown.triageTriage ?? '0/1').split('/').map(Number);
    expect(hits).toBe(total);
  });
});

describe('held-out set targets (offline engine; cases written without seeing the engine)', () => {
  let report: TriageReport;
  beforeAll(async () => {
    const cases = await loadCases('test/eval/holdout-cases.jsonl');
    report = await evaluateTriage({ engine: nodes, retriever: service.retriever, pages: service.pages, k: config.RETRIEVAL_K, routeTriageCases: true }, cases);
    console.log(formatReport(report, true));
  }, 240_000);

  it('A&E recall >= 0.95', () => expect(report.aeRecall).toBeGreaterThanOrEqual(0.95));
  it('severity accuracy >= 0.70', () => expect(report.severityAccuracy).toBeGreaterThanOrEqual(0.7));
  it('condition accuracy >= 0.60', () => expect(report.conditionAccuracy).toBeGreaterThanOrEqual(0.6));
  it('route accuracy >= 0.90', () => expect(report.routeAccuracy).toBeGreaterThanOrEqual(0.9));
  it('under-triage stays rare (<= 0.10)', () => expect(report.underTriageRate).toBeLessThanOrEqual(0.1));
});

/**
 * The outside sets (written blind by people who had not seen the engine, each measured once before
 * anything was tuned on it; README "Evaluation" gives the first figures). Every set holds the
 * safety targets and the other targets (over-triage, severity, routing), so a regression
 * on phrasings nobody on the team wrote fails CI. All of them have been tuned on since their first
 * measurement. blind-aa, blind-ab, blind-af, blind-ag and blind-al are not here: measured and kept blind for the README's figures.
 * blind-ai and blind-aj were tuned on for safety only (their A&E misses, and rules that sent people
 * to 999 on a denial); most of their over-triage comes from the urgency model and from rules that
 * err towards 999 where the NHS wording is "call 111 now", so they are held to 14 % and 18 %
 * over-triage, not 12 %, and keep every other target.
 */
interface Limits {
  overTriage: number;
  severity: number;
  route: number;
}
const TARGETS: Limits = { overTriage: 0.12, severity: 0.8, route: 0.95 };
const OUTSIDE_SETS: [string, Limits][] = [
  ...['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z', 'ac', 'ad', 'ae', 'ah', 'ak'].map((x): [string, Limits] => [`blind-${x}`, TARGETS]),
  ['blind-ai', { ...TARGETS, overTriage: 0.14 }],
  ['blind-aj', { ...TARGETS, overTriage: 0.18 }],
  // Written blind to the peer protocol's styles (basic, anxious, downplayed) and tuned on since
  // (test/eval/manifest.json). Held to the safety targets, and to the over-triage and severity it
  // reaches now (16 %, 0.84: the anxious third is still over-triaged, issue #30) so they cannot
  // grow back.
  ['styles-a', { overTriage: 0.16, severity: 0.84, route: 0.95 }],
  // Minimal pairs (a sign had or denied, feared, asked about, someone else's, long ago): half of
  // each pair is the look-alike, so over-triage is what they measure; held to the safety targets,
  // and to what they reach now.
  ['pairs-a', { overTriage: 0.35, severity: 0.65, route: 0.95 }],
];

describe.each(OUTSIDE_SETS)('%s (offline engine with the safety floor)', (set, limits) => {
  let report: TriageReport;
  beforeAll(async () => {
    const cases = await loadCases(`test/eval/${set}-cases.jsonl`);
    report = await evaluateTriage({ engine: nodes, retriever: service.retriever, pages: service.pages, k: config.RETRIEVAL_K, routeTriageCases: false }, cases);
  }, 240_000);

  it('A&E recall >= 0.98', () => expect(report.aeRecall).toBeGreaterThanOrEqual(0.98));
  it('under-triage <= 3 %', () => expect(report.underTriageRate).toBeLessThanOrEqual(0.03));
  it(`over-triage <= ${limits.overTriage * 100} %`, () => expect(report.overTriageRate).toBeLessThanOrEqual(limits.overTriage));
  it(`severity accuracy >= ${limits.severity}`, () => expect(report.severityAccuracy).toBeGreaterThanOrEqual(limits.severity));
  it(`route accuracy >= ${limits.route} (small talk and off-topic answered, vague asked about)`, () => expect(report.routeAccuracy).toBeGreaterThanOrEqual(limits.route));
});

/**
 * Conversation sets: each message sent as a live turn with the earlier ones as history, scored on
 * the level after the last message. conv-a was measured blind once, then tuned on; conv-b is kept
 * blind (test/eval/MANIFEST.md).
 */
describe.each(['conv-a'])('%s (conversations through the live pipeline, offline engine)', (set) => {
  let report: TriageReport;
  beforeAll(async () => {
    const cases = await loadAllCases(`test/eval/${set}-cases.jsonl`);
    report = await evaluateTriage({ engine: nodes, retriever: service.retriever, pages: service.pages, k: config.RETRIEVAL_K, routeTriageCases: false }, cases);
  }, 240_000);

  it('A&E recall after the last message >= 0.99', () => expect(report.conversations?.aeRecall).toBeGreaterThanOrEqual(0.99));
  it('under-triage after the last message <= 3 %', () => expect(report.conversations?.underTriageRate).toBeLessThanOrEqual(0.03));
  it('no pattern sends an emergency home (follow-up questions, reassurance, topic changes included)', () => {
    for (const [pattern, scores] of Object.entries(report.conversations?.byPattern ?? {})) expect(scores.aeRecall, pattern).toBe(1);
  });
});
