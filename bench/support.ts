import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { log } from '../server/log.js';
import { startEmbeddedPostgres } from '../server/store/postgres.js';

/** Small helpers the benches share. */

/** The p-th percentile (0..100) of a list, by rank. */
export const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

/** A GraphQL POST with a bearer token and an Origin, returning `data` (or throwing the errors). */
export async function post(url: string, token: string, origin: string, query: string, variables: Record<string, unknown>) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: Record<string, any>; errors?: unknown[] };
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/**
 * The database a bench runs on: DATABASE_URL when set, else a throwaway embedded Postgres in a temp
 * folder (made writable for the postgres user when we are root). `stop()` removes what it made.
 */
export async function benchDatabase(): Promise<{ url: string; stop(): Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-pg-'));
  await chmod(dir, 0o777);
  const pg = await startEmbeddedPostgres(path.join(dir, 'data'), log);
  return {
    url: pg.url,
    stop: async () => {
      await pg.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
