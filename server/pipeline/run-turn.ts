import type { ConditionPage } from '../knowledge/types.js';
import type { Retriever } from '../contract/retrieval.js';
import { applySafetyFloor, assessSafety, emergencyNotice, type SafetyAssessment } from '../safety/index.js';
import type { RunnerEvent, Source, Stage } from '../contract/events.js';
import type { TriageEngine, RouteDecision, TurnContext } from '../contract/engine.js';
import type { TurnInput, TurnRunner } from '../contract/turn.js';
import { TurnError } from '../contract/errors.js';

export interface PipelineDeps {
  engine: TriageEngine;
  retriever: Retriever;
  pages: readonly ConditionPage[];
}

const STATUS: Record<Stage, string> = {
  routing: 'Reading your message',
  searching: 'Searching NHS condition pages',
  reasoning: 'Thinking it through',
  answering: 'Writing the answer',
};

const status = (stage: Stage): RunnerEvent => ({ type: 'StatusChunk', stage, message: STATUS[stage] });

/** Mentions 999 or A&E: the emergency next action is already in the answer. */
const HAS_EMERGENCY_ACTION = /\b999\b|\bA&E\b/;

/**
 * The conversation graph: route -> (DIRECT | CLARIFY | TRIAGE: retrieve -> reason -> respond),
 * with the safety rules around it that hold for every engine: an emergency in the message skips
 * routing straight to triage, floors the prediction at A&E, and guarantees the emergency next
 * action (999 / A&E; for suicidal thoughts also 111 option 2 and Samaritans) in the answer.
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
  const safety = assessWithContext(input);
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
  yield { type: 'Record', record: { route: decision.route } };
  if (decision.route === 'DIRECT') return;
  if (decision.route === 'CLARIFY') {
    yield { type: 'AnswerChunk', delta: decision.question };
    return;
  }

  yield { type: 'Record', record: { searchQuery: decision.query } };
  yield status('searching');
  const retrieval = await timed('retrieve', () => retriever.search(decision.query, { signal }));
  throwIfAborted(signal);
  const sources: Source[] = retrieval.conditions.map((c) => ({ slug: c.slug, title: c.title, url: c.url, score: round(c.score) }));
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

  yield status('answering');
  const notice = noticeFor(safety, prediction.severity);
  let answer = '';
  for await (const event of engine.respond(ctx, { ...analysis, prediction }, notice)) {
    if (event.type === 'AnswerChunk') answer += event.delta;
    yield event;
  }
  if (notice && !HAS_EMERGENCY_ACTION.test(answer)) {
    yield { type: 'AnswerChunk', delta: `${answer ? '\n\n' : ''}${notice}` };
  } else if (notice && safety.kinds.includes('suicide') && !/116 123/.test(answer)) {
    // Suicidal thoughts always get the crisis lines, even if the answer mentioned 999.
    yield { type: 'AnswerChunk', delta: `\n\n${notice}` };
  }
}

/**
 * Emergencies are judged on the new message, and also on the previous user message with it when
 * the new one adds to it ("chest pain" earlier, "now I'm sweating" now): the combination counts
 * only if something the new message says is part of what matched, so a later "thanks" does not
 * re-trigger an emergency already dealt with.
 */
function assessWithContext(input: TurnInput): SafetyAssessment {
  const alone = assessSafety(input.text, input.demographics);
  if (alone.emergency) return alone;
  const previous = [...input.history].reverse().find((m) => m.role === 'user')?.content;
  if (!previous) return alone;
  const combined = assessSafety(`${previous}. ${input.text}`, input.demographics);
  const text = input.text.toLowerCase();
  return combined.emergency && combined.matched.some((m) => text.includes(m.toLowerCase())) ? combined : alone;
}

function noticeFor(safety: SafetyAssessment, severity: string): string | null {
  if (safety.emergency) return emergencyNotice(safety);
  if (severity === 'A&E') return emergencyNotice({ emergency: true, kinds: ['other'], matched: [] });
  return null;
}

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new TurnError('CANCELLED', 'The turn was cancelled.', false);
}

const round = (n: number) => Math.round(n * 1000) / 1000;
