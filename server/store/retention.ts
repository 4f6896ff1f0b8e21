import type { Db } from './db.js';

/**
 * Deletes threads (with their messages and turns) whose last activity is older than `days`.
 * Health conversations should not be kept longer than needed; a thread with a running turn is
 * never touched. Returns how many threads were deleted.
 */
export async function purgeOldThreads(db: Db, days: number, now = new Date()): Promise<number> {
  if (days <= 0) return 0;
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const { count } = await db.thread.deleteMany({
    where: { updatedAt: { lt: cutoff }, turns: { none: { status: 'RUNNING' } } },
  });
  return count;
}
