import type { ConditionPage } from '../../knowledge/types.js';
import type { Demographics } from '../../contract/turn.js';
import type { RetrievalResult } from '../../contract/retrieval.js';
import { normalise } from '../../safety/text.js';
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
        return { facts, ranked, severity: inconclusiveSeverity(top, facts, text) };
      }
      return { facts, ranked, best: top, severity: decideSeverity(top, facts, text) };
    },
  };
}

/**
 * Not naming a condition is no reason to lower the guard: if the nearest candidate would be an
 * emergency, say so; otherwise point to NHS 111 or a GP.
 */
function inconclusiveSeverity(top: Candidate | undefined, facts: PatientFacts, text: string): OfflineAnalysis['severity'] {
  const nearest = top && !top.excluded ? decideSeverity(top, facts, text) : undefined;
  if (nearest?.severity === 'A&E') return { ...nearest, reason: `nothing matched clearly enough to name a condition, but the nearest, ${top?.condition.page.title}, would need emergency care` };
  return { severity: 'Urgent Primary Care', reason: 'nothing matched clearly enough to name a condition, so it is safest to speak to NHS 111 or a GP', flags: [] };
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
