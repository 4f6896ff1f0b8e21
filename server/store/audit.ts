import type { Prisma } from '../generated/prisma/client.js';
import type { Db } from './db.js';

/**
 * The audit log: who read or changed what, when and from where. Append-only (a database trigger
 * refuses UPDATE, DELETE and TRUNCATE; only `purgeAudit` below may delete, past the retention).
 * Entries name ids, never content: no message text, comments or notes, so a visitor's deletion
 * leaves nothing personal behind in them.
 */

/** visitor (thread token / publishable key), partner (secret key), staff, admin (npm run admin), system, export (npm run eval -- --export-reviews). */
export type AuditActorKind = 'visitor' | 'partner' | 'staff' | 'admin' | 'system' | 'export';

export const AUDIT_ACTIONS = [
  /** A staff or partner key read a thread's content (detail.via says through which field). */
  'thread.read',
  /** Reviewed turns were exported as evaluation cases. */
  'thread.export',
  'thread.clear',
  'thread.delete',
  /** THREAD_RETENTION_DAYS deleted an inactive thread. */
  'thread.purge',
  'feedback.submit',
  'review.submit',
  'site.create',
  'site.origins',
  /** npm run admin -- site:delete (the site's keys and threads went with it). */
  'site.delete',
  'key.create',
  'key.revoke',
  /** Webhooks (detail.webhookId): created, changed, deleted, secret rotated, a delivery sent again. */
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.rotate',
  'webhook.redeliver',
  /** A visitor secret was made, or retired (its signed-in visitors' sessions ended), by npm run admin. */
  'visitor-secret.create',
  'visitor-secret.retire',
  /** AUDIT_RETENTION_DAYS removed old entries (the purge itself is recorded). */
  'audit.purge',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditRecord {
  siteId?: string | null;
  actorKind: AuditActorKind;
  actorKeyId?: string | null;
  action: AuditAction;
  threadId?: string | null;
  turnId?: string | null;
  ip?: string | null;
  origin?: string | null;
  detail?: Record<string, string | number | boolean | null>;
}

export type AuditRow = Prisma.AuditEntryGetPayload<object>;

const toRow = (r: AuditRecord): Prisma.AuditEntryCreateManyInput => ({
  siteId: r.siteId ?? null,
  actorKind: r.actorKind,
  actorKeyId: r.actorKeyId ?? null,
  action: r.action,
  threadId: r.threadId ?? null,
  turnId: r.turnId ?? null,
  ip: r.ip ?? null,
  origin: r.origin ?? null,
  detail: r.detail ?? undefined,
});

/** Appends entries (one statement). Callers await it before returning what was read. */
export async function appendAudit(db: Db | Prisma.TransactionClient, records: AuditRecord | AuditRecord[]): Promise<void> {
  const list = Array.isArray(records) ? records : [records];
  if (!list.length) return;
  await db.auditEntry.createMany({ data: list.map(toRow) });
}

export interface AuditFilter {
  siteId: string;
  threadId?: string;
  turnId?: string;
  actorKeyId?: string;
  actions?: string[];
  after?: Date;
  before?: Date;
}

/** Keyset page of entries, newest first (the id is monotonic). */
export async function pageAudit(db: Db, f: AuditFilter, page: { afterId?: bigint; beforeId?: bigint; limit: number; inverted: boolean }) {
  const where: Prisma.AuditEntryWhereInput = {
    siteId: f.siteId,
    ...(f.threadId ? { threadId: f.threadId } : {}),
    ...(f.turnId ? { turnId: f.turnId } : {}),
    ...(f.actorKeyId ? { actorKeyId: f.actorKeyId } : {}),
    ...(f.actions?.length ? { action: { in: f.actions } } : {}),
    ...(f.after || f.before ? { at: { gte: f.after, lte: f.before } } : {}),
    ...(page.afterId !== undefined || page.beforeId !== undefined
      ? { id: { ...(page.afterId !== undefined ? { lt: page.afterId } : {}), ...(page.beforeId !== undefined ? { gt: page.beforeId } : {}) } }
      : {}),
  };
  return db.auditEntry.findMany({ where, orderBy: { id: page.inverted ? 'asc' : 'desc' }, take: page.limit });
}

/**
 * Deletes entries older than `days` (0: keep forever), the only deletion the trigger allows: the
 * transaction sets `triage.audit_purge` for itself. The purge is itself recorded.
 */
export async function purgeAudit(db: Db, days: number, now = new Date()): Promise<number> {
  if (days <= 0) return 0;
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const count = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT set_config('triage.audit_purge', 'on', true)`;
    const { count } = await tx.auditEntry.deleteMany({ where: { at: { lt: cutoff } } });
    return count;
  });
  if (count) await appendAudit(db, { actorKind: 'system', action: 'audit.purge', detail: { deleted: count, before: cutoff.toISOString() } });
  return count;
}
