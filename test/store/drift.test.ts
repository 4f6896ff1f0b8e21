import { readFileSync } from 'node:fs';
import path from 'node:path';
import wasm from '@prisma/prisma-schema-wasm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { log } from '../../server/log.js';
import { migrate, readMigrations } from '../../server/store/migrate.js';
import { createTestDatabase } from '../support/db.js';

/**
 * Migrations are hand-applied SQL (Prisma's migrate engine cannot run here), so this test is the
 * guard: it builds a database from prisma/migrations and compares it with schema.prisma, read
 * through Prisma's own schema parser (DMMF): tables, columns, types, nullability, foreign keys
 * and indexes.
 */

interface DmmfField {
  name: string;
  dbName?: string;
  kind: 'scalar' | 'object' | 'enum';
  isList: boolean;
  isRequired: boolean;
  type: string;
  nativeType: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
}
interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}
interface DmmfIndex {
  model: string;
  type: 'id' | 'unique' | 'normal' | 'fulltext';
  fields: { name: string; sortOrder?: 'asc' | 'desc' }[];
}

const schemaText = readFileSync(path.resolve(import.meta.dirname, '../../prisma/schema.prisma'), 'utf8');
const dmmf = JSON.parse(wasm.get_dmmf(JSON.stringify({ prismaSchema: schemaText }))) as {
  datamodel: { models: DmmfModel[]; indexes: DmmfIndex[] };
};

function columnType(f: DmmfField): string {
  if (f.kind === 'enum') return f.isList ? `_${f.type}` : f.type;
  const native = f.nativeType?.[0];
  const base =
    native === 'Uuid' ? 'uuid'
    : native === 'Timestamptz' ? 'timestamptz'
    : ({ String: 'text', Int: 'int4', Boolean: 'bool', DateTime: 'timestamp', Json: 'jsonb', Float: 'float8', BigInt: 'int8' } as Record<string, string>)[f.type];
  if (!base) throw new Error(`unmapped type ${f.type} ${native}`);
  return f.isList ? `_${base}` : base;
}

function expected() {
  const models = dmmf.datamodel.models;
  const table = (m: DmmfModel) => m.dbName ?? m.name;
  const byName = new Map(models.map((m) => [m.name, m]));
  const column = (m: DmmfModel, field: string) => {
    const f = m.fields.find((x) => x.name === field)!;
    return f.dbName ?? f.name;
  };
  const columns: string[] = [];
  const foreignKeys: string[] = [];
  for (const m of models) {
    for (const f of m.fields) {
      if (f.kind !== 'object') {
        // Prisma creates list columns without NOT NULL.
        columns.push(`${table(m)}.${f.dbName ?? f.name} ${columnType(f)} ${f.isRequired && !f.isList ? 'NOT NULL' : 'NULL'}`);
      } else if (f.relationFromFields?.length) {
        const target = byName.get(f.type)!;
        const onDelete = f.relationOnDelete ?? (f.isRequired ? 'Restrict' : 'SetNull');
        foreignKeys.push(
          `${table(m)}(${f.relationFromFields.map((x) => column(m, x)).join(',')}) -> ${table(target)}(${f.relationToFields!
            .map((x) => column(target, x))
            .join(',')}) ON DELETE ${onDelete.replace(/([a-z])([A-Z])/g, '$1 $2').toUpperCase()}`,
        );
      }
    }
  }
  const indexes = dmmf.datamodel.indexes.map((i) => {
    const m = byName.get(i.model)!;
    const kind = i.type === 'id' ? 'PRIMARY' : i.type === 'unique' ? 'UNIQUE' : 'INDEX';
    return `${table(m)} ${kind} (${i.fields.map((f) => `${column(m, f.name)}${f.sortOrder === 'desc' ? ' DESC' : ''}`).join(',')})`;
  });
  return { columns: columns.sort(), foreignKeys: foreignKeys.sort(), indexes: indexes.sort() };
}

async function actual(client: pg.Client) {
  const cols = await client.query<{ t: string; c: string; udt: string; nullable: string }>(`
    SELECT table_name t, column_name c, udt_name udt, is_nullable nullable FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`);
  const fks = await client.query<{ def: string }>(`
    SELECT format('%s(%s) -> %s(%s) ON DELETE %s',
      c.conrelid::regclass, (SELECT string_agg(a.attname, ',' ORDER BY k.i) FROM unnest(c.conkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n),
      c.confrelid::regclass, (SELECT string_agg(a.attname, ',' ORDER BY k.i) FROM unnest(c.confkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n),
      CASE c.confdeltype WHEN 'c' THEN 'CASCADE' WHEN 'n' THEN 'SET NULL' WHEN 'r' THEN 'RESTRICT' WHEN 'a' THEN 'NO ACTION' WHEN 'd' THEN 'SET DEFAULT' END) def
    FROM pg_constraint c JOIN pg_namespace ns ON ns.oid = c.connamespace WHERE c.contype = 'f' AND ns.nspname = 'public'`);
  const idx = await client.query<{ def: string }>(`
    SELECT format('%s %s (%s)', t.relname, CASE WHEN i.indisprimary THEN 'PRIMARY' WHEN i.indisunique THEN 'UNIQUE' ELSE 'INDEX' END,
      (SELECT string_agg(a.attname || CASE WHEN (i.indoption[k.i - 1] & 1) = 1 THEN ' DESC' ELSE '' END, ',' ORDER BY k.i)
         FROM unnest(i.indkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.n)) def
    FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace ns ON ns.oid = t.relnamespace
    WHERE ns.nspname = 'public' AND t.relname <> '_prisma_migrations'`);
  return {
    columns: cols.rows.map((r) => `${r.t}.${r.c} ${r.udt} ${r.nullable === 'YES' ? 'NULL' : 'NOT NULL'}`).sort(),
    foreignKeys: fks.rows.map((r) => r.def.replaceAll('"', '')).sort(),
    indexes: idx.rows.map((r) => r.def).sort(),
  };
}

/** One RUNNING turn per thread (WHERE status = 'RUNNING'): what makes a send one statement. */
const SQL_ONLY_INDEXES = ['turns UNIQUE (thread_id)'];

describe('migrations match schema.prisma', () => {
  let client: pg.Client;
  let url: string;

  beforeAll(async () => {
    url = await createTestDatabase(); // cloned from a template built by running migrate()
    client = new pg.Client({ connectionString: url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
  });

  it('has the tables, columns, types, nullability, foreign keys and indexes of the schema', async () => {
    const want = expected();
    const have = await actual(client);
    expect(have.columns).toEqual(want.columns);
    expect(have.foreignKeys).toEqual(want.foreignKeys);
    // Partial indexes cannot be written in schema.prisma; these live in the migrations' SQL only.
    expect(have.indexes).toEqual([...want.indexes, ...SQL_ONLY_INDEXES].sort());
    expect(want.columns.length).toBeGreaterThan(30); // the comparison really read the schema
    const partial = await client.query<{ def: string }>(`SELECT indexdef AS def FROM pg_indexes WHERE indexname = 'turns_one_running_per_thread'`);
    expect(partial.rows[0]?.def).toMatch(/WHERE \(status = 'RUNNING'::"TurnStatus"\)/);
  });

  it('records every migration the way prisma migrate deploy does (name, sha256 checksum, finished)', async () => {
    const files = await readMigrations();
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }>(
      'SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(rows.map((r) => [r.migration_name, r.checksum])).toEqual(files.map((f) => [f.name, f.checksum]));
    expect(rows.every((r) => r.finished_at !== null && r.applied_steps_count === 1)).toBe(true);
  });

  it('is idempotent: running migrate again applies nothing', async () => {
    expect(await migrate(url, log)).toEqual([]);
  });
});
