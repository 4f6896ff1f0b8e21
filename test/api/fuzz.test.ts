import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../server/auth/sites.js';
import { createVisitorSecret, signInVisitor } from '../../server/auth/visitors.js';
import { userHash } from '../../partner/visitor-signing.js';
import { schema } from '../../server/graphql/schema.js';
import { OperationGenerator, Rng, type FuzzFixtures } from '../support/fuzz.js';
import { send, startThread } from '../support/graphql.js';
import { MB, retainedHeap } from '../support/heap.js';
import { RawSocket, type WsMessage } from '../support/raw-ws.js';
import { scriptedRunner, triageScript } from '../support/scripted-runner.js';
import { ORIGIN, startTestServer, type TestServer } from '../support/server.js';

/**
 * A schema-aware fuzz of the public endpoint: 10,000 generated requests (fixed seed) — operations
 * built from the schema with right, wrong and hostile arguments, broken documents, malformed HTTP
 * requests and WebSocket messages — under every kind of caller. Whatever is sent: no 5xx, no
 * internal error, no error without a code, no socket closed for a GraphQL mistake (graphql-ws
 * closes only for protocol violations, with its protocol codes), and bounded memory.
 */
const SEED = 13;
const HTTP_CASES = 7_500;
const WS_MESSAGES = 2_500;
const CONCURRENCY = 8;

/** Close codes graphql-ws uses for protocol violations (and ws for an oversized frame), or a refused credential. */
const PROTOCOL_CLOSES = new Set([4400, 4401, 4403, 4409, 4429, 1009]);

interface Caller {
  name: string;
  headers: Record<string, string>;
  /** What the WebSocket sends in connection_init and its handshake Origin. */
  ws: { payload: unknown; origin: string | null };
}

let server: TestServer;
let callers: Caller[];
let fixtures: FuzzFixtures;

beforeAll(async () => {
  server = await startTestServer({ runner: scriptedRunner(triageScript) });
  const db = server.service.services.db;
  const visitor = await startThread(server, { age: 30 });
  const sent = await send(server, visitor.token, visitor.threadId, 'I have a fever and a cough', { clientMessageId: 'fuzz-1' });
  const turnId = sent.data!.sendMessage.turn.id as string;
  await server.service.services.turns.settled(turnId);
  const message = await db.message.findFirstOrThrow({ where: { threadId: visitor.threadId } });
  fixtures = {
    ids: [visitor.threadId, turnId, message.id, server.siteId],
    cursors: [Buffer.from(`${message.createdAt.toISOString()}|${message.id}`).toString('base64url'), 'bm90IGEgY3Vyc29y', '!!!'],
  };
  const secretWrite = (await createKey(db, server.siteId, 'SECRET', 'fuzz w', ['threads:write'])).key;
  const secretAll = (await createKey(db, server.siteId, 'SECRET', 'fuzz all', ['threads:write', 'threads:read', 'triage:read'])).key;
  // Signed-in visitors: generated signInVisitor calls meet a site with a visitor secret.
  const { secret } = await createVisitorSecret(db, server.siteId);
  const signedIn = (await signInVisitor(db, server.siteId, { userId: 'fuzz-user', userHash: userHash(secret, 'fuzz-user') })).token;
  const bearer = (token: string) => `Bearer ${token}`;
  const caller = (name: string, authorization: string | null, origin: string | null): Caller => ({
    name,
    headers: { ...(authorization ? { authorization } : {}), ...(origin ? { origin } : {}) },
    ws: { payload: authorization ? { authorization } : {}, origin },
  });
  callers = [
    caller('anonymous', null, null),
    caller('anonymous from a page', null, ORIGIN),
    caller('publishable', bearer(server.siteKey), ORIGIN),
    caller('publishable without Origin', bearer(server.siteKey), null),
    caller('publishable from another origin', bearer(server.siteKey), 'https://evil.example'),
    caller('thread token', bearer(visitor.token), ORIGIN),
    caller('thread token without Origin', bearer(visitor.token), null),
    caller('signed-in visitor', bearer(signedIn), ORIGIN),
    caller('secret threads:write', bearer(secretWrite), null),
    caller('secret all scopes', bearer(secretAll), null),
    caller('staff', bearer(server.staffKey), null),
    caller('unknown key', bearer('sk_not-a-key'), null),
    caller('malformed authorization', 'Basic Zm9vOmJhcg==', null),
    caller('empty bearer', 'Bearer ', ORIGIN),
  ];
});
afterAll(async () => {
  await server?.close();
});

interface HttpCase {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const MALFORMED_BODIES = [
  '{',
  '[',
  'null',
  '42',
  '"a string"',
  '[]',
  '[{"query":"{ viewer { kind } }"}]',
  '{"query": 5}',
  '{"query": null}',
  '{}',
  '{"query":"{ viewer { kind } }","variables":"not an object"}',
  '{"query":"{ viewer { kind } }","variables":[1,2]}',
  '{"query":"{ viewer { kind } }","extensions":5}',
  '{"query":"{ viewer { kind } }","operationName":5}',
  '{"query":"{ viewer { kind } }","unknownParam":true}',
  '{"query":"query A { viewer { kind } } query B { viewer { kind } }"}',
  '{"query":"query A { viewer { kind } }","operationName":"B"}',
  `{"query":"{ viewer { kind } }","variables":${'['.repeat(20_000)}`,
  '\u0000\u0001\u0002',
  '{"query":"{ viewer { kind } }"}garbage',
];

function httpCase(rng: Rng, gen: OperationGenerator, caller: Caller, n: number): HttpCase {
  const json = { 'content-type': 'application/json', ...caller.headers };
  const roll = rng.next();
  if (roll < 0.45) {
    const op = gen.operation(rng.chance(0.6) ? 'query' : 'mutation');
    return { label: `#${n} op`, method: 'POST', path: '/graphql', headers: json, body: JSON.stringify(op) };
  }
  if (roll < 0.55) {
    const op = gen.operation(rng.chance(0.85) ? 'query' : 'mutation');
    const params = new URLSearchParams({ query: op.query });
    if (rng.chance(0.7)) params.set('variables', rng.chance(0.85) ? JSON.stringify(op.variables) : rng.pick(['{bad', '[]', '5', 'null', '']));
    if (rng.chance(0.1)) params.set('extensions', rng.pick(['{bad', '{}', '[1]']));
    if (rng.chance(0.1)) params.set('operationName', rng.pick(['Fuzz', 'Nope', '']));
    return { label: `#${n} GET`, method: 'GET', path: `/graphql?${params}`, headers: caller.headers };
  }
  if (roll < 0.75) {
    return { label: `#${n} broken`, method: 'POST', path: '/graphql', headers: json, body: JSON.stringify({ query: gen.brokenDocument() }) };
  }
  if (roll < 0.97) {
    switch (rng.int(8)) {
      case 0:
      case 1:
        return { label: `#${n} malformed JSON`, method: 'POST', path: '/graphql', headers: json, body: rng.pick(MALFORMED_BODIES) };
      case 2: {
        const op = gen.operation('query');
        const form = new URLSearchParams({ query: op.query, variables: rng.chance(0.5) ? JSON.stringify(op.variables) : '{bad' });
        return { label: `#${n} form`, method: 'POST', path: '/graphql', headers: { 'content-type': 'application/x-www-form-urlencoded', ...caller.headers }, body: String(form) };
      }
      case 3:
        return {
          label: `#${n} content type`,
          method: 'POST',
          path: '/graphql',
          headers: { 'content-type': rng.pick(['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/graphql', 'application/json; charset=latin1']), ...caller.headers },
          body: rng.chance(0.5) ? '{ viewer { kind } }' : '--x\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{bad\r\n--x--',
        };
      case 4:
        return { label: `#${n} method`, method: rng.pick(['PUT', 'DELETE', 'PATCH']), path: '/graphql', headers: json, body: '{"query":"{ viewer { kind } }"}' };
      case 5:
        return { label: `#${n} accept`, method: 'POST', path: '/graphql', headers: { ...json, accept: rng.pick(['text/xml', 'application/graphql-response+json', 'image/png', '*/*;q=0']) }, body: '{"query":"{ viewer { kind } }"}' };
      case 6:
        return { label: `#${n} large body`, method: 'POST', path: '/graphql', headers: json, body: JSON.stringify({ query: '{ viewer { kind } }', variables: { pad: 'p'.repeat(60_000 + rng.int(40_000)) } }) };
      default:
        return { label: `#${n} GET mutation`, method: 'GET', path: `/graphql?query=${encodeURIComponent('mutation { startThread { threadToken } }')}`, headers: caller.headers };
    }
  }
  const sub = gen.operation('subscription');
  return { label: `#${n} SSE`, method: 'POST', path: '/graphql', headers: { ...json, accept: 'text/event-stream' }, body: JSON.stringify(sub) };
}

interface Tally {
  requests: number;
  byStatus: Record<string, number>;
  byCode: Record<string, number>;
  problems: string[];
}

function checkErrors(tally: Tally, label: string, errors: unknown): void {
  if (errors === undefined) return;
  if (!Array.isArray(errors)) return void tally.problems.push(`${label}: errors is not a list`);
  for (const error of errors as { message?: string; extensions?: { code?: string } }[]) {
    const code = error.extensions?.code;
    tally.byCode[code ?? 'none'] = (tally.byCode[code ?? 'none'] ?? 0) + 1;
    if (!code) tally.problems.push(`${label}: error without a code: ${error.message}`);
    else if (code === 'INTERNAL_SERVER_ERROR' || code === 'INTERNAL') tally.problems.push(`${label}: ${code}: ${error.message}`);
  }
}

async function runHttp(tally: Tally, c: HttpCase): Promise<void> {
  const response = await fetch(`${server.url}${c.path}`, { method: c.method, headers: c.headers, body: c.body });
  tally.requests++;
  tally.byStatus[response.status] = (tally.byStatus[response.status] ?? 0) + 1;
  const text = await response.text();
  if (response.status >= 500) tally.problems.push(`${c.label}: HTTP ${response.status} ${text.slice(0, 200)}`);
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('text/event-stream')) {
    for (const line of text.split('\n')) {
      if (!line.startsWith('data:') || line.trim() === 'data:') continue;
      try {
        checkErrors(tally, c.label, (JSON.parse(line.slice(5)) as { errors?: unknown }).errors);
      } catch {
        tally.problems.push(`${c.label}: SSE data not JSON: ${line.slice(0, 100)}`);
      }
    }
    return;
  }
  if (response.status === 204 || (response.status === 404 && !type.includes('json'))) return;
  let body: { errors?: unknown; data?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return void tally.problems.push(`${c.label}: HTTP ${response.status} answered without JSON: ${text.slice(0, 100)}`);
  }
  if (response.status >= 400 && !body.errors) tally.problems.push(`${c.label}: HTTP ${response.status} without errors`);
  checkErrors(tally, `${c.label} ${c.path.slice(0, 200)} ${(c.body ?? '').slice(0, 300)} -> ${text.slice(0, 300)}`, body.errors);
}

/** A WebSocket session: connects as the caller and sends generated messages, checking every answer. */
async function runSocket(tally: Tally, rng: Rng, gen: OperationGenerator, caller: Caller, budget: number, n: number): Promise<number> {
  let sent = 0;
  const socket = new RawSocket(server.wsUrl, caller.ws.origin);
  await socket.opened;
  const label = `ws#${n} (${caller.name})`;
  const ack = socket.next((m) => m.type === 'connection_ack').catch(() => null);
  socket.send({ type: 'connection_init', payload: rng.chance(0.05) ? rng.pick([5, 'x', { authorization: 5 }]) : caller.ws.payload });
  sent++;
  if (!(await ack)) {
    const { code } = await socket.closed;
    if (!PROTOCOL_CLOSES.has(code)) tally.problems.push(`${label}: closed ${code} at connection_init`);
    return sent;
  }
  let id = 0;
  while (sent < budget && socket.open) {
    const roll = rng.next();
    if (roll < 0.7) {
      // A well-formed subscribe: whatever its document and variables, it gets an answer and the socket stays open.
      const opId = `op${id++}`;
      const payload = rng.chance(0.7)
        ? gen.operation(rng.pick(['query', 'mutation', 'subscription', 'subscription'] as const))
        : { query: gen.brokenDocument(), variables: {} };
      const done = socket.next((m) => m.id === opId && (m.type === 'complete' || m.type === 'error'));
      socket.send({ type: 'subscribe', id: opId, payload });
      sent++;
      try {
        await done;
      } catch {
        const { code } = await socket.closed;
        tally.problems.push(`${label}: socket closed ${code} after a well-formed subscribe: ${payload.query.slice(0, 120)}`);
        return sent;
      }
      for (const m of socket.messages.filter((x: WsMessage) => x.id === opId)) {
        if (m.type === 'error') checkErrors(tally, label, m.payload);
        if (m.type === 'next') checkErrors(tally, label, (m.payload as { errors?: unknown }).errors);
      }
      tally.requests++;
    } else {
      // Protocol misuse: the socket may be closed with a protocol code, never an internal one.
      const garbage = rng.pick([
        () => socket.sendRaw('hello'),
        () => socket.sendRaw('{'),
        () => socket.sendRaw(Buffer.from([0, 159, 146, 150])),
        () => socket.send({ type: 'unknown' }),
        () => socket.send({ id: 'x' }),
        () => socket.send({ type: 'subscribe', id: 'bad', payload: { query: 5 } }),
        () => socket.send({ type: 'subscribe', payload: { query: '{ viewer { kind } }' } }),
        () => socket.send({ type: 'complete', id: 'never-started' }),
        () => socket.send({ type: 'ping', payload: { hello: 'x'.repeat(rng.int(1_000)) } }),
        () => socket.send({ type: 'pong' }),
        () => socket.send({ type: 'connection_init' }),
        // Messages only a server sends.
        () => socket.send({ type: 'next', id: `op${id}`, payload: { data: null } }),
        () => socket.send({ type: 'error', id: `op${id}`, payload: [] }),
        () => socket.send({ type: 'connection_ack' }),
        () => socket.sendRaw(JSON.stringify({ type: 'subscribe', id: `big`, payload: { query: `{ viewer { kind } } #${'x'.repeat(1_100_000)}` } })),
      ]);
      garbage();
      sent++;
      tally.requests++;
      // A ping probes whether the socket survived; if it closed, the code must be a protocol one.
      const pong = socket.next((m) => m.type === 'pong').catch(() => null);
      socket.send({ type: 'ping' });
      if (!(await pong)) {
        const { code } = await socket.closed;
        if (!PROTOCOL_CLOSES.has(code)) tally.problems.push(`${label}: closed ${code} after protocol misuse`);
        return sent;
      }
    }
  }
  socket.close();
  await socket.closed;
  return sent;
}

describe('fuzzing the public endpoint', () => {
  it(`${HTTP_CASES + WS_MESSAGES} generated requests under ${14} caller kinds: no 5xx, no internal error, every error coded, no socket closed for a GraphQL mistake, bounded memory`, async () => {
    const rng = new Rng(SEED);
    const gen = new OperationGenerator(schema, rng, fixtures);
    const tally: Tally = { requests: 0, byStatus: {}, byCode: {}, problems: [] };
    const started = Date.now();
    await fetch(`${server.url}/graphql?query=%7B__typename%7D`); // warm up before measuring
    const heapBefore = retainedHeap();

    // Generated one at a time (in a fixed order, so the seed fixes every case), not held: the
    // heap measured is the service's.
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < HTTP_CASES) {
          const n = next++;
          await runHttp(tally, httpCase(rng, gen, rng.pick(callers), n));
        }
      }),
    );

    let wsSent = 0;
    let sockets = 0;
    while (wsSent < WS_MESSAGES) {
      const batch = Array.from({ length: 4 }, () => ({ caller: rng.pick(callers), budget: 5 + rng.int(40), n: sockets++ }));
      const counts = await Promise.all(batch.map((b) => runSocket(tally, new Rng(SEED + b.n), gen, b.caller, b.budget, b.n)));
      wsSent += counts.reduce((a, b) => a + b, 0);
    }

    const growth = retainedHeap() - heapBefore;
    console.log(
      JSON.stringify({
        seed: SEED,
        http: HTTP_CASES,
        wsMessages: wsSent,
        sockets,
        seconds: Math.round((Date.now() - started) / 1000),
        heapGrowthMB: Math.round(growth / MB),
        byStatus: tally.byStatus,
        byCode: tally.byCode,
        problems: tally.problems.length,
      }),
    );
    expect(tally.problems.slice(0, 15)).toEqual([]);
    expect(growth).toBeLessThan(64 * MB);
    // The service still answers normally afterwards.
    const after = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ health { ok } }"}' });
    expect(await after.json()).toEqual({ data: { health: { ok: true } } });
  }, 300_000);
});
