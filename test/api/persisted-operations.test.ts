import { buildSchema, parse, validate } from 'graphql';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../server/auth/cli.js';
import { loadWidgetOperations, persistedOperationsFrom } from '../../server/app/persisted-operations.js';
import { createDb, type Db } from '../../server/store/db.js';
import { createTestDatabase } from '../support/db.js';
import { ORIGIN, startTestServer, type TestServer } from '../support/server.js';
import { scriptedRunner, triageScript } from '../support/scripted-runner.js';
import { codeOf, gql, type GqlResult } from '../support/graphql.js';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

/**
 * Persisted operations: the widget sends ids of the operations in widget/src/operations.graphql;
 * a site set to persisted-operations-only refuses any other document from its publishable key and
 * thread tokens, over HTTP and WebSocket, while secret and staff keys stay free.
 */

const ops = loadWidgetOperations();
const ROOT = path.resolve(import.meta.dirname, '../..');

let server: TestServer;
let db: Db;
let siteId: string;
let pk: string;

/** A request as the widget makes it: the id, never the document. */
async function persisted<T = Record<string, unknown>>(name: string, variables: Record<string, unknown>, token: string): Promise<GqlResult<T>> {
  const response = await fetch(server.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin: ORIGIN },
    body: JSON.stringify({ operationName: name, variables, extensions: { persistedQuery: { version: 1, sha256Hash: ops.idByName[name] } } }),
  });
  return (await response.json()) as GqlResult<T>;
}

/** One subscribe message over graphql-ws; resolves with the first result or error. */
function subscribeOnce(token: string, payload: { query: string; variables?: Record<string, unknown>; extensions?: Record<string, unknown> }) {
  class OriginWebSocket extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers: { origin: ORIGIN } });
    }
  }
  const client = createClient({ url: server.wsUrl, webSocketImpl: OriginWebSocket, connectionParams: { authorization: `Bearer ${token}` }, retryAttempts: 0, lazy: true });
  return new Promise<{ data?: unknown; errors?: { extensions?: { code?: string } }[] }>((resolve) => {
    const events: unknown[] = [];
    client.subscribe(payload, {
      next: (r) => events.push(r.data),
      error: (e) => {
        void client.dispose();
        resolve({ errors: Array.isArray(e) ? (e as { extensions?: { code?: string } }[]) : [{ extensions: { code: String(e) } }] });
      },
      complete: () => {
        void client.dispose();
        resolve({ data: events });
      },
    });
  });
}

beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  db = createDb(databaseUrl);
  server = await startTestServer({ runner: scriptedRunner(triageScript), databaseUrl });
  const lines: string[] = [];
  await runAdmin(db, ['site:create', '--name', 'Locked', '--origin', ORIGIN, '--persisted-only'], (l) => lines.push(l));
  siteId = /site (\S+)/.exec(lines[0]!)![1]!;
  pk = /(pk_\S+)/.exec(lines.join('\n'))![1]!;
  expect(lines.join('\n')).toContain("browser keys may run only the widget's persisted operations");
});

afterAll(async () => {
  await server?.close();
  await db?.$disconnect();
});

describe('persisted operations', () => {
  it('are every named operation of widget/src/operations.graphql, each valid against the schema', () => {
    const source = readFileSync(path.join(ROOT, 'widget/src/operations.graphql'), 'utf8');
    const schema = buildSchema(readFileSync(path.join(ROOT, 'schema.graphql'), 'utf8'));
    expect(Object.keys(ops.idByName).sort()).toEqual(
      ['WidgetCheck', 'WidgetStartThread', 'WidgetSendMessage', 'WidgetDeleteThread', 'WidgetCancelTurn', 'WidgetRetryTurn', 'WidgetFeedback', 'WidgetThread', 'WidgetTurn', 'WidgetTurnEvents', 'WidgetSummary', 'WidgetSignIn', 'WidgetMyThreads'].sort(),
    );
    for (const [name, id] of Object.entries(ops.idByName)) {
      expect(id).toMatch(/^[0-9a-f]{64}$/);
      expect(validate(schema, parse(ops.byId.get(id)!)), name).toEqual([]);
    }
    // The id depends on the operation alone: the same text elsewhere gives the same id.
    expect(persistedOperationsFrom(source).idByName).toEqual(ops.idByName);
  });

  it('run by id for a locked site, its publishable key and thread tokens, over HTTP and WebSocket', async () => {
    const check = await persisted<{ viewer: { kind: string; siteId: string } }>('WidgetCheck', {}, pk);
    expect(check.data?.viewer).toEqual({ kind: 'publishable', siteId });
    const started = await persisted<{ startThread: { thread: { id: string }; threadToken: string } }>('WidgetStartThread', {}, pk);
    const { thread, threadToken } = started.data!.startThread;
    const sent = await persisted<{ sendMessage: { turn: { id: string } } }>(
      'WidgetSendMessage',
      { threadId: thread.id, text: 'a sore throat', clientMessageId: 'p1' },
      threadToken,
    );
    const turnId = sent.data!.sendMessage.turn.id;
    const events = await subscribeOnce(threadToken, {
      query: '',
      variables: { id: turnId, afterSeq: 0 },
      extensions: { persistedQuery: { version: 1, sha256Hash: ops.idByName.WidgetTurnEvents } },
    });
    const types = (events.data as { turn: { __typename: string } }[]).map((e) => e.turn.__typename);
    expect(types[0]).toBe('TurnStarted');
    expect(types.at(-1)).toBe('TurnCompleted');
  });

  it('refuses any other document from those credentials with PERSISTED_QUERY_ONLY, over HTTP and WebSocket', async () => {
    const arbitrary = await gql(server, '{ viewer { kind } }', {}, { token: pk });
    expect(codeOf(arbitrary)).toBe('PERSISTED_QUERY_ONLY');
    const started = await persisted<{ startThread: { threadToken: string; thread: { id: string } } }>('WidgetStartThread', {}, pk);
    const tt = started.data!.startThread.threadToken;
    expect(codeOf(await gql(server, 'query($id: ID!) { thread(id: $id) { id } }', { id: started.data!.startThread.thread.id }, { token: tt }))).toBe(
      'PERSISTED_QUERY_ONLY',
    );
    const ws = await subscribeOnce(tt, { query: 'subscription { turn(id: "00000000-0000-0000-0000-000000000000") { seq } }' });
    expect(ws.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_ONLY');
    // An unknown id is its own error.
    const unknown = await fetch(server.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${pk}`, origin: ORIGIN },
      body: JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: '0'.repeat(64) } } }),
    });
    expect(codeOf((await unknown.json()) as GqlResult)).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('leave other sites, secret and staff keys free to send documents; the setting can be switched', async () => {
    expect(codeOf(await gql(server, '{ viewer { kind } }', {}, { token: server.siteKey }))).toBeUndefined();
    expect(codeOf(await gql(server, '{ viewer { kind } }', {}, { token: server.staffKey, origin: null }))).toBeUndefined();
    const lines: string[] = [];
    // As the admin CLI with a bus tells running services (they forget the credentials they resolved).
    const announce = () => server.service.services.bus.publishAccessChange();
    await runAdmin(db, ['site:persisted-operations', '--site', siteId, '--any'], (l) => lines.push(l), announce);
    expect(lines[0]).toContain('may run any operation');
    expect(codeOf(await gql(server, '{ viewer { kind } }', {}, { token: pk }))).toBeUndefined();
    await runAdmin(db, ['site:persisted-operations', '--site', siteId, '--only'], () => undefined, announce);
    expect(codeOf(await gql(server, '{ viewer { kind } }', {}, { token: pk }))).toBe('PERSISTED_QUERY_ONLY');
    await expect(runAdmin(db, ['site:persisted-operations', '--site', siteId], () => undefined)).rejects.toThrow(/exactly one of --only/);
  });
});
