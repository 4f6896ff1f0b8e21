import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { assessSafety } from '../safety/assess.js';
import { readMessage } from '../safety/find-signals.js';
import { urgencyFeatures } from '../safety/urgency/features.js';
import { isEmergencyScore } from '../safety/urgency/model.js';
import { fitLogistic, scoreHead } from '../safety/urgency/train.js';
import { isTriage, messageCases, parseCases } from './cases.js';
import { readByUrgentHead, THRESHOLDS, TRAINING_FILES } from './urgency-train.js';

/**
 * Leave-one-set-out check of the urgency model's emergency head (`npx tsx server/eval/urgency-loso.ts
 * [threshold] [urgent needed]`): for each outside set, fit on every other training file and count the set's A&E
 * cases caught by the general rules or by the model at the threshold, and the model's raises on
 * cases that are not A&E. The rules were tuned on these sets, so the figures are optimistic; use
 * them to compare thresholds and features, and a fresh set for the figure you report.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const threshold = Number(process.argv[2] ?? THRESHOLDS.emergency);
const needsUrgent = Number(process.argv[3] ?? THRESHOLDS.emergencyNeedsUrgent);

async function load(file: string) {
  const text = await readFile(new URL(file, `file://${ROOT}`), 'utf8');
  return messageCases(parseCases(text, file)).map((c) => {
    const assessed = assessSafety(c.text, c.demographics);
    return {
      severity: isTriage(c) ? c.severity : null,
      ruleEmergency: assessed.fired.some((r) => r.level === 'EMERGENCY' && !r.label.includes('urgency model')),
      features: urgencyFeatures(readMessage(c.text, c.demographics), c.demographics),
    };
  });
}

const files = await Promise.all(TRAINING_FILES.map(async (file) => ({ file, cases: await load(file) })));
const total = { emergencies: 0, caught: 0, byModelAlone: 0, others: 0, raised: 0 };
for (const held of files.filter((f) => /\/(?:blind|styles|pairs)-/.test(f.file))) {
  const train = files.filter((f) => f !== held).flatMap((f) => f.cases);
  const head = fitLogistic(train.map((c) => ({ features: c.features, positive: c.severity === 'A&E' })));
  const urgentTrain = files.filter((f) => f !== held && readByUrgentHead(f.file)).flatMap((f) => f.cases);
  const urgentHead = fitLogistic(urgentTrain.map((c) => ({ features: c.features, positive: c.severity !== null && c.severity !== 'Self-care' })));
  const set = { emergencies: 0, caught: 0, byModelAlone: 0, others: 0, raised: 0 };
  for (const c of held.cases) {
    const flagged = isEmergencyScore(scoreHead(head, c.features).p, scoreHead(urgentHead, c.features).p, { ...THRESHOLDS, emergency: threshold, emergencyNeedsUrgent: needsUrgent });
    if (c.severity === 'A&E') {
      set.emergencies++;
      if (flagged || c.ruleEmergency) set.caught++;
      if (flagged) set.byModelAlone++;
    } else {
      set.others++;
      if (flagged && !c.ruleEmergency) set.raised++;
    }
  }
  for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += set[k];
  console.log(`${held.file}: A&E caught ${set.caught}/${set.emergencies} (model alone ${set.byModelAlone}), model raised ${set.raised}/${set.others} others`);
}
console.log(`all at ${threshold}: A&E caught ${(total.caught / total.emergencies).toFixed(3)} (model alone ${(total.byModelAlone / total.emergencies).toFixed(3)}), model raised ${((100 * total.raised) / total.others).toFixed(1)}% of others`);
