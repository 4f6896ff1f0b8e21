import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../server/auth/cli.js';
import { createKey } from '../../server/auth/sites.js';
import { RedisBus, type TurnBus } from '../../server/bus/index.js';
import type { RunnerEvent } from '../../server/contract/events.js';
import type { TurnInput } from '../../server/contract/turn.js';
import { log } from '../../server/log.js';
import { codeOf, gql, send, startThread, TURN_EVENTS } from '../support/graphql.js';
import { RawSocket } from '../support/raw-ws.js';
import { Pauses, scriptedRunner } from '../support/scripted-runner.js';
import { ORIGIN, startTestServer, type TestServer } from '../support/server.js';

/**
 * Revocation is live: a key revoked, a site deleted, an origin removed or a thread deleted ends
 * the WebSockets opened with it before (close 4403) and refuses what they would run next, on every
 * instance: through the bus at once (Redis between instances, as in CI), and by the periodic
 * re-check (ACCESS_RECHECK_MS, default 2 s) where nothing announced it.
 */
const redisUrl = process.env.REDIS_TEST_URL;

const pauses = new Pauses();
async function* script(input: TurnInput, signal: AbortSignal): AsyncGenerator<RunnerEvent> {
  yield { type: 'AnswerChunk', delta: 'First part. ' };
  await pauses.pause(input.turnId, signal);
  yield { type: 'AnswerChunk', delta: 'Second part.' };
}

interface Setup {
  /** Where the change is made (and turns run). */
  a: TestServer;
  /** Where the sockets are open: another instance when Redis connects them. */
  b: TestServer;
  /** What the admin CLI tells running services through (its own Redis connection, or the one process). */
  adminBus: TurnBus;
}

const setups: [string, () => Promise<Setup>][] = [
  [
    'one instance, in-process bus',
    async () => {
      const a = await startTestServer({ runner: scriptedRunner(script) });
      return { a, b: a, adminBus: a.service.services.bus };
    },
  ],
];
if (redisUrl) {
  setups.push([
    'two instances, Redis bus',
    async () => {
      const env = { REDIS_URL: redisUrl };
      const a = await startTestServer({ runner: scriptedRunner(script), env });
      const b = await startTestServer({ runner: scriptedRunner(script), env, databaseUrl: a.databaseUrl });
      return { a, b, adminBus: await RedisBus.connect(redisUrl, 60, log) };
    },
  ]);
}

const admin = (s: Setup, ...args: string[]) => runAdmin(s.a.service.services.db, args, () => undefined, () => s.adminBus.publishAccessChange());

/** A site of its own (so deleting it touches no other test), with a publishable key and a visitor thread. */
async function freshSite(s: Setup, origins = [ORIGIN]) {
  const db = s.a.service.services.db;
  const site = await db.site.create({ data: { name: 'Revocable', allowedOrigins: origins } });
  const pk = (await createKey(db, site.id, 'PUBLISHABLE', 'w')).key;
  const started = await gql<{ startThread: { thread: { id: string }; threadToken: string } }>(
    s.a,
    `mutation { startThread { thread { id } threadToken } }`,
    {},
    { token: pk },
  );
  return { siteId: site.id, pk, threadId: started.data!.startThread.thread.id, token: started.data!.startThread.threadToken };
}

describe.each(setups)('%s', (_name, make) => {
  let s: Setup;
  beforeAll(async () => {
    s = await make();
  });
  afterAll(async () => {
    if (s.adminBus !== s.a.service.services.bus) await s.adminBus.close();
    if (s.b !== s.a) await s.b.close();
    await s.a.close();
  });

  it('revoking a staff key closes its socket (following a running turn) with 4403 and refuses it from then on', async () => {
    const db = s.a.service.services.db;
    const staff = await createKey(db, s.a.siteId, 'STAFF', 'to revoke');
    const visitor = await startThread(s.a);
    const reached = pauses.reached.next();
    const turnId = (await send(s.a, visitor.token, visitor.threadId, 'hello')).data!.sendMessage.turn.id;
    await reached;
    const socket = await RawSocket.connect(s.b.wsUrl, staff.key, null);
    const first = socket.next((m) => m.type === 'next');
    socket.subscribe('1', TURN_EVENTS, { id: turnId });
    await first;

    await admin(s, 'key:revoke', '--key', staff.id);
    expect((await socket.closed).code).toBe(4403);
    expect(codeOf(await gql(s.b, `{ viewer { kind } }`, {}, { token: staff.key, origin: null }))).toBe('UNAUTHENTICATED');
    const again = new RawSocket(s.b.wsUrl, null);
    await again.opened;
    again.send({ type: 'connection_init', payload: { authorization: `Bearer ${staff.key}` } });
    expect((await again.closed).code).toBe(4403);
    pauses.open(turnId);
    await s.a.service.services.turns.settled(turnId);
  });

  it('deleting a site closes the sockets of its publishable key and of its thread tokens', async () => {
    const site = await freshSite(s);
    const withKey = await RawSocket.connect(s.b.wsUrl, site.pk, ORIGIN);
    const withToken = await RawSocket.connect(s.b.wsUrl, site.token, ORIGIN);
    await admin(s, 'site:delete', '--site', site.siteId);
    expect((await withKey.closed).code).toBe(4403);
    expect((await withToken.closed).code).toBe(4403);
    expect(codeOf(await gql(s.b, `{ viewer { kind } }`, {}, { token: site.token }))).toBe('UNAUTHENTICATED');
  });

  it('removing an origin closes the sockets opened from it, and only those', async () => {
    const site = await freshSite(s, [ORIGIN, 'https://kept.example']);
    const removed = await RawSocket.connect(s.b.wsUrl, site.token, ORIGIN);
    const kept = await RawSocket.connect(s.b.wsUrl, site.token, 'https://kept.example');
    await admin(s, 'site:origins', '--site', site.siteId, '--origin', 'https://kept.example');
    expect((await removed.closed).code).toBe(4403);
    // The kept socket still works: it runs an operation to completion.
    kept.subscribe('1', `query { viewer { kind } }`);
    expect((await kept.result('1')).map((m) => m.type)).toEqual(['next', 'complete']);
    expect(kept.open).toBe(true);
    kept.close();
  });

  it('deleting a thread closes its token’s sockets on every instance', async () => {
    const visitor = await startThread(s.a);
    const socket = await RawSocket.connect(s.b.wsUrl, visitor.token, ORIGIN);
    const deleted = await gql(s.a, `mutation($id: ID!) { deleteThread(id: $id) { id } }`, { id: visitor.threadId }, { token: visitor.token });
    expect(deleted.errors).toBeUndefined();
    expect((await socket.closed).code).toBe(4403);
  });
});

describe('where nobody announces the change (the admin CLI without Redis)', () => {
  let server: TestServer;
  let quiet: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ runner: scriptedRunner(script) });
    // A re-check so rare it never runs during the test, and no credential cache: only the
    // per-operation check is left.
    quiet = await startTestServer({ runner: scriptedRunner(script), env: { ACCESS_RECHECK_MS: '600000', CREDENTIAL_CACHE_MS: '0' } });
  });
  afterAll(async () => {
    await server?.close();
    await quiet?.close();
  });

  it('the periodic re-check closes a revoked key’s socket within 5 s', async () => {
    const db = server.service.services.db;
    const secret = await createKey(db, server.siteId, 'SECRET', 'to revoke', ['threads:read']);
    const socket = await RawSocket.connect(server.wsUrl, secret.key, null);
    const revokedAt = Date.now();
    await db.apiKey.update({ where: { id: secret.id }, data: { revokedAt: new Date() } });
    expect((await socket.closed).code).toBe(4403);
    expect(Date.now() - revokedAt).toBeLessThan(5_000);
  });

  it('an open socket re-checks its credential on every operation: the next one after a revocation is refused', async () => {
    const db = quiet.service.services.db;
    const secret = await createKey(db, quiet.siteId, 'SECRET', 'to revoke', ['threads:read']);
    const socket = await RawSocket.connect(quiet.wsUrl, secret.key, null);
    socket.subscribe('1', `query { viewer { kind } }`);
    expect((await socket.result('1')).map((m) => m.type)).toEqual(['next', 'complete']);
    await db.apiKey.update({ where: { id: secret.id }, data: { revokedAt: new Date() } });
    socket.subscribe('2', `query { viewer { kind } }`);
    const closed = await socket.closed;
    expect(closed.code).toBe(4403);
    expect(socket.messages.filter((m) => m.id === '2' && m.type === 'next')).toEqual([]);
  });

  it('a GraphQL-over-SSE subscription ends with UNAUTHENTICATED when its key is revoked', async () => {
    const db = server.service.services.db;
    const staff = await createKey(db, server.siteId, 'STAFF', 'sse');
    const visitor = await startThread(server);
    const reached = pauses.reached.next();
    const turnId = (await send(server, visitor.token, visitor.threadId, 'hello')).data!.sendMessage.turn.id;
    await reached;
    const response = await fetch(server.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${staff.key}` },
      body: JSON.stringify({ query: TURN_EVENTS, variables: { id: turnId } }),
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('AnswerChunk')) text += (await reader.read()).value ?? '';
    await server.service.services.bus.publishAccessChange(); // nothing yet: the key still holds
    await db.apiKey.update({ where: { id: staff.id }, data: { revokedAt: new Date() } });
    await server.service.services.bus.publishAccessChange();
    for (;;) {
      const { value, done } = await reader.read();
      text += value ?? '';
      if (done || text.includes('UNAUTHENTICATED')) break;
    }
    expect(text).toContain('UNAUTHENTICATED');
    expect(text).not.toContain('Second part');
    await reader.cancel();
    pauses.open(turnId);
    await server.service.services.turns.settled(turnId);
  });
});

describe('the credential cache', () => {
  let kept: TestServer;
  let brief: TestServer;
  beforeAll(async () => {
    kept = await startTestServer({ runner: scriptedRunner(script), env: { ACCESS_RECHECK_MS: '600000', CREDENTIAL_CACHE_MS: '600000' } });
    brief = await startTestServer({ runner: scriptedRunner(script), env: { ACCESS_RECHECK_MS: '600000', CREDENTIAL_CACHE_MS: '300' } });
  });
  afterAll(async () => {
    await kept?.close();
    await brief?.close();
  });
  const viewer = (server: TestServer, key: string) => gql(server, `{ viewer { kind } }`, {}, { token: key, origin: null });

  it('keeps a resolved key (no query for it) until a change is announced, then refuses it at once', async () => {
    const db = kept.service.services.db;
    const secret = await createKey(db, kept.siteId, 'SECRET', 'cached', ['threads:read']);
    expect(codeOf(await viewer(kept, secret.key))).toBeUndefined();
    await db.apiKey.update({ where: { id: secret.id }, data: { revokedAt: new Date() } });
    // Unannounced, the kept lookup still answers: this is the cache (a lookup would refuse).
    expect(codeOf(await viewer(kept, secret.key))).toBeUndefined();
    await kept.service.services.bus.publishAccessChange();
    expect(codeOf(await viewer(kept, secret.key))).toBe('UNAUTHENTICATED');
  });

  it('keeps an unknown token’s refusal too, and still checks the Origin on every request', async () => {
    expect(codeOf(await viewer(kept, 'sk_not_a_key'))).toBe('UNAUTHENTICATED');
    expect(codeOf(await viewer(kept, 'sk_not_a_key'))).toBe('UNAUTHENTICATED');
    const visitor = await startThread(kept);
    expect(codeOf(await gql(kept, `{ viewer { kind } }`, {}, { token: visitor.token }))).toBeUndefined();
    expect(codeOf(await gql(kept, `{ viewer { kind } }`, {}, { token: visitor.token, origin: 'https://elsewhere.example' }))).toBe('FORBIDDEN');
  });

  it('forgets a lookup after CREDENTIAL_CACHE_MS, so a change nobody announced is seen by new requests', async () => {
    const db = brief.service.services.db;
    const secret = await createKey(db, brief.siteId, 'SECRET', 'brief', ['threads:read']);
    expect(codeOf(await viewer(brief, secret.key))).toBeUndefined();
    const revokedAt = Date.now();
    await db.apiKey.update({ where: { id: secret.id }, data: { revokedAt: new Date() } });
    await expect.poll(async () => codeOf(await viewer(brief, secret.key)), { timeout: 5_000, interval: 50 }).toBe('UNAUTHENTICATED');
    expect(Date.now() - revokedAt).toBeLessThan(5_000);
  });
});
