import type { Db } from './db.js';
import { appendAudit } from './audit.js';

/**
 * Deletes threads (with their messages, turns, feedback and reviews) whose last activity is older
 * than `days`. Health conversations should not be kept longer than needed; a thread with a running
 * turn is never touched. Each deletion is recorded in the audit log (ids only). Returns how many
 * threads were deleted.
 */
export async function purgeOldThreads(db: Db, days: number, now = new Date()): Promise<number> {
  if (days <= 0) return 0;
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const stale = await db.thread.findMany({
    where: { updatedAt: { lt: cutoff }, turns: { none: { status: 'RUNNING' } } },
    select: { id: true, siteId: true },
  });
  if (!stale.length) return 0;
  // Re-checked in the delete itself: a message sent since the read keeps its thread.
  const { count } = await db.thread.deleteMany({
    where: { id: { in: stale.map((t) => t.id) }, updatedAt: { lt: cutoff }, turns: { none: { status: 'RUNNING' } } },
  });
  const survivors = new Set((await db.thread.findMany({ where: { id: { in: stale.map((t) => t.id) } }, select: { id: true } })).map((t) => t.id));
  await appendAudit(
    db,
    stale
      .filter((t) => !survivors.has(t.id))
      .map((t) => ({ actorKind: 'system' as const, action: 'thread.purge' as const, siteId: t.siteId, threadId: t.id, detail: { retentionDays: days } })),
  );
  return count;
}
