import { RISK_FACTORS, SAFETY_KNOWN_WORDS, SAFETY_VOCABULARY, SIGNALS, type Signal, type SignalId } from '../clinical/concepts/index.js';
import type { Demographics } from '../contract/turn.js';
import { contextSignals, normalReadings, type ContextSignalId } from '../clinical/readings.js';
import { assertionAt, COUNTS_AS_PRESENT, isPseudoNegation, type AssertionOptions } from '../clinical/context.js';
import type { Finding } from '../clinical/findings.js';
import { ASSESSED_SINCE, NEGATION_CUES, NOT_OVER } from '../clinical/modifiers.js';
import { toClauses, typoFixer, type Clause } from '../clinical/text.js';

const fixTypo = typoFixer(SAFETY_VOCABULARY, new Set(SAFETY_KNOWN_WORDS));

/** A message as the rules read it: normalised clauses, common misspellings of key words fixed. */
export const safetyClauses = (text: string): Clause[] => toClauses(text, fixTypo);

/**
 * How each negation mode of a signal (server/clinical/concepts/signal.ts) reads its context:
 * 'normal' phrases are read with every modifier (denied, asked about, feared, someone else's, long
 * ago); 'strict' ones only with a denial right before them ("not suicidal"); 'none' carry their
 * own meaning.
 */
const READING: Record<Signal['negation'], AssertionOptions> = {
  normal: { negation: { stopAtAnd: true }, modifiers: true },
  strict: { negation: { window: 3, stopAtAnd: true }, modifiers: false },
  none: { negation: false, modifiers: false },
};

/** Every occurrence of each signal in the clauses, with what its context says of it. */
export function findSignalFindings(clauses: Clause[]): Finding<SignalId>[] {
  const findings: Finding<SignalId>[] = [];
  for (const [id, signal] of Object.entries(SIGNALS) as [Exclude<SignalId, ContextSignalId>, Signal][]) {
    const reading = signal.namesCondition ? { ...READING[signal.negation], name: true } : READING[signal.negation];
    clauses.forEach((clause, index) => {
      if (signal.unless?.test(clause.text)) return;
      // exec on the signal's own (global) pattern rather than matchAll, which clones the pattern
      // on every call: under load, with the garbage collector busy, the clones of these large
      // alternations were compiled again and again (the rules' share of the CPU doubled).
      const pattern = signal.pattern;
      pattern.lastIndex = 0;
      for (let m = pattern.exec(clause.text); m; m = pattern.exec(clause.text)) {
        if (m[0] === '') pattern.lastIndex++; // (no pattern matches empty text; never loop on one that would)
        const start = countSpaces(clause.text, m.index);
        const end = start + countSpaces(m[0], m[0].length) + 1;
        const { assertion, cue } = signal.negation === 'normal' && deniedInsideGap(signal, clause, start, end) ? { assertion: 'absent' as const, cue: undefined } : assertionAt(clause, start, end, reading);
        findings.push({ concept: id, assertion, words: m[0], clause: index, message: clause.message, ...(cue ? { cue } : {}) });
      }
    });
  }
  return findings;
}

/** The signs present (or possibly present) in the findings, as the matched phrases. */
export function presentSigns(findings: readonly Finding<SignalId>[]): Map<SignalId, string[]> {
  const found = new Map<SignalId, string[]>();
  for (const f of findings) {
    if (!COUNTS_AS_PRESENT.has(f.assertion) || (f.assertion === 'possible' && RISK_FACTORS.has(f.concept))) continue;
    found.set(f.concept, [...(found.get(f.concept) ?? []), f.words]);
  }
  return found;
}

/** Every sign present in the clauses, as the matched phrases. */
export function findSignals(clauses: Clause[]): Map<SignalId, string[]> {
  return presentSigns(findSignalFindings(clauses));
}

/**
 * A denial inside the phrase's own gap words: "neck isnt stiff" matches `neck (\w+){0,2} stiff`
 * with the cue as filler. When the phrase still matches with the cue taken out, the cue was not
 * part of its meaning (as it is in "rash doesnt fade"), so it denies the phrase.
 */
function deniedInsideGap(signal: Signal, clause: Clause, start: number, end: number): boolean {
  const tokens = clause.tokens.slice(start, end);
  // A hedge or a failed treatment ("hasnt helped", "still not better") is no denial (modifiers.ts).
  const isCue = (t: string, i: number) => NEGATION_CUES.has(t) && !isPseudoNegation(tokens, i);
  if (!tokens.some(isCue)) return false;
  const without = tokens.filter((t, i) => !isCue(t, i)).join(' ');
  return new RegExp(signal.pattern.source).test(without);
}

function countSpaces(text: string, upTo: number): number {
  let n = 0;
  for (let i = 0; i < upTo; i++) if (text[i] === ' ') n++;
  return n;
}

/** A message read for the rules: its clauses, every finding, and every sign present (the person's context included). */
export interface ReadMessage {
  clauses: Clause[];
  found: Map<SignalId, string[]>;
  findings: Finding<SignalId>[];
}

/** `sugarTalkedOf`: an earlier message of the conversation spoke of blood sugar or diabetes. */
export function readMessage(text: string, demographics?: Demographics, sugarTalkedOf = false): ReadMessage {
  const clauses = safetyClauses(text);
  const findings = findSignalFindings(clauses);
  if (demographics?.age !== undefined && demographics.age < 16) {
    findings.push({ concept: 'child', assertion: 'present', words: `age ${demographics.age}`, clause: -1, message: 0 });
  }
  for (const [id, why] of contextSignals(text, demographics)) {
    for (const words of why) findings.push({ concept: id, assertion: 'present', words, clause: -1, message: 0 });
  }
  for (const reading of normalReadings(text, demographics, sugarTalkedOf)) {
    for (const id of reading.concepts) {
      // "had a hypo, confused, had juice, now 6.8": the reading told as now answers the signs before it.
      if (reading.now) for (const f of findings) if (f.concept === id && f.assertion === 'present') f.assertion = 'resolved';
      findings.push({ concept: id, assertion: 'absent', words: 'a normal reading', clause: -1, message: 0 });
    }
  }
  resolveAssessed(clauses, findings);
  return { clauses, found: presentSigns(findings), findings };
}

/** Concepts that say the person is well now. */
const WELL_NOW: ReadonlySet<SignalId> = new Set(['recovered', 'episodePassing']);

/**
 * "had a fit with her temperature yesterday, the GP saw her, she's back to herself": a red flag
 * that is over, that a clinician has seen to since, in a person who is well now, is not a reason to
 * call 999 again (NHS: follow the plan they were given, and get help if it comes back). The signs
 * told up to the assessment become RESOLVED; anything told after it, or any word that it came back
 * or is still there, keeps them as they are.
 */
function resolveAssessed(clauses: Clause[], findings: Finding<SignalId>[]): void {
  const at = clauses.findIndex((c) => ASSESSED_SINCE.test(c.text));
  if (at < 0) return;
  const cue = ASSESSED_SINCE.exec(clauses[at]?.text ?? '')?.index ?? 0;
  const after = [clauses[at]?.text.slice(cue), ...clauses.slice(at + 1).map((c) => c.text)].join(' ');
  if (NOT_OVER.test(after)) return;
  if (!findings.some((f) => WELL_NOW.has(f.concept) && f.assertion === 'present' && f.clause >= at)) return;
  // Signs told after the assessment are the person's now ("they sent him home, now he is floppy").
  if (findings.some((f) => f.clause > at && COUNTS_AS_PRESENT.has(f.assertion) && !WELL_NOW.has(f.concept))) return;
  for (const f of findings) if (f.clause >= 0 && f.clause <= at && f.assertion === 'present' && !WELL_NOW.has(f.concept)) f.assertion = 'resolved';
}
