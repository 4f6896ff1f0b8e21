import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeOldThreads } from '../../server/store/retention.js';
import { appendAudit, purgeAudit } from '../../server/store/audit.js';
import { createDb, type Db } from '../../server/store/db.js';
import { createThread } from '../../server/store/threads.js';
import { createTestDatabase } from '../support/db.js';

let db: Db;
beforeAll(async () => {
  db = createDb(await createTestDatabase());
});
afterAll(async () => {
  await db?.$disconnect();
});

describe('thread retention', () => {
  it('deletes threads inactive past the retention, with their messages, but never one with a running turn', async () => {
    const site = await db.site.create({ data: { name: 's', allowedOrigins: [] } });
    const old = (await createThread(db, site.id, undefined, true)).thread;
    const busy = (await createThread(db, site.id, undefined, true)).thread;
    const fresh = (await createThread(db, site.id, undefined, true)).thread;
    await db.message.create({ data: { threadId: old.id, role: 'USER', text: 'old message' } });
    await db.turn.create({ data: { threadId: busy.id, engine: 'OFFLINE', status: 'RUNNING' } });
    const longAgo = new Date(Date.now() - 40 * 86_400_000);
    await db.thread.updateMany({ where: { id: { in: [old.id, busy.id] } }, data: { updatedAt: longAgo } });

    expect(await purgeOldThreads(db, 0)).toBe(0); // 0 keeps everything
    expect(await purgeOldThreads(db, 30)).toBe(1);
    const left = (await db.thread.findMany({ where: { siteId: site.id } })).map((t) => t.id).sort();
    expect(left).toEqual([busy.id, fresh.id].sort());
    expect(await db.message.count({ where: { threadId: old.id } })).toBe(0);
    // Each deletion is in the audit log, by the system, naming only ids.
    const entries = await db.auditEntry.findMany({ where: { action: 'thread.purge' } });
    expect(entries.map((e) => [e.threadId, e.siteId, e.actorKind])).toEqual([[old.id, site.id, 'system']]);
  });
});

describe('audit retention', () => {
  it('deletes entries past AUDIT_RETENTION_DAYS (the only deletion the table allows) and records the purge', async () => {
    const longAgo = new Date(Date.now() - 10 * 86_400_000);
    await appendAudit(db, { actorKind: 'staff', action: 'review.submit', detail: { verdict: 'CORRECT' } });
    await db.auditEntry.create({ data: { actorKind: 'staff', action: 'thread.read', at: longAgo } }); // an old entry
    await expect(db.auditEntry.deleteMany({})).rejects.toThrow(/append-only/);
    expect(await purgeAudit(db, 0)).toBe(0); // 0 keeps everything
    expect(await purgeAudit(db, 7)).toBe(1);
    const left = await db.auditEntry.findMany({ orderBy: { id: 'asc' } });
    expect(left.map((e) => e.action)).toEqual(expect.arrayContaining(['review.submit', 'audit.purge']));
    expect(left.some((e) => e.at < new Date(Date.now() - 7 * 86_400_000))).toBe(false);
    expect(left.find((e) => e.action === 'audit.purge')?.detail).toMatchObject({ deleted: 1 });
  });
});
