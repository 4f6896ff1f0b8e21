import type { Config } from '../config.js';
import type { TriageEngine } from '../contract/engine.js';
import type { ReadinessCheck } from '../contract/health.js';
import type { Retriever } from '../contract/retrieval.js';
import type { ConditionPage } from '../knowledge/types.js';
import type { Logger } from '../log.js';
import type { Completer } from '../retrieval/rerank.js';
import type { ModelCapacity } from '../openai-compat/capacity.js';

/**
 * How an engine plugs into the service, in the manner of the AI SDK's provider spec: every engine
 * folder exports one `EngineProvider`, and `engines/index.ts` lists them in order of preference.
 * The service, the evaluation and the benches only ever see this interface and the
 * `TriageEngine` it creates (contract/engine.ts).
 */
export interface EngineProvider {
  /** Stable name, e.g. `model` or `offline` (`npm run eval -- --engine NAME`). */
  readonly id: string;
  /** Whether the configuration asks for this engine (e.g. its servers are configured). */
  configured(config: Config): boolean;
  /** One line for the start log and evaluation reports. */
  describe(config: Config): string;
  create(config: Config, deps: EngineDeps): Promise<EngineInstance>;
}

export interface EngineDeps {
  pages: readonly ConditionPage[];
  /** The knowledge base search (an engine may look further than the turn's top k). */
  retriever: Retriever;
  log: Logger;
}

export interface EngineInstance {
  engine: TriageEngine;
  /** The engine's own dependencies (model servers), for /readyz. */
  readiness: ReadinessCheck[];
  /** A prompt-in, text-out model, when the engine has one (used by RERANK=llm). */
  completer?: Completer;
  /** The stream limits of its model servers, for metrics. */
  capacity?: ModelCapacity[];
}
