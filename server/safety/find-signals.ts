import { SAFETY_KNOWN_WORDS, SAFETY_VOCABULARY, SIGNALS, type Signal, type SignalId } from './signals.js';
import type { Demographics } from '../contract/turn.js';
import { contextSignals, type ContextSignalId } from './context.js';
import { isNegated, REMOTE_PAST, toClauses, typoFixer, type Clause } from './text.js';

const fixTypo = typoFixer(SAFETY_VOCABULARY, new Set(SAFETY_KNOWN_WORDS));

/** A message as the rules read it: normalised clauses, common misspellings of key words fixed. */
export const safetyClauses = (text: string): Clause[] => toClauses(text, fixTypo);

/** Every non-negated occurrence of each signal, as the matched phrases. */
export function findSignals(clauses: Clause[]): Map<SignalId, string[]> {
  const found = new Map<SignalId, string[]>();
  for (const [id, signal] of Object.entries(SIGNALS) as [Exclude<SignalId, ContextSignalId>, Signal][]) {
    for (const clause of clauses) {
      if (signal.unless?.test(clause.text)) continue;
      if (signal.negation === 'normal' && REMOTE_PAST.test(clause.text)) continue;
      // exec on the signal's own (global) pattern rather than matchAll, which clones the pattern
      // on every call: under load, with the garbage collector busy, the clones of these large
      // alternations were compiled again and again (the rules' share of the CPU doubled).
      const pattern = signal.pattern;
      pattern.lastIndex = 0;
      for (let m = pattern.exec(clause.text); m; m = pattern.exec(clause.text)) {
        if (m[0] === '') pattern.lastIndex++; // (no pattern matches empty text; never loop on one that would)
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

/** A message read for the rules: its clauses and every sign present, the person's context included. */
export interface ReadMessage {
  clauses: Clause[];
  found: Map<SignalId, string[]>;
}

export function readMessage(text: string, demographics?: Demographics): ReadMessage {
  const clauses = safetyClauses(text);
  const found = findSignals(clauses);
  if (demographics?.age !== undefined && demographics.age < 16) {
    found.set('child', [...(found.get('child') ?? []), `age ${demographics.age}`]);
  }
  for (const [id, why] of contextSignals(text, demographics)) found.set(id, [...(found.get(id) ?? []), ...why]);
  return { clauses, found };
}
