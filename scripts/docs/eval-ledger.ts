import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The ledger of evaluation sets in docs/evaluation.md, generated from test/eval/manifest.json (how
 * each set was written, whether it was tuned on, its first blind figure) and
 * bench/results/eval-sets.json (the latest sweep of every set: the "now" column). The manifest is
 * the record; the doc only shows it.
 */

export interface ManifestEntry {
  set: string;
  file: string;
  kind: string;
  written: string;
  tunedOn: boolean;
  blind: boolean;
  firstBlind: string | null;
}

export interface Sweep {
  about: string;
  measuredOn: string;
  sets: Record<string, string>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

export function readManifest(root = ROOT): ManifestEntry[] {
  return (JSON.parse(readFileSync(path.join(root, 'test/eval/manifest.json'), 'utf8')) as { sets: ManifestEntry[] }).sets;
}

export function readSweep(root = ROOT): Sweep {
  return JSON.parse(readFileSync(path.join(root, 'bench/results/eval-sets.json'), 'utf8')) as Sweep;
}

/** Cases in a set: its JSON lines (a whole conversation, or one side of a pair, a line). */
function caseCount(root: string, file: string): number {
  return readFileSync(path.join(root, file), 'utf8').split('\n').filter((l) => l.trim() && !l.trimStart().startsWith('//')).length;
}

// Sets in the order a reader looks for them: the team's own, then the outside sets as written (a..z, aa..al), then the rest.
function order(set: string): string {
  const blind = /^blind-([a-z]+)$/.exec(set);
  if (set === 'dev' || set === 'holdout') return `0${set === 'dev' ? 'a' : 'b'}`;
  if (blind) return `1${String(blind[1]!.length)}${blind[1]}`;
  return `2${set}`;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function evalLedger(entries: ManifestEntry[] = readManifest(), sweep: Sweep = readSweep(), root = ROOT): string {
  const rows = [...entries]
    .sort((a, b) => order(a.set).localeCompare(order(b.set)))
    .map((e) => {
      const status = e.blind ? '**blind**' : 'tuned on';
      // Conversation and pair sets have their own report; the sweep measures message sets.
      const now = sweep.sets[e.set] ?? (e.kind === 'messages' ? 'not swept yet' : 'own report, not swept');
      return `| ${e.set} | ${e.kind} | ${caseCount(root, e.file)} | ${status} | ${cell(e.firstBlind || '—')} | ${cell(now)} | ${cell(e.written)} |`;
    });
  return [
    '| set | kind | cases | status | first measurement, blind | now | written |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `"now": ${sweep.measuredOn}. Each figure: A&E recall, under-triage, over-triage, severity accuracy, route accuracy.`,
  ].join('\n');
}

if (process.argv[1]?.endsWith('eval-ledger.ts')) process.stdout.write(`${evalLedger()}\n`);
