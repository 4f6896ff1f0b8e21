import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { runTriageEval } from '../../server/eval/triage.js';
import { readManifest, type Sweep } from './eval-ledger.js';

/**
 * Measures every message set of the manifest with the offline engine and the safety floor, as
 * `npm run eval -- --mode triage --cases FILE` does, and writes the figures to
 * bench/results/eval-sets.json (the "now" column of docs/evaluation.md's ledger); then
 * `npx tsx scripts/docs/generate.ts` rewrites the doc. Conversation and pair sets have their own
 * reports (`npm run eval` prints them) and are not swept here. Measuring a blind set reads none of
 * its cases, so it stays blind. About 15 minutes on 2 idle cores.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const f = (x: number) => x.toFixed(3);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
const sets: Record<string, string> = {};
for (const entry of readManifest(ROOT).filter((e) => e.kind === 'messages')) {
  const report = await runTriageEval({ casesFile: path.join(ROOT, entry.file), json: false, flags: {} });
  sets[entry.set] = `${f(report.aeRecall)}, ${pct(report.underTriageRate)}, ${pct(report.overTriageRate)}, ${f(report.severityAccuracy)}, ${f(report.routeAccuracy)}`;
  process.stderr.write(`${entry.set}: ${sets[entry.set]}\n`);
}
const sweep: Sweep = {
  about:
    'The latest sweep of every message set with the offline engine and the safety floor (A&E recall, under-triage, over-triage, severity accuracy, route accuracy): the "now" column of docs/evaluation.md. Rewritten by `npx tsx scripts/docs/eval-sweep.ts`.',
  measuredOn: `${commit}, ${new Date().toISOString().slice(0, 10)}`,
  sets,
};
writeFileSync(path.join(ROOT, 'bench/results/eval-sets.json'), `${JSON.stringify(sweep, null, 2)}\n`);
