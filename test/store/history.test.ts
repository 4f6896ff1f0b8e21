import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../server/store/db.js';
import { createThread, recentHistory } from '../../server/store/threads.js';
import { createTestDatabase } from '../support/db.js';

let db: Db;
beforeAll(async () => {
  db = createDb(await createTestDatabase());
});
afterAll(async () => {
  await db?.$disconnect();
});

/** A thread with `exchanges` user/assistant pairs (u1, a1, u2, a2, ...) and a new message; returns the new message. */
async function conversation(exchanges: number): Promise<{ threadId: string; newId: { id: string; createdAt: Date } }> {
  const site = await db.site.create({ data: { name: 's', allowedOrigins: [] } });
  const { thread } = await createThread(db, site.id, undefined, false);
  const at = Date.now() - 1_000_000;
  let n = 0;
  for (let i = 1; i <= exchanges; i++) {
    await db.message.create({ data: { threadId: thread.id, role: 'USER', text: `u${i}`, createdAt: new Date(at + n++ * 1000) } });
    await db.message.create({ data: { threadId: thread.id, role: 'ASSISTANT', text: `a${i}`, createdAt: new Date(at + n++ * 1000) } });
  }
  const latest = await db.message.create({ data: { threadId: thread.id, role: 'USER', text: 'new', createdAt: new Date(at + n * 1000) } });
  return { threadId: thread.id, newId: latest };
}

describe('recentHistory', () => {
  it('returns the last messages oldest first, with the thread\'s first user message pinned in front once the window misses it', async () => {
    const { threadId, newId } = await conversation(6);
    const history = await recentHistory(db, threadId, newId, 4);
    expect(history.map((m) => m.content)).toEqual(['u1', 'u5', 'a5', 'u6', 'a6']);
    expect(history.map((m) => m.role)).toEqual(['user', 'user', 'assistant', 'user', 'assistant']);
  });

  it('adds nothing when the window already holds the first message', async () => {
    const { threadId, newId } = await conversation(2);
    expect((await recentHistory(db, threadId, newId, 4)).map((m) => m.content)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect((await recentHistory(db, threadId, newId, 10)).map((m) => m.content)).toEqual(['u1', 'a1', 'u2', 'a2']);
  });
});
