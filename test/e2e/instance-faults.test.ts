import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.js';
import { collect, gql, send, startThread, wsClient, type EventOut } from '../support/graphql.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { spawnService, type ServiceProcess } from '../support/service-child.js';
import { knowledgeSubset } from './helpers.js';

/**
 * Two instances sharing Postgres and Redis, and one of them killed with SIGKILL mid-turn: every
 * turn it ran ends on the survivor with exactly one TurnFailed INTERRUPTED, emergencies keeping
 * their advice; subscribers on the survivor receive it live; replay afterwards is exactly what
 * they saw; and every acknowledged message is in Postgres. Then SIGTERM on an instance: new turns
 * are refused (retryable), /readyz says so, and running turns finish. Needs Redis (CI has it).
 */
const redisUrl = process.env.REDIS_TEST_URL;
const EMERGENCY = "crushing chest pain spreading to my left arm and I'm sweating";
const ORDINARY = 'I have had a fever and a cough for three days';
const TURNS = 8;

let knowledge: Awaited<ReturnType<typeof knowledgeSubset>>;
let router: FakeOpenAI;
let reasoner: FakeOpenAI;
let survivor: TestServer;
let env: Record<string, string>;

beforeAll(async () => {
  if (!redisUrl) return;
  knowledge = await knowledgeSubset(['heart-attack', 'angina', 'chest-pain', 'flu', 'common-cold']);
  router = await startFakeOpenAI({ models: ['router-model'] });
  reasoner = await startFakeOpenAI({ models: ['reasoner-model'] });
  router.handle((req) => (Array.isArray(req.body.tools) ? { toolCalls: [{ name: 'search_conditions', arguments: { query: 'fever and cough' } }] } : { text: 'Rest and drink fluids.' }));
  env = {
    REDIS_URL: redisUrl,
    CHROMA_URL: inject('chromaUrl'),
    CHROMA_COLLECTION: 'e2e-instance-faults',
    KNOWLEDGE_DIR: knowledge.dir,
    ROUTER_BASE_URL: router.baseURL,
    ROUTER_MODEL: 'router-model',
    REASONER_BASE_URL: reasoner.baseURL,
    REASONER_MODEL: 'reasoner-model',
    MODEL_FIRST_TOKEN_TIMEOUT_MS: '120000',
    TURN_ORPHAN_AFTER_MS: '1500',
    TURN_CHECKPOINT_MS: '500',
  };
  survivor = await startTestServer({ env });
});
afterAll(async () => {
  await survivor?.close();
  await router?.close();
  await reasoner?.close();
  await knowledge?.remove();
});

describe.skipIf(!redisUrl)('an instance dies or drains under load', () => {
  it('kill -9 mid-turn: each of its turns ends once, INTERRUPTED, on the survivor, advice kept, replay exact, no message lost', async () => {
    // The reasoner stalls: the turns are live (started, advice given) when the instance dies.
    const seen = reasoner.requests.length;
    reasoner.handle((req) => (req.index - seen >= 0 ? { stall: true } : undefined));
    const doomed: ServiceProcess = await spawnService({ ...env, DATABASE_URL: survivor.databaseUrl });
    const instance = { ...survivor, graphqlUrl: doomed.graphqlUrl, wsUrl: doomed.wsUrl };
    try {
      const turns = await Promise.all(
        Array.from({ length: TURNS }, async (_, i) => {
          const { threadId, token } = await startThread(survivor);
          const text = i % 2 ? EMERGENCY : ORDINARY;
          const sent = await send(instance, token, threadId, text, { clientMessageId: `kill-${i}` });
          if (!sent.data) throw new Error(JSON.stringify(sent.errors));
          return { threadId, token, text, turnId: sent.data.sendMessage.turn.id as string };
        }),
      );
      // Every subscriber listens on the survivor; the turns run on the doomed instance.
      const live = turns.map((t) => {
        const client = wsClient(survivor, t.token);
        return { client, events: collect(client, t.turnId, 0) };
      });
      await reasoner.waitForRequests(seen + TURNS); // every turn is inside a model call
      await doomed.kill('SIGKILL');

      const db = new pg.Client({ connectionString: survivor.databaseUrl });
      await db.connect();
      try {
        for (const [i, t] of turns.entries()) {
          const events = await live[i]!.events;
          await live[i]!.client.dispose();
          const terminals = events.filter((e) => e.__typename === 'TurnFailed' || e.__typename === 'TurnCompleted');
          expect(terminals).toEqual([expect.objectContaining({ __typename: 'TurnFailed', code: 'INTERRUPTED', retryable: true })]);
          expect(events.map((e) => e.seq)).toEqual(events.map((_, k) => k + 1));
          if (t.text === EMERGENCY) {
            expect(terminals[0]).toMatchObject({ advice: { level: 'EMERGENCY' } });
            expect(String(terminals[0]!.message)).toMatch(/call 999/i);
          } else {
            expect(terminals[0]!.advice).toBeNull();
          }
          // Replay, from the start and from the middle, is exactly what was seen live.
          const replayer = wsClient(survivor, t.token);
          const replay = await collect(replayer, t.turnId, 0);
          const tail = await collect(replayer, t.turnId, 2);
          await replayer.dispose();
          expect(replay).toEqual(events);
          expect(tail).toEqual(events.slice(2));
          // The acknowledged message is stored; the turn is closed as INTERRUPTED.
          const { rows } = await db.query<{ text: string; status: string; error_code: string }>(
            `SELECT m.text, t.status, t.error_code FROM messages m JOIN turns t ON t.id = m.turn_id WHERE m.thread_id = $1 AND m.role = 'USER'`,
            [t.threadId],
          );
          expect(rows).toEqual([{ text: t.text, status: 'FAILED', error_code: 'INTERRUPTED' }]);
        }
      } finally {
        await db.end();
      }
    } finally {
      await doomed.kill('SIGKILL');
      reasoner.handle(undefined);
    }
  }, 120_000);

  it('SIGTERM drains: new turns refused with a retryable code, /readyz 503, running turns finish within the grace period', async () => {
    // The reasoner answers slowly enough that the turn is running when SIGTERM arrives.
    reasoner.handle((req) =>
      String(req.body.prompt).endsWith('<|im_start|>answer\n')
        ? { text: '(flu, Self-care)<|im_end|>' }
        : { text: `${'Thinking about it. '.repeat(40)}<|im_end|>`, chunksPerSecond: 100 },
    );
    const draining = await spawnService({ ...env, DATABASE_URL: survivor.databaseUrl, SHUTDOWN_GRACE_MS: '30000', BUDGET_STOP_SKIPS: '0' });
    const instance = { ...survivor, graphqlUrl: draining.graphqlUrl, wsUrl: draining.wsUrl };
    try {
      const { threadId, token } = await startThread(survivor);
      const sent = await send(instance, token, threadId, ORDINARY);
      const turnId = sent.data!.sendMessage.turn.id as string;
      const client = wsClient(instance, token);
      const got: EventOut[] = [];
      const events = collect(client, turnId, 0, { until: (e) => (got.push(e), false) }).catch((e: unknown) => {
        throw new Error(`subscription failed after ${JSON.stringify(got.map((x) => x.__typename))}: ${JSON.stringify(e)} ${String(e)}`);
      });
      await reasoner.waitForRequests(reasoner.requests.length + 1);
      const exited = draining.kill('SIGTERM');

      await expect.poll(async () => (await fetch(`${draining.url}/readyz`)).status, { interval: 50, timeout: 10_000 }).toBe(503);
      const other = await startThread(survivor);
      const refused = await send(instance, other.token, other.threadId, 'hello during the drain');
      expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryable: true });

      const seen = await events;
      expect(seen.at(-1)).toMatchObject({ __typename: 'TurnCompleted' });
      await client.dispose();
      await exited;
      expect(draining.child.exitCode).toBe(0);
      const turn = await gql(survivor, `query($id: ID!) { turn(id: $id) { status } }`, { id: turnId }, { token });
      expect(turn.data!.turn).toEqual({ status: 'COMPLETED' });
    } finally {
      await draining.kill('SIGKILL');
      reasoner.handle(undefined);
    }
  }, 120_000);
});
