import type { CredentialCache } from '../auth/credential-cache.js';
import type { Config } from '../config.js';
import type { ReadinessCheck } from '../contract/health.js';
import type { ApiServices } from '../graphql/context.js';
import type { Logger } from '../log.js';

export type { ReadinessCheck } from '../contract/health.js';

/** Everything request handlers need, built once at start-up by server/app/start.ts. */
export interface Services extends ApiServices {
  config: Config;
  log: Logger;
  /** Bearer tokens to principals, cached (forgotten when access changes). */
  credentials: CredentialCache;
  /** Checks behind /readyz and `health` (database always; Chroma and models when present). */
  readiness: ReadinessCheck[];
}
