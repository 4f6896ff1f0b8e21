import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../server/store/db.js';
import { createThread } from '../../server/store/threads.js';
import { storeCheckpoints } from '../../server/store/turn-end.js';
import { TurnLog } from '../../server/bus/turn-log.js';
import { DraftCursor } from '../../server/turns/draft-cursor.js';
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
    await storeCheckpoints(db, [quiet.id, busy.id, ended.id], [
      { turnId: busy.id, answerFrom: 0, answer: 'partial "answer"', reasoningFrom: 0, reasoning: 'thinking', lastSeq: 9 },
      { turnId: ended.id, answerFrom: 0, answer: 'late', reasoningFrom: 0, reasoning: 'late', lastSeq: 99 },
    ], at);
    const rows = new Map((await db.turn.findMany({ where: { id: { in: [quiet.id, busy.id, ended.id] } } })).map((t) => [t.id, t]));
    expect(rows.get(quiet.id)).toMatchObject({ heartbeatAt: at, answerDraft: 'before', lastSeq: 3 });
    expect(rows.get(busy.id)).toMatchObject({ heartbeatAt: at, answerDraft: 'partial "answer"', reasoning: 'thinking', lastSeq: 9 });
    expect(rows.get(ended.id)).toMatchObject({ answerDraft: 'before', lastSeq: 3, heartbeatAt: ended.heartbeatAt });
  });

  it('sends only what each turn added, continues from what the database is known to hold, and survives a lost answer and text beyond the basic plane', async () => {
    const row = await turn('RUNNING');
    const log = new TurnLog(row.id);
    const cursor = new DraftCursor(row.id, log);
    let seq = 0;
    const add = (type: 'AnswerChunk' | 'ReasoningChunk', delta: string) => log.append({ type, delta, turnId: row.id, seq: ++seq });
    const stored = async () => db.turn.findUniqueOrThrow({ where: { id: row.id } });
    const checkpoint = async (confirmed: boolean) => {
      const next = cursor.next();
      if (!next) return null;
      await storeCheckpoints(db, [row.id], [next.draft], new Date());
      if (confirmed) next.stored();
      return next.draft;
    };

    add('ReasoningChunk', 'The 👶 is ');
    add('ReasoningChunk', 'feverish. ');
    expect(await checkpoint(true)).toMatchObject({ reasoningFrom: 0, reasoning: 'The 👶 is feverish. ', answer: '' });
    expect(cursor.next()).toBeNull(); // nothing new, nothing to send

    add('ReasoningChunk', 'Café ✓ ');
    add('AnswerChunk', 'Call 999 ');
    // Written, but its confirmation is lost (a timeout after the commit): the cursor does not move.
    const lost = await checkpoint(false);
    expect(lost).toMatchObject({ reasoningFrom: 19, reasoning: 'Café ✓ ', answerFrom: 0, answer: 'Call 999 ' });

    add('AnswerChunk', 'now 🚑.');
    const again = await checkpoint(true);
    // Sent again from the same place with what came since: stored once, not twice.
    expect(again).toMatchObject({ reasoningFrom: 19, answerFrom: 0, answer: 'Call 999 now 🚑.', lastSeq: 5 });
    expect(await stored()).toMatchObject({ reasoning: log.text('ReasoningChunk'), answerDraft: log.text('AnswerChunk'), lastSeq: 5 });

    add('AnswerChunk', ' Stay with them.');
    expect(await checkpoint(true)).toMatchObject({ answerFrom: 15, answer: ' Stay with them.', reasoning: '' });
    expect(await stored()).toMatchObject({ reasoning: 'The 👶 is feverish. Café ✓ ', answerDraft: 'Call 999 now 🚑. Stay with them.', lastSeq: 6 });
  });
});
