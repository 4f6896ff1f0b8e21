import { log } from '../log.js';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../config.js';
import { AppError } from '../contract/errors.js';
import type { Principal } from './principal.js';

export type LimitedAction = 'startThread' | 'sendMessage' | 'submitFeedback' | 'signInVisitor';

export interface RateLimits {
  /** Throws RATE_LIMITED (with retryAfterSeconds) when the caller is over its budget. */
  consume(action: LimitedAction, principal: Principal, clientIp: string): Promise<void>;
  /** Gives back what `consume` took, for a request refused after it (THREAD_BUSY, a replay). */
  refund(action: LimitedAction, principal: Principal, clientIp: string): Promise<void>;
  close(): Promise<void>;
}

/** Server keys (partners, staff) act for many people, so they get this many times a visitor's budget. */
const SERVER_KEY_FACTOR = 10;

/**
 * Public endpoints take a publishable key that anyone can read from a page, so visitors are
 * limited per site and client IP; partner and staff keys per key. Limits are shared across
 * instances through Redis when REDIS_URL is set, per instance otherwise. 0 disables a limit.
 */
export async function createRateLimits(
  config: Pick<Config, 'REDIS_URL' | 'RATE_LIMIT_MESSAGES_PER_MINUTE' | 'RATE_LIMIT_THREADS_PER_HOUR' | 'RATE_LIMIT_FEEDBACK_PER_MINUTE'>,
): Promise<RateLimits> {
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 }) : null;
  // Connection errors surface on the commands (a store error is not a limit); ioredis reconnects.
  redis?.on('error', (error) => log.debug({ err: error }, 'rate-limit redis connection error'));
  if (redis) await redis.connect();
  const limiter = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract | null => {
    if (points <= 0) return null;
    return redis
      ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `triage:rl:${keyPrefix}`, points, duration })
      : new RateLimiterMemory({ keyPrefix, points, duration });
  };
  const m = config.RATE_LIMIT_MESSAGES_PER_MINUTE;
  const t = config.RATE_LIMIT_THREADS_PER_HOUR;
  const f = config.RATE_LIMIT_FEEDBACK_PER_MINUTE;
  const limiters: Record<LimitedAction, { visitor: RateLimiterAbstract | null; server: RateLimiterAbstract | null }> = {
    sendMessage: { visitor: limiter('msg-v', m, 60), server: limiter('msg-k', m * SERVER_KEY_FACTOR, 60) },
    startThread: { visitor: limiter('thr-v', t, 3600), server: limiter('thr-k', t * SERVER_KEY_FACTOR, 3600) },
    submitFeedback: { visitor: limiter('fb-v', f, 60), server: limiter('fb-k', f * SERVER_KEY_FACTOR, 60) },
    // A sign-in per page load, per site and IP, on the message budget: each one checks a proof
    // (an HMAC or a JWT per active secret) and writes a session.
    signInVisitor: { visitor: limiter('idv-v', m, 60), server: null },
  };

  const limiterFor = (action: LimitedAction, principal: Principal, clientIp: string) => {
    if (principal.kind === 'anonymous') return null; // refused by access checks anyway
    const byKey = principal.kind === 'secret' || principal.kind === 'staff';
    const target = byKey ? limiters[action].server : limiters[action].visitor;
    return target ? { target, key: byKey ? `${principal.keyId}` : `${principal.siteId}:${clientIp}` } : null;
  };

  return {
    async consume(action, principal, clientIp) {
      const limiter = limiterFor(action, principal, clientIp);
      if (!limiter) return;
      const { target, key } = limiter;
      try {
        await target.consume(key);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection; // a store error, not a limit
        const retryAfterSeconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        const what = { sendMessage: 'messages', startThread: 'new conversations', submitFeedback: 'ratings', signInVisitor: 'sign-ins' }[action];
        throw new AppError('RATE_LIMITED', `Too many ${what} for now. Please try again in ${retryAfterSeconds} seconds.`, { retryAfterSeconds });
      }
    },
    async refund(action, principal, clientIp) {
      const limiter = limiterFor(action, principal, clientIp);
      if (limiter) await limiter.target.reward(limiter.key, 1);
    },
    close: async () => {
      await redis?.quit();
    },
  };
}
