import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import { createModelClients, type ChatModel } from '../models/index.js';
import { createOfflineNodes } from '../models/offline/index.js';
import { createModelNodes } from '../pipeline/model-nodes.js';
import { createPipelineRunner } from '../pipeline/run-turn.js';
import type { TurnRunner } from '../pipeline/types.js';
import { startRetrieval, type Completer, type RetrievalService } from '../retrieval/index.js';
import type { ReadinessCheck } from './services.js';

export interface Pipeline {
  runner: TurnRunner;
  retrieval: RetrievalService;
  readiness: ReadinessCheck[];
  chromaEmbedded: boolean;
  close(): Promise<void>;
}

/** The router model as a plain prompt-in, text-out completer (for the optional LLM rerank). */
function completerFrom(router: ChatModel): Completer {
  return {
    complete: async (prompt, signal) => {
      const stream = router.stream({ stage: 'rerank', messages: [{ role: 'user', content: prompt }], temperature: 0 }, signal ?? new AbortController().signal);
      let next = await stream.next();
      while (!next.done) next = await stream.next();
      return next.value.text;
    },
  };
}

/**
 * Chroma and the knowledge base, then the engine: the model pipeline when ROUTER_BASE_URL and
 * REASONER_BASE_URL are set, otherwise the offline triage engine. Unreachable model servers do
 * not stop the start: they show in the log and in /readyz.
 */
export async function buildPipeline(config: Config, log: Logger): Promise<Pipeline> {
  const models = config.embedded.models ? null : createModelClients(config);
  const retrieval = await startRetrieval(config, log, models ? { completer: completerFrom(models.router) } : {});
  const readiness: ReadinessCheck[] = [
    {
      name: 'chroma',
      check: async () => ({ ok: await retrieval.ready(), detail: `${retrieval.embedded ? 'embedded' : 'remote'} ${retrieval.chromaUrl}` }),
    },
  ];
  let nodes;
  if (models) {
    nodes = createModelNodes({ router: models.router, reasoner: models.reasoner });
    // One probe of both servers serves the router and reasoner checks of the same /readyz call:
    // checks that start while a probe is in flight share it; the next call probes afresh.
    let inFlight: ReturnType<typeof models.health> | null = null;
    const probeOnce = () => {
      inFlight ??= models.health({ timeoutMs: 2000 }).finally(() => {
        inFlight = null;
      });
      return inFlight;
    };
    for (const name of ['router', 'reasoner'] as const) {
      readiness.push({
        name,
        check: async () => {
          const health = await probeOnce();
          const h = health[name];
          return { ok: h.ok, detail: h.ok ? undefined : h.error };
        },
      });
    }
    const health = await models.health({ timeoutMs: 3000 });
    if (!health.ok) log.warn({ router: health.router, reasoner: health.reasoner }, 'a model server is not reachable yet; turns will fail until it is (see /readyz)');
  } else {
    nodes = createOfflineNodes({ pages: retrieval.pages, retriever: retrieval.retriever });
  }
  return {
    runner: createPipelineRunner({ nodes, retriever: retrieval.retriever, pages: retrieval.pages, config }),
    retrieval,
    readiness,
    chromaEmbedded: retrieval.embedded,
    close: () => retrieval.close(),
  };
}
