import type { ConditionPage } from '../../knowledge/types.js';
import type { Demographics } from '../../contract/turn.js';
import type { RetrievalResult } from '../../contract/retrieval.js';
import { assessSafety } from '../../safety/index.js';
import { normalise } from '../../clinical/text.js';
import { compileConditions, type CompiledCondition } from './conditions.js';
import { readFacts, type PatientFacts } from './facts.js';
import { createReader, type Reader, type StemmedClause } from './lexicon.js';
import { scoreCondition, type Candidate } from './score.js';
import { decideSeverity, type SeverityDecision } from './severity.js';

/**
 * The offline engine's clinical core, free of streaming: read the messages, score the candidate
 * conditions, pick one (or none), decide the severity. `explain.ts` turns the result into prose.
 */

export interface Analyser {
  readonly reader: Reader;
  readonly conditions: readonly CompiledCondition[];
  analyse(messages: string[], demographics: Demographics | undefined, retrieval: RetrievalResult): OfflineAnalysis;
  facts(messages: string[], demographics: Demographics | undefined): PatientFacts;
}

export interface OfflineAnalysis {
  facts: PatientFacts;
  /** Candidates best first (excluded ones last). */
  ranked: Candidate[];
  /** The chosen candidate, or undefined when nothing fits well enough (inconclusive). */
  best?: Candidate;
  severity: SeverityDecision;
}

/**
 * Below this the best candidate is too weak to name: roughly "one generic symptom and a lukewarm
 * search result". Tuned on the development cases (see the evaluation).
 */
export const CONFIDENCE_THRESHOLD = 1.0;
/** The person's words must support the condition too: a search hit alone is not enough to name it. */
export const MIN_EVIDENCE = 0.25;
/** ...unless the search is sure of it (first, with this similarity or more). */
const CONFIDENT_SEARCH = 0.6;
/** A condition the search did not return is considered only with this much evidence of its own. */
const UNRETRIEVED_MIN_EVIDENCE = 2.2;

export function createAnalyser(pages: readonly ConditionPage[]): Analyser {
  const reader = createReader(pages);
  const conditions = compileConditions(pages, reader.fix);
  return {
    reader,
    conditions,
    facts: readFacts,
    analyse(messages, demographics, retrieval) {
      const facts = readFacts(messages, demographics);
      const clauses = reader.read([...messages, ...facts.derived]);
      const ranked = rank(conditions, clauses, facts, retrieval);
      const text = messages.map(normalise).join(' . ');
      const top = ranked[0];
      const searchSure = (top?.retrieval?.rank === 1 && top.retrieval.score >= CONFIDENT_SEARCH) || false;
      if (!top || top.excluded || top.score < CONFIDENCE_THRESHOLD || (top.evidence < MIN_EVIDENCE && !searchSure)) {
        return { facts, ranked, severity: secondOpinion(inconclusiveSeverity(top, facts, text), messages, demographics) };
      }
      return { facts, ranked, best: top, severity: candidateSeverity(top, facts, messages, demographics) };
    },
  };
}

/**
 * Not naming a condition is no reason to lower the guard: if the nearest candidate would be an
 * emergency, say so, and if it is an emergency page on thin evidence, a doctor today. Otherwise not knowing is not urgency: with no warning sign in the message
 * (the safety rules and the urgency model raise it to 111 or 999 when there is one, whatever the
 * page), it is a pharmacist or a routine GP appointment, with 111 if it gets worse. Urgent by
 * default sent dandruff and a map-like tongue to 111: across the outside case sets, an unnamed
 * complaint with no rule firing was self-care in 52 of 59 cases and never an emergency.
 */
function inconclusiveSeverity(top: Candidate | undefined, facts: PatientFacts, text: string): OfflineAnalysis['severity'] {
  const nearest = top && !top.excluded ? decideSeverity(top, facts, text) : undefined;
  if (nearest?.severity === 'A&E') return { ...nearest, reason: `nothing matched clearly enough to name a condition, but the nearest, ${top?.condition.page.title}, would need emergency care` };
  if (top && !top.excluded && top.condition.page.defaultSeverity === 'A&E') {
    return { severity: 'Urgent Primary Care', reason: `nothing matched clearly enough to name a condition, and the nearest, ${top.condition.page.title}, would need hospital care, so a doctor should check today`, flags: [] };
  }
  return { severity: 'Self-care', reason: 'nothing matched clearly enough to name a condition and no warning sign was mentioned, so a pharmacist or a GP appointment is the next step', flags: [], seeGp: true };
}

/** The severity a candidate condition gives this person: its page's tiers, with the second opinion. */
export function candidateSeverity(candidate: Candidate, facts: PatientFacts, messages: string[], demographics: Demographics | undefined): SeverityDecision {
  return secondOpinion(decideSeverity(candidate, facts, messages.map(normalise).join(' . ')), messages, demographics);
}

/**
 * Below this probability of needing care today, from the urgency model, the engine's own urgency
 * is not trusted on its own. Chosen on blind-v (never trained on): at 0.1 it stepped down 12 of
 * its 374 triage cases, 11 rightly; at 0.2, 17 with 2 wrongly.
 */
export const NOT_URGENT_BELOW = 0.1;

/**
 * A second opinion on the engine's urgency. The page's words decide it lexically, so a wrong page
 * ("car sick" read as epilepsy, a black toenail as a brain bleed) or a missed negation ("wasn't
 * knocked out") makes a minor complaint urgent. When no safety rule fired and the urgency model,
 * trained on thousands of labelled messages, gives under NOT_URGENT_BELOW for "needs care today",
 * the engine's severity steps down one level: 999 becomes a doctor today, urgent becomes a GP
 * appointment. Any rule that fires holds the floor as before (the pipeline applies it after), and
 * a message the model finds urgent is left alone.
 */
function secondOpinion(decision: SeverityDecision, messages: string[], demographics: Demographics | undefined): SeverityDecision {
  if (decision.severity === 'Self-care') return decision;
  const safety = assessSafety(messages.join(' . '), demographics);
  const urgent = safety.urgency?.urgent;
  if (safety.fired.length > 0 || urgent === undefined || urgent >= NOT_URGENT_BELOW) return decision;
  const because = `${decision.reason}; but no warning sign was mentioned and the message does not read as urgent (${Math.round(urgent * 100)}% by the urgency model)`;
  if (decision.severity === 'A&E') return { ...decision, severity: 'Urgent Primary Care', reason: `${because}, so a doctor should check today rather than 999` };
  return { ...decision, severity: 'Self-care', reason: `${because}, so a GP appointment when you can is enough`, seeGp: true };
}

function rank(conditions: readonly CompiledCondition[], clauses: StemmedClause[], facts: PatientFacts, retrieval: RetrievalResult): Candidate[] {
  const retrieved = new Map(retrieval.conditions.map((c, i) => [c.slug, { score: c.score, rank: i + 1 }]));
  const top = retrieval.conditions[0]?.score ?? 1;
  const scored = conditions.map((c) => {
    const r = retrieved.get(c.page.slug);
    return scoreCondition(c, clauses, facts, r ? { ...r, top } : undefined);
  });
  // Retrieval is the candidate source; a page it missed needs strong evidence of its own.
  const eligible = scored.filter((c) => c.retrieval || c.score >= UNRETRIEVED_MIN_EVIDENCE);
  return yieldThinEmergencies(eligible.sort((a, b) => b.score - a.score));
}

/**
 * An emergency page (default severity A&E) resting on one symptom and no warning sign: "stiff
 * neck" alone is neck pain far more often than meningitis, which needs a fever, a rash or being
 * very unwell besides. The person named the condition, or two or more of its symptoms, or any
 * of its red flags, and it is not thin.
 */
export function isThinEmergency(c: Candidate): boolean {
  return (
    c.condition.page.defaultSeverity === 'A&E' &&
    !c.excluded &&
    !c.namedInText &&
    c.symptoms.length <= 1 &&
    !c.flags.some((f) => f.level === 'red')
  );
}

/**
 * A thin emergency does not outrank a less urgent condition that the person's words support at
 * least as well (evidence as high, and enough to name it): that one is put first, and the
 * emergencies it passes follow it in their order. Red flags and the safety rules still send
 * anything that is an emergency to A&E; this only stops a single common symptom ("swelling",
 * "high temperature") from choosing an emergency page over the everyday one it also fits.
 */
export function yieldThinEmergencies(ranked: Candidate[]): Candidate[] {
  const top = ranked[0];
  if (!top || !isThinEmergency(top)) return ranked;
  let thinEvidence = 0;
  for (let i = 0; i < ranked.length; i++) {
    const c = ranked[i] as Candidate;
    if (c.excluded) break;
    if (isThinEmergency(c)) {
      thinEvidence = Math.max(thinEvidence, c.evidence);
      continue;
    }
    if (c.condition.page.defaultSeverity === 'A&E') return ranked;
    if (c.evidence >= MIN_EVIDENCE && c.evidence >= thinEvidence) {
      return [c, ...ranked.slice(0, i), ...ranked.slice(i + 1)];
    }
  }
  return ranked;
}
