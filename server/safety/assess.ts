import type { Demographics } from '../contract/turn.js';
import { KIND_PRIORITY, RULES, type Rule } from './rules.js';
import { SAFETY_KNOWN_WORDS, SAFETY_VOCABULARY, SIGNALS, type Signal, type SignalId } from './signals.js';
import { contextSignals, type ContextSignalId } from './context.js';
import { isNegated, REMOTE_PAST, toClauses, typoFixer, type Clause } from './text.js';
import type { AssessSafety, EmergencyKind, SafetyAssessment } from './types.js';

const fixTypo = typoFixer(SAFETY_VOCABULARY, new Set(SAFETY_KNOWN_WORDS));

/** Every non-negated occurrence of each signal, as the matched phrases. */
export function findSignals(clauses: Clause[]): Map<SignalId, string[]> {
  const found = new Map<SignalId, string[]>();
  for (const [id, signal] of Object.entries(SIGNALS) as [Exclude<SignalId, ContextSignalId>, Signal][]) {
    for (const clause of clauses) {
      if (signal.unless?.test(clause.text)) continue;
      if (signal.negation === 'normal' && REMOTE_PAST.test(clause.text)) continue;
      for (const m of clause.text.matchAll(signal.pattern)) {
        const start = countSpaces(clause.text, m.index);
        const end = start + countSpaces(m[0], m[0].length) + 1;
        if (signal.negation === 'normal' && isNegated(clause, start, end, { stopAtAnd: true })) continue;
        if (signal.negation === 'strict' && isNegated(clause, start, end, { window: 3, stopAtAnd: true })) continue;
        const list = found.get(id) ?? [];
        list.push(m[0]);
        found.set(id, list);
      }
    }
  }
  return found;
}

function countSpaces(text: string, upTo: number): number {
  let n = 0;
  for (let i = 0; i < upTo; i++) if (text[i] === ' ') n++;
  return n;
}

function fires(rule: Rule, found: Map<SignalId, string[]>): string[] | null {
  if (rule.except?.every((group) => group.some((id) => found.has(id)))) return null;
  const phrases: string[] = [];
  for (const group of rule.needs) {
    const present = group.filter((id) => found.has(id));
    if (present.length === 0) return null;
    for (const id of present) phrases.push(...(found.get(id) ?? []));
  }
  return phrases;
}

/**
 * The emergency rules every engine passes through. Pure and synchronous: the same text always
 * gives the same answer, so a model can never talk its way past it.
 */
export const assessSafety: AssessSafety = (text: string, demographics?: Demographics): SafetyAssessment => {
  const clauses = toClauses(text, fixTypo);
  const found = findSignals(clauses);
  if (demographics?.age !== undefined && demographics.age < 16) {
    found.set('child', [...(found.get('child') ?? []), `age ${demographics.age}`]);
  }
  for (const [id, why] of contextSignals(text, demographics)) found.set(id, [...(found.get(id) ?? []), ...why]);
  const fired: { rule: Rule; phrases: string[] }[] = [];
  for (const rule of RULES) {
    const phrases = fires(rule, found);
    if (phrases) fired.push({ rule, phrases });
  }
  fired.sort((a, b) => KIND_PRIORITY.indexOf(a.rule.kind) - KIND_PRIORITY.indexOf(b.rule.kind));
  const emergencies = fired.filter((f) => (f.rule.level ?? 'EMERGENCY') === 'EMERGENCY');
  const kinds: EmergencyKind[] = [...new Set(emergencies.map((f) => f.rule.kind))];
  const matched = [...new Set(emergencies.flatMap((f) => f.phrases))];
  const hint = emergencies.find((f) => f.rule.hint)?.rule.hint;
  return {
    emergency: emergencies.length > 0,
    kinds,
    matched,
    ...(hint ? { conditionHint: hint } : {}),
    urgent: emergencies.length === 0 && fired.length > 0,
    fired: fired.map((f) => ({ label: f.rule.label, level: f.rule.level ?? 'EMERGENCY', source: f.rule.source, matched: [...new Set(f.phrases)] })),
  };
};
