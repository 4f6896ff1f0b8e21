import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { readMessage } from '../safety/find-signals.js';
import { urgencyFeatures } from '../safety/urgency/features.js';
import { URGENCY_WEIGHTS_FILE, type UrgencyWeights } from '../safety/urgency/model.js';
import { fitLogistic, scoreHead, type Example } from '../safety/urgency/train.js';
import type { Severity } from '../contract/events.js';
import type { Demographics } from '../contract/turn.js';
import { isTriage, messageCases, parseCases, type EvalCase } from './cases.js';

/**
 * Fits the urgency model on labelled case files and writes server/safety/urgency/weights.json.
 *
 *   npm run urgency:train                       the files listed in TRAINING_FILES
 *   npm run urgency:train -- --leave-out FILE   fit on the others, print the left-out file's scores (JSON)
 *
 * Which files: every set written by people outside the team that has already been measured
 * once. A set kept for a blind figure must never be listed here (README, "Evaluation").
 */
export const TRAINING_FILES = [
  'test/eval/dev-cases.jsonl',
  'test/eval/holdout-cases.jsonl',
  'test/eval/blind-a-cases.jsonl',
  'test/eval/blind-b-cases.jsonl',
  'test/eval/blind-c-cases.jsonl',
  'test/eval/blind-d-cases.jsonl',
  'test/eval/blind-e-cases.jsonl',
  'test/eval/blind-f-cases.jsonl',
  'test/eval/blind-g-cases.jsonl',
  'test/eval/blind-h-cases.jsonl',
  'test/eval/blind-i-cases.jsonl',
  'test/eval/blind-j-cases.jsonl',
  'test/eval/blind-k-cases.jsonl',
  'test/eval/blind-l-cases.jsonl',
  'test/eval/blind-m-cases.jsonl',
  'test/eval/blind-n-cases.jsonl',
  'test/eval/blind-p-cases.jsonl',
  'test/eval/blind-q-cases.jsonl',
  'test/eval/blind-o-cases.jsonl',
  'test/eval/blind-r-cases.jsonl',
  'test/eval/blind-s-cases.jsonl',
  'test/eval/blind-t-cases.jsonl',
  'test/eval/blind-u-cases.jsonl',
  'test/eval/blind-v-cases.jsonl',
  'test/eval/blind-w-cases.jsonl',
  'test/eval/blind-x-cases.jsonl',
  'test/eval/blind-y-cases.jsonl',
  'test/eval/blind-z-cases.jsonl',
  // The sets in the peer protocol's styles (anxious, downplayed) and the minimal pairs (a sign
  // denied, feared, asked about, someone else's, long ago, resolved): the blind-a to -z files have
  // few such messages, and a model that has never seen "im terrified of getting crushing chest pain"
  // labelled Self-care reads its words as an emergency. Leaving each of these and each blind set
  // out in turn (`urgency-loso.ts`; 2026-12-02): the model alone raised 7-19 of each left-out
  // styles or pairs set's non-emergencies to 999 (15-25 when none were in training), with the
  // same A&E cases caught (619 of 625), and blind-a to -z 0.990 caught, 4.1 % raised (0.991,
  // 4.3 % before). (An earlier attempt, with styles-a alone and before the modifiers read
  // fears, raised blind-ai's over-triage.)
  'test/eval/styles-a-cases.jsonl',
  'test/eval/styles-b-cases.jsonl',
  'test/eval/styles-c-cases.jsonl',
  'test/eval/styles-d-cases.jsonl',
  'test/eval/pairs-a-cases.jsonl',
  'test/eval/pairs-b-cases.jsonl',
  'test/eval/pairs-c-cases.jsonl',
  'test/eval/pairs-d-cases.jsonl',
  // Words a context modifier marks (asked about, feared, someone else's, long ago) are their own
  // features (`h_` in features.ts), and words of worry are not features at all.
];

/** Where each head's probability becomes a floor; chosen by leaving each outside set out in turn. */
// `emergencyOverRule`: where a rule has already said "get seen today" from its NHS page, the model
// needs more than a marginal score to overrule it up to 999.
// `emergencyNeedsUrgent`: an emergency is also urgent, so the A&E head's verdict counts only where the
// urgent head gives at least 0.4 (classic flu in a young adult scored 0.24 for A&E but 0.28 for
// urgent: heads that disagree are noise, not an emergency). `marginalNeedsUrgent`: where the A&E
// score is itself marginal (under 0.3), the urgent head must find care today more likely than not:
// with blind-y and -z in training that flu scored 0.24 and 0.48 and was sent to 999, while a brother
// texting goodbye from a bridge scores 0.66 and 0.49 and must still be. Leaving each set out in turn
// (blind-a to -z): 0.990 of A&E cases caught (0.991 with 0.4 throughout), 4.4 % of the rest raised.
export const THRESHOLDS = { emergency: 0.2, emergencyOverRule: 0.3, emergencyNeedsUrgent: 0.4, marginalNeedsUrgent: 0.5, urgent: 0.7 };

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface CaseFile {
  file: string;
  sha256: string;
  /** Triage cases, and route cases (small talk, vague, off topic) as neither urgent nor an emergency. */
  cases: Labelled[];
}

interface Labelled {
  id: string;
  text: string;
  demographics?: Demographics;
  severity: Severity | null;
}

const labelled = (c: EvalCase): Labelled => ({
  id: c.id,
  text: c.text,
  ...(c.demographics ? { demographics: c.demographics } : {}),
  severity: isTriage(c) ? c.severity : null,
});

async function readCaseFile(file: string): Promise<CaseFile> {
  const text = await readFile(new URL(file, `file://${ROOT}`), 'utf8');
  return { file, sha256: createHash('sha256').update(text).digest('hex'), cases: messageCases(parseCases(text, file)).map(labelled) };
}

const featuresOf = (c: Labelled) => urgencyFeatures(readMessage(c.text, c.demographics), c.demographics);

/**
 * The minimal pairs teach the A&E head what a denial, a fear or a reassuring check does to a 999
 * sign, but they are not for the urgent head: half of them are Self-care messages that hold every
 * word of an urgent sign, and fitted on them the urgent head discounted those words. It then left
 * more than 3 % of blind-b's, -f's and -ad's cases under-triaged (3.3-3.5 %, from 2.3-2.9 %).
 */
export const readByUrgentHead = (file: string): boolean => !/(?:^|\/)pairs-[^/]*$/.test(file);

export function fitUrgency(files: readonly CaseFile[]): UrgencyWeights {
  const all = files.flatMap((f) => f.cases.map((c) => ({ c, file: f.file, features: featuresOf(c) })));
  const examples = (positive: (c: Labelled) => boolean, reads: (file: string) => boolean = () => true): Example[] =>
    all.filter(({ file }) => reads(file)).map(({ c, features }) => ({ features, positive: positive(c) }));
  return {
    thresholds: THRESHOLDS,
    heads: {
      emergency: fitLogistic(examples((c) => c.severity === 'A&E')),
      urgent: fitLogistic(examples((c) => c.severity !== null && c.severity !== 'Self-care', readByUrgentHead)),
    },
    trainedOn: files.map((f) => ({ file: f.file, sha256: f.sha256, cases: f.cases.length })),
  };
}

export async function trainFromFiles(files: readonly string[] = TRAINING_FILES): Promise<UrgencyWeights> {
  return fitUrgency(await Promise.all(files.map(readCaseFile)));
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'leave-out': { type: 'string' } } });
  const leaveOut = values['leave-out'];
  if (!leaveOut) {
    const model = await trainFromFiles();
    await writeFile(URGENCY_WEIGHTS_FILE, `${JSON.stringify(model, null, 1)}\n`);
    const size = (h: { weights: object }) => Object.keys(h.weights).length;
    console.log(`wrote ${relative(ROOT, fileURLToPath(URGENCY_WEIGHTS_FILE))}: ${size(model.heads.emergency)} + ${size(model.heads.urgent)} weights from ${model.trainedOn.reduce((n, f) => n + f.cases, 0)} cases`);
    return;
  }
  const target = relative(ROOT, leaveOut);
  const model = await trainFromFiles([...TRAINING_FILES.filter((f) => f !== target)]);
  const held = await readCaseFile(target);
  const scores = held.cases.map((c) => {
    const features = featuresOf(c);
    return { id: c.id, severity: c.severity, emergency: scoreHead(model.heads.emergency, features).p, urgent: scoreHead(model.heads.urgent, features).p };
  });
  console.log(JSON.stringify(scores));
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
