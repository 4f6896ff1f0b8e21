import { mkdtemp, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { log } from '../../server/log.js';
import type { RunnerEvent } from '../../server/contract/events.js';
import type { TurnInput } from '../../server/contract/turn.js';
import { freePort, startEmbeddedPostgres, type PostgresHandle } from '../../server/store/postgres.js';
import { createTestDatabase } from '../support/db.js';
import { collect, send, startThread, wsClient, type EventOut } from '../support/graphql.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { Pauses, scriptedRunner } from '../support/scripted-runner.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Postgres and Redis restarted under running turns: the service recovers by itself, loses no
 * acknowledged message, ends every turn once, and /readyz tells the truth while each is away.
 * Each test runs its own Postgres or Redis, so restarting it disturbs no other test.
 */

const pauses = new Pauses();
async function* script(input: TurnInput, signal: AbortSignal): AsyncGenerator<RunnerEvent> {
  yield { type: 'ReasoningChunk', delta: `Thinking about: ${input.text}. ` };
  await pauses.pause(input.turnId, signal);
  yield { type: 'AnswerChunk', delta: `Answer to: ${input.text}` };
}

async function readiness(server: TestServer): Promise<{ status: number; checks: Record<string, boolean> }> {
  const res = await fetch(`${server.url}/readyz`);
  const body = (await res.json()) as { checks: { name: string; ok: boolean }[] };
  return { status: res.status, checks: Object.fromEntries(body.checks.map((c) => [c.name, c.ok])) };
}

const ended = (events: EventOut[]) => events.filter((e) => e.__typename === 'TurnCompleted' || e.__typename === 'TurnFailed');

describe('Postgres restarted under running turns', () => {
  let dir: string;
  let port: number;
  let postgres: PostgresHandle;
  let server: TestServer;
  const dataDir = () => path.join(dir, 'pg');
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pg-restart-'));
    await chmod(dir, 0o777);
    port = await freePort();
    postgres = await startEmbeddedPostgres(dataDir(), log, 'triage', { port });
    server = await startTestServer({ runner: scriptedRunner(script), databaseUrl: postgres.url });
  });
  afterAll(async () => {
    await server?.close();
    await postgres?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('turns that end while it is down are stored once it is back; a refused send succeeds when repeated; /readyz follows it', async () => {
    const turns = await Promise.all(
      [1, 2, 3].map(async (i) => {
        const { threadId, token } = await startThread(server);
        const reached = pauses.reached.next();
        const sent = await send(server, token, threadId, `message ${i}`, { clientMessageId: `m${i}` });
        await reached;
        const turnId = sent.data!.sendMessage.turn.id as string;
        const client = wsClient(server, token);
        // Subscribed (and past the first event) before the database goes away.
        let live!: () => void;
        const following = new Promise<void>((resolve) => (live = resolve));
        const events = collect(client, turnId, 0, { until: (e) => (e.__typename === 'ReasoningChunk' && live(), false) });
        await following;
        return { threadId, token, turnId, client, events };
      }),
    );
    expect(await readiness(server)).toMatchObject({ status: 200, checks: { database: true } });

    await postgres.stop();
    expect(await readiness(server)).toMatchObject({ status: 503, checks: { database: false } });
    for (const t of turns) pauses.open(t.turnId); // they finish while the database is away
    const refusedThread = turns[0]!;
    const refused = await send(server, refusedThread.token, refusedThread.threadId, 'sent during the outage', { clientMessageId: 'outage' });
    expect(refused.data).toBeFalsy();
    expect(refused.errors?.[0]?.extensions?.code).toBeTruthy();

    postgres = await startEmbeddedPostgres(dataDir(), log, 'triage', { port });
    for (const t of turns) {
      const events = await t.events;
      await t.client.dispose();
      expect(ended(events)).toEqual([expect.objectContaining({ __typename: 'TurnCompleted' })]);
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    }
    await expect.poll(async () => (await readiness(server)).status, { interval: 100, timeout: 15_000 }).toBe(200);

    // The message refused during the outage goes through when sent again, once.
    const again = await send(server, refusedThread.token, refusedThread.threadId, 'sent during the outage', { clientMessageId: 'outage' });
    expect(again.data?.sendMessage.turn.id).toBeTruthy();
    pauses.open(again.data!.sendMessage.turn.id);
    await server.service.services.turns.settled(again.data!.sendMessage.turn.id);

    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ role: string; text: string; status: string }>(
        `SELECT m.role, m.text, t.status FROM messages m JOIN turns t ON t.id = m.turn_id WHERE m.thread_id = ANY($1::uuid[]) ORDER BY m.created_at`,
        [turns.map((t) => t.threadId)],
      );
      const users = rows.filter((r) => r.role === 'USER').map((r) => r.text).sort();
      expect(users).toEqual(['message 1', 'message 2', 'message 3', 'sent during the outage']);
      expect(rows.filter((r) => r.role === 'ASSISTANT')).toHaveLength(4);
      expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['COMPLETED']));
    } finally {
      await db.end();
    }
  }, 60_000);
});

describe('Redis restarted under running turns (two instances)', () => {
  let dir: string;
  let redis: RedisServer;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'redis-restart-'));
    redis = await startRedisServer(dir);
    const databaseUrl = await createTestDatabase();
    a = await startTestServer({ runner: scriptedRunner(script), env: { REDIS_URL: redis.url }, databaseUrl });
    b = await startTestServer({ runner: scriptedRunner(script), env: { REDIS_URL: redis.url }, databaseUrl });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('a turn running on A, followed on B, goes on after the restart and reaches B whole; /readyz says Redis is away meanwhile', async () => {
    const { threadId, token } = await startThread(a);
    const reached = pauses.reached.next();
    const sent = await send(a, token, threadId, 'across a Redis restart');
    const turnId = sent.data!.sendMessage.turn.id as string;
    await reached;
    const onB = wsClient(b, token);
    const first = await collect(onB, turnId, 0, { until: (e) => e.__typename === 'ReasoningChunk' });
    expect(await readiness(a)).toMatchObject({ status: 200, checks: { redis: true } });

    await redis.stop();
    await expect.poll(async () => (await readiness(a)).checks.redis, { interval: 50, timeout: 10_000 }).toBe(false);
    expect((await readiness(b)).status).toBe(503);
    await redis.start();
    await expect.poll(async () => (await readiness(a)).status, { interval: 100, timeout: 15_000 }).toBe(200);

    pauses.open(turnId);
    const rest = await collect(onB, turnId, first.at(-1)!.seq);
    await onB.dispose();
    const all = [...first, ...rest];
    expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
    expect(ended(all)).toEqual([expect.objectContaining({ __typename: 'TurnCompleted' })]);
    expect(all.filter((e) => e.__typename === 'AnswerChunk').map((e) => e.delta).join('')).toBe('Answer to: across a Redis restart');
  }, 60_000);

  it('with Redis away, sendMessage answers SERVICE_UNAVAILABLE (retryable) once its retries run out, instead of hanging; the message is kept', async () => {
    const { threadId, token } = await startThread(a);
    await redis.stop();
    try {
      const sent = await send(a, token, threadId, 'while Redis is away', { clientMessageId: 'away' });
      expect(sent.errors?.[0]?.extensions).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryable: true });
    } finally {
      await redis.start();
    }
    const db = new pg.Client({ connectionString: a.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ text: string; status: string; error_code: string }>(
        `SELECT m.text, t.status, t.error_code FROM messages m JOIN turns t ON t.id = m.turn_id WHERE m.thread_id = $1`,
        [threadId],
      );
      expect(rows).toEqual([{ text: 'while Redis is away', status: 'FAILED', error_code: 'UNAVAILABLE' }]);
    } finally {
      await db.end();
    }
  }, 60_000);
});
