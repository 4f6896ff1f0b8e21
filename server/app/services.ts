import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import type { TurnBus } from '../bus/types.js';
import type { Db } from '../store/db.js';
import type { TurnManager } from '../turns/manager.js';
import type { RateLimits } from '../auth/rate-limit.js';
import type { Metrics } from '../metrics/index.js';

export interface ReadinessCheck {
  name: string;
  check(): Promise<{ ok: boolean; detail?: string }>;
}

/** Everything request handlers need, built once at start-up by server/app/start.ts. */
export interface Services {
  config: Config;
  log: Logger;
  db: Db;
  bus: TurnBus;
  turns: TurnManager;
  /** Checks behind /readyz and `health` (database always; Chroma and models when present). */
  readiness: ReadinessCheck[];
  limits: RateLimits;
  metrics: Metrics;
  /** How many exchanges of history runners receive. */
  historyMessages: number;
}
