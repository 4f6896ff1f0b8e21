import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerLines, bannerUrls } from '../../server/app/banner.js';
import { codeOf, gql } from '../support/graphql.js';
import { RawSocket } from '../support/raw-ws.js';
import { scriptedRunner, triageScript } from '../support/scripted-runner.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Production defaults: what the public endpoint shows a stranger when NODE_ENV=production.
 */
let prod: TestServer;
let prodIntrospection: TestServer;
let dev: TestServer;

beforeAll(async () => {
  prod = await startTestServer({ runner: scriptedRunner(triageScript), env: { NODE_ENV: 'production' } });
  prodIntrospection = await startTestServer({ runner: scriptedRunner(triageScript), env: { NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true' } });
  dev = await startTestServer({ runner: scriptedRunner(triageScript), env: { NODE_ENV: 'development' } });
});
afterAll(async () => {
  await prod?.close();
  await prodIntrospection?.close();
  await dev?.close();
});

const INTROSPECTION = `{ __schema { queryType { name } } }`;

describe('in production', () => {
  it('introspection is refused (for every caller) unless GRAPHQL_INTROSPECTION=true', async () => {
    for (const token of [undefined, prod.staffKey]) {
      const result = await gql(prod, INTROSPECTION, {}, { token, origin: null });
      expect(codeOf(result)).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(result.data ?? null).toBeNull();
      expect(codeOf(await gql(prod, `{ __type(name: "Query") { name } }`, {}, { token, origin: null }))).toBe('GRAPHQL_VALIDATION_FAILED');
    }
    expect((await gql(prodIntrospection, INTROSPECTION)).data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });

  it('errors suggest no field, argument or enum value names', async () => {
    const wrongField = await gql(prod, `{ helth { ok } }`);
    expect(codeOf(wrongField)).toBe('GRAPHQL_VALIDATION_FAILED');
    const wrongEnum = await gql(prod, `query($s: Severity) { threads(filter: { severity: $s }) { edges { cursor } } }`, { s: 'A_AND_F' }, { token: prod.staffKey, origin: null });
    expect(codeOf(wrongEnum)).toBe('BAD_USER_INPUT');
    const wrongArg = await gql(prod, `{ thread(idd: "x") { id } }`);
    for (const result of [wrongField, wrongEnum, wrongArg]) expect(JSON.stringify(result)).not.toMatch(/Did you mean|health|A_AND_E/);
    // Outside production the hints stay (they help developers).
    expect((await gql(dev, `{ helth { ok } }`)).errors?.[0]?.message).toContain('Did you mean "health"');
  });

  it('health shows anonymous and browser callers only ok/not-ok; /readyz names no dependency location', async () => {
    const query = `{ health { ok engine checks { name ok detail } } }`;
    const anonymous = await gql(prod, query);
    expect(anonymous.data!.health).toEqual({ ok: true, engine: 'OFFLINE', checks: null });
    expect((await gql(prod, query, {}, { token: prod.siteKey })).data!.health.checks).toBeNull();
    const staff = await gql(prod, query, {}, { token: prod.staffKey, origin: null });
    expect(staff.data!.health.checks).toEqual([{ name: 'database', ok: true, detail: 'remote' }]);
    const readyz = (await (await fetch(`${prod.url}/readyz`)).json()) as { checks: Record<string, unknown>[] };
    expect(readyz.checks).toEqual([{ name: 'database', ok: true }]);
  });

  it('a malformed body is refused without being echoed back', async () => {
    const body = '{"query": "{ health { ok } }", "variables": SECRET-BODY-CONTENT';
    const response = await fetch(prod.graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const text = await response.text();
    expect(JSON.parse(text).errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(text).not.toContain('SECRET-BODY-CONTENT');
    const get = await fetch(`${prod.graphqlUrl}?query=${encodeURIComponent('{ health { ok } }')}&variables=SECRET-BODY-CONTENT`);
    expect(get.status).toBe(400);
    expect(await get.text()).not.toContain('SECRET-BODY-CONTENT');
  });

  it('serves neither GraphiQL nor the demo page', async () => {
    const graphiql = await fetch(prod.graphqlUrl, { headers: { accept: 'text/html' } });
    expect(await graphiql.text()).not.toMatch(/<html/i);
    expect((await fetch(`${prod.url}/`)).status).toBe(404);
  });
});

describe('the start banner', () => {
  it('names only URLs the service answers, in production and in development', async () => {
    for (const server of [prod, dev]) {
      const lines = bannerLines(server.service);
      const urls = bannerUrls(lines);
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) {
        // GraphiQL answers a browser where it is on; a GraphQL request answers everywhere.
        const target = url.endsWith('/graphql') && !server.service.graphiql ? `${url}?query=%7B__typename%7D` : url;
        const response = await fetch(target, { headers: { accept: server.service.graphiql ? 'text/html' : 'application/json' } });
        expect(response.status, `${url} in ${server.service.services.config.NODE_ENV}`).toBe(200);
      }
    }
    expect(bannerLines(prod.service).join('\n')).not.toContain('Widget demo');
    expect(bannerLines(dev.service).join('\n')).toContain('Widget demo');
  });
});

describe('browser credentials', () => {
  it('a publishable key or thread token is refused without an Origin (a request not from a page), on HTTP and WebSocket', async () => {
    const start = `mutation { startThread { thread { id } threadToken } }`;
    expect(codeOf(await gql(prod, start, {}, { token: prod.siteKey, origin: null }))).toBe('FORBIDDEN');
    const started = await gql(prod, start, {}, { token: prod.siteKey });
    const token = started.data!.startThread.threadToken as string;
    expect(codeOf(await gql(prod, `{ viewer { kind } }`, {}, { token, origin: null }))).toBe('FORBIDDEN');
    expect((await gql(prod, `{ viewer { kind } }`, {}, { token })).data).toEqual({ viewer: { kind: 'thread' } });
    const socket = new RawSocket(prod.wsUrl, null);
    await socket.opened;
    socket.send({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } });
    expect((await socket.closed).code).toBe(4403);
  });
});
