import type { Scope } from '../contract/keys.js';

/** Who is calling. Resolved once per request (HTTP) or per connection (WebSocket). */
export type Principal =
  | { kind: 'anonymous' }
  /** A widget visitor before they have a thread: may only start threads on the site. */
  | { kind: 'publishable'; siteId: string; keyId: string; persistedOperationsOnly?: boolean }
  /** A widget visitor holding a thread token: reads and writes that one thread. */
  | { kind: 'thread'; siteId: string; threadId: string; persistedOperationsOnly?: boolean }
  /** A partner app: what its scopes allow, on its site's threads. */
  | { kind: 'secret'; siteId: string; keyId: string; scopes: ReadonlySet<Scope> }
  /** Support staff: every thread of the site, including reasoning and triage fields. */
  | { kind: 'staff'; siteId: string; keyId: string };

export function hasScope(p: Principal, scope: Scope): boolean {
  if (p.kind === 'staff') return true;
  if (p.kind === 'secret') return p.scopes.has(scope);
  return false;
}

/** The site a principal acts for (null when anonymous). */
export function siteOf(p: Principal): string | null {
  return p.kind === 'anonymous' ? null : p.siteId;
}

export function canReadThread(p: Principal, thread: { id: string; siteId: string }): boolean {
  if (p.kind === 'thread') return p.threadId === thread.id;
  if (p.kind === 'staff') return p.siteId === thread.siteId;
  if (p.kind === 'secret') return p.siteId === thread.siteId && p.scopes.has('threads:read');
  return false;
}

export function canWriteThread(p: Principal, thread: { id: string; siteId: string }): boolean {
  if (p.kind === 'thread') return p.threadId === thread.id;
  if (p.kind === 'staff') return p.siteId === thread.siteId;
  if (p.kind === 'secret') return p.siteId === thread.siteId && p.scopes.has('threads:write');
  return false;
}

/** Triage predictions, source scores and traces: staff, and partner keys with `triage:read`. */
export function canSeeTriage(p: Principal): boolean {
  return hasScope(p, 'triage:read');
}
