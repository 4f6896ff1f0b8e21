import type { Db } from '../store/db.js';
import { forbidden, unauthenticated } from '../contract/errors.js';
import { hashToken, KEY_PREFIX, SCOPES, type Scope } from '../contract/keys.js';
import type { Principal } from './principal.js';

/**
 * Browsers send Origin on every POST (same-origin too) and every WebSocket handshake, which is how
 * the widget calls us; a request without one does not come from a page, so browser credentials
 * (publishable keys, thread tokens) are refused without it. A non-browser client can send any
 * Origin it likes: what limits such a caller is the key's narrow power, the per-site-and-IP rate
 * limits and the public operation limits (README, "Security"), not this check.
 * An allowed origin may end in `:*` to allow any port of that host (the development site allows
 * `http://localhost:*`, so pages served by any local dev server can embed the widget).
 */
export function originAllowed(allowed: readonly string[], origin: string | null): boolean {
  if (origin === null) return false;
  return allowed.some((a) => a === '*' || a === origin || (a.endsWith(':*') && new RegExp(`^${escapeRegExp(a.slice(0, -2))}:\\d+$`).test(origin)));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const originRefused = (origin: string | null) =>
  forbidden(origin === null ? 'This key works only from a web page of the site (the request has no Origin).' : `Origin ${origin} is not allowed for this site.`);

export function bearerToken(authorization: string | null | undefined): string | null {
  if (!authorization) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match?.[1] ?? null;
}

/**
 * Turns a bearer token into a Principal. Publishable keys and thread tokens are used from
 * browsers, so the request's Origin must be one of the site's allowed origins; secret and staff
 * keys are for servers and are not origin-bound.
 */
export async function resolvePrincipal(db: Db, authorization: string | null | undefined, origin: string | null): Promise<Principal> {
  const token = bearerToken(authorization);
  if (!token) return { kind: 'anonymous' };
  const hash = hashToken(token);

  if (token.startsWith(KEY_PREFIX.THREAD)) {
    const thread = await db.thread.findUnique({ where: { tokenHash: hash }, include: { site: true } });
    if (!thread) throw unauthenticated('This thread token is not valid (the thread may have been deleted).');
    if (!originAllowed(thread.site.allowedOrigins, origin)) throw originRefused(origin);
    return { kind: 'thread', siteId: thread.siteId, threadId: thread.id, persistedOperationsOnly: thread.site.persistedOperationsOnly };
  }

  const key = await db.apiKey.findUnique({ where: { hash }, include: { site: true } });
  if (!key || key.revokedAt) throw unauthenticated('This key is not valid or has been revoked.');
  switch (key.kind) {
    case 'PUBLISHABLE':
      if (!originAllowed(key.site.allowedOrigins, origin)) throw originRefused(origin);
      return { kind: 'publishable', siteId: key.siteId, keyId: key.id, persistedOperationsOnly: key.site.persistedOperationsOnly };
    case 'SECRET':
      return {
        kind: 'secret',
        siteId: key.siteId,
        keyId: key.id,
        scopes: new Set(key.scopes.filter((s): s is Scope => (SCOPES as readonly string[]).includes(s))),
      };
    case 'STAFF':
      return { kind: 'staff', siteId: key.siteId, keyId: key.id };
  }
}
