import type { ConditionPage } from '../../knowledge/types.js';
import { log } from '../../log.js';
import { normalise } from '../../clinical/text.js';
import { INCONCLUSIVE, INCONCLUSIVE_TITLE, type Prediction, type RunnerEvent } from '../../contract/events.js';
import type { Analysis, TriageEngine, RouteDecision, TurnContext } from '../../contract/engine.js';
import type { RetrievalResult, Retriever } from '../../contract/retrieval.js';
import { candidateSeverity, createAnalyser, type Analyser } from './analyse.js';
import { composeAnswer } from './answer.js';
import { expandedText, patientMessages } from './conversation.js';
import { reasoningParagraphs } from './explain.js';
import { clarifyingQuestion, createRouter, directReply, type Router } from './route.js';
import { scoreCondition } from './score.js';
import { answerChunks, reasoningChunks } from './stream.js';
import { REASONING, type Known } from './templates.js';
import { isCareQuestion } from './follow-up.js';
import { readFacts } from './facts.js';

/**
 * The offline engine (engine OFFLINE): the same three nodes and events as the model pipeline,
 * deterministic and explainable, for when no model server is configured.
 * - route: greetings, thanks and off-topic get a direct reply; too little to go on gets a
 *   question; anything with symptoms (or any emergency) goes to triage.
 * - reason: scores the retrieved conditions against the pages' symptom and flag lists (with
 *   negation, duration and demographics), streams its reasoning, ends with `(slug, severity)`.
 * - respond: a kind answer from the predicted page and the severity's next action.
 */

export interface OfflineEngineDeps {
  pages: readonly ConditionPage[];
  /** Past user/assistant exchanges read with the new message (ROUTER_HISTORY_EXCHANGES). */
  historyExchanges: number;
  /** Used to widen the candidate list beyond the turn's top k. Optional (tests, evaluation). */
  retriever?: Retriever;
}

/** Conditions the reason node considers: more than the default k, since it re-ranks them itself. */
export const OFFLINE_CANDIDATES = 10;

export function createOfflineEngine(deps: OfflineEngineDeps): TriageEngine {
  const analyser = createAnalyser(deps.pages);
  const router = createRouter(analyser.reader, analyser.conditions);
  const pages = new Map(deps.pages.map((p) => [p.slug, p]));
  return {
    engine: 'OFFLINE',
    candidates: OFFLINE_CANDIDATES,
    route: (ctx) => route(router, deps.historyExchanges, ctx),
    reason: (ctx, query, retrieval) => reason(analyser, router, deps.retriever, deps.historyExchanges, ctx, query, retrieval),
    respond: (ctx, analysis, notice) => respond(analyser, router, pages, deps.historyExchanges, ctx, analysis, notice),
  };
}

async function* route(router: Router, historyExchanges: number, ctx: TurnContext): AsyncGenerator<RunnerEvent, RouteDecision> {
  const started = performance.now();
  const previous = patientMessages(ctx.input, historyExchanges).slice(0, -1);
  const kind = router.classify(ctx.input.text, previous, expandedText(ctx.input) !== ctx.input.text);
  const messages = patientMessages(ctx.input, historyExchanges, router.tellsSymptoms);
  yield { type: 'Record', record: { timings: { route: Math.round(performance.now() - started) }, trace: { offlineRoute: kind } } };
  switch (kind) {
    case 'symptoms':
    case 'followUp':
      return { route: 'TRIAGE', query: messages.join('\n') };
    case 'vague':
    case 'brief':
      return { route: 'CLARIFY', question: clarifyingQuestion(ctx.input.text, kind, knownFacts(ctx.input)) };
    default:
      yield* answerChunks(directReply(kind), ctx.signal);
      return { route: 'DIRECT' };
  }
}

async function* reason(
  analyser: Analyser,
  router: Router,
  retriever: Retriever | undefined,
  historyExchanges: number,
  ctx: TurnContext,
  query: string,
  retrieval: RetrievalResult,
): AsyncGenerator<RunnerEvent, Analysis> {
  const started = performance.now();
  const candidates = await widen(retriever, query, retrieval, ctx.signal);
  const messages = patientMessages(ctx.input, historyExchanges, router.tellsSymptoms);
  const result = analyser.analyse(messages, ctx.input.demographics, candidates);

  let thinking = '';
  for (const event of reasoningChunks(reasoningParagraphs(result), ctx.signal)) {
    if (event.type === 'ReasoningChunk') thinking += event.delta;
    yield event;
  }
  const prediction: Prediction = result.best
    ? { condition: result.best.condition.page.slug, conditionTitle: result.best.condition.page.title, severity: result.severity.severity }
    : { condition: INCONCLUSIVE, conditionTitle: INCONCLUSIVE_TITLE, severity: result.severity.severity };
  yield {
    type: 'Record',
    record: {
      timings: { reason: Math.round(performance.now() - started) },
      usage: { reason: { promptTokens: 0, completionTokens: 0 } },
      trace: {
        offline: {
          candidates: result.ranked.slice(0, 5).map((c) => ({ slug: c.condition.page.slug, score: Math.round(c.score * 100) / 100, retrievalRank: c.retrieval?.rank ?? null })),
          flags: result.best?.flags.map((f) => ({ flag: f.label, level: f.level, via: f.via })) ?? [],
          severityReason: result.severity.reason,
        },
      },
    },
  };
  return { prediction, reasonerOutput: `${thinking}\n\n${REASONING.verdict(prediction.condition, prediction.severity)}`, retrieval: candidates };
}

/** What the person has told us anywhere in the conversation (or the form): never asked again. */
function knownFacts(input: TurnContext['input']): Known {
  const said = [...input.history.filter((m) => m.role === 'user').map((m) => m.content), input.text];
  const facts = readFacts(said, input.demographics);
  return { age: facts.age !== undefined, duration: facts.durationDays !== undefined };
}

/**
 * The offline engine re-ranks, so it reads a little further than the visitor's top k. The pipeline
 * searches its `candidates` in the turn's one search; a caller that searched fewer (a unit test)
 * gets a second search here. A failed widening is logged and the turn's own results are used.
 */
async function widen(retriever: Retriever | undefined, query: string, retrieval: RetrievalResult, signal: AbortSignal): Promise<RetrievalResult> {
  if (!retriever || retrieval.conditions.length >= OFFLINE_CANDIDATES) return retrieval;
  try {
    const wider = await retriever.search(query, { k: OFFLINE_CANDIDATES, signal });
    const seen = new Set(retrieval.conditions.map((c) => c.slug));
    return { ...retrieval, conditions: [...retrieval.conditions, ...wider.conditions.filter((c) => !seen.has(c.slug))] };
  } catch (err) {
    if (signal.aborted) throw err;
    log.warn({ err }, 'offline engine: widening the search failed; using the turn results only');
    return retrieval;
  }
}

async function* respond(
  analyser: Analyser,
  router: Router,
  pages: ReadonlyMap<string, ConditionPage>,
  historyExchanges: number,
  ctx: TurnContext,
  analysis: Analysis,
  notice: string | null,
): AsyncGenerator<RunnerEvent, void> {
  const started = performance.now();
  const page = pages.get(analysis.prediction.condition);
  // Re-read the messages against the predicted page: the safety floor may have changed it.
  const compiled = page && analyser.conditions.find((c) => c.page.slug === page.slug);
  const messages = patientMessages(ctx.input, historyExchanges, router.tellsSymptoms);
  const facts = analyser.facts(messages, ctx.input.demographics);
  const candidate = compiled ? scoreCondition(compiled, analyser.reader.read([...messages, ...facts.derived]), facts) : undefined;
  const seeGp = candidate ? candidateSeverity(candidate, facts, messages, ctx.input.demographics).seeGp === true : false;
  const followUp = ctx.input.history.some((m) => m.role === 'user') && isCareQuestion(ctx.input.text) ? ctx.input.text : undefined;
  yield* answerChunks(composeAnswer(analysis.prediction, page, candidate, notice, seeGp, knownFacts(ctx.input), followUp), ctx.signal);
  yield { type: 'Record', record: { timings: { respond: Math.round(performance.now() - started) } } };
}
