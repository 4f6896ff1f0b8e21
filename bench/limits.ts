import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadConfig } from '../server/config.js';
import { log } from '../server/log.js';
import { startService } from '../server/app/start.js';
import type { TurnRunner } from '../server/contract/turn.js';
import { pct, benchDatabase } from './support.js';

/**
 * What a refused document costs the service: for each way an anonymous caller's request is
 * refused (body too large, too many characters, too many tokens, too many aliases, too deep, too
 * costly), the time from sending to the answer (p50 / p95 over REQUESTS distinct documents) and the
 * heap still held afterwards per document (after full collections). An accepted small query is
 * the baseline. The service runs in this process, so its heap is measured directly.
 */

const REQUESTS = Number(process.env.BENCH_LIMIT_REQUESTS ?? 200);

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const retained = () => {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
};

const idle: TurnRunner = {
  engine: 'OFFLINE',
  async *run() {
    yield { type: 'AnswerChunk', delta: 'ok' };
  },
};


/** Distinct documents (n makes each one new, so no cache helps). */
const CASES: [string, (n: number) => string, string][] = [
  ['accepted: { viewer { kind } }', (n) => `{ v${n}: viewer { kind } }`, 'data'],
  ['body 300 KB (413)', (n) => `{ ${Array.from({ length: 12_000 }, (_, i) => `d${n}_${i}: health { ok }`).join(' ')} }`.slice(0, 300_000), 'REQUEST_ENTITY_TOO_LARGE'],
  ['characters 60 KB', (n) => `{ viewer { kind } } #${n}${' '.repeat(60_000)}`, 'GRAPHQL_PARSE_FAILED'],
  ['tokens (3,500 characters)', (n) => `{ v${n}: viewer { ${'kind '.repeat(700)}} }`, 'GRAPHQL_PARSE_FAILED'],
  ['aliases (11)', (n) => `{ ${Array.from({ length: 11 }, (_, i) => `a${n}_${i}: viewer { kind }`).join(' ')} }`, 'GRAPHQL_VALIDATION_FAILED'],
  ['depth (20)', (n) => `{ v${n}: viewer { ${'... on Viewer { '.repeat(20)}kind${' }'.repeat(20)} } }`, 'GRAPHQL_VALIDATION_FAILED'],
  ['cost (messages first: 200)', (n) => `{ t${n}: thread(id: "00000000-0000-4000-8000-000000000000") { messages(first: 200) { edges { node { id text turn { id answer } } } } } }`, 'GRAPHQL_VALIDATION_FAILED'],
];

export async function benchLimits(): Promise<void> {
  const database = await benchDatabase();
  const databaseUrl = database.url;
  const service = await startService({
    config: loadConfig({ NODE_ENV: 'production', DATABASE_URL: databaseUrl, PORT: '0', DEV_SEED: 'false', LOG_LEVEL: 'silent' }),
    runner: idle,
    log,
  });
  const url = `${service.url}/graphql`;
  try {
    console.log(`refused anonymous documents, ${REQUESTS} distinct each (2-core shared machine: times are noisy)`);
    console.log('case                            p50 ms   p95 ms   heap kept per document');
    for (const [name, make, expected] of CASES) {
      await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: make(-1) }) });
      const before = retained();
      const times: number[] = [];
      for (let n = 0; n < REQUESTS; n++) {
        const body = JSON.stringify({ query: make(n) });
        const t0 = performance.now();
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        const text = await response.text();
        times.push(performance.now() - t0);
        if (!text.includes(expected)) throw new Error(`${name}: expected ${expected}, got ${text.slice(0, 200)}`);
      }
      const kept = (retained() - before) / REQUESTS;
      console.log(`${name.padEnd(32)}${pct(times, 50).toFixed(1).padStart(6)}   ${pct(times, 95).toFixed(1).padStart(6)}   ${(kept / 1024).toFixed(1).padStart(8)} KB`);
    }
  } finally {
    await service.close();
    await database.stop();
  }
}
