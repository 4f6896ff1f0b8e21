import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../server/store/db.js';
import { createThread, storeUserMessage } from '../../server/store/threads.js';
import { createTestDatabase } from '../support/db.js';

let db: Db;
beforeAll(async () => {
  db = createDb(await createTestDatabase());
});
afterAll(async () => {
  await db?.$disconnect();
});

describe('storeUserMessage', () => {
  it('returns the message and turn exactly as stored (built without reading them back), and the thread moves up', async () => {
    const site = await db.site.create({ data: { name: 's', allowedOrigins: [] } });
    const { thread } = await createThread(db, site.id, undefined, false);
    const sent = await storeUserMessage(db, { threadId: thread.id, text: 'a cough', clientMessageId: 'c1', demographics: { age: 40 }, engine: 'MODEL' });
    expect(sent.created).toBe(true);
    expect(sent.message).toEqual(await db.message.findUnique({ where: { id: sent.message.id } }));
    expect(sent.turn).toEqual(await db.turn.findUnique({ where: { id: sent.turn.id } }));
    const after = await db.thread.findUniqueOrThrow({ where: { id: thread.id } });
    expect(after.demographics).toEqual({ age: 40 });
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(thread.updatedAt.getTime());

    const again = await storeUserMessage(db, { threadId: thread.id, text: 'a cough', clientMessageId: 'c1', engine: 'MODEL' });
    expect(again).toMatchObject({ created: false, message: { id: sent.message.id }, turn: { id: sent.turn.id } });
  });
});
