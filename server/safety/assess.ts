import type { Demographics } from '../contract/turn.js';
import { KIND_PRIORITY, REASSURANCES, RULES, type Rule } from './rules.js';
import type { SignalId } from '../clinical/concepts/index.js';
import { presentSigns, readMessage, type ReadMessage } from './find-signals.js';
import { scoreUrgency, type UrgencyScore } from './urgency/model.js';
import type { AssessSafety, EmergencyKind, SafetyAssessment } from './types.js';

/** Every group has at least one of its signs present (a rule's `needs`, or its `except`). */
const allPresent = (groups: readonly (readonly SignalId[])[], found: Map<SignalId, string[]>): boolean =>
  groups.every((group) => group.some((id) => found.has(id)));

function fires(rule: Rule, found: Map<SignalId, string[]>): string[] | null {
  if (rule.except && allPresent(rule.except, found)) return null;
  const phrases: string[] = [];
  for (const group of rule.needs) {
    const present = group.filter((id) => found.has(id));
    if (present.length === 0) return null;
    for (const id of present) phrases.push(...(found.get(id) ?? []));
  }
  return phrases;
}

/** The rule's signs are all there but its documented exception applies too. */
function isExcepted(rule: Rule, found: Map<SignalId, string[]>): boolean {
  return rule.except !== undefined && allPresent(rule.except, found) && allPresent(rule.needs, found);
}

const round = (p: number): number => Math.round(p * 1000) / 1000;

const WHEN_TO_GO_TO_AE = 'https://www.nhs.uk/nhs-services/urgent-and-emergency-care-services/when-to-go-to-ae/';
const WHEN_TO_USE_111 = 'https://www.nhs.uk/nhs-services/urgent-and-emergency-care-services/when-to-use-111/';

/** The urgency model's verdict as one more fired rule, so the floor, advice and traces treat it alike. */
function urgencyRule(score: UrgencyScore, rules: { ruleEmergency: boolean; anyRule: boolean }): { rule: Rule; phrases: string[] } | null {
  if (score.level === 'EMERGENCY' && !rules.ruleEmergency) {
    return {
      rule: { kind: 'other', label: `described like an emergency (urgency model, ${round(score.emergency)})`, needs: [], source: WHEN_TO_GO_TO_AE },
      phrases: score.because,
    };
  }
  if (score.level === 'URGENT' && !rules.anyRule) {
    return {
      rule: { kind: 'other', level: 'URGENT', label: `described like a problem to be seen today (urgency model, ${round(score.urgent)})`, needs: [], source: WHEN_TO_USE_111 },
      phrases: score.because,
    };
  }
  return null;
}

/**
 * The emergency rules every engine passes through. Pure and synchronous: the same text always
 * gives the same answer, so a model can never talk its way past it.
 */
export const assessSafety: AssessSafety = (text: string, demographics?: Demographics): SafetyAssessment =>
  assessRead(readMessage(text, demographics), demographics);

/**
 * The rules and the urgency model over signs already read (one message, or a whole case).
 * `model: false`: the rules alone. `modelReads`: what the urgency model reads, when not the same
 * as what the rules read (a conversation: the rules read the whole case, the model its last
 * messages, as it was fitted on single messages).
 */
export function assessRead(
  message: ReadMessage,
  demographics?: Demographics,
  options: { model?: boolean; modelReads?: ReadMessage; /** A sign the model reads was answered in its own message: no 999 from the model alone. */ modelAnswered?: boolean } = {},
): SafetyAssessment {
  const { found } = message;
  const fired: { rule: Rule; phrases: string[] }[] = [];
  for (const rule of RULES) {
    const phrases = fires(rule, found);
    if (phrases) fired.push({ rule, phrases });
  }
  fired.sort((a, b) => KIND_PRIORITY.indexOf(a.rule.kind) - KIND_PRIORITY.indexOf(b.rule.kind));
  const ruleEmergency = fired.some((f) => (f.rule.level ?? 'EMERGENCY') === 'EMERGENCY');
  const urgency = options.model === false ? { level: null, emergency: 0, urgent: 0, because: [] } : scoreUrgency(options.modelReads ?? message, demographics, fired.length > 0 && !ruleEmergency);
  // The model only adds what the rules did not already say: an emergency the rules missed, or
  // urgency where no rule fired at all.
  // A rule held back by its documented clinical exception (a usual fit in known epilepsy that has
  // passed, cramps with diarrhoea) is a considered "not 999": the model may not overrule it upwards
  // past "get seen today".
  // So is a pattern NHS guidance calls usually not serious, told without the signs that make it so.
  // A reassurance reads what was said, answered or not (chest pain answered by "only when I press
  // on it" still caps the model), and its exceptions among what still stands.
  const said = presentSigns(message.findings.filter((f) => !(f as { retracted?: true }).retracted));
  const exception = options.modelAnswered === true || RULES.some((rule) => isExcepted(rule, found)) || REASSURANCES.some((r) => allPresent(r.needs, said) && !r.unless.some((id) => found.has(id)));
  const learned = urgencyRule(exception && urgency.level === 'EMERGENCY' ? { ...urgency, level: 'URGENT' } : urgency, { ruleEmergency, anyRule: fired.length > 0 });
  if (learned) fired.push(learned);
  const emergencies = fired.filter((f) => (f.rule.level ?? 'EMERGENCY') === 'EMERGENCY');
  const kinds: EmergencyKind[] = [...new Set(emergencies.map((f) => f.rule.kind))];
  const urgentKinds: EmergencyKind[] = emergencies.length ? [] : [...new Set(fired.map((f) => f.rule.kind))];
  const matched = [...new Set(emergencies.flatMap((f) => f.phrases))];
  const hint = emergencies.find((f) => f.rule.hint)?.rule.hint;
  return {
    emergency: emergencies.length > 0,
    kinds,
    matched,
    ...(hint ? { conditionHint: hint } : {}),
    urgent: emergencies.length === 0 && fired.length > 0,
    ...(urgentKinds.length ? { urgentKinds } : {}),
    fired: fired.map((f) => ({ label: f.rule.label, level: f.rule.level ?? 'EMERGENCY', source: f.rule.source, matched: [...new Set(f.phrases)] })),
    urgency: { emergency: round(urgency.emergency), urgent: round(urgency.urgent) },
  };
}
