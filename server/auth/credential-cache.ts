import { LRUCache } from 'lru-cache';
import type { Db } from '../store/db.js';
import { hashToken } from '../contract/keys.js';
import { bearerToken, lookupCredential, principalOf, type Credential } from './resolve.js';
import type { Principal } from './principal.js';

export interface CredentialCache {
  /** The caller behind an Authorization header, from a page at `origin` (the Origin check runs every time). */
  resolve(authorization: string | null | undefined, origin: string | null): Promise<Principal>;
  /** Forgets everything: access changed somewhere (a key revoked, a site or thread deleted, origins changed). */
  clear(): void;
}

/**
 * Every request and every WebSocket operation names its credential, and a turn costs several of
 * them (sendMessage, the subscription's handshake and its subscribe): resolved each time they were
 * about half of a turn's database round trips. Lookups are kept for `ttlMs` (CREDENTIAL_CACHE_MS),
 * and forgotten at once when any instance says on the bus that access changed (every revocation
 * through the service, and through the admin CLI when it reaches the bus), so revocation is as
 * prompt as before on those paths; a change the bus never hears of (the CLI without Redis, a hand
 * edit in SQL) is seen by new requests within `ttlMs`, as open sockets see it within
 * ACCESS_RECHECK_MS. `ttlMs` 0 reads the database every time.
 * Unknown tokens are kept too (a token cannot become valid later: keys and thread tokens are
 * random and handed out only once created), so a caller repeating a bad token costs no query;
 * the cache is bounded, so spraying random tokens costs evictions, not memory.
 * Concurrent lookups of one token share one query; one that started before a clear() is not kept.
 */
export function createCredentialCache(db: Db, options: { ttlMs: number; max?: number }): CredentialCache {
  const cache = new LRUCache<string, Credential>({ max: options.max ?? 10_000, ttl: Math.max(1, options.ttlMs) });
  const inFlight = new Map<string, Promise<Credential>>();
  let generation = 0;

  const lookup = (token: string): Promise<Credential> => {
    const hash = hashToken(token);
    if (options.ttlMs <= 0) return lookupCredential(db, token, hash);
    const cached = cache.get(hash);
    if (cached) return Promise.resolve(cached);
    const pending = inFlight.get(hash);
    if (pending) return pending;
    const startedIn = generation;
    const query = lookupCredential(db, token, hash).then(
      (credential) => {
        if (inFlight.get(hash) === query) inFlight.delete(hash);
        if (startedIn === generation) cache.set(hash, credential);
        return credential;
      },
      (error: unknown) => {
        if (inFlight.get(hash) === query) inFlight.delete(hash);
        throw error;
      },
    );
    inFlight.set(hash, query);
    return query;
  };

  return {
    async resolve(authorization, origin) {
      const token = bearerToken(authorization);
      if (!token) return { kind: 'anonymous' };
      return principalOf(await lookup(token), origin);
    },
    clear() {
      generation++;
      cache.clear();
      inFlight.clear();
    },
  };
}
