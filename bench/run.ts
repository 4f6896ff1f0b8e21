import { benchRetrieval } from './retrieval.js';
import { benchTracing } from './tracing.js';
import { benchTurns } from './turns.js';
import { benchLimits } from './limits.js';
import { benchAdvice } from './advice.js';
import { benchLoad } from './load.js';
import { benchCase } from './case.js';
import { benchMemory } from './memory.js';

/**
 * npm run bench [-- NAME ...]: runs the listed benches (all by default), one after another.
 * To add a bench, export a function from a module in bench/ and list it here.
 */

const BENCHES: Record<string, () => Promise<unknown>> = {
  retrieval: () => benchRetrieval(),
  turns: () => benchTurns(),
  tracing: () => benchTracing(),
  limits: () => benchLimits(),
  advice: () => benchAdvice(),
  case: () => benchCase(),
  load: () => benchLoad(),
  memory: () => benchMemory(),
};

/** Long benches run only when named (`npm run bench -- load`). */
const ON_REQUEST = new Set(['load', 'memory']);

async function main(): Promise<void> {
  // Names come first; what follows a long bench's name (its options) is its own.
  const args = process.argv.slice(2);
  const firstOption = args.findIndex((a) => a.startsWith('-'));
  const wanted = (firstOption === -1 ? args : args.slice(0, firstOption)).filter((a) => a in BENCHES || !/^\d/.test(a));
  const unknown = wanted.filter((w) => !(w in BENCHES));
  if (unknown.length) throw new Error(`Unknown bench ${unknown.join(', ')}; known: ${Object.keys(BENCHES).join(', ')}`);
  for (const [name, run] of Object.entries(BENCHES)) {
    if (wanted.length ? !wanted.includes(name) : ON_REQUEST.has(name)) continue;
    console.log(`== ${name}`);
    await run();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
});
