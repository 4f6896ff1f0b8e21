import type { ConditionPage } from '../knowledge/types.js';
import type { Prediction } from '../contract/events.js';
import { RELATED_CONDITIONS } from './rules.js';
import type { SafetyAssessment } from './types.js';

/** What the floor changed, for the Turn's staff trace. */
export interface SafetyFloorTrace {
  kinds: SafetyAssessment['kinds'];
  matched: string[];
  from: Prediction;
  to: Prediction;
  /** Which fields were overridden (empty when the prediction already met the floor). */
  changed: ('severity' | 'condition')[];
  reason: string;
}

export interface SafetyFloorResult {
  prediction: Prediction;
  overridden: boolean;
  /** null when no emergency was detected (nothing to enforce). */
  trace: SafetyFloorTrace | null;
}

type PageRef = Pick<ConditionPage, 'slug' | 'title' | 'redFlags'>;

const FILLER = new Set(['and', 'the', 'with', 'has', 'have', 'had', 'was', 'are', 'not', 'can', 'cant', 'very', 'going', 'gone']);
// Five-letter prefixes, so "slurring" meets "slurred" and "breathless" meets "breathlessness".
const words = (s: string): string[] =>
  s
    .toLowerCase()
    .replace(/'/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2 && !FILLER.has(w))
    .map((w) => w.slice(0, 5));

/**
 * A page "knows" the emergency when one of its red-flag terms is mostly made of the words that
 * triggered it (asthma's "too breathless to speak" for "too breathless to talk").
 */
function pageRecognises(page: PageRef | undefined, matched: string[]): boolean {
  if (!page) return false;
  const said = new Set(matched.flatMap(words));
  return page.redFlags.some((flag) =>
    flag.terms.some((term) => {
      const t = words(term);
      const hits = t.filter((w) => said.has(w));
      return t.length > 0 && hits.length * 2 >= t.length && hits.some((w) => w.length >= 5);
    }),
  );
}

const urgentRules = (a: SafetyAssessment) => a.fired.filter((f) => f.level === 'URGENT');

/** Urgent signs (no emergency): Self-care becomes Urgent Primary Care; the condition stays. */
function urgentFloor(prediction: Prediction, assessment: SafetyAssessment): SafetyFloorResult {
  if (!assessment.urgent) return { prediction, overridden: false, trace: null };
  const rules = urgentRules(assessment);
  const next: Prediction = prediction.severity === 'Self-care' ? { ...prediction, severity: 'Urgent Primary Care' } : prediction;
  const changed: SafetyFloorTrace['changed'] = next.severity !== prediction.severity ? ['severity'] : [];
  const matched = [...new Set(rules.flatMap((r) => r.matched))];
  return {
    prediction: next,
    overridden: changed.length > 0,
    trace: {
      kinds: [],
      matched,
      from: prediction,
      to: next,
      changed,
      reason: changed.length ? `urgent signs (${rules.map((r) => r.label).join('; ')}) from: ${matched.slice(0, 5).join('; ')}` : 'prediction already met the urgent floor',
    },
  };
}

/**
 * Enforces the emergency rules on any engine's prediction: severity becomes A&E, and the condition
 * becomes the rule's hint when the prediction is inconclusive or unrelated to the emergency (a
 * condition is related when it is listed for the emergency kind or its page lists the trigger as
 * a red flag, e.g. croup with blue lips).
 */
export function applySafetyFloor(
  prediction: Prediction,
  assessment: SafetyAssessment,
  pages: readonly PageRef[],
): SafetyFloorResult {
  if (!assessment.emergency) return urgentFloor(prediction, assessment);
  const bySlug = new Map(pages.map((p) => [p.slug, p]));
  const related = new Set(assessment.kinds.flatMap((k) => RELATED_CONDITIONS[k]));
  const hintPage = assessment.conditionHint ? bySlug.get(assessment.conditionHint) : undefined;
  if (hintPage) related.add(hintPage.slug);

  const keepCondition =
    prediction.condition !== 'inconclusive' &&
    (!hintPage || related.has(prediction.condition) || pageRecognises(bySlug.get(prediction.condition), assessment.matched));
  const next: Prediction = {
    condition: keepCondition || !hintPage ? prediction.condition : hintPage.slug,
    conditionTitle: keepCondition || !hintPage ? prediction.conditionTitle : hintPage.title,
    severity: 'A&E',
  };
  const changed: SafetyFloorTrace['changed'] = [];
  if (next.severity !== prediction.severity) changed.push('severity');
  if (next.condition !== prediction.condition) changed.push('condition');
  const reason =
    changed.length === 0
      ? 'prediction already met the emergency floor'
      : `emergency (${assessment.kinds.join(', ')}) detected from: ${assessment.matched.slice(0, 5).join('; ')}`;
  return {
    prediction: next,
    overridden: changed.length > 0,
    trace: { kinds: assessment.kinds, matched: assessment.matched, from: prediction, to: next, changed, reason },
  };
}
