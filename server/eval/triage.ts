import { randomUUID } from 'node:crypto';
import { loadConfig, type Config } from '../config.js';
import type { ConditionPage } from '../knowledge/types.js';
import { log } from '../log.js';
import { EngineSelectionError, ENGINES, selectEngine } from '../engines/index.js';
import { SEVERITIES, type Engine, type Prediction, type Route, type Severity } from '../contract/events.js';
import { searchSize, type TriageEngine, type RouteDecision, type TurnContext } from '../contract/engine.js';
import { triageOnce } from '../pipeline/non-conversational.js';
import { createEmbedder } from '../retrieval/embedders/index.js';
import { startRetrieval } from '../retrieval/index.js';
import type { RetrievalResult, Retriever } from '../contract/retrieval.js';
import { applySafetyFloor, assessSafety } from '../safety/index.js';
import { isConversation, isTriage, loadAllCases, percentile, REVIEW_VERDICTS, type AnyCase, type EvalCase, type RejectedCase, type ReviewOrigin } from './cases.js';
import { conversationReport, formatConversationReport, levelScores, runConversation, type ConversationOutcome, type ConversationReport, type LevelScores } from './conversation.js';
import { TurnError } from '../contract/errors.js';

/**
 * Triage evaluation: each triage case through the non-conversational pipeline (retrieve -> reason
 * -> parse) with the safety floor applied as in a live turn, scored on condition and severity;
 * smalltalk and vague cases through the engine's route node (expect DIRECT and CLARIFY). Runs the
 * offline engine, or the model pipeline when ROUTER_BASE_URL / REASONER_BASE_URL are configured.
 */

/** A problem with how the evaluation was asked for (missing cases file, unknown engine). */
export class TriageEvalError extends Error {
  override name = 'TriageEvalError';
}

export interface TriageEvalOptions {
  /** JSONL case file. */
  casesFile?: string;
  /** Alias of `casesFile`. */
  cases?: string;
  json?: boolean;
  /**
   * Every other `--flag value` given on the command line: `--engine offline|model`, `--misses`,
   * `--no-floor`, `--route-triage`, `--concurrency N`, `--collection NAME`.
   */
  flags?: Record<string, string | boolean>;
  /** Where progress lines go (one per case); the CLI passes stderr. */
  progress?: (line: string) => void;
}

export interface TriageOutcome {
  id: string;
  kind: EvalCase['kind'];
  /** A single message's writing style, and a minimal pair's id and the respect it differs in. */
  style?: string;
  pair?: { id: string; modifier: string };
  /** `condition: null`: none of our pages fits; such cases count for severity, not condition. */
  expected: { condition?: string | null; severity?: Severity; route: Route };
  predicted?: Prediction;
  /** The engine's own prediction before the safety floor. */
  raw?: Prediction;
  /**
   * Why: the engine's own severity reason (offline engine), the safety rules that fired and the
   * urgency model's probabilities (A&E; at least 111 or a GP today), fired or not.
   */
  why?: { engine?: string; rules: string[]; urgency?: { emergency: number; urgent: number } };
  route?: Route;
  ms: number;
  /** For cases exported from a clinician's review: the verdict and what was predicted then. */
  review?: ReviewOrigin;
  /** Why the case could not be run (a model error code and message); it then counts in no rate. */
  error?: { code: string; message: string };
}

/** Cases from clinicians' reviews, scored again: how many the engine now gets right, by verdict. */
export interface ReviewedReport {
  cases: number;
  nowRight: number;
  byVerdict: Record<(typeof REVIEW_VERDICTS)[number], { cases: number; nowRight: number }>;
  /** Ids still wrong (severity, or condition when the review names one). */
  stillWrong: string[];
}

export interface TriageReport {
  engine: Engine;
  engineDescription: string;
  cases: { triage: number; smalltalk: number; vague: number; offtopic: number };
  /** Lines of the case file that could not be read (reported, not run). */
  rejected: RejectedCase[];
  conditionAccuracy: number;
  severityAccuracy: number;
  /** Predicted less severe than the truth. */
  underTriageRate: number;
  /** Predicted more severe than the truth. */
  overTriageRate: number;
  aeRecall: number;
  /** confusion[expected][predicted], in SEVERITIES order. */
  confusion: Record<Severity, Record<Severity, number>>;
  routeAccuracy: number;
  routeBreakdown: { smalltalkDirect: string; vagueClarify: string; offtopicDirect: string; triageTriage?: string };
  latencyMs: { p50: number; p95: number };
  safetyFloor: { applied: boolean; overridden: number };
  /** Present when the case file has reviewed cases (`--export-reviews`). */
  reviewed?: ReviewedReport;
  /** Cases that failed to run (e.g. a model server error after its retries), left out of every rate. */
  failed: { id: string; code: string; message: string }[];
  outcomes: TriageOutcome[];
  /** Single messages by writing style (basic, anxious, downplay), when the cases name one. */
  byStyle?: Record<string, LevelScores & { selfCareOverTriaged: string }>;
  /** Minimal pairs: how many have both sides at the right level, by the respect they differ in. */
  pairs?: Record<string, { pairs: number; bothRight: number }>;
  /** Conversation cases, scored on the level after the last message. */
  conversations?: ConversationReport;
  conversationOutcomes?: ConversationOutcome[];
}

export interface EvaluateDeps {
  engine: TriageEngine;
  retriever: Retriever;
  pages: readonly ConditionPage[];
  /** Conditions retrieved per case (RETRIEVAL_K). */
  k: number;
  /** Apply the safety floor as a live turn does (default true). */
  floor?: boolean;
  /** Also check that triage cases route to TRIAGE (cheap offline; a model call each otherwise). */
  routeTriageCases?: boolean;
  engineDescription?: string;
  /** Cases run at once (a model server batches concurrent requests); outcomes keep the file's order. */
  concurrency?: number;
  /** Called after each case with its position, e.g. for a progress line. */
  onCase?: (done: number, total: number, outcome: TriageOutcome) => void;
}

const RANK: Record<Severity, number> = { 'Self-care': 0, 'Urgent Primary Care': 1, 'A&E': 2 };

export async function evaluateTriage(deps: EvaluateDeps, all: AnyCase[], rejected: RejectedCase[] = []): Promise<TriageReport> {
  const conversations = all.filter(isConversation);
  const cases = all.filter((c): c is EvalCase => !isConversation(c));
  const floor = deps.floor ?? true;
  const outcomes = new Array<TriageOutcome>(cases.length);
  let overridden = 0;
  let next = 0;
  let done = 0;
  const expected = (c: EvalCase): TriageOutcome['expected'] =>
    isTriage(c) ? { condition: c.condition, severity: c.severity, route: 'TRIAGE' } : { route: c.kind === 'vague' ? 'CLARIFY' : 'DIRECT' };
  const searched = await searchedInBatches(deps, cases);
  const runOne = async (c: EvalCase, at: number): Promise<TriageOutcome> => {
    const started = performance.now();
    const ms = () => Math.round((performance.now() - started) * 10) / 10;
    if (!isTriage(c)) return { id: c.id, kind: c.kind, expected: expected(c), route: await routeOf(deps, c), ms: ms() };
    const labels = { ...(c.style ? { style: c.style } : {}), ...(c.pair ? { pair: { id: c.pair, modifier: c.modifier ?? 'unnamed' } } : {}) };
    const retrieval = searched[at];
    const result = await triageOnce({ text: c.text, ...(c.demographics ? { demographics: c.demographics } : {}), ...(retrieval ? { retrieval } : {}) }, deps);
    // A case searched in a batch is charged its share of the batch.
    const elapsed = ms() + (retrieval?.tookMs ?? 0);
    const safety = assessSafety(c.text, c.demographics);
    const floored = floor ? applySafetyFloor(result.prediction, safety, deps.pages) : undefined;
    if (floored?.overridden) overridden++;
    let route: Route | undefined;
    if (deps.routeTriageCases && !safety.emergency) route = await routeOf(deps, c);
    const engineReason = severityReasonOf(result.trace);
    return {
      id: c.id,
      kind: c.kind,
      ...labels,
      expected: expected(c),
      predicted: floored?.prediction ?? result.prediction,
      raw: result.prediction,
      why: { ...(engineReason ? { engine: engineReason } : {}), rules: safety.fired.map((f) => `${f.level}: ${f.label}`), ...(safety.urgency ? { urgency: safety.urgency } : {}) },
      ...(route ? { route } : {}),
      ms: elapsed,
      ...(c.review ? { review: c.review } : {}),
    };
  };
  // A few workers take the cases in file order; a case whose model call fails is recorded as
  // failed and the run goes on (a long run on a real GPU should not die on one timeout).
  const worker = async (): Promise<void> => {
    for (let i = next++; i < cases.length; i = next++) {
      const c = cases[i] as EvalCase;
      let outcome: TriageOutcome;
      try {
        outcome = await runOne(c, i);
      } catch (err) {
        if (!(err instanceof TurnError)) throw err; // a bug, not a model failure
        outcome = { id: c.id, kind: c.kind, expected: expected(c), ms: 0, error: { code: err.code, message: err.message } };
      }
      outcomes[i] = outcome;
      deps.onCase?.(++done, cases.length, outcome);
    }
  };
  const workers = Math.max(1, Math.min(deps.concurrency ?? 1, cases.length));
  await Promise.all(Array.from({ length: workers }, () => worker()));
  const conversationOutcomes: ConversationOutcome[] = [];
  for (const c of conversations) conversationOutcomes.push(await runConversation(deps, c));
  const result = report(deps, outcomes, floor, overridden, rejected);
  return conversations.length ? { ...result, conversations: conversationReport(conversationOutcomes), conversationOutcomes } : result;
}

/** Cases searched per Chroma request when the retriever takes a batch. */
const SEARCH_BATCH = 64;

/**
 * The triage cases' retrievals, a batch per request, when the retriever can (the offline engine
 * on Chroma): thousands of cases, each searched exactly as `search` would, for a third of the cost.
 * Indexed as `cases`; empty where the retriever searches one query at a time.
 */
async function searchedInBatches(deps: EvaluateDeps, cases: readonly EvalCase[]): Promise<(RetrievalResult | undefined)[]> {
  const out = new Array<RetrievalResult | undefined>(cases.length);
  const searchMany = deps.retriever.searchMany?.bind(deps.retriever);
  if (!searchMany) return out;
  const triage = cases.flatMap((c, i) => (isTriage(c) ? [i] : []));
  for (let from = 0; from < triage.length; from += SEARCH_BATCH) {
    const batch = triage.slice(from, from + SEARCH_BATCH);
    const results = await searchMany(batch.map((i) => (cases[i] as EvalCase & { text: string }).text), { k: searchSize(deps.engine, deps.k) ?? deps.k });
    batch.forEach((i, n) => (out[i] = results[n]));
  }
  return out;
}

function styleReport(triage: TriageOutcome[]): TriageReport['byStyle'] {
  const styles = [...new Set(triage.flatMap((o) => (o.style ? [o.style] : [])))];
  if (!styles.length) return undefined;
  return Object.fromEntries(
    styles.map((style) => {
      const group = triage.filter((o) => o.style === style);
      const selfCare = group.filter((o) => o.expected.severity === 'Self-care');
      const raised = selfCare.filter((o) => o.predicted?.severity !== 'Self-care').length;
      const scores = levelScores(group.map((o) => ({ expected: o.expected.severity as Severity, predicted: (o.predicted as Prediction).severity })));
      return [style, { ...scores, selfCareOverTriaged: `${raised}/${selfCare.length}` }];
    }),
  );
}

function pairReport(triage: TriageOutcome[]): TriageReport['pairs'] {
  const byPair = new Map<string, TriageOutcome[]>();
  for (const o of triage) if (o.pair) byPair.set(o.pair.id, [...(byPair.get(o.pair.id) ?? []), o]);
  if (!byPair.size) return undefined;
  const out: NonNullable<TriageReport['pairs']> = {};
  for (const sides of byPair.values()) {
    const modifier = sides[0]?.pair?.modifier ?? 'unnamed';
    const entry = (out[modifier] ??= { pairs: 0, bothRight: 0 });
    entry.pairs++;
    if (sides.every((o) => o.predicted?.severity === o.expected.severity)) entry.bothRight++;
  }
  return out;
}

/** The offline engine records why it chose its severity; other engines record nothing here. */
function severityReasonOf(trace: Record<string, unknown>): string | undefined {
  const offline = trace.offline;
  if (typeof offline !== 'object' || offline === null || !('severityReason' in offline)) return undefined;
  return typeof offline.severityReason === 'string' ? offline.severityReason : undefined;
}

async function routeOf(deps: EvaluateDeps, c: EvalCase): Promise<Route> {
  const ctx: TurnContext = {
    input: { turnId: `eval-${randomUUID()}`, threadId: 'eval', text: c.text, history: [], ...(c.demographics ? { demographics: c.demographics } : {}) },
    signal: new AbortController().signal,
  };
  const gen = deps.engine.route(ctx);
  let step = await gen.next();
  while (!step.done) step = await gen.next();
  const decision: RouteDecision = step.value;
  return decision.route;
}

function report(deps: EvaluateDeps, all: TriageOutcome[], floor: boolean, overridden: number, rejected: RejectedCase[]): TriageReport {
  const failed = all.flatMap((o) => (o.error ? [{ id: o.id, ...o.error }] : []));
  const outcomes = all.filter((o) => !o.error);
  const triage = outcomes.filter((o) => o.kind === 'triage' && o.predicted && o.expected.severity);
  const n = triage.length || 1;
  const confusion = Object.fromEntries(SEVERITIES.map((e) => [e, Object.fromEntries(SEVERITIES.map((p) => [p, 0]))])) as TriageReport['confusion'];
  let conditionHits = 0;
  let severityHits = 0;
  let under = 0;
  let over = 0;
  const withCondition = triage.filter((o) => o.expected.condition !== null);
  for (const o of triage) {
    const expected = o.expected.severity as Severity;
    const predicted = (o.predicted as Prediction).severity;
    confusion[expected][predicted]++;
    if (o.expected.condition !== null && o.predicted?.condition === o.expected.condition) conditionHits++;
    if (predicted === expected) severityHits++;
    if (RANK[predicted] < RANK[expected]) under++;
    if (RANK[predicted] > RANK[expected]) over++;
  }
  const ae = triage.filter((o) => o.expected.severity === 'A&E');
  const smalltalk = outcomes.filter((o) => o.kind === 'smalltalk');
  const vague = outcomes.filter((o) => o.kind === 'vague');
  const offtopic = outcomes.filter((o) => o.kind === 'offtopic');
  const routed = [...smalltalk, ...vague, ...offtopic];
  const routeHits = (list: TriageOutcome[]) => list.filter((o) => o.route === o.expected.route).length;
  const triageRouted = triage.filter((o) => o.route !== undefined);
  const times = triage.map((o) => o.ms);
  return {
    engine: deps.engine.engine,
    engineDescription: deps.engineDescription ?? (deps.engine.engine === 'OFFLINE' ? 'offline triage engine' : 'model pipeline (non-conversational)'),
    cases: { triage: triage.length, smalltalk: smalltalk.length, vague: vague.length, offtopic: offtopic.length },
    rejected,
    conditionAccuracy: conditionHits / (withCondition.length || 1),
    severityAccuracy: severityHits / n,
    underTriageRate: under / n,
    overTriageRate: over / n,
    aeRecall: ae.length ? ae.filter((o) => o.predicted?.severity === 'A&E').length / ae.length : 1,
    confusion,
    routeAccuracy: routed.length ? routeHits(routed) / routed.length : 1,
    routeBreakdown: {
      smalltalkDirect: `${routeHits(smalltalk)}/${smalltalk.length}`,
      vagueClarify: `${routeHits(vague)}/${vague.length}`,
      offtopicDirect: `${routeHits(offtopic)}/${offtopic.length}`,
      ...(triageRouted.length ? { triageTriage: `${routeHits(triageRouted)}/${triageRouted.length}` } : {}),
    },
    latencyMs: { p50: percentile(times, 50), p95: percentile(times, 95) },
    safetyFloor: { applied: floor, overridden },
    ...(triage.some((o) => o.review) ? { reviewed: reviewedReport(triage) } : {}),
    failed,
    outcomes: all,
    ...(styleReport(triage) ? { byStyle: styleReport(triage) } : {}),
    ...(pairReport(triage) ? { pairs: pairReport(triage) } : {}),
  };
}

function reviewedReport(triage: TriageOutcome[]): ReviewedReport {
  const byVerdict = Object.fromEntries(REVIEW_VERDICTS.map((v) => [v, { cases: 0, nowRight: 0 }])) as ReviewedReport['byVerdict'];
  const stillWrong: string[] = [];
  let cases = 0;
  let nowRight = 0;
  for (const o of triage) {
    if (!o.review) continue;
    cases++;
    byVerdict[o.review.verdict].cases++;
    const right = o.predicted?.severity === o.expected.severity && (o.expected.condition == null || o.predicted?.condition === o.expected.condition);
    if (right) {
      nowRight++;
      byVerdict[o.review.verdict].nowRight++;
    } else stillWrong.push(o.id);
  }
  return { cases, nowRight, byVerdict, stillWrong };
}

/** Human-readable report (the CLI's default output). */
export function formatReport(r: TriageReport, misses = false): string {
  const f = (x: number) => x.toFixed(3);
  const width = Math.max(...SEVERITIES.map((s) => s.length)) + 2;
  const pad = (s: string) => s.padEnd(width);
  const lines = [
    `triage eval: ${r.cases.triage} triage, ${r.cases.smalltalk} smalltalk, ${r.cases.vague} vague, ${r.cases.offtopic} off-topic cases; engine ${r.engine} (${r.engineDescription})`,
    ...r.rejected.map((x) => `  skipped line ${x.line}: ${x.message}`),
    ...(r.failed.length > 0 ? [`FAILED ${r.failed.length} cases (left out of every rate below):`, ...r.failed.map((f) => `  ${f.id}: ${f.code} ${f.message}`)] : []),
    `condition accuracy  ${f(r.conditionAccuracy)}`,
    `severity accuracy   ${f(r.severityAccuracy)}`,
    `under-triage rate   ${f(r.underTriageRate)}   (predicted less severe than expected)`,
    `over-triage rate    ${f(r.overTriageRate)}   (predicted more severe than expected)`,
    `A&E recall          ${f(r.aeRecall)}`,
    `route accuracy      ${f(r.routeAccuracy)}   (smalltalk -> DIRECT ${r.routeBreakdown.smalltalkDirect}, off-topic -> DIRECT ${r.routeBreakdown.offtopicDirect}, vague -> CLARIFY ${r.routeBreakdown.vagueClarify}${r.routeBreakdown.triageTriage ? `; triage -> TRIAGE ${r.routeBreakdown.triageTriage}` : ''})`,
    `latency             p50 ${r.latencyMs.p50.toFixed(1)} ms  p95 ${r.latencyMs.p95.toFixed(1)} ms   (retrieve + reason per triage case)`,
    `safety floor        ${r.safetyFloor.applied ? `applied; changed ${r.safetyFloor.overridden} predictions` : 'not applied (--no-floor)'}`,
    '',
    'severity confusion (rows: expected, columns: predicted)',
    `${pad('')}${SEVERITIES.map(pad).join('')}`,
    ...SEVERITIES.map((e) => `${pad(e)}${SEVERITIES.map((p) => pad(String(r.confusion[e][p]))).join('')}`),
  ];
  if (r.byStyle) {
    lines.push('', 'by style          n     A&E recall  under  over   severity  self-care raised');
    for (const [style, s] of Object.entries(r.byStyle)) {
      lines.push(`  ${style.padEnd(14)} ${String(s.cases).padStart(4)}  ${f(s.aeRecall)}      ${f(s.underTriageRate)}  ${f(s.overTriageRate)}  ${f(s.severityAccuracy)}     ${s.selfCareOverTriaged}`);
    }
  }
  if (r.pairs) {
    lines.push('', 'minimal pairs with both sides at the right level');
    for (const [modifier, p] of Object.entries(r.pairs)) lines.push(`  ${modifier.padEnd(14)} ${p.bothRight}/${p.pairs}`);
  }
  if (r.conversations) lines.push('', ...formatConversationReport(r.conversations));
  if (r.reviewed) {
    const v = r.reviewed;
    lines.push('', `reviewed cases (from clinicians' reviews): ${v.nowRight}/${v.cases} now right (severity, and condition when the review names one)`);
    for (const verdict of REVIEW_VERDICTS) {
      const b = v.byVerdict[verdict];
      if (b.cases) lines.push(`  reviewed ${pad(verdict)}${b.nowRight}/${b.cases} now right`);
    }
    if (v.stillWrong.length) lines.push(`  still wrong: ${v.stillWrong.join(', ')}`);
  }
  if (misses) {
    lines.push('', 'misses:');
    for (const o of r.outcomes) {
      if (o.error) continue;
      const wrongCondition = o.expected.condition !== null && o.predicted?.condition !== o.expected.condition;
      if (o.kind === 'triage' && (wrongCondition || o.predicted?.severity !== o.expected.severity)) {
        lines.push(`  ${o.id} expected ${o.expected.condition} / ${o.expected.severity}, got ${o.predicted?.condition} / ${o.predicted?.severity}`);
      } else if (o.kind !== 'triage' && o.route !== o.expected.route) {
        lines.push(`  ${o.id} (${o.kind}) expected ${o.expected.route}, got ${o.route}`);
      }
    }
    for (const o of r.conversationOutcomes ?? []) {
      if (o.predicted.severity !== o.expected.severity) {
        lines.push(`  ${o.id} (${o.pattern}) expected ${o.expected.condition} / ${o.expected.severity}, got ${o.predicted.condition ?? '-'} / ${o.predicted.severity}; turns ${o.perTurn.map((s) => s ?? '-').join(' > ')}`);
      }
    }
  }
  return lines.join('\n');
}

/**
 * `npm run eval -- --mode triage --cases FILE [--json] [--engine offline|model] [--misses] [--no-floor]
 *  [--route-triage] [--concurrency N] [--collection NAME]`
 */
export async function runTriageEval(options: TriageEvalOptions): Promise<TriageReport> {
  const file = options.casesFile ?? options.cases;
  if (!file) throw new TriageEvalError('triage evaluation: no cases file given (--cases FILE)');
  const flags = options.flags ?? {};
  const config = loadConfig();
  const rejected: RejectedCase[] = [];
  const cases = await loadAllCases(file, rejected);
  const requested = typeof flags.engine === 'string' ? flags.engine : undefined;
  let provider;
  try {
    provider = selectEngine(config, requested);
  } catch (err) {
    if (err instanceof EngineSelectionError) throw new TriageEvalError(`--engine must be one of ${ENGINES.map((e) => e.id).join(', ')}, not "${requested}"`);
    throw err;
  }

  const concurrency = flags.concurrency === undefined ? 1 : Number(flags.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) throw new TriageEvalError('--concurrency must be a whole number from 1 to 64');
  const embedder = await createEmbedder(config);
  const collection =
    typeof flags.collection === 'string' ? flags.collection : `eval-${embedder.id.replace(/[^a-zA-Z0-9._-]+/g, '-')}`.slice(0, 60).replace(/[^a-zA-Z0-9]+$/, '');
  const service = await startRetrieval(config, log, { embedder, collection, reuseRunning: true });
  try {
    const { engine } = await provider.create(config, { pages: service.pages, retriever: service.retriever, log });
    const description = provider.id === 'model' ? `${provider.describe(config)}, non-conversational` : provider.describe(config);
    // One warm-up search so the first case does not pay for connection set-up.
    await service.retriever.search('warm up', { k: 1 });
    const result = await evaluateTriage(
      {
        engine,
        retriever: service.retriever,
        pages: service.pages,
        k: config.RETRIEVAL_K,
        floor: flags['no-floor'] !== true,
        routeTriageCases: engine.engine === 'OFFLINE' || flags['route-triage'] === true,
        engineDescription: `${description}; embedder ${embedder.id}`,
        concurrency,
        ...(options.progress ? { onCase: progressLine(options.progress) } : {}),
      },
      cases,
      rejected,
    );
    if (options.json) console.log(JSON.stringify({ ...result, outcomes: flags.misses ? result.outcomes : undefined }, null, 2));
    else console.log(formatReport(result, flags.misses === true));
    return result;
  } finally {
    await service.close();
  }
}

/** `[12/154] t012 flu / Self-care (8123 ms)`: one line per finished case. */
function progressLine(write: (line: string) => void): NonNullable<EvaluateDeps['onCase']> {
  return (done, total, o) => {
    const what = o.error ? `FAILED ${o.error.code}` : o.predicted ? `${o.predicted.condition} / ${o.predicted.severity}` : (o.route ?? '');
    write(`[${done}/${total}] ${o.id} ${what} (${Math.round(o.ms)} ms)`);
  };
}
