import type { Config } from '../../config.js';
import { log } from '../../log.js';
import type { ChatDelta, ChatMessage, ChatModel, ChatResult, ToolCall } from './chat.js';
import { modelError } from '../../openai-compat/errors.js';
import { parsePrediction } from './prediction.js';
import type { Reasoner, ReasonerDelta, ReasonerResult } from './reasoner.js';
import {
  CLARIFY_TOOL,
  loadTurnPrompts,
  reasonerMessages,
  responderMessages,
  routerMessages,
  SEARCH_TOOL,
  type HistorySettings,
  type ReasonerPrompt,
  type TurnPrompts,
} from './turn-prompts.js';
import type { RunnerEvent, TokenUsage } from '../../contract/events.js';
import type { Analysis, TriageEngine, RouteDecision, TurnContext } from '../../contract/engine.js';

/**
 * The pipeline nodes on OpenAI-compatible models (engine MODEL):
 * - route: the router model with two tools, as the reference router: plain text streams to the
 *   user (DIRECT), `ask_for_clarification` -> CLARIFY (its question is sent as is, no second
 *   model call), `retrieve_as_tool` -> TRIAGE. An unusable tool call is answered with what was
 *   wrong and the router asked again, at most ROUTER_TOOL_ROUNDS calls in all.
 * - reason: the reasoner streams its thinking as ReasoningChunks; its answer is parsed.
 * - respond: the router model writes the patient-facing answer from the analysis.
 * Each node also yields a `Record` part with its timing, token usage and trace.
 */

export interface ModelEngineSettings {
  /** How much of the conversation each model sees. */
  history: HistorySettings;
  /** How the reasoner is prompted (REASONER_PROMPT). */
  reasonerPrompt: ReasonerPrompt;
  /** Router calls per turn at most, repairs of unusable tool calls included (ROUTER_TOOL_ROUNDS). */
  routerToolRounds: number;
}

export interface ModelEngineDeps extends ModelEngineSettings {
  router: ChatModel;
  reasoner: Reasoner;
  /** Prompts folder (default: the repository's `prompts/`). */
  promptsDir?: string;
}

/** The engine settings the configuration asks for. */
export function modelEngineSettings(config: Config): ModelEngineSettings {
  return {
    history: {
      routerExchanges: config.ROUTER_HISTORY_EXCHANGES,
      responderExchanges: config.RESPONDER_HISTORY_EXCHANGES,
      reasonerTokens: config.REASONER_HISTORY_TOKENS,
    },
    // The trained format for T0 on completions; instructions for hosted reasoning models.
    reasonerPrompt: config.REASONER_PROMPT ?? (config.REASONER_MODE === 'chat' ? 'chat' : 'reference'),
    routerToolRounds: config.ROUTER_TOOL_ROUNDS,
  };
}

export function createModelEngine(deps: ModelEngineDeps): TriageEngine {
  // Read once: a missing or broken prompt fails at start, not in the middle of a turn.
  const prompts: TurnPrompts = loadTurnPrompts(deps.promptsDir);
  return {
    engine: 'MODEL',
    route: (ctx) => route(deps, prompts, ctx),
    reason: (ctx, query, retrieval) => reason(deps, prompts, ctx, query, retrieval),
    respond: (ctx, analysis, safetyNotice) => respond(deps, prompts, ctx, analysis, safetyNotice),
  };
}

async function* route(deps: ModelEngineDeps, prompts: TurnPrompts, ctx: TurnContext): AsyncGenerator<RunnerEvent, RouteDecision> {
  const started = performance.now();
  const messages: ChatMessage[] = routerMessages(prompts, ctx.input, deps.history);
  const usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
  const calls: { name: string; arguments: string }[] = [];
  const trace: Record<string, unknown> = {};
  let shown = '';
  let firstTokenMs: number | null = null;
  let decision: RouteDecision | null = null;
  let rounds = 0;
  while (decision === null) {
    rounds += 1;
    const stage = rounds === 1 ? 'router' : `router round ${rounds}`;
    const result = yield* streamAnswer(deps.router.stream({ stage, messages, tools: prompts.routerTools }, ctx.signal));
    usage.promptTokens += result.usage.promptTokens;
    usage.completionTokens += result.usage.completionTokens;
    if (rounds === 1) firstTokenMs = result.firstTokenMs;
    shown += result.text;
    calls.push(...result.toolCalls.map((c) => ({ name: c.name, arguments: c.rawArguments })));
    const outcome = decide(result);
    if ('decision' in outcome) {
      decision = outcome.decision;
      if (outcome.whatToClarify) trace.whatToClarify = outcome.whatToClarify;
      break;
    }
    // Text already shown cannot be taken back, so no second try then; nor past the limit.
    if (shown.trim() || rounds >= deps.routerToolRounds) {
      const note = `${outcome.problems.join('; ')}${rounds > 1 ? ` (after ${rounds} router calls)` : ''}`;
      log.warn({ turnId: ctx.input.turnId, note }, 'router tool call unusable; searching on the message text');
      trace.routerFallback = note;
      // A health service should rather search than guess: a broken tool call still gets a triage.
      decision = { route: 'TRIAGE', query: ctx.input.text };
      break;
    }
    messages.push({ role: 'assistant', content: result.text, toolCalls: result.toolCalls.map((c) => ({ id: c.id, name: c.name, arguments: c.rawArguments })) });
    for (const [i, call] of result.toolCalls.entries()) {
      messages.push({ role: 'tool', toolCallId: call.id, content: prompts.routerToolError.render({ problem: outcome.problems[i] ?? 'it was not run' }) });
    }
  }
  if (calls.length > 0) trace.routerToolCalls = calls;
  if (rounds > 1) trace.routerRounds = rounds;
  if (decision.route !== 'DIRECT' && shown) {
    // The model wrote text *and* called a tool; that text has already been streamed.
    trace.routerPreamble = shown;
  }
  yield {
    type: 'Record',
    record: {
      route: decision.route,
      ...(decision.route === 'TRIAGE' ? { searchQuery: decision.query } : {}),
      timings: { route: Math.round(performance.now() - started), ...(firstTokenMs === null ? {} : { routeFirstToken: Math.round(firstTokenMs) }) },
      usage: { route: usage },
      ...(Object.keys(trace).length > 0 ? { trace } : {}),
    },
  };
  return decision;
}

type Decided = { decision: RouteDecision; whatToClarify?: string } | { problems: string[] };

/**
 * Turns one router reply into a decision, or says what is wrong with each of its tool calls.
 * A usable search wins over a clarification (searching is the safer of the two), and either over
 * the rest; text with no tool call is a direct reply.
 */
function decide(result: ChatResult): Decided {
  if (result.toolCalls.length === 0) {
    if (!result.text.trim()) throw modelError('MODEL_BAD_RESPONSE', 'router: empty reply and no tool call');
    return { decision: { route: 'DIRECT' } };
  }
  const arg = (call: ToolCall, name: string): string => {
    const v = call.arguments?.[name];
    return typeof v === 'string' ? v.trim() : '';
  };
  const search = result.toolCalls.find((c) => c.name === SEARCH_TOOL && arg(c, 'query'));
  if (search) return { decision: { route: 'TRIAGE', query: arg(search, 'query') } };
  const clarify = result.toolCalls.find((c) => c.name === CLARIFY_TOOL && arg(c, 'question'));
  if (clarify) {
    const what = arg(clarify, 'what_to_clarify');
    return { decision: { route: 'CLARIFY', question: arg(clarify, 'question') }, ...(what ? { whatToClarify: what } : {}) };
  }
  return { problems: result.toolCalls.map(problemOf) };
}

function problemOf(call: ToolCall): string {
  if (call.name !== SEARCH_TOOL && call.name !== CLARIFY_TOOL) return `there is no tool called "${call.name}"`;
  if (call.arguments === null) return `the arguments of ${call.name} are not a valid JSON object`;
  return call.name === SEARCH_TOOL ? `${SEARCH_TOOL} needs a non-empty "query"` : `${CLARIFY_TOOL} needs a non-empty "question"`;
}

async function* reason(
  deps: ModelEngineDeps,
  prompts: TurnPrompts,
  ctx: TurnContext,
  query: string,
  retrieval: Analysis['retrieval'],
): AsyncGenerator<RunnerEvent, Analysis> {
  const started = performance.now();
  const reasoner = deps.reasoner;
  // The messages go straight to the reasoner: this generator lives as long as the stream, and
  // should not hold the prompt's parts meanwhile.
  const gen: AsyncGenerator<ReasonerDelta, ReasonerResult> = reasoner.reason(
    reasonerMessages(prompts, deps.reasonerPrompt, ctx.input, deps.history, query, retrieval),
    ctx.signal,
  );
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
          prompt: deps.reasonerPrompt,
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
  deps: ModelEngineDeps,
  prompts: TurnPrompts,
  ctx: TurnContext,
  analysis: Analysis,
  safetyNotice: string | null,
): AsyncGenerator<RunnerEvent, void> {
  const started = performance.now();
  const messages = responderMessages(prompts, ctx.input, deps.history, analysis, safetyNotice);
  const result = yield* streamAnswer(deps.router.stream({ stage: 'responder', messages }, ctx.signal));
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
