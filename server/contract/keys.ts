import { createHash, randomBytes } from 'node:crypto';

/**
 * Key formats. The prefix says what a bearer token is before any database lookup:
 * `pk_` publishable (widget), `sk_` secret (partner apps, scoped), `st_` staff, `tt_` thread token,
 * `vt_` a signed-in visitor's session; `vs_` is a site's visitor secret (for its own server, never a bearer token).
 * Only sha256 hashes are stored; the plain key is shown once, when created.
 */
export const KEY_PREFIX = { PUBLISHABLE: 'pk_', SECRET: 'sk_', STAFF: 'st_', THREAD: 'tt_', VISITOR: 'vt_', VISITOR_SECRET: 'vs_' } as const;

export const SCOPES = ['threads:write', 'threads:read', 'triage:read'] as const;
export type Scope = (typeof SCOPES)[number];

export function newToken(prefix: string): string {
  return prefix + randomBytes(24).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What is safe to log or show about a key: its kind prefix and first few characters. */
export function displayPrefix(token: string): string {
  return token.slice(0, 10);
}
