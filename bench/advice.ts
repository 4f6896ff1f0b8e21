import { chmod, copyFile, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { benchDatabase, pct, post } from './support.js';
import { startService } from '../server/app/start.js';
import { createKey } from '../server/auth/sites.js';
import { loadConfig } from '../server/config.js';
import { log } from '../server/log.js';
import { startFakeOpenAI } from '../test/support/fake-openai.js';

/**
 * Emergency advice first, whatever the model does: the full model pipeline (router, budget-forced
 * reasoner, responder through the `openai` client) against fake model servers that take
 * MODEL_LATENCY_MS before their first token. TURNS emergency messages, CONCURRENCY at a time,
 * each followed over graphql-ws. Prints sendMessage -> AdviceChunk and sendMessage -> first
 * answer token (which the model's latency bounds), p50 / p95.
 */

const TURNS = Number(process.env.BENCH_ADVICE_TURNS ?? 40);
const CONCURRENCY = Number(process.env.BENCH_ADVICE_CONCURRENCY ?? 8);
const MODEL_LATENCY_MS = Number(process.env.BENCH_MODEL_LATENCY_MS ?? 5000);
const MESSAGES = [
  "crushing chest pain going into my left arm and I'm sweating",
  'my dad suddenly cant lift his arm and his face has dropped on one side',
  'lips and tongue swelling after a peanut, struggling to breathe',
  'my 5 week old has a temperature of 38.4',
];
const ROOT = path.resolve(import.meta.dirname, '..');



export async function benchAdvice(): Promise<{ adviceMs: number[]; answerMs: number[] }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-advice-'));
  await chmod(dir, 0o777);
  // A few pages keep the ingest short; Chroma's C library runtime is reused when present.
  const knowledge = path.join(dir, 'knowledge');
  await mkdir(knowledge);
  for (const slug of ['heart-attack', 'stroke', 'anaphylaxis', 'fever-in-children', 'angina', 'common-cold']) {
    await copyFile(path.join(ROOT, 'knowledge/conditions', `${slug}.md`), path.join(knowledge, `${slug}.md`));
  }
  if (existsSync(path.join(ROOT, '.data/runtime'))) await symlink(path.join(ROOT, '.data/runtime'), path.join(dir, 'runtime'));
  const database = await benchDatabase();
  const databaseUrl = database.url;
  const router = await startFakeOpenAI({ models: ['router'], latencyMs: MODEL_LATENCY_MS });
  const reasoner = await startFakeOpenAI({ models: ['reasoner'], latencyMs: MODEL_LATENCY_MS });
  router.handle(() => ({ text: 'Please call 999 now. Is anyone with you?' }));
  reasoner.handle((req) => ({ text: String(req.body.prompt ?? '').endsWith('answer\n') ? '(heart-attack, A&E)' : 'Chest pain with sweating.' }));
  const service = await startService({
    config: loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dir,
      KNOWLEDGE_DIR: knowledge,
      PORT: '0',
      DEV_SEED: 'false',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MESSAGES_PER_MINUTE: '0',
      RATE_LIMIT_THREADS_PER_HOUR: '0',
      ROUTER_BASE_URL: router.baseURL,
      ROUTER_MODEL: 'router',
      REASONER_BASE_URL: reasoner.baseURL,
      REASONER_MODEL: 'reasoner',
      MODEL_FIRST_TOKEN_TIMEOUT_MS: String(MODEL_LATENCY_MS * 4),
    }),
    log,
  });
  const adviceMs: number[] = [];
  const answerMs: number[] = [];
  try {
    const db = service.services.db;
    const site = await db.site.create({ data: { name: 'bench', allowedOrigins: [service.url] } });
    const key = (await createKey(db, site.id, 'PUBLISHABLE', 'bench')).key;
    const staffKey = (await createKey(db, site.id, 'STAFF', 'bench staff')).key;
    const gqlUrl = `${service.url}/graphql`;
    const sub = createClient({ url: gqlUrl.replace('http', 'ws'), webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${staffKey}` } });

    async function oneTurn(i: number): Promise<void> {
      const { startThread } = await post(gqlUrl, key, service.url, 'mutation { startThread { thread { id } threadToken } }', {});
      const t0 = performance.now();
      const { sendMessage } = await post(
        gqlUrl,
        startThread.threadToken,
        service.url,
        'mutation($input: SendMessageInput!) { sendMessage(input: $input) { turn { id } } }',
        { input: { threadId: startThread.thread.id, text: MESSAGES[i % MESSAGES.length] } },
      );
      let advice = 0;
      let answer = 0;
      await new Promise<void>((resolve, reject) => {
        sub.subscribe(
          { query: 'subscription($id: ID!) { turn(id: $id) { __typename } }', variables: { id: sendMessage.turn.id } },
          {
            next: ({ data }) => {
              const type = (data as { turn: { __typename: string } }).turn.__typename;
              if (type === 'AdviceChunk' && !advice) advice = performance.now() - t0;
              if (type === 'AnswerChunk' && !answer) answer = performance.now() - t0;
            },
            error: reject,
            complete: resolve,
          },
        );
      });
      if (!advice) throw new Error('an emergency turn ended without an AdviceChunk');
      adviceMs.push(advice);
      answerMs.push(answer);
    }

    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < TURNS) await oneTurn(next++);
      }),
    );
    await sub.dispose();
  } finally {
    await service.close();
    await Promise.all([router.close(), reasoner.close()]);
    await database.stop();
    await rm(dir, { recursive: true, force: true });
  }
  console.log(`advice: ${TURNS} emergency messages (${CONCURRENCY} concurrent), model pipeline, model first token after ${MODEL_LATENCY_MS} ms`);
  console.log(`  sendMessage -> AdviceChunk        p50 ${pct(adviceMs, 50).toFixed(1)} ms   p95 ${pct(adviceMs, 95).toFixed(1)} ms`);
  console.log(`  sendMessage -> first answer text  p50 ${pct(answerMs, 50).toFixed(0)} ms   p95 ${pct(answerMs, 95).toFixed(0)} ms (bounded by the model)`);
  return { adviceMs, answerMs };
}
