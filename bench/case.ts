import { readFileSync } from 'node:fs';
import path from 'node:path';
import { assessConversation } from '../server/safety/turn.js';
import { pct } from './support.js';

/**
 * The case per message: what a turn of a 5-message conversation costs the safety rules (every
 * earlier message read once and kept; the new one read, the case folded, the rules run over it).
 * Takes the first five messages of each conversation case in test/eval/conv-a-cases.jsonl, and
 * times the last step, a new fifth message, with the first four already read. Prints p50 / p95
 * per turn and the first read of a message, in milliseconds (target: p95 <= 2 ms, issue #30).
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.BENCH_CASE_ROUNDS ?? 5);

export async function benchCase(): Promise<{ turnMs: number[]; firstReadMs: number[] }> {
  const conversations = readFileSync(path.join(ROOT, 'test/eval/conv-a-cases.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => (JSON.parse(l) as { turns: string[] }).turns);
  const filler = ['it started yesterday', 'no other problems', 'what should i do'];
  const five = conversations.map((turns) => [...turns, ...filler].slice(0, 5));
  const turnMs: number[] = [];
  const firstReadMs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    five.forEach((messages, i) => {
      // A new last message each round, so it is read afresh as a live turn's message is.
      const last = `${messages[4]} (${round}:${i})`;
      const earlier = messages.slice(0, 4);
      let started = performance.now();
      assessConversation(earlier);
      if (round === 0) firstReadMs.push(performance.now() - started);
      started = performance.now();
      assessConversation([...earlier, last]);
      turnMs.push(performance.now() - started);
    });
  }
  const f = (ms: number) => ms.toFixed(2);
  console.log(`case per turn (5 messages, ${turnMs.length} turns): p50 ${f(pct(turnMs, 50))} ms, p95 ${f(pct(turnMs, 95))} ms (target p95 <= 2 ms)`);
  console.log(`first read of a 4-message conversation: p50 ${f(pct(firstReadMs, 50))} ms, p95 ${f(pct(firstReadMs, 95))} ms`);
  return { turnMs, firstReadMs };
}
