import { mkdtemp, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { log } from '../../server/log.js';
import { migrate } from '../../server/store/migrate.js';
import { ensureDatabase, startEmbeddedPostgres, type PostgresHandle } from '../../server/store/postgres.js';

/**
 * vitest globalSetup: one Postgres for the run (DATABASE_URL when set, else embedded in a temp
 * folder) and a template database with every migration applied. Each test file clones the
 * template (test/support/db.ts), so files never see each other's rows.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

let embedded: PostgresHandle | undefined;
let dataDir: string | undefined;
const TEMPLATE = `triage_template_${process.pid}`;
let adminUrl = '';

export async function setup(project: TestProject): Promise<void> {
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'triage-pg-'));
    await chmod(dataDir, 0o777); // embedded Postgres runs as the postgres user when we are root
    embedded = await startEmbeddedPostgres(path.join(dataDir, 'data'), log, 'postgres');
    adminUrl = embedded.url;
  }
  await ensureDatabase(adminUrl, TEMPLATE);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE}`;
  await migrate(templateUrl.toString(), log);
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', TEMPLATE);
}

export async function teardown(): Promise<void> {
  if (adminUrl) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2",
      [TEMPLATE, `t_${process.pid}_%`],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await client.end();
  }
  await embedded?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
