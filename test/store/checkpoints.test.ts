import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../server/store/db.js';
import { createThread } from '../../server/store/threads.js';
import { storeCheckpoints } from '../../server/store/turn-end.js';
import { createTestDatabase } from '../support/db.js';

let db: Db;
beforeAll(async () => {
  db = createDb(await createTestDatabase());
});
afterAll(async () => {
  await db?.$disconnect();
});

async function turn(status: 'RUNNING' | 'COMPLETED') {
  const site = await db.site.create({ data: { name: 's', allowedOrigins: [] } });
  const { thread } = await createThread(db, site.id, undefined, false);
  const old = new Date(Date.now() - 60_000);
  return db.turn.create({ data: { threadId: thread.id, engine: 'MODEL', status, heartbeatAt: old, answerDraft: 'before', lastSeq: 3 } });
}

describe('storeCheckpoints', () => {
  it('refreshes every running turn in one statement, stores the drafts given, and never touches an ended turn', async () => {
    const [quiet, busy, ended] = [await turn('RUNNING'), await turn('RUNNING'), await turn('COMPLETED')];
    const at = new Date();
    await storeCheckpoints(db, [quiet.id, busy.id, ended.id], [{ turnId: busy.id, answer: 'partial "answer"', reasoning: 'thinking', lastSeq: 9 }, { turnId: ended.id, answer: 'late', reasoning: 'late', lastSeq: 99 }], at);
    const rows = new Map((await db.turn.findMany({ where: { id: { in: [quiet.id, busy.id, ended.id] } } })).map((t) => [t.id, t]));
    expect(rows.get(quiet.id)).toMatchObject({ heartbeatAt: at, answerDraft: 'before', lastSeq: 3 });
    expect(rows.get(busy.id)).toMatchObject({ heartbeatAt: at, answerDraft: 'partial "answer"', reasoning: 'thinking', lastSeq: 9 });
    expect(rows.get(ended.id)).toMatchObject({ answerDraft: 'before', lastSeq: 3, heartbeatAt: ended.heartbeatAt });
  });
});
