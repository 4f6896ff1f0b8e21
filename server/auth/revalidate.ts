import type { Db } from '../store/db.js';
import { originAllowed } from './resolve.js';
import type { Principal } from './principal.js';

/** A credential in use by a long-lived connection: who it was resolved to, from which Origin. */
export interface HeldCredential {
  principal: Principal;
  origin: string | null;
}

/**
 * Whether each credential still holds: its key not revoked, its site and thread not deleted, a
 * visitor's session not expired or ended by a secret's rotation, its Origin still allowed for keys
 * and tokens used from browsers. Three queries at most for any number of credentials, so every
 * open connection can be re-checked every few seconds.
 */
export async function stillValid(db: Db, credentials: readonly HeldCredential[]): Promise<boolean[]> {
  const keyIds = new Set<string>();
  const threadIds = new Set<string>();
  const sessionIds = new Set<string>();
  for (const { principal: p } of credentials) {
    if (p.kind === 'thread') threadIds.add(p.threadId);
    else if (p.kind === 'visitor') sessionIds.add(p.sessionId);
    else if (p.kind !== 'anonymous') keyIds.add(p.keyId);
  }
  const [keys, threads, sessions] = await Promise.all([
    keyIds.size
      ? db.apiKey.findMany({ where: { id: { in: [...keyIds] } }, select: { id: true, revokedAt: true, site: { select: { allowedOrigins: true } } } })
      : [],
    threadIds.size ? db.thread.findMany({ where: { id: { in: [...threadIds] } }, select: { id: true, site: { select: { allowedOrigins: true } } } }) : [],
    sessionIds.size
      ? db.visitorSession.findMany({ where: { id: { in: [...sessionIds] } }, select: { id: true, expiresAt: true, site: { select: { allowedOrigins: true } } } })
      : [],
  ]);
  const sessionById = new Map(sessions.map((s) => [s.id, s]));
  const now = Date.now();
  const keyById = new Map(keys.map((k) => [k.id, k]));
  const threadById = new Map(threads.map((t) => [t.id, t]));
  return credentials.map(({ principal: p, origin }) => {
    switch (p.kind) {
      case 'anonymous':
        return true;
      case 'thread': {
        const thread = threadById.get(p.threadId);
        return thread !== undefined && originAllowed(thread.site.allowedOrigins, origin);
      }
      case 'visitor': {
        const session = sessionById.get(p.sessionId);
        return session !== undefined && session.expiresAt.getTime() > now && originAllowed(session.site.allowedOrigins, origin);
      }
      case 'publishable': {
        const key = keyById.get(p.keyId);
        return key !== undefined && !key.revokedAt && originAllowed(key.site.allowedOrigins, origin);
      }
      case 'secret':
      case 'staff': {
        const key = keyById.get(p.keyId);
        return key !== undefined && !key.revokedAt;
      }
    }
  });
}
