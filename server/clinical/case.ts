import { COUNTS_AS_PRESENT } from './context.js';
import type { Finding } from './findings.js';
import { CORRECTION, NEGATION_CUES, RETRACT_PREVIOUS } from './modifiers.js';
import type { Clause } from './text.js';

/**
 * The case a conversation builds (after the evidence list of triage APIs): every finding of every
 * message, each present, absent, feared... and where it came from, accumulated message by
 * message. A finding stands for the rest of the conversation: "it's eased", "thanks" or a new
 * question do not take it back. Only a correction does ("sorry, I meant my finger, not my
 * chest"), which retracts what it denies from the earlier messages.
 */

export interface CaseMessage<C extends string> {
  /** The message's normalised clauses, as the readers saw them. */
  clauses: Clause[];
  findings: Finding<C>[];
}

export interface ClinicalCase<C extends string> {
  /**
   * Every finding, oldest message first. `retracted`: a later correction took it back;
   * `supersededBy`: a later message denied it (the evidence list keeps the latest answer).
   */
  findings: (Finding<C> & { retracted?: true; supersededBy?: number; /** Answered by its checks (`SuspicionChecks`), not denied. */ checked?: true })[];
  /** Messages whose findings were corrected by a later one (index: by which). */
  corrections: { message: number; by: number }[];
}

/** Words a correction denies: the content words right after its negation cues ("not my chest"). */
function deniedWords(clauses: Clause[]): Set<string> {
  const out = new Set<string>();
  for (const c of clauses) {
    c.tokens.forEach((t, i) => {
      if (!NEGATION_CUES.has(t)) return;
      for (const w of c.tokens.slice(i + 1, i + 4)) if (w.length > 3 && !NEGATION_CUES.has(w)) out.add(w);
    });
  }
  return out;
}

/**
 * How a suspicion is answered: a concept that names what the person suspects ("I think I'm having
 * a stroke") is answered when a later message gives at least `needs` reassuring results of its
 * checks (a check denied, or a reassuring finding: both arms lift, speech is normal) and none of
 * its checks is present.
 */
export type SuspicionChecks<C extends string> = Partial<
  Record<C, { checks: readonly C[]; reassuring: readonly C[]; needs: number;
    /** Standing anywhere in the case, these keep the finding. */ unlessStanding?: readonly C[];
    /** The answer applies only when one of these stands in the case (the path the NHS page gives). */ onlyWithStanding?: readonly C[] }>
>;

/**
 * Folds the messages of a conversation, oldest first, into its case. A later denial of a concept
 * ("no, he isn't drowsy", a temperature now under 38) answers an earlier finding of it; a sign
 * that eased or went ("resolved") does not: the level reached holds.
 */
export function buildCase<C extends string>(messages: readonly CaseMessage<C>[], suspicions: SuspicionChecks<C> = {}): ClinicalCase<C> {
  const findings: ClinicalCase<C>['findings'] = [];
  const corrections: ClinicalCase<C>['corrections'] = [];
  messages.forEach((m, index) => {
    const text = m.clauses.map((c) => c.text).join(' . ');
    if (index > 0 && RETRACT_PREVIOUS.test(text)) {
      for (const f of findings) if (f.message === index - 1) f.retracted = true;
      corrections.push({ message: index - 1, by: index });
    } else if (index > 0 && CORRECTION.test(text)) {
      const denied = deniedWords(m.clauses);
      const absent = new Set(m.findings.filter((f) => f.assertion === 'absent').map((f) => f.concept));
      for (const f of findings) {
        if (f.retracted || !COUNTS_AS_PRESENT.has(f.assertion)) continue;
        // What it denies ("not my chest") takes back the clause that said it ("cut my chest, its bleeding everywhere").
        const clause = f.clause >= 0 ? messages[f.message]?.clauses[f.clause]?.tokens : undefined;
        if (absent.has(f.concept) || (clause ?? f.words.split(' ')).some((w) => denied.has(w))) {
          f.retracted = true;
          if (!corrections.some((c) => c.message === f.message && c.by === index)) corrections.push({ message: f.message, by: index });
        }
      }
    }
    const denied = new Set(m.findings.filter((f) => f.assertion === 'absent').map((f) => f.concept));
    const presentHere = new Set(m.findings.filter((f) => COUNTS_AS_PRESENT.has(f.assertion)).map((f) => f.concept));
    const standing = new Set(
      [...findings.filter((f) => !f.retracted && f.supersededBy === undefined && COUNTS_AS_PRESENT.has(f.assertion)), ...m.findings.filter((f) => COUNTS_AS_PRESENT.has(f.assertion))].map((f) => f.concept),
    );
    for (const f of findings) {
      if (f.retracted || f.supersededBy !== undefined || !COUNTS_AS_PRESENT.has(f.assertion)) continue;
      const suspicion = suspicions[f.concept];
      const answered =
        suspicion !== undefined &&
        !suspicion.checks.some((c) => presentHere.has(c)) &&
        !(suspicion.unlessStanding ?? []).some((c) => standing.has(c)) &&
        (suspicion.onlyWithStanding === undefined || suspicion.onlyWithStanding.some((c) => standing.has(c))) &&
        suspicion.checks.filter((c) => denied.has(c)).length + suspicion.reassuring.filter((c) => presentHere.has(c)).length >= suspicion.needs;
      if (denied.has(f.concept) && !presentHere.has(f.concept)) f.supersededBy = index;
      else if (answered) {
        f.supersededBy = index;
        f.checked = true;
      }
    }
    for (const f of m.findings) findings.push({ ...f, message: index });
  });
  return { findings, corrections };
}

/** The findings of the case that count as present now (not retracted). */
export function standingFindings<C extends string>(c: ClinicalCase<C>, message?: number): Finding<C>[] {
  return c.findings.filter((f) => !f.retracted && f.supersededBy === undefined && COUNTS_AS_PRESENT.has(f.assertion) && (message === undefined || f.message === message));
}
