import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createKey } from '../../server/auth/sites.js';
import { codeOf, collect, gql, send, startThread, wsClient } from '../support/graphql.js';
import { scriptedRunner, triageScript } from '../support/scripted-runner.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let partnerRead: string; // secret key: threads:read only
let partnerWrite: string; // secret key: threads:write only
let partnerTriage: string; // secret key: threads:read + triage:read
let otherSiteKey: string; // publishable key of another site
let otherStaff: string;

beforeAll(async () => {
  server = await startTestServer({ runner: scriptedRunner(triageScript) });
  const db = server.service.services.db;
  partnerRead = (await createKey(db, server.siteId, 'SECRET', 'reader', ['threads:read'])).key;
  partnerWrite = (await createKey(db, server.siteId, 'SECRET', 'writer', ['threads:write'])).key;
  partnerTriage = (await createKey(db, server.siteId, 'SECRET', 'analyst', ['threads:read', 'triage:read'])).key;
  const other = await db.site.create({ data: { name: 'Other', allowedOrigins: ['https://other.example'] } });
  otherSiteKey = (await createKey(db, other.id, 'PUBLISHABLE', 'w')).key;
  otherStaff = (await createKey(db, other.id, 'STAFF', 's')).key;
});
afterAll(async () => {
  await server?.close();
});

const THREAD = `query($id: ID!) { thread(id: $id) { id messages { edges { node { text } } } } }`;

async function completedTurn() {
  const visitor = await startThread(server);
  const sent = await send(server, visitor.token, visitor.threadId, 'fever and cough');
  const turnId = sent.data!.sendMessage.turn.id;
  await server.service.services.turns.settled(turnId);
  return { ...visitor, turnId };
}

describe('keys and tokens', () => {
  it('needs a key: anonymous calls get UNAUTHENTICATED, an unknown key too', async () => {
    expect(codeOf(await gql(server, `mutation { startThread { threadToken } }`))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(server, `mutation { startThread { threadToken } }`, {}, { token: 'pk_not-a-real-key' }))).toBe('UNAUTHENTICATED');
    const { threadId } = await startThread(server);
    expect(codeOf(await gql(server, THREAD, { id: threadId }))).toBe('UNAUTHENTICATED');
  });

  it('stores keys and thread tokens only as hashes', async () => {
    const { token } = await startThread(server);
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    const keys = await client.query<{ hash: string; prefix: string }>('SELECT hash, prefix FROM api_keys');
    const threads = await client.query<{ token_hash: string }>('SELECT token_hash FROM threads');
    await client.end();
    const stored = JSON.stringify([keys.rows, threads.rows]);
    for (const secret of [server.siteKey, server.staffKey, partnerRead, token]) expect(stored).not.toContain(secret);
    expect(keys.rows.every((r) => /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);
  });

  it('a thread token cannot start threads; a secret key needs threads:write to', async () => {
    const { token } = await startThread(server);
    expect(codeOf(await gql(server, `mutation { startThread { threadToken } }`, {}, { token }))).toBe('FORBIDDEN');
    expect(codeOf(await gql(server, `mutation { startThread { threadToken } }`, {}, { token: partnerRead, origin: null }))).toBe('FORBIDDEN');
    const ok = await gql(server, `mutation { startThread { thread { id } threadToken } }`, {}, { token: partnerWrite, origin: null });
    expect(ok.data!.startThread.threadToken).toMatch(/^tt_/);
  });
});

describe('visitors', () => {
  it('cannot read, write or subscribe to another visitor’s thread', async () => {
    const alice = await completedTurn();
    const bob = await startThread(server);
    expect(codeOf(await gql(server, THREAD, { id: alice.threadId }, { token: bob.token }))).toBe('FORBIDDEN');
    expect(codeOf(await send(server, bob.token, alice.threadId, 'hijack'))).toBe('FORBIDDEN');
    expect(codeOf(await gql(server, `query($id: ID!) { turn(id: $id) { id } }`, { id: alice.turnId }, { token: bob.token }))).toBe('FORBIDDEN');
    expect(codeOf(await gql(server, `mutation($id: ID!) { deleteThread(id: $id) { id } }`, { id: alice.threadId }, { token: bob.token }))).toBe('FORBIDDEN');
    const client = wsClient(server, bob.token);
    await expect(collect(client, alice.turnId)).rejects.toThrow(/FORBIDDEN|belongs to someone else/);
    await client.dispose();
  });

  it('unknown ids are NOT_FOUND (also malformed ones)', async () => {
    const { token } = await startThread(server);
    expect(codeOf(await gql(server, THREAD, { id: '00000000-0000-4000-8000-000000000000' }, { token }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(server, THREAD, { id: 'nope' }, { token }))).toBe('NOT_FOUND');
  });

  it('the publishable key only works from allowed origins, on HTTP and on the WebSocket handshake', async () => {
    const wrong = await gql(server, `mutation { startThread { threadToken } }`, {}, { token: server.siteKey, origin: 'https://evil.example' });
    expect(codeOf(wrong)).toBe('FORBIDDEN');
    const crossSite = await gql(server, `mutation { startThread { threadToken } }`, {}, { token: otherSiteKey });
    expect(codeOf(crossSite)).toBe('FORBIDDEN'); // our test origin is not one of the other site's
    const { token, turnId } = await completedTurn();
    expect(codeOf(await gql(server, `{ viewer { kind } }`, {}, { token, origin: 'https://evil.example' }))).toBe('FORBIDDEN');

    const closeCode = await new Promise<number>((resolve) => {
      const socket = new WebSocket(server.wsUrl, 'graphql-transport-ws', { headers: { origin: 'https://evil.example' } });
      socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));
      socket.on('close', (code) => resolve(code));
    });
    expect(closeCode).toBe(4403);
    const good = wsClient(server, token);
    expect((await collect(good, turnId)).at(-1)!.__typename).toBe('TurnCompleted');
    await good.dispose();
  });

  it('sees reasoning but not predictions, scores or traces', async () => {
    const { token, turnId } = await completedTurn();
    const result = await gql(server, `query($id: ID!) { turn(id: $id) { reasoning sources { slug score } } }`, { id: turnId }, { token });
    expect(codeOf(result)).toBe('FORBIDDEN');
    const trace = await gql(server, `query($id: ID!) { turn(id: $id) { trace } }`, { id: turnId }, { token });
    expect(codeOf(trace)).toBe('FORBIDDEN');
    const ok = await gql(server, `query($id: ID!) { turn(id: $id) { reasoning sources { slug } } }`, { id: turnId }, { token });
    expect(ok.data!.turn).toEqual({ reasoning: 'Fever and cough for a week suggest flu.', sources: [{ slug: 'flu' }] });
  });
});

describe('partners and staff', () => {
  it('secret keys are scoped: threads:read reads, triage:read sees predictions', async () => {
    const { threadId, turnId } = await completedTurn();
    expect((await gql(server, THREAD, { id: threadId }, { token: partnerRead, origin: null })).data!.thread.id).toBe(threadId);
    expect(codeOf(await gql(server, THREAD, { id: threadId }, { token: partnerWrite, origin: null }))).toBe('FORBIDDEN');
    const query = `query($id: ID!) { turn(id: $id) { prediction { condition severity } sources { score } } }`;
    expect(codeOf(await gql(server, query, { id: turnId }, { token: partnerRead, origin: null }))).toBe('FORBIDDEN');
    const analyst = await gql(server, query, { id: turnId }, { token: partnerTriage, origin: null });
    expect(analyst.data!.turn).toEqual({ prediction: { condition: 'flu', severity: 'SELF_CARE' }, sources: [{ score: 0.82 }] });
  });

  it('staff browse their own site’s threads (not another site’s), newest first, filtered and paginated', async () => {
    const a = await completedTurn();
    const b = await startThread(server);
    const sent = await send(server, b.token, b.threadId, 'my ankle is swollen after football');
    await server.service.services.turns.settled(sent.data!.sendMessage.turn.id);
    const list = `query($first: Int, $after: String, $filter: ThreadFilter) {
      threads(first: $first, after: $after, filter: $filter) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } } }`;
    const page1 = await gql(server, list, { first: 1 }, { token: server.staffKey, origin: null });
    expect(page1.data!.threads.edges[0].node.id).toBe(b.threadId);
    expect(page1.data!.threads.pageInfo.hasNextPage).toBe(true);
    const page2 = await gql(server, list, { first: 1, after: page1.data!.threads.pageInfo.endCursor }, { token: server.staffKey, origin: null });
    expect(page2.data!.threads.edges[0].node.id).toBe(a.threadId);

    const byText = await gql(server, list, { filter: { text: 'ANKLE' } }, { token: server.staffKey, origin: null });
    expect(byText.data!.threads.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([b.threadId]);
    const bySeverity = await gql(server, list, { filter: { severity: 'SELF_CARE', route: 'TRIAGE', status: 'COMPLETED' } }, { token: server.staffKey, origin: null });
    expect(bySeverity.data!.threads.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(expect.arrayContaining([a.threadId, b.threadId]));
    const none = await gql(server, list, { filter: { severity: 'A_AND_E' } }, { token: server.staffKey, origin: null });
    expect(none.data!.threads.edges).toEqual([]);
    const future = await gql(server, list, { filter: { createdAfter: new Date(Date.now() + 60_000).toISOString() } }, { token: server.staffKey, origin: null });
    expect(future.data!.threads.edges).toEqual([]);

    const other = await gql(server, list, {}, { token: otherStaff, origin: null });
    expect(other.data!.threads.edges).toEqual([]);
    expect(codeOf(await gql(server, THREAD, { id: a.threadId }, { token: otherStaff, origin: null }))).toBe('FORBIDDEN');
    expect(codeOf(await gql(server, list, {}, { token: partnerWrite, origin: null }))).toBe('FORBIDDEN');
    expect(codeOf(await gql(server, list, {}, { token: a.token }))).toBe('FORBIDDEN');
  });
});

describe('input validation', () => {
  it('rejects bad messages and demographics with BAD_USER_INPUT naming the field, storing nothing', async () => {
    const { threadId, token } = await startThread(server);
    const cases: [Record<string, unknown>, string][] = [
      [{ text: '   ' }, 'text'],
      [{ text: 'x'.repeat(4001) }, 'text'],
      [{ text: 'hi', clientMessageId: 'has spaces in it' }, 'clientMessageId'],
      [{ text: 'hi', demographics: { age: 200 } }, 'demographics.age'],
      [{ text: 'hi', demographics: { age: -1 } }, 'demographics.age'],
      [{ text: 'hi', demographics: { notes: 'n'.repeat(501) } }, 'demographics.notes'],
      [{ text: 'hi', demographics: { sex: 'MALE', pregnant: true } }, 'demographics.pregnant'],
    ];
    for (const [input, field] of cases) {
      const { text, ...extra } = input;
      const result = await send(server, token, threadId, text as string, extra);
      expect(result.errors?.[0]?.extensions, JSON.stringify(input).slice(0, 80)).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    const wrongType = await gql(server, `mutation { startThread(input: { demographics: { age: "old" } }) { threadToken } }`, {}, { token: server.siteKey });
    expect(wrongType.errors?.[0]?.message).toMatch(/Int/);
    const thread = await gql(server, THREAD, { id: threadId }, { token });
    expect(thread.data!.thread.messages.edges).toEqual([]);
    expect((await send(server, token, threadId, 'x'.repeat(4000))).errors).toBeUndefined();
  });

  it('rejects a negative afterSeq', async () => {
    const { token, turnId } = await completedTurn();
    const client = wsClient(server, token);
    await expect(collect(client, turnId, -1)).rejects.toThrow(/afterSeq/);
    await client.dispose();
  });
});
