import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runTriageEval, type TriageReport } from '../../server/eval/triage.js';
import { readManifest, type Sweep } from './eval-ledger.js';

/**
 * Measures the sets of the manifest with the offline engine and the safety floor, as
 * `npm run eval -- --mode triage --cases FILE` does, and writes the figures to
 * bench/results/eval-sets.json (the "now" column of docs/evaluation.md's ledger); then
 * `npx tsx scripts/docs/generate.ts` rewrites the doc. Each figure is prefixed with the last commit
 * that changed the code it measures and the day, and written as soon as its set is done, so a
 * sweep of some sets (`npx tsx scripts/docs/eval-sweep.ts styles-g conv-g`) keeps the others'
 * earlier figures with their own commits. Message sets give A&E recall, under-triage, over-triage,
 * severity and route accuracy (and, for the styles sets, how many anxious and downplayed self-care
 * messages were raised); conversation sets the first four after the last message; pair sets the
 * first four and how many pairs had both sides right. Measuring a blind set reads none of its
 * cases, so it stays blind. About 1 to 1.5 minutes a message set on 2 cores, 2 to 3 a
 * conversation set.
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
  'The latest figures of every evaluation set with the offline engine and the safety floor (A&E recall, under-triage, over-triage, severity accuracy; route accuracy and the styles for message sets; after the last message for conversations; pairs with both sides right), each after the code commit and day it was measured on: the "now" column of docs/evaluation.md. Rewritten by `npx tsx scripts/docs/eval-sweep.ts [SET ...]`.';
sweep.measuredOn = 'each figure names the commit of the code it was measured on (the last change to server/, knowledge/ or prompts/) and the day';
const levels = (r: { aeRecall: number; underTriageRate: number; overTriageRate: number; severityAccuracy: number }) =>
  `${f(r.aeRecall)}, ${pct(r.underTriageRate)}, ${pct(r.overTriageRate)}, ${f(r.severityAccuracy)}`;

/** The "now" figure of one set, from its report: what the ledger's first-blind column gives for its kind. */
function figure(kind: string, report: TriageReport): string {
  if (kind === 'conversations' && report.conversations) return `${levels(report.conversations)} after the last message`;
  if (kind === 'minimal pairs' && report.pairs) {
    const groups = Object.values(report.pairs);
    const both = groups.reduce((n, g) => n + g.bothRight, 0);
    const all = groups.reduce((n, g) => n + g.pairs, 0);
    return `${levels(report)}; both sides right in ${both} of ${all} pairs`;
  }
  const raised = Object.entries(report.byStyle ?? {})
    .filter(([style]) => style !== 'basic')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([style, s]) => `${style} self-care raised ${s.selfCareOverTriaged}`);
  return [`${levels(report)}, ${f(report.routeAccuracy)}`, ...raised].join('; ');
}

for (const entry of readManifest(ROOT).filter((e) => only.size === 0 || only.has(e.set))) {
  const report = await runTriageEval({ casesFile: path.join(ROOT, entry.file), json: false, flags: {} });
  sweep.sets[entry.set] = `${commit} (${day}): ${figure(entry.kind, report)}${entry.blind ? ' (never read)' : ''}`;
  process.stderr.write(`${entry.set}: ${sweep.sets[entry.set]}\n`);
  writeFileSync(FILE, `${JSON.stringify(sweep, null, 2)}\n`);
}
