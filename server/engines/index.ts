import type { Config } from '../config.js';
import { modelEngine } from './model/index.js';
import { offlineEngine } from './offline/index.js';
import type { EngineProvider } from './provider.js';

export type { EngineDeps, EngineInstance, EngineProvider } from './provider.js';

/**
 * Every engine, most preferred first: the first one the configuration asks for runs. A new engine
 * (say, a hosted API) is a folder beside these with an `EngineProvider`, and one line here.
 */
export const ENGINES: readonly EngineProvider[] = [modelEngine, offlineEngine];

export class EngineSelectionError extends Error {
  override name = 'EngineSelectionError';
}

/** The engine to run: `id` when given (evaluation's `--engine`), else the first configured. */
export function selectEngine(config: Config, id?: string): EngineProvider {
  if (id) {
    const named = ENGINES.find((e) => e.id === id);
    if (!named) throw new EngineSelectionError(`Unknown engine "${id}"; choose one of ${ENGINES.map((e) => e.id).join(', ')}`);
    return named;
  }
  const configured = ENGINES.find((e) => e.configured(config));
  if (!configured) throw new EngineSelectionError('No engine is configured');
  return configured;
}
