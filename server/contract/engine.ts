import type { RetrievalResult } from './retrieval.js';
import type { Engine, Prediction, RunnerEvent } from './events.js';
import type { TurnInput } from './turn.js';

/**
 * The engine contract. A triage engine implements three nodes of the turn graph; the pipeline
 * (`server/pipeline/run-turn.ts`) drives them as route -> retrieve -> reason -> respond and applies
 * the safety rules around them, so an engine never decides alone what an emergency gets.
 *
 * Engines live side by side under `server/engines/<name>/` (today `offline/`, deterministic, and
 * `model/`, OpenAI-compatible model servers), each exporting an `EngineProvider`
 * (`server/engines/provider.ts`); `server/engines/index.ts` lists them. Nothing outside an
 * engine's folder knows which one runs.
 *
 * Nodes are async generators: they yield RunnerEvents (chunks the visitor sees, `Record` parts for
 * the stored Turn) and return their result. They must honour `ctx.signal` (cancel, shutdown) and
 * throw a `TurnError` (contract/turn.ts) with a model error code when they fail.
 */

/** What every node gets: the turn's input and its abort signal. */
export interface TurnContext {
  input: TurnInput;
  signal: AbortSignal;
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
  /**
   * Set by the pipeline when the safety rules raised the engine's own prediction: what the
   * reasoning concluded. The responder must follow `prediction`, the safer one.
   */
  raisedFrom?: Prediction;
}

export interface TriageEngine {
  /** Whether a language model writes the turn (`MODEL`) or the deterministic engine (`OFFLINE`). */
  readonly engine: Engine;
  /**
   * How many retrieved conditions `reason` reads, when it reads more than the visitor is shown
   * (the offline engine re-ranks a wider list). The pipeline then searches that many in its one
   * search; without it the engine would have to search again. See `searchSize`.
   */
  readonly candidates?: number;
  /** Answers directly (streaming AnswerChunks), asks for details, or sends the turn to triage. */
  route(ctx: TurnContext): AsyncGenerator<RunnerEvent, RouteDecision>;
  /** Streams reasoning over the retrieved conditions and predicts `(condition, severity)`. */
  reason(ctx: TurnContext, query: string, retrieval: RetrievalResult): AsyncGenerator<RunnerEvent, Analysis>;
  /**
   * Writes the visitor's answer from the (safety-floored) analysis. `safetyNotice`, when set, is
   * the emergency advice the answer must carry; the pipeline appends it if the answer does not.
   */
  respond(ctx: TurnContext, analysis: Analysis, safetyNotice: string | null): AsyncGenerator<RunnerEvent, void>;
}

/**
 * Conditions to search for a turn: the `shown` (RETRIEVAL_K) or, when the engine reads more, its
 * `candidates`. The retriever fetches the same chunks for either (its MIN_CHUNKS), so the first
 * `shown` of the wider search are the narrow search's results.
 */
export const searchSize = (engine: Pick<TriageEngine, 'candidates'>, shown: number | undefined): number | undefined =>
  engine.candidates === undefined ? shown : Math.max(shown ?? 0, engine.candidates);
