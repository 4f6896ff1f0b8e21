import type { Completer } from '../../retrieval/rerank.js';
import type { EngineProvider } from '../provider.js';
import { createModelClients, type ChatModel } from './clients.js';
import { createModelEngine, modelEngineSettings } from './engine.js';

export { createModelClients, ModelConfigError, type ModelClients, type ModelsHealth } from './clients.js';
export { createModelEngine, modelEngineSettings, type ModelEngineDeps, type ModelEngineSettings } from './engine.js';

/**
 * The model engine: a router (chat with tools) and a reasoner (budget forcing over completions,
 * or a hosted reasoning model over chat) on OpenAI-compatible servers (vLLM in production).
 */
export const modelEngine: EngineProvider = {
  id: 'model',
  configured: (config) => Boolean(config.ROUTER_BASE_URL && config.REASONER_BASE_URL),
  describe: (config) => {
    const s = modelEngineSettings(config);
    const seed = config.REASONER_SEED === undefined ? 'no seed' : `seed ${config.REASONER_SEED}`;
    return `model pipeline: router ${config.ROUTER_MODEL}, reasoner ${config.REASONER_MODEL} (${config.REASONER_MODE}, ${s.reasonerPrompt} prompt, thinking ${config.BUDGET_THINKING_TOKENS} tokens, ${config.BUDGET_STOP_SKIPS} Wait rounds, answer ${config.REASONER_ANSWER_TOKENS} tokens, temperature ${config.REASONER_TEMPERATURE}, top-p ${config.REASONER_TOP_P}, ${seed})`;
  },
  async create(config, { log }) {
    const models = createModelClients(config);
    // One probe of both servers serves the router and reasoner checks of the same /readyz call:
    // checks that start while a probe is in flight share it; the next call probes afresh.
    let inFlight: ReturnType<typeof models.health> | null = null;
    const probeOnce = () => {
      inFlight ??= models.health({ timeoutMs: 2000 }).finally(() => {
        inFlight = null;
      });
      return inFlight;
    };
    const readiness = (['router', 'reasoner'] as const).map((name) => ({
      name,
      check: async () => {
        const h = (await probeOnce())[name];
        return { ok: h.ok, detail: h.ok ? undefined : h.error };
      },
    }));
    // An unreachable server does not stop the start: it shows here and in /readyz.
    const health = await models.health({ timeoutMs: 3000 });
    if (!health.ok) log.warn({ router: health.router, reasoner: health.reasoner }, 'a model server is not reachable yet; turns will fail until it is (see /readyz)');
    return {
      engine: createModelEngine({ router: models.router, reasoner: models.reasoner, ...modelEngineSettings(config) }),
      readiness,
      completer: completerFrom(models.router),
      capacity: models.capacity,
    };
  },
};

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
