import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../log.js';

/**
 * Applies prisma/migrations the way `prisma migrate deploy` does, without Prisma's schema engine
 * (which these machines cannot download): same `_prisma_migrations` table, same sha256 checksum
 * of migration.sql, same advisory lock, each migration in its own transaction. A database
 * migrated here is one `prisma migrate deploy` recognises, and vice versa.
 */

const MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;
/** Prisma's own advisory lock key, so we and `prisma migrate deploy` never run at once. */
const PRISMA_LOCK_KEY = 72707369;

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../prisma/migrations');

export class MigrationError extends Error {
  override name = 'MigrationError';
}

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

/** Returns the names of the migrations it applied. */
export async function migrate(databaseUrl: string, log: Logger, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await readMigrations(dir);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_LOCK_KEY]);
    await client.query(MIGRATIONS_TABLE);
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
    );
    const done = new Map(rows.map((r) => [r.migration_name, r]));
    for (const m of migrations) {
      const row = done.get(m.name);
      if (row) {
        if (!row.finished_at) throw new MigrationError(`Migration ${m.name} failed earlier; resolve it before starting.`);
        if (row.checksum !== m.checksum) log.warn({ migration: m.name }, 'migration was edited after it was applied');
        continue;
      }
      const id = randomUUID();
      await client.query('BEGIN');
      try {
        await client.query(
          'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())',
          [id, m.checksum, m.name],
        );
        await client.query(m.sql);
        await client.query(
          'UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1',
          [id],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new MigrationError(`Migration ${m.name} failed: ${String(error)}`, { cause: error });
      }
      applied.push(m.name);
      log.info({ migration: m.name }, 'applied migration');
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_LOCK_KEY]).catch((error: unknown) => {
      log.warn({ err: error }, 'could not release the migration lock (the connection is closing anyway)');
    });
    await client.end();
  }
  return applied;
}
