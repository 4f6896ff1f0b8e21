import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, gql, SEND, START, wsClient } from '../support/graphql.js';
import { buildProduction, productionDataDir, residentMB, runBuiltAdmin, startProdArgs, startProductionProcess, type ProductionProcess } from '../support/production-process.js';
import { ORIGIN } from '../support/server.js';

/**
 * The production build end to end: `npm run build`, then `npm run start:prod`'s command as one
 * Node process with no TypeScript loader, nothing configured (embedded Postgres and Chroma, the
 * offline engine), answering GraphQL and its readiness probe in production mode.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
let service: ProductionProcess;
let dataDir: string;
let siteKey: string;

beforeAll(async () => {
  buildProduction();
  dataDir = await productionDataDir();
  // Production seeds no site: the built admin CLI makes one, as an operator would.
  const created = runBuiltAdmin(dataDir, ['site:create', '--name', 'Production build test', '--origin', ORIGIN]);
  siteKey = /publishable key \(shown once\): (\S+)/.exec(created)![1]!;
  service = await startProductionProcess(dataDir);
}, 240_000);
afterAll(async () => {
  await service?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('npm run build and npm run start:prod', () => {
  it('compile the server to JavaScript and run it with plain Node', () => {
    expect(existsSync(path.join(ROOT, 'dist/main.js'))).toBe(true);
    expect(existsSync(path.join(ROOT, 'dist/safety/urgency/weights.json'))).toBe(true);
    const ts = (readdirSync(path.join(ROOT, 'dist'), { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
    expect(ts).toEqual([]);
    expect(startProdArgs().join(' ')).not.toMatch(/tsx|\.ts\b/);
    const command = spawnSync('ps', ['-o', 'args=', '-p', String(service.pid)], { encoding: 'utf8' }).stdout;
    expect(command).toContain('dist/main.js');
    expect(command).not.toContain('tsx');
  });

  it('stays within 200 MB resident before the first turn (npm run bench -- memory measures it)', () => {
    expect(residentMB(service.pid)).toBeLessThanOrEqual(200);
  });

  it('answers a GraphQL query and its readiness probe, in production mode', async () => {
    const ready = await fetch(`${service.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ok: true, engine: 'OFFLINE', checks: [{ name: 'database', ok: true }, { name: 'chroma', ok: true }] });
    expect((await gql({ graphqlUrl: `${service.url}/graphql` }, '{ health { ok engine } }', {}, { origin: null })).data).toEqual({ health: { ok: true, engine: 'OFFLINE' } });
    // Production defaults: no demo page, no introspection.
    expect((await fetch(`${service.url}/`)).status).toBe(404);
    const introspection = await gql({ graphqlUrl: `${service.url}/graphql` }, '{ __schema { queryType { name } } }', {}, { origin: null });
    expect(introspection.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('runs a turn: a visitor of the site the CLI made is answered over graphql-ws', async () => {
    const endpoint = { graphqlUrl: `${service.url}/graphql`, wsUrl: `${service.url.replace(/^http/, 'ws')}/graphql` };
    const started = await gql(endpoint, START, { input: null }, { token: siteKey });
    const { thread, threadToken } = started.data!.startThread;
    const sent = await gql(endpoint, SEND, { input: { threadId: thread.id, text: 'I have had a sore throat for two days' } }, { token: threadToken });
    expect(sent.errors).toBeUndefined();
    const client = wsClient(endpoint, threadToken);
    try {
      const events = await collect(client, sent.data!.sendMessage.turn.id);
      expect(events.at(-1)).toMatchObject({ __typename: 'TurnCompleted' });
      expect(events.filter((e) => e.__typename === 'AnswerChunk').map((e) => e.delta).join('').length).toBeGreaterThan(20);
    } finally {
      await client.dispose();
    }
  });


  it('stops cleanly on SIGTERM', async () => {
    expect(await service.close()).toBe(0);
  });
});
