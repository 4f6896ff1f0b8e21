import { benchRetrieval } from './retrieval.js';
import { benchTracing } from './tracing.js';
import { benchTurns } from './turns.js';
import { benchLimits } from './limits.js';
import { benchAdvice } from './advice.js';

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
};

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = wanted.filter((w) => !(w in BENCHES));
  if (unknown.length) throw new Error(`Unknown bench ${unknown.join(', ')}; known: ${Object.keys(BENCHES).join(', ')}`);
  for (const [name, run] of Object.entries(BENCHES)) {
    if (wanted.length && !wanted.includes(name)) continue;
    console.log(`== ${name}`);
    await run();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
});
