import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runTriageEval } from '../../server/eval/triage.js';
import { readManifest, type Sweep } from './eval-ledger.js';

/**
 * Measures every message set of the manifest with the offline engine and the safety floor, as
 * `npm run eval -- --mode triage --cases FILE` does, and writes the figures to
 * bench/results/eval-sets.json (the "now" column of docs/evaluation.md's ledger); then
 * `npx tsx scripts/docs/generate.ts` rewrites the doc. Each figure is prefixed with the last commit
 * that changed the code it measures and the day, and written as soon as its set is done, so a
 * sweep of some sets (`npx tsx scripts/docs/eval-sweep.ts blind-a dev`) keeps the others' earlier
 * figures with their own commits. Conversation and pair sets have their own reports (`npm run
 * eval` prints them) and are not swept here. Measuring a blind set reads none of its cases, so it
 * stays blind. About 1 to 1.5 minutes a set on 2 cores.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const f = (x: number) => x.toFixed(3);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

const FILE = path.join(ROOT, 'bench/results/eval-sets.json');
const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const commit = git('log', '-1', '--format=%h', '--', 'server', 'knowledge', 'prompts');
const day = new Date().toISOString().slice(0, 10);
const only = new Set(process.argv.slice(2));
const sweep: Sweep = existsSync(FILE)
  ? (JSON.parse(readFileSync(FILE, 'utf8')) as Sweep)
  : { about: '', measuredOn: '', sets: {} };
sweep.about =
  'The latest figures of every message set with the offline engine and the safety floor (A&E recall, under-triage, over-triage, severity accuracy, route accuracy), each after the code commit and day it was measured on: the "now" column of docs/evaluation.md. Rewritten by `npx tsx scripts/docs/eval-sweep.ts [SET ...]`.';
sweep.measuredOn = 'each figure names the commit of the code it was measured on (the last change to server/, knowledge/ or prompts/) and the day';
for (const entry of readManifest(ROOT).filter((e) => e.kind === 'messages' && (only.size === 0 || only.has(e.set)))) {
  const report = await runTriageEval({ casesFile: path.join(ROOT, entry.file), json: false, flags: {} });
  sweep.sets[entry.set] = `${commit} (${day}): ${f(report.aeRecall)}, ${pct(report.underTriageRate)}, ${pct(report.overTriageRate)}, ${f(report.severityAccuracy)}, ${f(report.routeAccuracy)}`;
  process.stderr.write(`${entry.set}: ${sweep.sets[entry.set]}\n`);
  writeFileSync(FILE, `${JSON.stringify(sweep, null, 2)}\n`);
}
