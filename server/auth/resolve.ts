import type { Db } from '../store/db.js';
import { forbidden, unauthenticated } from '../contract/errors.js';
import { hashToken, KEY_PREFIX, SCOPES, type Scope } from '../contract/keys.js';
import type { Principal } from './principal.js';

/**
 * Browsers send Origin on every POST (same-origin too) and every WebSocket handshake, which is how
 * the widget calls us; a request without one does not come from a page, so browser credentials
 * (publishable keys, thread tokens) are refused without it. A non-browser client can send any
 * Origin it likes: what limits such a caller is the key's narrow power, the per-site-and-IP rate
 * limits and the public operation limits (docs/security.md), not this check.
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
 * What the database says about a token: everything a Principal is made of, and the site's allowed
 * origins so the Origin check can run on each request (the same token is used from many pages).
 * `unknown`: no such key or thread token.
 */
export type Credential =
  | { kind: 'unknown'; threadToken: boolean; visitorToken?: boolean }
  | { kind: 'thread'; siteId: string; threadId: string; allowedOrigins: readonly string[]; persistedOperationsOnly: boolean }
  | { kind: 'visitor'; siteId: string; sessionId: string; userId: string; expiresAt: Date; allowedOrigins: readonly string[]; persistedOperationsOnly: boolean }
  | { kind: 'PUBLISHABLE' | 'SECRET' | 'STAFF'; siteId: string; keyId: string; revoked: boolean; allowedOrigins: readonly string[]; persistedOperationsOnly: boolean; scopes: readonly string[] };

/** The database lookup behind a bearer token: one query, by the token's hash. */
export async function lookupCredential(db: Db, token: string, hash: string = hashToken(token)): Promise<Credential> {
  if (token.startsWith(KEY_PREFIX.THREAD)) {
    const thread = await db.thread.findUnique({ where: { tokenHash: hash }, select: { id: true, siteId: true, site: { select: { allowedOrigins: true, persistedOperationsOnly: true } } } });
    if (!thread) return { kind: 'unknown', threadToken: true };
    return { kind: 'thread', siteId: thread.siteId, threadId: thread.id, allowedOrigins: thread.site.allowedOrigins, persistedOperationsOnly: thread.site.persistedOperationsOnly };
  }
  if (token.startsWith(KEY_PREFIX.VISITOR)) {
    const session = await db.visitorSession.findUnique({
      where: { tokenHash: hash },
      select: { id: true, siteId: true, userId: true, expiresAt: true, site: { select: { allowedOrigins: true, persistedOperationsOnly: true } } },
    });
    if (!session) return { kind: 'unknown', threadToken: false, visitorToken: true };
    return {
      kind: 'visitor',
      siteId: session.siteId,
      sessionId: session.id,
      userId: session.userId,
      expiresAt: session.expiresAt,
      allowedOrigins: session.site.allowedOrigins,
      persistedOperationsOnly: session.site.persistedOperationsOnly,
    };
  }
  const key = await db.apiKey.findUnique({
    where: { hash },
    select: { id: true, kind: true, siteId: true, revokedAt: true, scopes: true, site: { select: { allowedOrigins: true, persistedOperationsOnly: true } } },
  });
  if (!key) return { kind: 'unknown', threadToken: false };
  return {
    kind: key.kind,
    siteId: key.siteId,
    keyId: key.id,
    revoked: key.revokedAt !== null,
    allowedOrigins: key.site.allowedOrigins,
    persistedOperationsOnly: key.site.persistedOperationsOnly,
    scopes: key.scopes,
  };
}

/**
 * A credential as a Principal, for a request from `origin`. Publishable keys and thread tokens are
 * used from browsers, so the request's Origin must be one of the site's allowed origins; secret and
 * staff keys are for servers and are not origin-bound.
 */
export function principalOf(credential: Credential, origin: string | null): Principal {
  if (credential.kind === 'unknown') {
    if (credential.visitorToken) throw unauthenticated('This sign-in is not valid (it expired, or the site rotated its visitor secret); sign the visitor in again.');
    throw unauthenticated(credential.threadToken ? 'This thread token is not valid (the thread may have been deleted).' : 'This key is not valid or has been revoked.');
  }
  if (credential.kind === 'visitor') {
    // Checked on every use: a cached lookup must not outlive the session.
    if (credential.expiresAt.getTime() <= Date.now()) throw unauthenticated('This sign-in has expired; sign the visitor in again.');
    if (!originAllowed(credential.allowedOrigins, origin)) throw originRefused(origin);
    const { siteId, sessionId, userId, persistedOperationsOnly } = credential;
    return { kind: 'visitor', siteId, sessionId, userId, persistedOperationsOnly };
  }
  if (credential.kind === 'thread') {
    if (!originAllowed(credential.allowedOrigins, origin)) throw originRefused(origin);
    return { kind: 'thread', siteId: credential.siteId, threadId: credential.threadId, persistedOperationsOnly: credential.persistedOperationsOnly };
  }
  if (credential.revoked) throw unauthenticated('This key is not valid or has been revoked.');
  switch (credential.kind) {
    case 'PUBLISHABLE':
      if (!originAllowed(credential.allowedOrigins, origin)) throw originRefused(origin);
      return { kind: 'publishable', siteId: credential.siteId, keyId: credential.keyId, persistedOperationsOnly: credential.persistedOperationsOnly };
    case 'SECRET':
      return {
        kind: 'secret',
        siteId: credential.siteId,
        keyId: credential.keyId,
        scopes: new Set(credential.scopes.filter((s): s is Scope => (SCOPES as readonly string[]).includes(s))),
      };
    case 'STAFF':
      return { kind: 'staff', siteId: credential.siteId, keyId: credential.keyId };
  }
}
