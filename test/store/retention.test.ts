import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeOldThreads } from '../../server/store/retention.js';
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
  });
});
