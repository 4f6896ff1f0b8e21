import type { EngineProvider } from '../provider.js';
import { createOfflineEngine } from './engine.js';

export { createOfflineEngine, OFFLINE_CANDIDATES, type OfflineEngineDeps } from './engine.js';

/**
 * The offline engine: deterministic and explainable, no language model. It runs whenever no
 * model server is configured, so it is the last in the registry's order.
 */
export const offlineEngine: EngineProvider = {
  id: 'offline',
  configured: () => true,
  describe: () => 'offline triage engine (no language model)',
  async create(config, deps) {
    return {
      engine: createOfflineEngine({ pages: deps.pages, retriever: deps.retriever, historyExchanges: config.ROUTER_HISTORY_EXCHANGES }),
      readiness: [],
    };
  },
};
