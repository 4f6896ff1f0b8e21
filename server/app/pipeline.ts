import type { Config } from '../config.js';
import type { TurnRunner } from '../contract/turn.js';
import type { ReadinessCheck } from '../contract/health.js';
import { selectEngine } from '../engines/index.js';
import type { Logger } from '../log.js';
import type { ModelCapacity } from '../openai-compat/capacity.js';
import { createPipelineRunner } from '../pipeline/run-turn.js';
import { traceEngine, traceRetriever } from '../pipeline/trace.js';
import { tracingEnabled } from '../telemetry/index.js';
import { loadUrgencyModel } from '../safety/index.js';
import { startRetrieval, type RetrievalService } from '../retrieval/index.js';

export interface Pipeline {
  runner: TurnRunner;
  retrieval: RetrievalService;
  readiness: ReadinessCheck[];
  chromaEmbedded: boolean;
  /** The stream limits of the engine's model servers (metrics). */
  capacity: ModelCapacity[];
  /** The running engine, for the start log. */
  engineDescription: string;
  close(): Promise<void>;
}

/**
 * Chroma and the knowledge base, then the engine the configuration asks for (engines/index.ts:
 * the model pipeline when its servers are configured, else the offline engine), composed by the
 * turn pipeline with the safety rules.
 */
export async function buildPipeline(config: Config, log: Logger): Promise<Pipeline> {
  const provider = selectEngine(config);
  loadUrgencyModel();
  const retrieval = await startRetrieval(config, log);
  try {
    const { engine, readiness, completer, capacity } = await provider.create(config, { pages: retrieval.pages, retriever: retrieval.retriever, log });
    const retriever = config.RERANK === 'llm' ? retrieval.withReranker(completer) : retrieval.retriever;
    // Spans at the engine and retrieval boundary only when tracing is on (telemetry/register.ts).
    const traced = tracingEnabled();
    return {
      runner: createPipelineRunner({
        engine: traced ? traceEngine(engine) : engine,
        retriever: traced ? traceRetriever(retriever) : retriever,
        pages: retrieval.pages,
        k: config.RETRIEVAL_K,
      }),
      retrieval,
      readiness: [
        {
          name: 'chroma',
          check: async () => ({ ok: await retrieval.ready(), detail: `${retrieval.embedded ? 'embedded' : 'remote'} ${retrieval.chromaUrl}` }),
        },
        ...readiness,
      ],
      chromaEmbedded: retrieval.embedded,
      capacity: capacity ?? [],
      engineDescription: provider.describe(config),
      close: () => retrieval.close(),
    };
  } catch (err) {
    await retrieval.close();
    throw err;
  }
}
