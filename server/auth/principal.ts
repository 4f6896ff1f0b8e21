import type { Scope } from '../contract/keys.js';

/** Who is calling. Resolved once per request (HTTP) or per connection (WebSocket). */
export type Principal =
  | { kind: 'anonymous' }
  /** A widget visitor before they have a thread: may only start threads on the site. */
  | { kind: 'publishable'; siteId: string; keyId: string; persistedOperationsOnly?: boolean }
  /** A widget visitor holding a thread token: reads and writes that one thread. */
  | { kind: 'thread'; siteId: string; threadId: string; persistedOperationsOnly?: boolean }
  /** A signed-in visitor (the site proved who they are): reads and writes that user's threads of the site. */
  | { kind: 'visitor'; siteId: string; sessionId: string; userId: string; persistedOperationsOnly?: boolean }
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

/** What access is decided on: a thread's id, site and, for signed-in visitors' threads, its user. */
export interface ThreadOwner {
  id: string;
  siteId: string;
  visitorUserId?: string | null;
}

/** A signed-in visitor's own thread: same site and same user id (never a thread without one). */
const ownThread = (p: Extract<Principal, { kind: 'visitor' }>, thread: ThreadOwner) =>
  p.siteId === thread.siteId && typeof thread.visitorUserId === 'string' && thread.visitorUserId === p.userId;

export function canReadThread(p: Principal, thread: ThreadOwner): boolean {
  if (p.kind === 'thread') return p.threadId === thread.id;
  if (p.kind === 'visitor') return ownThread(p, thread);
  if (p.kind === 'staff') return p.siteId === thread.siteId;
  if (p.kind === 'secret') return p.siteId === thread.siteId && p.scopes.has('threads:read');
  return false;
}

export function canWriteThread(p: Principal, thread: ThreadOwner): boolean {
  if (p.kind === 'thread') return p.threadId === thread.id;
  if (p.kind === 'visitor') return ownThread(p, thread);
  if (p.kind === 'staff') return p.siteId === thread.siteId;
  if (p.kind === 'secret') return p.siteId === thread.siteId && p.scopes.has('threads:write');
  return false;
}

/** Triage predictions, source scores and traces: staff, and partner keys with `triage:read`. */
export function canSeeTriage(p: Principal): boolean {
  return hasScope(p, 'triage:read');
}
