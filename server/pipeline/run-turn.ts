import type { ConditionPage } from '../knowledge/types.js';
import type { Retriever } from '../contract/retrieval.js';
import { adviceForSeverity, adviceMarkdown, answerCarriesAdvice, applySafetyFloor, assessTurn, emergencyAdvice } from '../safety/index.js';
import { adviceRaises, SEVERITIES, type Advice, type RunnerEvent, type Severity, type Source, type Stage } from '../contract/events.js';
import { searchSize, type TriageEngine, type RouteDecision, type TurnContext } from '../contract/engine.js';
import type { TurnInput, TurnRunner } from '../contract/turn.js';
import { TurnError } from '../contract/errors.js';

export interface PipelineDeps {
  engine: TriageEngine;
  retriever: Retriever;
  pages: readonly ConditionPage[];
  /** How long a knowledge-base search may take before the turn fails with RETRIEVAL_TIMEOUT. */
  retrievalTimeoutMs?: number;
  /** Conditions shown as sources (RETRIEVAL_K; default: the retriever's own k). */
  k?: number;
}

const RETRIEVAL_TIMEOUT_MS = 15_000;

/** `work`, unless the turn is cancelled first or it takes longer than `ms` (RETRIEVAL_TIMEOUT). */
function bounded<T>(work: Promise<T>, ms: number, signal: AbortSignal): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TurnError('RETRIEVAL_TIMEOUT', `the knowledge base did not answer within ${ms} ms`, true)), ms);
    onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new TurnError('CANCELLED', 'The turn was cancelled.', false));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([work, limit]).finally(() => {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener('abort', onAbort);
  });
}

const STATUS: Record<Stage, string> = {
  routing: 'Reading your message',
  searching: 'Searching NHS condition pages',
  reasoning: 'Thinking it through',
  answering: 'Writing the answer',
};

const status = (stage: Stage): RunnerEvent => ({ type: 'StatusChunk', stage, message: STATUS[stage] });

/**
 * Said first when the safety rules raised the severity above what the reasoning (already shown)
 * concluded: one clear statement of the advice to follow, not a second verdict to weigh.
 */
const SAFER_ADVICE: Record<Severity, string> = {
  'Self-care': '',
  'Urgent Primary Care': '**Please speak to NHS 111 or your GP today.** Some of what you have told me needs a doctor to look at it soon.',
  'A&E': '**Please call 999 or go to A&E now.** Some of what you have told me can be a sign of an emergency.',
};

const rank = (s: Severity) => SEVERITIES.indexOf(s);

/**
 * The conversation graph: route -> (DIRECT | CLARIFY | TRIAGE: retrieve -> reason -> respond),
 * with the safety rules around it that hold for every engine: an emergency in the message skips
 * routing straight to triage and floors the prediction at A&E; the floored severity's advice is
 * sent as an AdviceChunk before the answer (the turn manager already sent the message's own
 * emergency advice first), the responder is given it, and the answer is guaranteed to carry its
 * next action (999 / A&E; 111 / GP; for suicidal thoughts also 111 option 2 and Samaritans).
 */
export function createPipelineRunner(deps: PipelineDeps): TurnRunner {
  return {
    engine: deps.engine.engine,
    run: (input, signal) => runTurn(deps, input, signal),
  };
}

export async function* runTurn(deps: PipelineDeps, input: TurnInput, signal: AbortSignal): AsyncGenerator<RunnerEvent> {
  const { engine, retriever, pages } = deps;
  const ctx: TurnContext = { input, signal };
  const safety = assessTurn(input);
  const timings: Record<string, number> = {};
  const timed = async <T>(stage: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      timings[stage] = Math.round(performance.now() - started);
    }
  };

  yield status('routing');
  let decision: RouteDecision;
  if (safety.emergency) {
    // Never let a router reply chattily to an emergency: go straight to triage.
    decision = { route: 'TRIAGE', query: input.text };
    yield { type: 'Record', record: { trace: { safety: { kinds: safety.kinds, matched: safety.matched, routedToTriage: true } } } };
  } else {
    decision = yield* engine.route(ctx);
  }
  yield { type: 'Record', record: { route: decision.route, ...(safety.case ? { trace: { case: safety.case } } : {}) } };
  // The level the conversation has reached holds: a "thanks" or a question after urgent signs is
  // answered, and the advice said again (an emergency never gets here: it goes to triage above).
  const held = safety.urgent ? adviceForSeverity('Urgent Primary Care', safety) : null;
  if (decision.route === 'DIRECT') {
    if (held) yield { type: 'AnswerChunk', delta: `\n\n${adviceMarkdown(held)}` };
    return;
  }
  // (A clarifying question is still gathering: the advice card the turn manager sent shows the level.)
  if (decision.route === 'CLARIFY') {
    yield { type: 'AnswerChunk', delta: decision.question };
    return;
  }

  yield { type: 'Record', record: { searchQuery: decision.query } };
  yield status('searching');
  // The knowledge base is a separate service (Chroma) whose client has no time limit of its own:
  // a search that never answers must not hold the turn (and a shutdown waiting for it) forever.
  const k = searchSize(engine, deps.k);
  const search = retriever.search(decision.query, { signal, ...(k === undefined ? {} : { k }) });
  const retrieval = await timed('retrieve', () => bounded(search, deps.retrievalTimeoutMs ?? RETRIEVAL_TIMEOUT_MS, signal));
  throwIfAborted(signal);
  const sources: Source[] = retrieval.conditions.slice(0, deps.k ?? retrieval.conditions.length).map((c) => ({ slug: c.slug, title: c.title, url: c.url, score: round(c.score) }));
  yield { type: 'Record', record: { timings: { retrieve: timings.retrieve ?? 0 } } };
  yield { type: 'SourcesChunk', sources };

  yield status('reasoning');
  const analysis = yield* engine.reason(ctx, decision.query, retrieval);
  const floored = applySafetyFloor(analysis.prediction, safety, pages);
  const prediction = floored.prediction;
  yield {
    type: 'Record',
    record: {
      prediction,
      reasonerOutput: analysis.reasonerOutput,
      ...(floored.trace ? { trace: { safetyFloor: floored.trace } } : {}),
    },
  };
  yield { type: 'TriageChunk', condition: prediction.condition, conditionTitle: prediction.conditionTitle, severity: prediction.severity };

  const advice = strongest(safety.emergency ? emergencyAdvice(safety) : null, adviceForSeverity(prediction.severity, safety));
  // (Urgent signs in the message already floored the prediction at Urgent Primary Care above.)
  if (advice) yield { type: 'AdviceChunk', advice };

  yield status('answering');
  const notice = advice?.level === 'EMERGENCY' ? adviceMarkdown(advice) : null;
  if (rank(prediction.severity) > rank(analysis.prediction.severity)) {
    yield { type: 'AnswerChunk', delta: `${SAFER_ADVICE[prediction.severity]}\n\n` };
  }
  let answer = '';
  const raisedFrom = floored.overridden ? analysis.prediction : undefined;
  for await (const event of engine.respond(ctx, { ...analysis, prediction, ...(raisedFrom ? { raisedFrom } : {}) }, notice)) {
    if (event.type === 'AnswerChunk') answer += event.delta;
    yield event;
  }
  // Whatever the responder wrote, the answer ends up naming the advice's next action.
  if (advice && !answerCarriesAdvice(answer, advice)) {
    yield { type: 'AnswerChunk', delta: `${answer ? '\n\n' : ''}${adviceMarkdown(advice)}` };
  }
}

function strongest(a: Advice | null, b: Advice | null): Advice | null {
  if (!a) return b;
  return b && adviceRaises(a, b) ? b : a;
}

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new TurnError('CANCELLED', 'The turn was cancelled.', false);
}

const round = (n: number) => Math.round(n * 1000) / 1000;
