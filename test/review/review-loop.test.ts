import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../server/auth/sites.js';
import { codeOf, gql, send, startThread, wsClient, collect, TURN_EVENTS_STAFF } from '../support/graphql.js';
import { scriptedRunner } from '../support/scripted-runner.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { reviewScript } from './fixtures.js';

/**
 * The clinical review loop through the real API: feedback from the person, the review queue and
 * reviews by staff, the audit log, deletion, and who may do each (visitor, every key kind, another
 * site).
 */

let server: TestServer;
let partnerWrite: string; // threads:write
let partnerRead: string; // threads:read
let partnerTriage: string; // threads:read + triage:read
let partnerAll: string; // every scope
let otherStaff: string;
let otherPartner: string; // another site's key with every scope
let staffKeyId: string;

beforeAll(async () => {
  server = await startTestServer({ runner: scriptedRunner(reviewScript) });
  const db = server.service.services.db;
  partnerWrite = (await createKey(db, server.siteId, 'SECRET', 'writer', ['threads:write'])).key;
  partnerRead = (await createKey(db, server.siteId, 'SECRET', 'reader', ['threads:read'])).key;
  partnerTriage = (await createKey(db, server.siteId, 'SECRET', 'analyst', ['threads:read', 'triage:read'])).key;
  partnerAll = (await createKey(db, server.siteId, 'SECRET', 'all', ['threads:write', 'threads:read', 'triage:read'])).key;
  const other = await db.site.create({ data: { name: 'Other', allowedOrigins: ['https://other.example'] } });
  otherStaff = (await createKey(db, other.id, 'STAFF', 'other staff')).key;
  otherPartner = (await createKey(db, other.id, 'SECRET', 'other partner', ['threads:write', 'threads:read', 'triage:read'])).key;
  staffKeyId = (await db.apiKey.findFirstOrThrow({ where: { siteId: server.siteId, kind: 'STAFF' } })).id;
});
afterAll(async () => {
  await server?.close();
});

async function turnFor(text: string) {
  const visitor = await startThread(server);
  const sent = await send(server, visitor.token, visitor.threadId, text);
  const turnId = sent.data!.sendMessage.turn.id;
  await server.service.services.turns.settled(turnId);
  return { ...visitor, turnId };
}

const FEEDBACK = `mutation($turnId: ID!, $rating: FeedbackRating!, $comment: String) {
  submitFeedback(turnId: $turnId, rating: $rating, comment: $comment) { turnId rating comment createdAt updatedAt } }`;
const REVIEW = `mutation($turnId: ID!, $input: ReviewInput!) {
  reviewTurn(turnId: $turnId, input: $input) { turnId verdict condition conditionTitle severity note reviewer { keyId name } reviewedAt } }`;
const QUEUE = `query($filter: ReviewQueueFilter, $first: Int, $after: String) {
  reviewQueue(filter: $filter, first: $first, after: $after) { totalCount edges { cursor node { reasons priority turn { id } thread { id } } } pageInfo { hasNextPage endCursor } } }`;
const AUDIT = `query($filter: AuditFilter) { auditLog(filter: $filter) { edges { node { id at actorKind actorKeyId actorName action threadId turnId ip origin detail } } } }`;
const server_ = (token: string) => ({ token, origin: null });

type Who = { name: string; token: () => string; origin?: string | null };

describe('submitFeedback', () => {
  it('lets the thread’s visitor rate a finished turn once, changing it replaces the rating', async () => {
    const { token, turnId } = await turnFor('fever and cough');
    const first = await gql(server, FEEDBACK, { turnId, rating: 'NOT_HELPFUL', comment: '  too vague  ' }, { token });
    expect(first.errors).toBeUndefined();
    expect(first.data!.submitFeedback).toMatchObject({ turnId, rating: 'NOT_HELPFUL', comment: 'too vague' });
    const second = await gql(server, FEEDBACK, { turnId, rating: 'HELPFUL' }, { token });
    expect(second.data!.submitFeedback).toMatchObject({ turnId, rating: 'HELPFUL', comment: null });
    expect(second.data!.submitFeedback.createdAt).toBe(first.data!.submitFeedback.createdAt);
    expect(await server.service.services.db.feedback.count({ where: { turnId } })).toBe(1);
    const read = await gql(server, `query($id: ID!) { turn(id: $id) { feedback { rating comment } } }`, { id: turnId }, { token });
    expect(read.data!.turn.feedback).toEqual({ rating: 'HELPFUL', comment: null });
  });

  it('access: the visitor and threads:write partners of the site; nobody else', async () => {
    const { token, turnId } = await turnFor('fever and cough');
    const stranger = await startThread(server);
    const matrix: [Who, string | null][] = [
      [{ name: 'anonymous', token: () => '' }, 'UNAUTHENTICATED'],
      [{ name: 'publishable key', token: () => server.siteKey }, 'FORBIDDEN'],
      [{ name: "another visitor's thread token", token: () => stranger.token }, 'FORBIDDEN'],
      [{ name: 'partner threads:read', token: () => partnerRead, origin: null }, 'FORBIDDEN'],
      [{ name: 'partner triage:read', token: () => partnerTriage, origin: null }, 'FORBIDDEN'],
      [{ name: 'staff', token: () => server.staffKey, origin: null }, 'FORBIDDEN'],
      [{ name: "another site's partner", token: () => otherPartner, origin: null }, 'FORBIDDEN'],
      [{ name: "another site's staff", token: () => otherStaff, origin: null }, 'FORBIDDEN'],
      [{ name: 'the thread token', token: () => token }, null],
      [{ name: 'partner threads:write', token: () => partnerWrite, origin: null }, null],
    ];
    for (const [who, code] of matrix) {
      const result = await gql(server, FEEDBACK, { turnId, rating: 'HELPFUL' }, { token: who.token() || undefined, origin: who.origin });
      expect(codeOf(result) ?? null, who.name).toBe(code);
    }
    const row = await server.service.services.db.feedback.findUniqueOrThrow({ where: { turnId } });
    expect(row.authorKind).toBe('secret'); // the partner's rating replaced the visitor's
  });

  it('validates: unknown turn, running turn, too long a comment, bad rating', async () => {
    const { token, turnId } = await turnFor('fever and cough');
    expect(codeOf(await gql(server, FEEDBACK, { turnId: '00000000-0000-4000-8000-000000000000', rating: 'HELPFUL' }, { token }))).toBe('NOT_FOUND');
    const long = await gql(server, FEEDBACK, { turnId, rating: 'HELPFUL', comment: 'x'.repeat(1001) }, { token });
    expect(long.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'comment' });
    const bad = await gql(server, FEEDBACK, { turnId, rating: 'MEH' }, { token });
    expect(bad.errors?.[0]?.message).toMatch(/FeedbackRating/);
    expect(await server.service.services.db.feedback.count({ where: { turnId } })).toBe(0);
  });
});

describe('reviewQueue and reviewTurn', () => {
  it('queues what needs a clinician, most serious first, with reasons, and empties as turns are reviewed', async () => {
    const emergency = await turnFor('emergency crushing chest pain');
    const floor = await turnFor('floor crushing chest pain');
    const negative = await turnFor('fever and cough');
    const vague = await turnFor('vague unwell');
    const fine = await turnFor('fever again');
    const direct = await turnFor('hello there');
    const failedPlain = await turnFor('broken printer at work, feeling fine');
    // The emergency turn gave EMERGENCY advice (the safety rules) and then failed.
    const advised = await gql(server, `query($id: ID!) { turn(id: $id) { status advice { level } } }`, { id: emergency.turnId }, server_(server.staffKey));
    expect(advised.data!.turn).toEqual({ status: 'FAILED', advice: { level: 'EMERGENCY' } });
    await gql(server, FEEDBACK, { turnId: negative.turnId, rating: 'NOT_HELPFUL' }, { token: negative.token });
    await gql(server, FEEDBACK, { turnId: fine.turnId, rating: 'HELPFUL' }, { token: fine.token });

    const queue = await gql(server, QUEUE, {}, server_(server.staffKey));
    expect(queue.errors).toBeUndefined();
    const items = queue.data!.reviewQueue.edges.map((e: { node: { turn: { id: string }; reasons: string[] } }) => [e.node.turn.id, e.node.reasons]);
    expect(items).toEqual([
      [emergency.turnId, ['FAILED_AFTER_EMERGENCY_ADVICE']],
      [floor.turnId, ['SAFETY_FLOOR_RAISED']],
      [negative.turnId, ['NEGATIVE_FEEDBACK']],
      [vague.turnId, ['INCONCLUSIVE', 'LOW_RETRIEVAL_SCORE']],
    ]);
    expect(queue.data!.reviewQueue.totalCount).toBe(4);
    expect(items.map((i: [string]) => i[0])).not.toContain(direct.turnId);
    expect(items.map((i: [string]) => i[0])).not.toContain(failedPlain.turnId); // failed, but no emergency advice

    // Pages with a cursor.
    const page1 = await gql(server, QUEUE, { first: 2 }, server_(server.staffKey));
    const page2 = await gql(server, QUEUE, { first: 2, after: page1.data!.reviewQueue.pageInfo.endCursor }, server_(server.staffKey));
    expect(page2.data!.reviewQueue.edges.map((e: { node: { turn: { id: string } } }) => e.node.turn.id)).toEqual([negative.turnId, vague.turnId]);
    // By reason.
    const lowOnly = await gql(server, QUEUE, { filter: { reasons: ['LOW_RETRIEVAL_SCORE'] } }, server_(server.staffKey));
    expect(lowOnly.data!.reviewQueue.edges.map((e: { node: { turn: { id: string } } }) => e.node.turn.id)).toEqual([vague.turnId]);

    // The floor case: the stored prediction is what the person was told (after the floor), so the
    // review judges that: A&E heart attack was right.
    const correct = await gql(server, REVIEW, { turnId: floor.turnId, input: { verdict: 'CORRECT', severity: 'A_AND_E', condition: 'heart-attack' } }, server_(server.staffKey));
    expect(correct.errors).toBeUndefined();
    // The negative feedback case: flu, but it needed a GP.
    const review = await gql(server, REVIEW, { turnId: negative.turnId, input: { verdict: 'UNDER_TRIAGED', severity: 'URGENT_PRIMARY_CARE', condition: 'flu', note: 'asthma: needs a GP' } }, server_(server.staffKey));
    expect(review.errors).toBeUndefined();
    expect(review.data!.reviewTurn).toMatchObject({
      verdict: 'UNDER_TRIAGED', condition: 'flu', conditionTitle: 'Flu', severity: 'URGENT_PRIMARY_CARE', note: 'asthma: needs a GP',
      reviewer: { keyId: staffKeyId, name: 'test staff' },
    });
    const after = await gql(server, QUEUE, {}, server_(server.staffKey));
    expect(after.data!.reviewQueue.edges.map((e: { node: { turn: { id: string } } }) => e.node.turn.id)).toEqual([emergency.turnId, vague.turnId]);
    const reviewed = await gql(server, QUEUE, { filter: { reviewed: true } }, server_(server.staffKey));
    expect(reviewed.data!.reviewQueue.edges.map((e: { node: { turn: { id: string } } }) => e.node.turn.id)).toEqual([floor.turnId, negative.turnId]);

    // threads filters: unreviewed, by feedback, by verdict.
    const list = `query($filter: ThreadFilter) { threads(filter: $filter, first: 100) { edges { node { id } } } }`;
    const ids = async (filter: Record<string, unknown>) =>
      (await gql(server, list, { filter }, server_(server.staffKey))).data!.threads.edges.map((e: { node: { id: string } }) => e.node.id);
    expect(await ids({ verdict: 'UNDER_TRIAGED' })).toEqual([negative.threadId]);
    expect(await ids({ reviewed: true })).toEqual(expect.arrayContaining([floor.threadId, negative.threadId]));
    expect(await ids({ reviewed: false })).not.toContain(floor.threadId);
    expect(await ids({ reviewed: false })).toContain(vague.threadId);
    expect(await ids({ feedback: 'NOT_HELPFUL' })).toEqual([negative.threadId]);
    expect(await ids({ feedback: 'HELPFUL' })).toContain(fine.threadId); // and the earlier tests' threads
    expect(await ids({ feedback: 'HELPFUL' })).not.toContain(negative.threadId);

    // The review shows on Turn for staff and triage:read partners, with the reasons.
    const q = `query($id: ID!) { turn(id: $id) { reviewReasons review { verdict severity reviewer { name } } } }`;
    for (const token of [server.staffKey, partnerTriage]) {
      const seen = await gql(server, q, { id: floor.turnId }, server_(token));
      expect(seen.data!.turn).toEqual({ reviewReasons: ['SAFETY_FLOOR_RAISED'], review: { verdict: 'CORRECT', severity: 'A_AND_E', reviewer: { name: 'test staff' } } });
    }
    expect(codeOf(await gql(server, `query($id: ID!) { turn(id: $id) { review { verdict } } }`, { id: floor.turnId }, server_(partnerRead)))).toBe('FORBIDDEN');
    expect(codeOf(await gql(server, `query($id: ID!) { turn(id: $id) { review { verdict } } }`, { id: floor.turnId }, { token: floor.token }))).toBe('FORBIDDEN');
  });

  it('access: only staff keys of the turn’s site review, read the queue, the statistics and the audit log', async () => {
    const { token, turnId } = await turnFor('fever and cough');
    const input = { verdict: 'CORRECT', severity: 'SELF_CARE', condition: 'flu' };
    const matrix: [Who, string | null][] = [
      [{ name: 'anonymous', token: () => '' }, 'UNAUTHENTICATED'],
      [{ name: 'publishable key', token: () => server.siteKey }, 'FORBIDDEN'],
      [{ name: 'the thread token', token: () => token }, 'FORBIDDEN'],
      [{ name: 'partner threads:write', token: () => partnerWrite, origin: null }, 'FORBIDDEN'],
      [{ name: 'partner with every scope', token: () => partnerAll, origin: null }, 'FORBIDDEN'],
      [{ name: "another site's staff", token: () => otherStaff, origin: null }, 'FORBIDDEN'],
      [{ name: 'staff', token: () => server.staffKey, origin: null }, null],
    ];
    for (const [who, code] of matrix) {
      const options = { token: who.token() || undefined, origin: who.origin };
      expect(codeOf(await gql(server, REVIEW, { turnId, input }, options)) ?? null, `reviewTurn: ${who.name}`).toBe(code);
      if (who.name === "another site's staff") continue; // its own site's queue is legitimately readable (and empty)
      expect(codeOf(await gql(server, QUEUE, {}, options)) ?? null, `reviewQueue: ${who.name}`).toBe(code);
      expect(codeOf(await gql(server, `{ reviewStats(days: 7) { day } }`, {}, options)) ?? null, `reviewStats: ${who.name}`).toBe(code);
      expect(codeOf(await gql(server, AUDIT, {}, options)) ?? null, `auditLog: ${who.name}`).toBe(code);
    }
    const theirs = await gql(server, QUEUE, {}, server_(otherStaff));
    expect(theirs.data!.reviewQueue.edges).toEqual([]);
  });

  it('validates that the verdict agrees with the prediction, and the condition exists', async () => {
    const { turnId } = await turnFor('fever and cough'); // predicted flu, Self-care
    const cases: [Record<string, unknown>, string][] = [
      [{ verdict: 'UNDER_TRIAGED', severity: 'SELF_CARE', condition: 'flu' }, 'input.severity'],
      [{ verdict: 'OVER_TRIAGED', severity: 'A_AND_E', condition: 'flu' }, 'input.severity'],
      [{ verdict: 'CORRECT', severity: 'URGENT_PRIMARY_CARE', condition: 'flu' }, 'input.severity'],
      [{ verdict: 'CORRECT', severity: 'SELF_CARE', condition: 'common-cold' }, 'input.condition'],
      [{ verdict: 'WRONG_CONDITION', severity: 'SELF_CARE', condition: 'flu' }, 'input.condition'],
      [{ verdict: 'WRONG_CONDITION', severity: 'SELF_CARE', condition: 'not-a-page' }, 'input.condition'],
      [{ verdict: 'WRONG_CONDITION', severity: 'SELF_CARE', condition: 'Flu!' }, 'input.condition'],
      [{ verdict: 'UNSAFE_ANSWER', severity: 'SELF_CARE', note: 'n'.repeat(4001) }, 'input.note'],
    ];
    for (const [input, field] of cases) {
      const result = await gql(server, REVIEW, { turnId, input }, server_(server.staffKey));
      expect(result.errors?.[0]?.extensions, JSON.stringify(input).slice(0, 90)).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    expect(await server.service.services.db.review.count({ where: { turnId } })).toBe(0);
    const ok = await gql(server, REVIEW, { turnId, input: { verdict: 'WRONG_CONDITION', severity: 'SELF_CARE', condition: null } }, server_(server.staffKey));
    expect(ok.data!.reviewTurn).toMatchObject({ verdict: 'WRONG_CONDITION', condition: null });
    const again = await gql(server, REVIEW, { turnId, input: { verdict: 'CORRECT', severity: 'SELF_CARE', condition: 'flu' } }, server_(server.staffKey));
    expect(again.data!.reviewTurn.verdict).toBe('CORRECT');
    expect(await server.service.services.db.review.count({ where: { turnId } })).toBe(1);
  });

  it('lists the conditions for review forms (triage:read) and counts feedback and verdicts per day', async () => {
    const conditions = await gql(server, `{ conditions { slug title } }`, {}, server_(server.staffKey));
    expect(conditions.data!.conditions.length).toBeGreaterThan(100);
    expect(conditions.data!.conditions).toContainEqual({ slug: 'flu', title: 'Flu' });
    expect(codeOf(await gql(server, `{ conditions { slug } }`, {}, server_(partnerRead)))).toBe('FORBIDDEN');
    const stats = await gql(server, `{ reviewStats(days: 3) { day helpful notHelpful verdicts { correct underTriaged wrongCondition } } }`, {}, server_(server.staffKey));
    const days = stats.data!.reviewStats as { day: string; helpful: number; notHelpful: number; verdicts: Record<string, number> }[];
    expect(days).toHaveLength(3);
    expect(days.at(-1)!.day).toBe(new Date().toISOString().slice(0, 10));
    const total = (k: 'helpful' | 'notHelpful') => days.reduce((n, d) => n + d[k], 0);
    const db = server.service.services.db;
    expect(total('helpful')).toBe(await db.feedback.count({ where: { rating: 'HELPFUL' } }));
    expect(total('notHelpful')).toBe(await db.feedback.count({ where: { rating: 'NOT_HELPFUL' } }));
    expect(days.reduce((n, d) => n + d.verdicts.underTriaged!, 0)).toBe(await db.review.count({ where: { verdict: 'UNDER_TRIAGED' } }));
    expect(codeOf(await gql(server, `{ reviewStats(days: 0) { day } }`, {}, server_(server.staffKey)))).toBe('BAD_USER_INPUT');
  });
});

describe('audit log', () => {
  it('records staff and partner reads of a thread (not the visitor’s own), reviews and feedback, with who, when and from where', async () => {
    const { threadId, token, turnId } = await turnFor('fever and cough');
    const THREAD = `query($id: ID!) { thread(id: $id) { id messages { edges { node { text turn { id } } } } } }`;
    await gql(server, THREAD, { id: threadId }, { token }); // the visitor: not audited
    await gql(server, THREAD, { id: threadId }, { token: server.staffKey, origin: 'https://staff.example' });
    await gql(server, `query($id: ID!) { turn(id: $id) { reasoning } }`, { id: turnId }, server_(partnerTriage));
    const ws = wsClient(server, server.staffKey, null);
    await collect(ws, turnId, 0, { query: TURN_EVENTS_STAFF });
    await ws.dispose();
    await gql(server, FEEDBACK, { turnId, rating: 'NOT_HELPFUL', comment: 'my name is Jane' }, { token });
    await gql(server, REVIEW, { turnId, input: { verdict: 'CORRECT', severity: 'SELF_CARE', condition: 'flu', note: 'fine' } }, server_(server.staffKey));

    const log = await gql(server, AUDIT, { filter: { threadId } }, server_(server.staffKey));
    const entries = (log.data!.auditLog.edges as { node: Record<string, unknown> }[]).map((e) => e.node).reverse();
    expect(entries.map((e) => [e.action, e.actorKind, (e.detail as Record<string, unknown>)?.via ?? null])).toEqual([
      ['thread.read', 'staff', 'thread'],
      ['thread.read', 'partner', 'turn'],
      ['thread.read', 'staff', 'subscription'],
      ['feedback.submit', 'visitor', null],
      ['review.submit', 'staff', null],
    ]);
    expect(entries[0]).toMatchObject({ actorKeyId: staffKeyId, actorName: 'test staff', origin: 'https://staff.example', ip: expect.stringMatching(/127\.0\.0\.1/) });
    expect(entries[3]).toMatchObject({ detail: { rating: 'NOT_HELPFUL', change: 'new', comment: true }, turnId });
    expect(entries[4]).toMatchObject({ detail: { verdict: 'CORRECT', replaced: false } });
    // Never content: the comment and the note are not in the log.
    expect(JSON.stringify(entries)).not.toMatch(/Jane|fine/);
    // Staff listing threads is a read of each listed thread.
    await gql(server, `{ threads(first: 5) { edges { node { id } } } }`, {}, server_(server.staffKey));
    const listed = await gql(server, AUDIT, { filter: { threadId, actions: ['thread.read'] } }, server_(server.staffKey));
    expect(listed.data!.auditLog.edges[0].node.detail).toEqual({ via: 'threads' });
    expect(codeOf(await gql(server, AUDIT, { filter: { actions: ['nope'] } }, server_(server.staffKey)))).toBe('BAD_USER_INPUT');
  });

  it('cannot be edited: no API for it, and the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const mutations = await gql(server, `{ __schema { mutationType { fields { name } } } }`);
    const names = (mutations.data!.__schema.mutationType.fields as { name: string }[]).map((f) => f.name);
    expect(names.filter((n) => /audit/i.test(n))).toEqual([]);
    await turnFor('fever and cough');
    await gql(server, `{ threads(first: 1) { edges { node { id } } } }`, {}, server_(server.staffKey));
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      const before = Number((await client.query('SELECT count(*) AS n FROM audit_log')).rows[0].n);
      expect(before).toBeGreaterThan(0);
      await expect(client.query(`UPDATE audit_log SET action = 'x'`)).rejects.toThrow(/append-only/);
      await expect(client.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
      await expect(client.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
      expect(Number((await client.query('SELECT count(*) AS n FROM audit_log')).rows[0].n)).toBe(before);
    } finally {
      await client.end();
    }
  });
});

describe('deletion', () => {
  it('a visitor deleting their conversation removes messages, turns, feedback, reviews and stored events; only audit entries remain', async () => {
    const { threadId, token, turnId } = await turnFor('floor crushing chest pain');
    await gql(server, FEEDBACK, { turnId, rating: 'NOT_HELPFUL', comment: 'scared' }, { token });
    await gql(server, REVIEW, { turnId, input: { verdict: 'CORRECT', severity: 'A_AND_E', condition: 'heart-attack' } }, server_(server.staffKey));
    const { bus, db } = server.service.services;
    expect(await bus.subscribe(turnId, 0)).not.toBeNull(); // replayable from the bus before

    const deleted = await gql(server, `mutation($id: ID!) { deleteThread(id: $id) { id } }`, { id: threadId }, { token });
    expect(deleted.data!.deleteThread.id).toBe(threadId);
    expect(await bus.subscribe(turnId, 0)).toBeNull();
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      for (const [table, column, id] of [['threads', 'id', threadId], ['messages', 'thread_id', threadId], ['turns', 'thread_id', threadId], ['feedback', 'turn_id', turnId], ['reviews', 'turn_id', turnId]] as const) {
        expect(Number((await client.query(`SELECT count(*) AS n FROM ${table} WHERE ${column} = $1`, [id])).rows[0].n), table).toBe(0);
      }
      const audit = await client.query<{ action: string; actor_kind: string; detail: unknown }>('SELECT action, actor_kind, detail FROM audit_log WHERE thread_id = $1 ORDER BY id', [threadId]);
      expect(audit.rows.map((r) => r.action)).toEqual(['feedback.submit', 'review.submit', 'thread.delete']);
      expect(audit.rows.at(-1)).toMatchObject({ actor_kind: 'visitor', detail: { turns: 1 } });
      expect(JSON.stringify(audit.rows)).not.toContain('scared');
    } finally {
      await client.end();
    }
    expect(codeOf(await gql(server, `{ viewer { kind } }`, {}, { token }))).toBe('UNAUTHENTICATED');
    void db;
  });

  it('clearing a thread removes its turns’ feedback and replayable events too', async () => {
    const { threadId, token, turnId } = await turnFor('fever and cough');
    await gql(server, FEEDBACK, { turnId, rating: 'HELPFUL' }, { token });
    const cleared = await gql(server, `mutation($id: ID!) { clearThread(id: $id) { id } }`, { id: threadId }, { token });
    expect(cleared.errors).toBeUndefined();
    const { db, bus } = server.service.services;
    expect(await db.feedback.count({ where: { turnId } })).toBe(0);
    expect(await bus.subscribe(turnId, 0)).toBeNull();
  });
});

describe('metrics', () => {
  it('exposes feedback rate, helpful share, reviews by verdict and safety floor overrides', async () => {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).toMatch(/triage_feedback_submitted_total\{rating="NOT_HELPFUL",change="new"\} [1-9]/);
    expect(text).toMatch(/triage_reviews_submitted_total\{verdict="UNDER_TRIAGED"\} [1-9]/);
    expect(text).toMatch(/triage_safety_floor_overrides_total\{engine="OFFLINE",changed="severity"\} [1-9]/);
    const gauge = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
    const db = server.service.services.db;
    const since = new Date(Date.now() - 7 * 86_400_000);
    const ended = await db.turn.count({ where: { endedAt: { gte: since } } });
    const rated = await db.feedback.count({ where: { turn: { endedAt: { gte: since } } } });
    const given = await db.feedback.count();
    const helpful = await db.feedback.count({ where: { rating: 'HELPFUL' } });
    expect(gauge('triage_feedback_rate')).toBeCloseTo(rated / ended, 6);
    expect(gauge('triage_feedback_helpful_share')).toBeCloseTo(helpful / given, 6);
    expect(gauge('triage_feedback_rate')).toBeGreaterThan(0);
  });
});
