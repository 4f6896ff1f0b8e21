import type { Principal } from '../auth/principal.js';
import type { RateLimits } from '../auth/rate-limit.js';
import type { TurnBus } from '../bus/types.js';
import type { HealthReport } from '../contract/health.js';
import type { Metrics } from '../metrics/index.js';
import type { Db } from '../store/db.js';
import type { TurnManager } from '../turns/manager.js';
import type { SiteAlerts } from '../contract/webhooks.js';

/**
 * What the API needs from the running service, passed in by whoever builds the server
 * (server/app/start.ts). The schema depends on these interfaces, never on the app itself.
 */
export interface ApiServices {
  db: Db;
  bus: TurnBus;
  turns: TurnManager;
  limits: RateLimits;
  /** How many recent messages (user and assistant) a new turn receives, besides the thread's first user message. */
  historyMessages: number;
  /** The readiness checks (database, Chroma, model servers), each bounded in time. */
  health(): Promise<HealthReport>;
  metrics: Metrics;
  /** The knowledge base's conditions (slug and title), for review forms and to validate reviewed conditions. */
  conditions(): Promise<readonly { slug: string; title: string }[]>;
  /** REVIEW_LOW_SCORE: a triage turn whose best source scored below this is queued for review. */
  reviewLowScore: number;
  /** Follows the credential of a long-lived operation; `revoke` runs when it stops holding. */
  /** The site's webhooks: where reviews report their verdicts; whether endpoints must be https (production). */
  webhooks: { alerts: SiteAlerts; requireHttps: boolean; /** Look for due deliveries now. */ nudge(): void };
  access: { hold(credential: { principal: Principal; origin: string | null }, revoke: () => void): () => void };
}

export interface GraphQLContext {
  principal: Principal;
  services: ApiServices;
  /** Aborted when the client goes away (subscriptions stop; turns do not). */
  signal: AbortSignal;
  /** The caller's IP (X-Forwarded-For's first hop when TRUST_PROXY), for rate limits and the audit log. */
  clientIp: string;
  /** The request's (or WebSocket handshake's) Origin header: browser credentials are bound to it; the audit log records it. */
  origin: string | null;
}
