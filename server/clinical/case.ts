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
    const own = m.findings.map((f) => ({ ...f, message: index }) as ClinicalCase<C>['findings'][number]);
    answerWithinMessage(own, m.clauses, suspicions, standing, index);
    findings.push(...own);
  });
  return { findings, corrections };
}

/**
 * A suspicion answered later in the same message ("blood everywhere, but it stopped after ten
 * minutes of pinching", "my lip is drooping, the dentist numbed that side this morning") is
 * answered as it would be by the next message: by its reassuring findings in later clauses, with
 * none of its other checks anywhere in the message, its own concept not said again after the
 * answer, and nothing of `unlessStanding` in the case.
 */
function answerWithinMessage<C extends string>(own: ClinicalCase<C>['findings'], clauses: readonly Clause[], suspicions: SuspicionChecks<C>, standing: ReadonlySet<C>, index: number): void {
  // Where in the message a finding was said: its clause, then where its words start in it.
  const at = (f: Finding<C>) => f.clause * 100_000 + Math.max(0, clauses[f.clause]?.text.indexOf(f.words) ?? 0);
  const present = own.filter((f) => COUNTS_AS_PRESENT.has(f.assertion) && f.clause >= 0);
  for (const f of present) {
    const suspicion = suspicions[f.concept];
    if (!suspicion || f.supersededBy !== undefined) continue;
    const answers = present.filter((r) => at(r) > at(f) && suspicion.reassuring.includes(r.concept));
    if (answers.length === 0) continue;
    const answeredAt = Math.max(...answers.map(at));
    const deniedChecks = own.filter((d) => d.assertion === 'absent' && d.concept !== f.concept && suspicion.checks.includes(d.concept)).length;
    const answered =
      !present.some((p) => p.concept !== f.concept && suspicion.checks.includes(p.concept)) &&
      !present.some((p) => p.concept === f.concept && at(p) > answeredAt) &&
      !(suspicion.unlessStanding ?? []).some((c) => standing.has(c)) &&
      (suspicion.onlyWithStanding === undefined || suspicion.onlyWithStanding.some((c) => standing.has(c))) &&
      deniedChecks + new Set(answers.map((r) => r.concept)).size >= suspicion.needs;
    if (!answered) continue;
    // Every mention of it before the answer is answered with it.
    for (const g of present) if (g.concept === f.concept && at(g) <= answeredAt) Object.assign(g, { supersededBy: index, checked: true });
  }
}

/** The findings of the case that count as present now (not retracted). */
export function standingFindings<C extends string>(c: ClinicalCase<C>, message?: number): Finding<C>[] {
  return c.findings.filter((f) => !f.retracted && f.supersededBy === undefined && COUNTS_AS_PRESENT.has(f.assertion) && (message === undefined || f.message === message));
}
