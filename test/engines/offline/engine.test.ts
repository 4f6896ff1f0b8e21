import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCases } from '../../../server/eval/cases.js';
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

// The tuned outside sets and the conversation set run in test/engines/offline/tuned-sets-*.test.ts,
// a quarter each, so the two test workers share them (tuned-sets.ts lists them).
