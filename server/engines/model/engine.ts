import { log } from '../../log.js';
import type { ChatDelta, ChatModel, ChatResult, ToolCall } from './chat.js';
import { modelError } from '../../openai-compat/errors.js';
import { parsePrediction } from './prediction.js';
import type { Reasoner, ReasonerDelta, ReasonerResult } from './reasoner.js';
import {
  ASK_TOOL,
  loadTurnPrompts,
  reasonerMessages,
  responderMessages,
  routerMessages,
  SEARCH_TOOL,
  type TurnPrompts,
} from './turn-prompts.js';
import type { RunnerEvent } from '../../contract/events.js';
import type { Analysis, TriageEngine, RouteDecision, TurnContext } from '../../contract/engine.js';

/**
 * The pipeline nodes on OpenAI-compatible models (engine MODEL):
 * - route: the router model with two tools; plain text streams to the user (DIRECT),
 *   `ask_for_details` -> CLARIFY, `search_conditions` -> TRIAGE.
 * - reason: the reasoner streams its thinking as ReasoningChunks; its answer is parsed.
 * - respond: the router model writes the patient-facing answer from the analysis.
 * Each node also yields a `Record` part with its timing, token usage and trace.
 */

export interface ModelEngineDeps {
  router: ChatModel;
  reasoner: Reasoner;
  /** Past user/assistant exchanges each model sees with the new message (HISTORY_EXCHANGES). */
  historyExchanges: number;
  /** Prompts folder (default: the repository's `prompts/`). */
  promptsDir?: string;
}

export function createModelEngine(deps: ModelEngineDeps): TriageEngine {
  // Read once: a missing or broken prompt fails at start, not in the middle of a turn.
  const prompts: TurnPrompts = loadTurnPrompts(deps.promptsDir);
  return {
    engine: 'MODEL',
    route: (ctx) => route(deps.router, prompts, deps.historyExchanges, ctx),
    reason: (ctx, query, retrieval) => reason(deps.reasoner, prompts, deps.historyExchanges, ctx, query, retrieval),
    respond: (ctx, analysis, safetyNotice) => respond(deps.router, prompts, deps.historyExchanges, ctx, analysis, safetyNotice),
  };
}

async function* route(router: ChatModel, prompts: TurnPrompts, historyExchanges: number, ctx: TurnContext): AsyncGenerator<RunnerEvent, RouteDecision> {
  const started = performance.now();
  const messages = routerMessages(prompts, ctx.input, historyExchanges);
  const result = yield* streamAnswer(router.stream({ stage: 'router', messages, tools: prompts.routerTools }, ctx.signal));
  const { decision, note } = decide(result, ctx.input.text);
  if (note) log.warn({ turnId: ctx.input.turnId, note }, 'router tool call unusable; searching on the message text');
  const trace: Record<string, unknown> = {};
  if (result.toolCalls.length > 0) {
    trace.routerToolCalls = result.toolCalls.map((c) => ({ name: c.name, arguments: c.rawArguments }));
  }
  if (decision.route !== 'DIRECT' && result.text) {
    // The model wrote text *and* called a tool; that text has already been streamed.
    trace.routerPreamble = result.text;
  }
  if (note) trace.routerFallback = note;
  yield {
    type: 'Record',
    record: {
      route: decision.route,
      ...(decision.route === 'TRIAGE' ? { searchQuery: decision.query } : {}),
      timings: { route: Math.round(performance.now() - started), ...firstToken('route', result) },
      usage: { route: result.usage },
      ...(Object.keys(trace).length > 0 ? { trace } : {}),
    },
  };
  return decision;
}

/** Turns the router's output into a decision. Unusable tool calls fall back to a search on the user's words. */
function decide(result: ChatResult, text: string): { decision: RouteDecision; note?: string } {
  const call: ToolCall | undefined = result.toolCalls[0];
  if (!call) {
    if (!result.text.trim()) throw modelError('MODEL_BAD_RESPONSE', 'router: empty reply and no tool call');
    return { decision: { route: 'DIRECT' } };
  }
  const arg = (name: string): string => {
    const v = call.arguments?.[name];
    return typeof v === 'string' ? v.trim() : '';
  };
  if (call.name === ASK_TOOL) {
    const question = arg('question');
    if (question) return { decision: { route: 'CLARIFY', question } };
    return triageOn(text, `${ASK_TOOL} without a question`);
  }
  if (call.name === SEARCH_TOOL) {
    const query = arg('query');
    return query ? { decision: { route: 'TRIAGE', query } } : triageOn(text, `${SEARCH_TOOL} without a query`);
  }
  return triageOn(text, `unknown tool ${call.name}`);
}

function triageOn(text: string, note: string): { decision: RouteDecision; note: string } {
  // A health service should rather search than guess: a broken tool call still gets a triage.
  return { decision: { route: 'TRIAGE', query: text }, note };
}

async function* reason(
  reasoner: Reasoner,
  prompts: TurnPrompts,
  historyExchanges: number,
  ctx: TurnContext,
  query: string,
  retrieval: Analysis['retrieval'],
): AsyncGenerator<RunnerEvent, Analysis> {
  const started = performance.now();
  const messages = reasonerMessages(prompts, ctx.input, historyExchanges, query, retrieval);
  const gen: AsyncGenerator<ReasonerDelta, ReasonerResult> = reasoner.reason(messages, ctx.signal);
  let step = await gen.next();
  try {
    while (!step.done) {
      yield { type: 'ReasoningChunk', delta: step.value.delta };
      step = await gen.next();
    }
  } finally {
    if (!step.done) await gen.return(undefined as never);
  }
  const result = step.value;
  const parsed = parsePrediction(result.answer, retrieval.conditions);
  // The answer itself stays on the Turn (trace), not in the logs: it is health data.
  if (parsed.status !== 'ok') log.info({ turnId: ctx.input.turnId, status: parsed.status }, 'reasoner answer not fully usable');
  yield {
    type: 'Record',
    record: {
      reasonerOutput: result.output,
      prediction: parsed.prediction,
      timings: {
        reason: Math.round(performance.now() - started),
        reasonThinking: Math.round(result.timings.thinkingMs),
        reasonAnswer: Math.round(result.timings.answerMs),
      },
      usage: { reason: result.usage },
      trace: {
        reasoner: {
          mode: reasoner.mode,
          rounds: result.rounds,
          thinkingTokens: result.thinkingTokens,
          parse: parsed.status,
          answer: parsed.raw,
        },
      },
    },
  };
  return { prediction: parsed.prediction, reasonerOutput: result.output, retrieval };
}

async function* respond(
  router: ChatModel,
  prompts: TurnPrompts,
  historyExchanges: number,
  ctx: TurnContext,
  analysis: Analysis,
  safetyNotice: string | null,
): AsyncGenerator<RunnerEvent, void> {
  const started = performance.now();
  const messages = responderMessages(prompts, ctx.input, historyExchanges, analysis, safetyNotice);
  const result = yield* streamAnswer(router.stream({ stage: 'responder', messages }, ctx.signal));
  if (!result.text.trim()) throw modelError('MODEL_BAD_RESPONSE', 'responder: empty reply');
  yield {
    type: 'Record',
    record: { timings: { respond: Math.round(performance.now() - started), ...firstToken('respond', result) }, usage: { respond: result.usage } },
  };
}

/** `{routeFirstToken: ms}`: time to the first token, the latency a user feels. */
function firstToken(stage: string, result: ChatResult): Record<string, number> {
  return result.firstTokenMs === null ? {} : { [`${stage}FirstToken`]: Math.round(result.firstTokenMs) };
}

/** Streams a chat's text as AnswerChunks (its reasoning, if any, is not for the user) and returns the result. */
async function* streamAnswer(gen: AsyncGenerator<ChatDelta, ChatResult>): AsyncGenerator<RunnerEvent, ChatResult> {
  let step = await gen.next();
  try {
    while (!step.done) {
      if (step.value.type === 'text') yield { type: 'AnswerChunk', delta: step.value.delta };
      step = await gen.next();
    }
  } finally {
    if (!step.done) await gen.return(undefined as never);
  }
  return step.value;
}
