import type { Principal } from '../auth/principal.js';
import { appendAudit, type AuditAction, type AuditActorKind, type AuditRecord } from '../store/audit.js';
import type { GraphQLContext } from './context.js';

/**
 * Writing the audit log from the API. Reads of thread content by staff and partner keys are
 * recorded once per thread per request, and awaited before the data is returned: what cannot be
 * recorded is not shown. Visitors reading their own thread are not audited (it is theirs).
 */

export function auditActor(p: Principal): { actorKind: AuditActorKind; actorKeyId: string | null; siteId: string | null } {
  switch (p.kind) {
    case 'anonymous':
      return { actorKind: 'visitor', actorKeyId: null, siteId: null };
    case 'thread':
    case 'visitor':
      return { actorKind: 'visitor', actorKeyId: null, siteId: p.siteId };
    case 'publishable':
      return { actorKind: 'visitor', actorKeyId: p.keyId, siteId: p.siteId };
    case 'secret':
      return { actorKind: 'partner', actorKeyId: p.keyId, siteId: p.siteId };
    case 'staff':
      return { actorKind: 'staff', actorKeyId: p.keyId, siteId: p.siteId };
  }
}

const recorded = new WeakMap<GraphQLContext, Map<string, Promise<void>>>();

const audited = (p: Principal) => p.kind === 'staff' || p.kind === 'secret';

/** The thread (and turn) the caller is about to read; through which field (`thread`, `turn`, `threads`, `reviewQueue`, `subscription`). */
export interface ThreadRead {
  threadId: string;
  siteId: string;
  turnId?: string | null;
}

/** Records staff/partner reads of threads' content (one entry per thread per request, one statement). */
export async function auditReads(ctx: GraphQLContext, reads: readonly ThreadRead[], via: string): Promise<void> {
  if (!audited(ctx.principal) || !reads.length) return;
  let seen = recorded.get(ctx);
  if (!seen) recorded.set(ctx, (seen = new Map()));
  const pending: Promise<void>[] = [];
  const fresh: ThreadRead[] = [];
  for (const read of reads) {
    const earlier = seen.get(read.threadId);
    if (earlier) pending.push(earlier);
    else fresh.push(read);
  }
  if (fresh.length) {
    const actor = auditActor(ctx.principal);
    const write = appendAudit(
      ctx.services.db,
      fresh.map((r) => ({ ...actor, siteId: r.siteId, action: 'thread.read' as const, threadId: r.threadId, turnId: r.turnId ?? null, ip: ctx.clientIp, origin: ctx.origin, detail: { via } })),
    );
    for (const r of fresh) seen.set(r.threadId, write);
    // A failed write must not leave the thread marked as recorded for this request.
    write.catch(() => fresh.forEach((r) => seen.delete(r.threadId)));
    pending.push(write);
  }
  await Promise.all(pending);
}

/** Records a change made through the API (review, feedback, deletion) with who and from where. */
export async function auditChange(
  ctx: GraphQLContext,
  action: AuditAction,
  target: { siteId: string; threadId?: string | null; turnId?: string | null; detail?: AuditRecord['detail'] },
): Promise<void> {
  await appendAudit(ctx.services.db, { ...auditActor(ctx.principal), ...target, action, ip: ctx.clientIp, origin: ctx.origin });
}
