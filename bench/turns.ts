import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { pct, post, benchDatabase } from './support.js';
import { loadConfig } from '../server/config.js';
import { log } from '../server/log.js';
import { startService } from '../server/app/start.js';
import { createKey } from '../server/auth/sites.js';
import type { RunnerEvent } from '../server/contract/events.js';
import type { TurnRunner } from '../server/contract/turn.js';

/**
 * The turn machinery under load, through real HTTP and graphql-ws: a scripted runner streams
 * REASONING + ANSWER token deltas as fast as it can, TURNS turns run CONCURRENCY at a time, each
 * followed by a WebSocket subscriber. Prints sendMessage latency, time to first event, turn time,
 * token throughput, events per turn (coalescing) and memory.
 */

const TURNS = Number(process.env.BENCH_TURNS ?? 60);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const TOKENS = 400; // reasoning + answer deltas per turn

const runner: TurnRunner = {
  engine: 'OFFLINE',
  async *run(): AsyncGenerator<RunnerEvent> {
    for (let i = 0; i < TOKENS / 2; i++) {
      yield { type: 'ReasoningChunk', delta: `r${i} ` };
      if (i % 20 === 0) await new Promise((r) => setImmediate(r)); // let the event loop breathe, like a socket would
    }
    for (let i = 0; i < TOKENS / 2; i++) {
      yield { type: 'AnswerChunk', delta: `a${i} ` };
      if (i % 20 === 0) await new Promise((r) => setImmediate(r));
    }
  },
};

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;


export async function benchTurns(): Promise<void> {
  const database = await benchDatabase();
  const databaseUrl = database.url;
  const service = await startService({
    config: loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, PORT: '0', DEV_SEED: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_MESSAGES_PER_MINUTE: '0', RATE_LIMIT_THREADS_PER_HOUR: '0' }),
    runner,
    log,
  });
  const db = service.services.db;
  const site = await db.site.create({ data: { name: 'bench', allowedOrigins: [service.url] } });
  const key = (await createKey(db, site.id, 'PUBLISHABLE', 'bench')).key;
  const gqlUrl = `${service.url}/graphql`;
  const sendMs: number[] = [];
  const firstEventMs: number[] = [];
  const turnMs: number[] = [];
  const eventsPerTurn: number[] = [];
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();

  async function oneTurn(): Promise<void> {
    const { startThread } = await post(gqlUrl, key, service.url, 'mutation { startThread { thread { id } threadToken } }', {});
    const t0 = performance.now();
    const { sendMessage } = await post(
      gqlUrl,
      startThread.threadToken,
      service.url,
      'mutation($input: SendMessageInput!) { sendMessage(input: $input) { turn { id } } }',
      { input: { threadId: startThread.thread.id, text: 'benchmark message' } },
    );
    sendMs.push(performance.now() - t0);
    // One shared staff connection follows every turn (a visitor would hold one per thread).
    let events = 0;
    let first = 0;
    await new Promise<void>((resolve, reject) => {
      sub.subscribe(
        { query: 'subscription($id: ID!) { turn(id: $id) { __typename seq } }', variables: { id: sendMessage.turn.id } },
        {
          next: () => {
            if (events++ === 0) first = performance.now() - t0;
          },
          error: reject,
          complete: resolve,
        },
      );
    });
    firstEventMs.push(first);
    turnMs.push(performance.now() - t0);
    eventsPerTurn.push(events);
  }

  const staffKey = (await createKey(db, site.id, 'STAFF', 'bench staff')).key;
  const sub = createClient({ url: gqlUrl.replace('http', 'ws'), webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${staffKey}` } });

  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < TURNS) {
        next++;
        await oneTurn();
      }
    }),
  );
  const wallS = (performance.now() - started) / 1000;
  const rssAfter = process.memoryUsage().rss;

  console.log(`turns: ${TURNS} (${CONCURRENCY} concurrent), ${TOKENS} token deltas each, through HTTP + graphql-ws + Postgres`);
  console.log(`  sendMessage latency   p50 ${pct(sendMs, 50).toFixed(1)} ms   p95 ${pct(sendMs, 95).toFixed(1)} ms`);
  console.log(`  first event           p50 ${pct(firstEventMs, 50).toFixed(1)} ms   p95 ${pct(firstEventMs, 95).toFixed(1)} ms (from sendMessage)`);
  console.log(`  whole turn            p50 ${pct(turnMs, 50).toFixed(1)} ms   p95 ${pct(turnMs, 95).toFixed(1)} ms`);
  console.log(`  throughput            ${(TURNS / wallS).toFixed(1)} turns/s, ${((TURNS * TOKENS) / wallS).toFixed(0)} token deltas/s delivered`);
  console.log(`  events per turn       p50 ${pct(eventsPerTurn, 50)} (from ${TOKENS + 2} runner deltas + lifecycle: coalescing at work)`);
  console.log(`  memory (rss)          ${mb(rssBefore)} -> ${mb(rssAfter)} with ${TURNS} finished turns kept replayable`);

  await sub.dispose();
  await service.close();
  await database.stop();
}
