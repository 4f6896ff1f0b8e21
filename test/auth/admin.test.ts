import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUsageError, runAdmin } from '../../server/auth/cli.js';
import { createDb, type Db } from '../../server/store/db.js';
import { createTestDatabase } from '../support/db.js';
import { gql } from '../support/graphql.js';
import { scriptedRunner, triageScript } from '../support/scripted-runner.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let db: Db;
const run = async (...args: string[]) => {
  const lines: string[] = [];
  // As the CLI with REDIS_URL does: running services hear of each change (test/api/revocation.test.ts
  // covers the CLI that cannot reach them).
  await runAdmin(db, args, (l) => lines.push(l), () => server.service.services.bus.publishAccessChange());
  return lines;
};

beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  db = createDb(databaseUrl);
  server = await startTestServer({ runner: scriptedRunner(triageScript), databaseUrl });
});
afterAll(async () => {
  await server?.close();
  await db?.$disconnect();
});

describe('npm run admin', () => {
  it('creates a site whose printed publishable key works from its origin only, and keys that can be revoked', async () => {
    const created = await run('site:create', '--name', 'Clinic', '--origin', 'https://partner.example');
    const siteId = /site (\S+)/.exec(created[0]!)![1]!;
    const pk = /(pk_\S+)/.exec(created[1]!)![1]!;
    const start = `mutation { startThread { threadToken } }`;
    expect((await gql(server, start, {}, { token: pk, origin: 'https://partner.example' })).errors).toBeUndefined();
    expect((await gql(server, start, {}, { token: pk, origin: 'https://other.example' })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const secretLine = (await run('key:create', '--site', siteId, '--kind', 'secret', '--scope', 'threads:read'))[0]!;
    const [, keyId, sk] = /key (\S+) \(shown once\): (sk_\S+)/.exec(secretLine)!;
    expect((await gql(server, `{ threads(first: 1) { edges { node { id } } } }`, {}, { token: sk, origin: null })).errors).toBeUndefined();
    expect((await run('key:list', '--site', siteId)).join('\n')).toContain('threads:read');
    await run('key:revoke', '--key', keyId!);
    expect((await gql(server, `{ viewer { kind } }`, {}, { token: sk, origin: null })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    // Every change is in the audit log: by the admin command line, with the OS user and host.
    const audit = await db.auditEntry.findMany({ where: { siteId, action: { not: 'thread.read' } }, orderBy: { id: 'asc' } });
    expect(audit.map((e) => e.action)).toEqual(['site.create', 'key.create', 'key.create', 'key.revoke']);
    expect(audit.every((e) => e.actorKind === 'admin' && e.ip === 'cli')).toBe(true);
    // (the partner's listing above is there too, as a read by that key)
    expect(await db.auditEntry.count({ where: { siteId, action: 'thread.read', actorKind: 'partner', actorKeyId: keyId } })).toBe(1);
    expect(audit[3]!.detail).toMatchObject({ keyId, kind: 'secret', user: expect.any(String), host: expect.any(String) });
    expect(JSON.stringify(audit.map((e) => e.detail))).not.toMatch(/(pk|sk)_/); // keys are never logged
  });

  it('refuses bad usage with a clear message', async () => {
    await expect(run('key:create', '--site', 'x', '--kind', 'secret')).rejects.toThrow(AdminUsageError);
    await expect(run('site:create', '--name', 'Bad', '--origin', 'not an origin')).rejects.toThrow(/origins look like/);
    await expect(run('nope')).rejects.toThrow(/commands:/);
  });
});
