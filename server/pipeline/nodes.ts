import type { Config } from '../config.js';
import type { RetrievalResult } from '../retrieval/types.js';
import type { Engine, Prediction, RunnerEvent } from './events.js';
import type { TurnInput } from './types.js';

/** What every node gets: the turn's input, its abort signal and the configuration. */
export interface TurnContext {
  input: TurnInput;
  signal: AbortSignal;
  config: Config;
}

export type RouteDecision =
  | { route: 'DIRECT' } // the node already streamed the reply as AnswerChunks
  | { route: 'CLARIFY'; question: string } // sent verbatim by runTurn, no second model call
  | { route: 'TRIAGE'; query: string }; // search query (the model's reformulation, or the text)

export interface Analysis {
  prediction: Prediction;
  /** The reasoner's full output (thinking and answer); stored on the Turn only. */
  reasonerOutput: string;
  retrieval: RetrievalResult;
}

/**
 * One engine's implementation of the graph's nodes. `runTurn` composes them
 * (route -> retrieve -> reason -> respond) and applies the safety rules around them.
 * Nodes yield RunnerEvents (chunks, Record parts) and return their result.
 */
export interface PipelineNodes {
  readonly engine: Engine;
  route(ctx: TurnContext): AsyncGenerator<RunnerEvent, RouteDecision>;
  reason(ctx: TurnContext, query: string, retrieval: RetrievalResult): AsyncGenerator<RunnerEvent, Analysis>;
  respond(ctx: TurnContext, analysis: Analysis, safetyNotice: string | null): AsyncGenerator<RunnerEvent, void>;
}
