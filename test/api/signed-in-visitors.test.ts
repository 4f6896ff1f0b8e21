import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../server/auth/cli.js';
import { createKey } from '../../server/auth/sites.js';
import { signInVisitor } from '../../server/auth/visitors.js';
import { userHash, userToken } from '../../partner/visitor-signing.js';
import { codeOf, collect, gql, send, startThread, wsClient } from '../support/graphql.js';
import { RawSocket } from '../support/raw-ws.js';
import { scriptedRunner, triageScript } from '../support/scripted-runner.js';
import { ORIGIN, startTestServer, type TestServer } from '../support/server.js';

/**
 * Signed-in visitors over real HTTP and WebSocket: the site's proof (user hash or JWT, made with
 * partner/visitor-signing.ts as a site's server would) opens a session; forged, expired and
 * retired proofs are refused with their codes; a visitor sees their own threads from any device
 * and nobody else's, on no other site.
 */

const SIGN_IN = /* GraphQL */ `
  mutation SignIn($input: SignInVisitorInput!) { signInVisitor(input: $input) { visitorToken userId expiresAt } }`;
const MY_THREADS = /* GraphQL */ `query { myThreads { id preview updatedAt } }`;
const THREAD = /* GraphQL */ `query T($id: ID!) { thread(id: $id) { id messages(first: 20) { edges { node { role text } } } } }`;
const START = /* GraphQL */ `mutation { startThread { thread { id } threadToken } }`;

let server: TestServer;

interface Site {
  siteId: string;
  pk: string;
  secrets: { id: string; secret: string }[];
}

const admin = async (...args: string[]) => {
  const lines: string[] = [];
  await runAdmin(server.service.services.db, args, (l) => lines.push(l), () => server.service.services.bus.publishAccessChange());
  return lines;
};

async function newSecret(siteId: string): Promise<{ id: string; secret: string }> {
  const [line] = await admin('visitor-secret:create', '--site', siteId);
  const [, id, secret] = /visitor secret (\S+) .*: (vs_\S+)$/.exec(line!)!;
  return { id: id!, secret: secret! };
}

/** A site with its publishable key and one visitor secret, made with the admin CLI. */
async function newSite(name: string): Promise<Site> {
  const db = server.service.services.db;
  const site = await db.site.create({ data: { name, allowedOrigins: [ORIGIN] } });
  const pk = (await createKey(db, site.id, 'PUBLISHABLE', 'widget')).key;
  return { siteId: site.id, pk, secrets: [await newSecret(site.id)] };
}

type SignInResult = { signInVisitor: { visitorToken: string; userId: string; expiresAt: string } };

const signIn = (site: Pick<Site, 'pk'>, input: Record<string, unknown>) => gql<SignInResult>(server, SIGN_IN, { input }, { token: site.pk });

async function visitor(site: Site, userId: string, secret = site.secrets[0]!.secret): Promise<string> {
  const result = await signIn(site, { userId, userHash: userHash(secret, userId) });
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.signInVisitor.visitorToken;
}

async function startAs(token: string): Promise<string> {
  const result = await gql<{ startThread: { thread: { id: string } } }>(server, START, {}, { token });
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.startThread.thread.id;
}

async function talk(token: string, threadId: string, text: string): Promise<void> {
  const sent = await send(server, token, threadId, text);
  if (!sent.data) throw new Error(JSON.stringify(sent.errors));
  await server.service.services.turns.settled(sent.data.sendMessage.turn.id);
}

const myThreads = async (token: string) => (await gql<{ myThreads: { id: string; preview: string | null }[] }>(server, MY_THREADS, {}, { token })).data?.myThreads;

let a: Site;
let b: Site;

beforeAll(async () => {
  server = await startTestServer({ runner: scriptedRunner(triageScript) });
  a = await newSite('Clinic A');
  b = await newSite('Clinic B');
});
afterAll(async () => {
  await server?.close();
});

describe('signing in', () => {
  it('accepts an HMAC user hash, and the thread started with the session is listed on another device with its history', async () => {
    const laptop = await visitor(a, 'alice');
    expect((await gql(server, `{ viewer { kind siteId userId } }`, {}, { token: laptop })).data).toEqual({ viewer: { kind: 'visitor', siteId: a.siteId, userId: 'alice' } });
    const threadId = await startAs(laptop);
    await talk(laptop, threadId, 'I have had a fever and a cough for a week');

    // Another device: a new sign-in with the same proof, no thread token, no local storage.
    const phone = await visitor(a, 'alice');
    expect(phone).not.toBe(laptop);
    expect(await myThreads(phone)).toEqual([{ id: threadId, preview: 'I have had a fever and a cough for a week', updatedAt: expect.any(String) }]);
    const history = await gql<{ thread: { messages: { edges: { node: { role: string; text: string } }[] } } }>(server, THREAD, { id: threadId }, { token: phone });
    expect(history.data!.thread.messages.edges.map((e) => e.node.role)).toEqual(['USER', 'ASSISTANT']);
    expect(history.data!.thread.messages.edges[1]!.node.text).toContain('flu');

    // It continues there, streaming over graphql-ws with the visitor token.
    const sent = await send(server, phone, threadId, 'Still coughing');
    expect(sent.errors).toBeUndefined();
    const client = wsClient(server, phone);
    const events = await collect(client, sent.data!.sendMessage.turn.id);
    await client.dispose();
    expect(events.at(-1)?.__typename).toBe('TurnCompleted');
  });

  it('accepts a short-lived JWT (with or without kid) and links the thread to its sub', async () => {
    const [secret] = a.secrets;
    for (const kid of [secret!.id, undefined]) {
      const result = await signIn(a, { userToken: await userToken(secret!.secret, 'bob', { kid }) });
      expect(result.errors).toBeUndefined();
      expect(result.data!.signInVisitor.userId).toBe('bob');
      const expiresIn = Date.parse(result.data!.signInVisitor.expiresAt) - Date.now();
      expect(expiresIn).toBeGreaterThan(7 * 3600_000);
      expect(expiresIn).toBeLessThanOrEqual(8 * 3600_000);
    }
    const token = (await signIn(a, { userId: 'bob', userToken: await userToken(secret!.secret, 'bob') })).data!.signInVisitor.visitorToken;
    const threadId = await startAs(token);
    expect((await myThreads(token))!.map((t) => t.id)).toEqual([threadId]);
  });
});

describe('the runnable signing example (docs/signed-in-visitors.md)', () => {
  it('prints a user hash and a JWT that the service accepts for that user', async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const { stdout } = await promisify(execFile)(path.join(root, 'node_modules/.bin/tsx'), ['partner/visitor-signing.ts', 'grace@example.com'], {
      cwd: root,
      env: { ...process.env, VISITOR_SECRET: a.secrets[0]!.secret, VISITOR_SECRET_ID: a.secrets[0]!.id },
    });
    const field = (name: string) => new RegExp(`^${name}:\\s+(\\S+)$`, 'm').exec(stdout)![1]!;
    expect(field('user-id')).toBe('grace@example.com');
    for (const input of [{ userId: 'grace@example.com', userHash: field('user-hash') }, { userToken: field('user-token') }]) {
      const result = await signIn(a, input);
      expect(result.errors).toBeUndefined();
      expect(result.data!.signInVisitor.userId).toBe('grace@example.com');
    }
  });
});

describe('refused proofs', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const key = () => new TextEncoder().encode(a.secrets[0]!.secret);

  it('refuses forged user hashes with VISITOR_PROOF_INVALID', async () => {
    const secret = a.secrets[0]!.secret;
    const cases: Record<string, unknown>[] = [
      { userId: 'alice', userHash: 'f'.repeat(64) }, // made up
      { userId: 'mallory', userHash: userHash(secret, 'alice') }, // alice's hash for another id
      { userId: 'alice', userHash: userHash(b.secrets[0]!.secret, 'alice') }, // another site's secret
      { userId: 'alice', userHash: userHash(secret, 'alice').slice(0, 40) }, // truncated
    ];
    for (const input of cases) expect(codeOf(await signIn(a, input)), JSON.stringify(input)).toBe('VISITOR_PROOF_INVALID');
  });

  it('refuses forged JWTs with VISITOR_PROOF_INVALID', async () => {
    const wrongKey = new TextEncoder().encode(b.secrets[0]!.secret);
    const tokens = [
      await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('alice').setIssuedAt().setExpirationTime('5m').sign(wrongKey),
      new UnsecuredJWT({}).setSubject('alice').setIssuedAt().setExpirationTime('5m').encode(), // alg: none
      await new SignJWT({}).setProtectedHeader({ alg: 'HS512' }).setSubject('alice').setIssuedAt().setExpirationTime('5m').sign(key()),
      await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('alice').setIssuedAt().sign(key()), // no exp
      await new SignJWT({}).setProtectedHeader({ alg: 'HS256', kid: b.secrets[0]!.id }).setSubject('alice').setIssuedAt().setExpirationTime('5m').sign(key()),
      'not.a.jwt',
    ];
    for (const userToken of tokens) expect(codeOf(await signIn(a, { userToken })), userToken).toBe('VISITOR_PROOF_INVALID');
    // A genuine token for alice presented as someone else's.
    const alices = await userToken(a.secrets[0]!.secret, 'alice');
    expect(codeOf(await signIn(a, { userId: 'mallory', userToken: alices }))).toBe('VISITOR_PROOF_INVALID');
  });

  it('refuses an expired JWT, and one issued too long ago, with VISITOR_PROOF_EXPIRED', async () => {
    const expired = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('alice').setIssuedAt(now() - 600).setExpirationTime(now() - 120).sign(key());
    const tooOld = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('alice').setIssuedAt(now() - 2 * 3600).setExpirationTime(now() + 3600).sign(key());
    for (const userToken of [expired, tooOld]) {
      const result = await signIn(a, { userToken });
      expect(codeOf(result)).toBe('VISITOR_PROOF_EXPIRED');
      expect(result.data).toBeNull();
    }
  });

  it('asks for exactly one proof, needs the publishable key, and says when the site has no visitor secret', async () => {
    expect(codeOf(await signIn(a, { userId: 'alice' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await signIn(a, { userId: 'alice', userHash: 'x', userToken: 'y' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await signIn(a, { userId: ' alice', userHash: userHash(a.secrets[0]!.secret, ' alice') }))).toBe('BAD_USER_INPUT');
    const input = { userId: 'alice', userHash: userHash(a.secrets[0]!.secret, 'alice') };
    expect(codeOf(await gql(server, SIGN_IN, { input }, { token: server.staffKey, origin: null }))).toBe('FORBIDDEN');
    expect(codeOf(await gql(server, SIGN_IN, { input }))).toBe('UNAUTHENTICATED');
    // From a page the site does not allow, the publishable key is refused before any proof is read.
    expect(codeOf(await gql(server, SIGN_IN, { input }, { token: a.pk, origin: 'https://evil.example' }))).toBe('FORBIDDEN');
    expect(codeOf(await gql(server, SIGN_IN, { input }, { token: server.siteKey }))).toBe('VISITOR_IDENTITY_DISABLED');
  });

  it('refuses an expired session with UNAUTHENTICATED', async () => {
    const past = new Date(Date.now() - 9 * 3600_000);
    const session = await signInVisitor(server.service.services.db, a.siteId, { userId: 'alice', userHash: userHash(a.secrets[0]!.secret, 'alice') }, past);
    const result = await gql(server, MY_THREADS, {}, { token: session.token });
    expect(codeOf(result)).toBe('UNAUTHENTICATED');
    expect(result.errors![0]!.message).toMatch(/expired/);
  });
});

describe('rotating the visitor secret', () => {
  it('keeps both secrets valid during the overlap, allows no third, and retiring one ends its proofs and sessions', async () => {
    const site = await newSite('Rotating clinic');
    const [first] = site.secrets;
    const oldSession = await visitor(site, 'carol', first!.secret);
    const threadId = await startAs(oldSession);
    const socket = await RawSocket.connect(server.wsUrl, oldSession, ORIGIN);

    const second = await newSecret(site.siteId);
    await expect(admin('visitor-secret:create', '--site', site.siteId)).rejects.toThrow(/already has 2 active/);
    const listed = await admin('visitor-secret:list', '--site', site.siteId);
    expect(listed.at(-1)).toBe('2 of 2 active');
    // Overlap: proofs made with either secret verify, hash and JWT alike.
    expect((await signIn(site, { userId: 'carol', userHash: userHash(first!.secret, 'carol') })).errors).toBeUndefined();
    expect((await signIn(site, { userId: 'carol', userHash: userHash(second.secret, 'carol') })).errors).toBeUndefined();
    expect((await signIn(site, { userToken: await userToken(second.secret, 'carol', { kid: second.id }) })).errors).toBeUndefined();
    const newSession = await visitor(site, 'carol', second.secret);

    const retired = await admin('visitor-secret:retire', '--secret', first!.id);
    expect(retired[0]).toMatch(/retired visitor secret .*; [1-9]\d* signed-in session\(s\) ended/);
    expect(codeOf(await signIn(site, { userId: 'carol', userHash: userHash(first!.secret, 'carol') }))).toBe('VISITOR_PROOF_INVALID');
    expect(codeOf(await signIn(site, { userToken: await userToken(first!.secret, 'carol') }))).toBe('VISITOR_PROOF_INVALID');
    expect(codeOf(await signIn(site, { userToken: await userToken(first!.secret, 'carol', { kid: first!.id }) }))).toBe('VISITOR_PROOF_INVALID');
    // Sessions it opened end at once, open sockets too; those of the new secret go on, with the same threads.
    expect(codeOf(await gql(server, MY_THREADS, {}, { token: oldSession }))).toBe('UNAUTHENTICATED');
    expect((await socket.closed).code).toBe(4403);
    expect((await myThreads(newSession))!.map((t) => t.id)).toEqual([threadId]);
    await expect(admin('visitor-secret:retire', '--secret', first!.id)).rejects.toThrow(/already retired/);
    expect((await admin('visitor-secret:list', '--site', site.siteId)).at(-1)).toBe('1 of 2 active');
  });
});

describe('isolation', () => {
  it("a visitor never reads, writes or lists another user's threads, anonymous threads, or another site's", async () => {
    const dave = await visitor(a, 'dave');
    const erin = await visitor(a, 'erin');
    const daveOnB = await visitor(b, 'dave'); // the same user id on another site is another person
    const davesThread = await startAs(dave);
    await talk(dave, davesThread, 'my private symptoms');
    const erinsThread = await startAs(erin);
    const anonymous = await startThread({ ...server, siteKey: a.pk });

    expect((await myThreads(dave))!.map((t) => t.id)).toEqual([davesThread]);
    expect((await myThreads(erin))!.map((t) => t.id)).toEqual([erinsThread]);
    expect(await myThreads(daveOnB)).toEqual([]);

    for (const [token, id] of [
      [erin, davesThread],
      [daveOnB, davesThread],
      [dave, anonymous.threadId],
      [anonymous.token, davesThread],
    ] as const) {
      expect(codeOf(await gql(server, THREAD, { id }, { token })), `${token.slice(0, 3)} reading ${id}`).toBe('FORBIDDEN');
      expect(codeOf(await send(server, token, id, 'let me in'))).toBe('FORBIDDEN');
      expect(codeOf(await gql(server, `mutation D($id: ID!) { deleteThread(id: $id) { id } }`, { id }, { token }))).toBe('FORBIDDEN');
    }
    // A turn of dave's, by id: not erin's to read or to follow.
    const turnId = (await server.service.services.db.turn.findFirstOrThrow({ where: { threadId: davesThread } })).id;
    expect(codeOf(await gql(server, `query T($id: ID!) { turn(id: $id) { id } }`, { id: turnId }, { token: erin }))).toBe('FORBIDDEN');
    const client = wsClient(server, erin);
    await expect(collect(client, turnId)).rejects.toThrow(/FORBIDDEN/);
    await client.dispose();
  });

  it('myThreads is for signed-in visitors only, and their token works only from the site\'s origins', async () => {
    const anonymous = await startThread({ ...server, siteKey: a.pk });
    expect(codeOf(await gql(server, MY_THREADS, {}, { token: anonymous.token }))).toBe('FORBIDDEN');
    expect(codeOf(await gql(server, MY_THREADS, {}, { token: a.pk }))).toBe('FORBIDDEN');
    expect(codeOf(await gql(server, MY_THREADS, {}, { token: server.staffKey, origin: null }))).toBe('FORBIDDEN');
    expect(codeOf(await gql(server, MY_THREADS))).toBe('UNAUTHENTICATED');
    const frank = await visitor(a, 'frank');
    expect(codeOf(await gql(server, MY_THREADS, {}, { token: frank, origin: 'https://evil.example' }))).toBe('FORBIDDEN');
    expect(codeOf(await gql(server, MY_THREADS, {}, { token: frank, origin: null }))).toBe('FORBIDDEN');
  });

  it('an anonymous visitor works as before: thread token, no user, not in anyone\'s list', async () => {
    const anonymous = await startThread({ ...server, siteKey: a.pk });
    await talk(anonymous.token, anonymous.threadId, 'a sore throat');
    expect((await gql(server, `{ viewer { kind userId } }`, {}, { token: anonymous.token })).data).toEqual({ viewer: { kind: 'thread', userId: null } });
    const row = await server.service.services.db.thread.findUniqueOrThrow({ where: { id: anonymous.threadId } });
    expect(row.visitorUserId).toBeNull();
    expect((await myThreads(await visitor(a, 'alice')))!.map((t) => t.id)).not.toContain(anonymous.threadId);
  });
});
