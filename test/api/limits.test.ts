import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Gate, scriptedRunner, triageScript } from '../support/scripted-runner.js';
import { codeOf, gql, type GqlResult } from '../support/graphql.js';
import { MB, retainedHeap } from '../support/heap.js';
import { RawSocket } from '../support/raw-ws.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Limits before work: what an anonymous caller (or anyone holding the public key) can make the
 * service do with one request is bounded before it is parsed, and a secret or staff key gets
 * looser bounds. The server runs in this process, so its heap is measured directly.
 */
let server: TestServer;
let reachesParser: TestServer; // public body limit raised, so large documents meet the parser's limits
let smallCache: TestServer;

beforeAll(async () => {
  server = await startTestServer({ runner: scriptedRunner(triageScript) });
  reachesParser = await startTestServer({ runner: scriptedRunner(triageScript), env: { GRAPHQL_LIMITS_PUBLIC: 'body=2000000' } });
  smallCache = await startTestServer({ runner: scriptedRunner(triageScript), env: { GRAPHQL_CACHE_MB: '8', GRAPHQL_LIMITS_STAFF: 'chars=40000,tokens=10000,aliases=2000,cost=1000000' } });
});
afterAll(async () => {
  await server?.close();
  await reachesParser?.close();
  await smallCache?.close();
});

const aliases = (n: number, field = 'viewer { kind }') => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`;
const deep = (depth: number) => {
  // thread -> lastTurn -> ... only goes so far in this schema; fragments nest selections arbitrarily.
  let inner = 'kind';
  for (let i = 0; i < depth; i++) inner = `... on Viewer { ${inner} }`;
  return `{ viewer { ${inner} } }`;
};
const directives = (n: number) => `{ viewer { kind ${'@include(if: true) '.repeat(n)} } }`;
const limitOf = (result: GqlResult) => (result.errors?.[0]?.extensions as { limit?: string } | undefined)?.limit;

describe('each limit, by caller', () => {
  const cases: [string, string, string][] = [
    ['chars', `{ viewer { kind } }${' '.repeat(4_100)}`, 'GRAPHQL_PARSE_FAILED'],
    ['tokens', `{ viewer { ${'kind '.repeat(700)}} }`, 'GRAPHQL_PARSE_FAILED'],
    ['aliases', aliases(11), 'GRAPHQL_VALIDATION_FAILED'],
    ['directives', directives(6), 'GRAPHQL_VALIDATION_FAILED'],
    ['depth', deep(9), 'GRAPHQL_VALIDATION_FAILED'],
    ['cost', `{ thread(id: "00000000-0000-4000-8000-000000000000") { messages(first: 200) { edges { node { id text turn { id status reasoning answer } } } } } }`, 'GRAPHQL_VALIDATION_FAILED'],
  ];

  it.each(cases)('%s: refused for anonymous and publishable callers, allowed for staff', async (limit, document, code) => {
    for (const token of [undefined, server.siteKey]) {
      const refused = await gql(server, document, {}, { token });
      expect(codeOf(refused), limit).toBe(code);
      expect(limitOf(refused)).toBe(limit);
      expect(refused.data ?? null).toBeNull();
    }
    const staff = await gql(server, document, {}, { token: server.staffKey, origin: null });
    expect(limitOf(staff), JSON.stringify(staff.errors?.[0])).toBeUndefined();
  });

  it('a document parsed (and cached) for a staff key is still refused for a public caller', async () => {
    for (const document of [`{ viewer { ${'kind '.repeat(650)}} } # a`, `{ viewer { kind } }${' '.repeat(4_200)}# b`, aliases(12).replace('a0', 'b0')]) {
      expect((await gql(server, document, {}, { token: server.staffKey, origin: null })).errors).toBeUndefined();
      expect(limitOf(await gql(server, document))).toMatch(/^(tokens|chars|aliases)$/);
    }
  });

  it('the request body: 413 before it is read, whether its length is announced or not', async () => {
    const body = JSON.stringify({ query: `{ viewer { kind } }`, variables: { pad: 'x'.repeat(70_000) } });
    const announced = await fetch(server.graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(announced.status).toBe(413);
    expect(((await announced.json()) as GqlResult).errors?.[0]?.extensions).toMatchObject({ code: 'REQUEST_ENTITY_TOO_LARGE', limit: 'body' });
    const chunked = await fetch(server.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob([body]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(((await chunked.json()) as GqlResult).errors?.[0]?.extensions?.code).toBe('REQUEST_ENTITY_TOO_LARGE');
    const staff = await fetch(server.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.staffKey}` },
      body,
    });
    expect(((await staff.json()) as GqlResult).data).toEqual({ viewer: { kind: 'staff' } });
  });

  it('over a WebSocket, a refused document is an error for that operation; the socket stays open', async () => {
    const socket = await RawSocket.connect(server.wsUrl, undefined, null);
    const documents = [aliases(11), deep(20), `{ viewer { kind }`, `x`.repeat(5_000), `{ viewer { ${'kind '.repeat(700)}} }`, 'subscription { turn(id: "nope") { seq } }'];
    for (const [i, document] of documents.entries()) {
      socket.subscribe(String(i), document);
      const messages = await socket.result(String(i));
      const error = messages.find((m) => m.type === 'error')?.payload;
      const next = messages.find((m) => m.type === 'next')?.payload as { errors?: unknown } | undefined;
      const errors = (error ?? next?.errors) as { extensions?: { code?: string } }[] | undefined;
      expect(errors?.[0]?.extensions?.code ?? JSON.stringify(messages), document.slice(0, 40)).toMatch(/^(GRAPHQL_PARSE_FAILED|GRAPHQL_VALIDATION_FAILED|UNAUTHENTICATED)$/);
    }
    socket.subscribe('ok', `{ viewer { kind } }`);
    expect((await socket.result('ok')).map((m) => m.type)).toEqual(['next', 'complete']);
    expect(socket.open).toBe(true);
    socket.close();
  });
});

describe('memory', () => {
  /** 300 KB of distinct aliases: each one would take tens of MB once parsed and cached. */
  const bigDocument = (n: number) => `{ ${Array.from({ length: 12_000 }, (_, i) => `d${n}_${i}: health { ok }`).join(' ')} }`.slice(0, 300_000);

  it.each([
    ['refused at the body limit', () => server],
    ['refused by the parser (characters and tokens)', () => reachesParser],
  ] as const)('30 distinct 300 KB anonymous documents, %s, grow the heap by under 50 MB; the service still serves', async (_how, target) => {
    const s = target();
    await gql(s, `{ viewer { kind } }`); // warm up
    const before = retainedHeap();
    for (let n = 0; n < 30; n++) {
      const result = await gql(s, bigDocument(n));
      expect(result.errors?.[0]?.extensions?.code).toMatch(/^(REQUEST_ENTITY_TOO_LARGE|GRAPHQL_PARSE_FAILED)$/);
    }
    const growth = retainedHeap() - before;
    expect(growth).toBeLessThan(50 * MB);
    expect((await gql(s, `{ health { ok } }`)).data).toEqual({ health: { ok: true } });
  });

  it('documents a staff key may send are cached within GRAPHQL_CACHE_MB, however many distinct ones arrive', async () => {
    // Each of these (about 4 KB, small enough to be cached) parses to about 0.35 MB of heap: 200
    // of them kept, as Yoga's default cache (1,024 entries) would, would be about 70 MB.
    const staffDocument = (n: number) => aliases(180, 'viewer { kind }').replaceAll('a', `s${n}x`);
    const before = retainedHeap();
    for (let n = 0; n < 200; n++) {
      const result = await gql(smallCache, staffDocument(n), {}, { token: smallCache.staffKey, origin: null });
      expect(result.errors).toBeUndefined();
    }
    expect(retainedHeap() - before).toBeLessThan(30 * MB);
  });
});

describe('health', () => {
  it('runs one dependency check per request however many times it is asked, and shares a running check', async () => {
    let checks = 0;
    let gate = new Gate();
    server.service.services.readiness.push({
      name: 'counter',
      check: async () => {
        checks++;
        await gate.opened;
        return { ok: true };
      },
    });
    try {
      gate.open();
      const many = await gql(server, aliases(50, 'health { ok }'), {}, { token: server.staffKey, origin: null });
      expect(Object.keys(many.data!)).toHaveLength(50);
      expect(checks).toBe(1);
      // Twenty anonymous callers at once, while a check is running: they share it.
      gate = new Gate();
      checks = 0;
      const services = server.service.services;
      const health = services.health;
      let asked = 0;
      services.health = () => {
        asked++;
        return health();
      };
      const all = Promise.all(Array.from({ length: 20 }, () => gql(server, `{ health { ok } }`)));
      await vi.waitFor(() => expect(asked).toBe(20));
      services.health = health;
      gate.open();
      expect((await all).every((r) => r.data?.health.ok === true)).toBe(true);
      expect(checks).toBe(1);
    } finally {
      server.service.services.readiness.pop();
    }
  });
});
