import { notEvidenceAt } from '../../clinical/context.js';
import type { CompiledCondition, CompiledFlag, FlagLevel, WeightedPhrase } from './conditions.js';
import type { PatientFacts } from './facts.js';
import { matchPhrase, reassuredStems, type PhraseIndex, type Phrase, type PhraseMatch, type StemmedClause } from './lexicon.js';

/**
 * Scores candidate conditions against what the person wrote. Every number here is explainable:
 * the reasoning text lists the symptoms and flags that matched, the ones denied, and why a
 * condition was set aside (wrong age, sex or pregnancy).
 */

export interface SymptomHit {
  label: string;
  /** The page phrase that matched. */
  phrase: string;
  /** What the person wrote for it. */
  said: string;
  points: number;
  /** The words of the text it used ("clause:index"), to tell which evidence shares words. */
  tokens: readonly string[];
}

export interface FlagHit {
  label: string;
  level: FlagLevel;
  /** How it matched: words in the text, or a duration / age / pregnancy the flag names. */
  via: 'text' | 'duration' | 'age' | 'pregnancy';
  said: string;
  /** For a flag matched in the text, the words it used ("clause:index"); none for a fact. */
  tokens?: readonly string[];
}

export interface Candidate {
  condition: CompiledCondition;
  score: number;
  /** The part of the score from the person's words (symptoms, flags, naming it), without the search. */
  evidence: number;
  /** The retriever's score and rank (1-based), when it returned this condition. */
  retrieval?: { score: number; rank: number };
  symptoms: SymptomHit[];
  /** Symptoms and warning signs the person said they do not have ("no fever"). */
  denied: string[];
  flags: FlagHit[];
  /** Why the condition does not apply to this person, if it does not (age, sex, pregnancy). */
  excluded?: string;
  namedInText: boolean;
}

/** Weights, in one place so the evaluation can be read against them. */
export const WEIGHTS = {
  /** Floor and slope of phrase specificity: a common word still counts a little. */
  specFloor: 0.3,
  /** The first symptoms on a page are its most characteristic. */
  leadingSymptoms: 3,
  laterSymptomWeight: 0.7,
  redFlagEvidence: 0.4,
  urgentFlagEvidence: 0.4,
  deniedPenalty: 0.5,
  titleBonus: 1.2,
  /** The page's first symptom is its hallmark (the thing that tells it apart). */
  hallmarkWeight: 1.3,
  firstRetrievedBonus: 0.3,
  /** Retrieval reads the whole page (overview, symptoms) where the lists are terse. */
  retrievalWeight: 1.6,
  pregnancyBonus: 0.6,
  unsupportedSearch: 0.85,
  unknownFitPenalty: 0.3,
};

/** Below this, a one-word flag phrase is too common to decide severity on its own. */
const SINGLE_WORD_FLAG_SPECIFICITY = 0.3;
/** A flag's telling phrases, worked out once per flag (the word index is kept per list). */
const TELLING = new WeakMap<CompiledFlag, WeightedPhrase[]>();
function tellingPhrases(flag: CompiledFlag): WeightedPhrase[] {
  let list = TELLING.get(flag);
  if (!list) TELLING.set(flag, (list = flag.phrases.filter(isTelling)));
  return list;
}
const isTelling = (p: WeightedPhrase) => !p.restatesSymptom && (p.stems.length > 1 || p.specificity >= SINGLE_WORD_FLAG_SPECIFICITY);

const phrasePoints = (p: WeightedPhrase, quality: number) => quality * (WEIGHTS.specFloor + (1 - WEIGHTS.specFloor) * p.specificity);

/** The person's words for a match, or the page's phrase when their words are spread out. */
function said(m: PhraseMatch, clauses: StemmedClause[]): string {
  const clause = clauses[m.clause];
  const words = clause ? clause.clause.tokens.slice(m.start, m.end) : [];
  return words.length > 0 && words.length <= m.phrase.stems.length + 2 ? words.join(' ') : m.phrase.text;
}

interface BestMatch {
  match: PhraseMatch;
  points: number;
}

/**
 * Where the person said a word of this phrase was fine ("lips and tongue fine" for "swollen
 * lips"; "breathing normal" for "difficulty breathing"): read as a denial of the phrase.
 */
function reassuredMatch(p: WeightedPhrase, clauses: StemmedClause[]): PhraseMatch | null {
  for (let ci = 0; ci < clauses.length; ci++) {
    const sc = clauses[ci] as StemmedClause;
    for (const i of sc.reassured ?? []) {
      if (p.stems.includes(sc.stems[i] as string)) return { phrase: p, quality: 1, negated: true, clause: ci, start: i, end: i + 1 };
    }
  }
  return null;
}

function bestOf(index: PhraseIndex, phrases: WeightedPhrase[], clauses: StemmedClause[]): { positive?: BestMatch; negative?: BestMatch } {
  let positive: BestMatch | undefined;
  let negative: BestMatch | undefined;
  const reassured = clauses.some((sc) => sc.reassured?.size) ? reassuredStems(clauses) : undefined;
  for (const p of index.couldMatch(phrases, clauses, reassured)) {
    const m = matchPhrase(p, clauses) ?? reassuredMatch(p, clauses);
    if (!m) continue;
    const points = phrasePoints(p, m.quality);
    if (m.negated) {
      if (!negative || points > negative.points) negative = { match: m, points };
    } else if (!positive || points > positive.points) {
      positive = { match: m, points };
    }
  }
  return { ...(positive ? { positive } : {}), ...(negative ? { negative } : {}) };
}

/**
 * The person said how long it has lasted, and it is less than the flag's duration ("cough for 3
 * weeks" still meets "more than 3 weeks": people round).
 */
function tooShort(flag: CompiledFlag, facts: PatientFacts): boolean {
  const lasted = facts.durationDays;
  return flag.minDays !== undefined && lasted !== undefined && lasted < flag.minDays;
}

/** Does this flag apply through the person's facts (duration, age, pregnancy) rather than words? */
function factMatch(flag: CompiledFlag, facts: PatientFacts, hasEvidence: boolean, said: ReadonlySet<string>): FlagHit | undefined {
  if (flag.requires && !flag.requires.some((w) => said.has(w))) return undefined;
  const lasted = facts.durationDays;
  // How long it has lasted says something only about symptoms of this condition the person described
  // ("had my baby 4 months ago" is not "a fever lasting 5 days").
  if (flag.minDays !== undefined && lasted !== undefined && hasEvidence && (flag.inclusive ? lasted >= flag.minDays : lasted > flag.minDays)) {
    return { label: flag.label, level: flag.level, via: 'duration', said: facts.durationText ?? '' };
  }
  // Age and pregnancy flags only count once the symptoms fit the condition at all.
  if (!hasEvidence || facts.age === undefined) {
    return flag.pregnancy && facts.pregnant && hasEvidence ? { label: flag.label, level: flag.level, via: 'pregnancy', said: 'pregnant' } : undefined;
  }
  if (flag.minAge !== undefined && facts.age >= flag.minAge) return { label: flag.label, level: flag.level, via: 'age', said: `aged ${Math.round(facts.age)}` };
  if (flag.maxAge !== undefined && facts.age < flag.maxAge) return { label: flag.label, level: flag.level, via: 'age', said: 'age' };
  if (flag.pregnancy && facts.pregnant) return { label: flag.label, level: flag.level, via: 'pregnancy', said: 'pregnant' };
  return undefined;
}

function exclusion(c: CompiledCondition, facts: PatientFacts): string | undefined {
  const { affects } = c.page;
  if (affects.sex && facts.sex && affects.sex !== facts.sex) return `it only affects ${affects.sex === 'female' ? 'women' : 'men'}`;
  // Unknown is not "no": an ectopic pregnancy is often in someone who does not know yet.
  if (affects.pregnancy && facts.notPregnant) return 'it only happens in pregnancy';
  if (facts.age !== undefined) {
    if (affects.minAge !== undefined && facts.age < affects.minAge) return `it affects people aged ${affects.minAge} and over`;
    if (affects.maxAge !== undefined && facts.age > affects.maxAge + 1) return `it affects ${affects.maxAge <= 5 ? 'young children' : `people up to ${affects.maxAge}`}`;
  }
  return undefined;
}

/**
 * The person named the condition: every word of the name, as written (a plural "s" aside), close
 * together. Stems are too loose here ("tonsils" is not "tonsillitis").
 */
function namesCondition(title: Phrase, clauses: StemmedClause[]): boolean {
  const words = title.text.toLowerCase().replace(/\(.*?\)/g, '').split(/[^a-z0-9]+/).filter((w) => w.length > 2 && !/^\d+$/.test(w) && !['and', 'the', 'for'].includes(w));
  if (words.length === 0) return false;
  return clauses.some(({ clause }) => {
    // A name asked about or feared ("how do you tell heartburn from a heart attack") is not named as the person's.
    const at = words.map((w) => clause.tokens.findIndex((t, i) => (t === w || t === `${w}s` || `${t}s` === w || t === w.replace(/s$/, '')) && !notEvidenceAt(clause, i, true)));
    return at.every((i) => i >= 0) && Math.max(...at) - Math.min(...at) <= words.length + 1;
  });
}

/** Token positions a match used (only the words of the phrase, not the filler between them). */
function usedTokens(m: PhraseMatch, clauses: StemmedClause[]): string[] {
  const stems = clauses[m.clause]?.stems ?? [];
  const out: string[] = [];
  for (let i = m.start; i < m.end; i++) if (stems[i] && m.phrase.stems.includes(stems[i] as string)) out.push(`${m.clause}:${i}`);
  return out;
}

interface Evidence {
  kind: 'symptom' | FlagLevel;
  label: string;
  match: PhraseMatch;
  points: number;
}

export function scoreCondition(
  condition: CompiledCondition,
  clauses: StemmedClause[],
  facts: PatientFacts,
  retrieval?: { score: number; rank: number; top: number },
): Candidate {
  const found: Evidence[] = [];
  const denied: string[] = [];
  let score = 0;
  condition.symptoms.forEach((s, i) => {
    const { positive, negative } = bestOf(condition.phraseIndex, s.phrases, clauses);
    const weight = i === 0 ? WEIGHTS.hallmarkWeight : i < WEIGHTS.leadingSymptoms ? 1 : WEIGHTS.laterSymptomWeight;
    if (positive) {
      found.push({ kind: 'symptom', label: s.label, match: positive.match, points: positive.points * weight });
    } else if (negative) {
      // Only a denied hallmark counts against the condition; any denial is reported.
      if (i < WEIGHTS.leadingSymptoms) score -= negative.points * WEIGHTS.deniedPenalty;
      denied.push(said(negative.match, clauses));
    }
  });
  // A warning sign about the remote past ("a febrile seizure last year") is history, not what is
  // happening now: the reader already blanked it (clinical/modifiers.ts, HISTORICAL).
  const current = clauses;
  for (const f of condition.flags) {
    // A flag about how long it has lasted is not met by its words when the person gave a shorter
    // time: "coughing at night for the last week" is not "weeks of coughing".
    if (tooShort(f, facts)) continue;
    // Flags decide severity, so they need the whole phrase, and a one-word phrase must be a
    // telling word ("confused", "hives"), not a common one ("worse", "pain").
    const { positive, negative } = bestOf(condition.phraseIndex, tellingPhrases(f), current);
    if (!positive && negative) denied.push(said(negative.match, clauses));
    if (positive && positive.match.quality === 1) {
      const weight = f.level === 'red' ? WEIGHTS.redFlagEvidence : WEIGHTS.urgentFlagEvidence;
      found.push({ kind: f.level, label: f.label, match: positive.match, points: positive.points * weight });
    }
  }
  // Each word the person wrote counts once: "dry cough" is one piece of evidence, not one per
  // cough phrase on the page. Strongest evidence first; later matches earn only for new words.
  found.sort((a, b) => b.points - a.points);
  const used = new Set<string>();
  const symptoms: SymptomHit[] = [];
  const flags: FlagHit[] = [];
  for (const e of found) {
    const tokens = usedTokens(e.match, clauses);
    const fresh = tokens.filter((t) => !used.has(t)).length;
    const credit = tokens.length ? e.points * (fresh / tokens.length) : 0;
    tokens.forEach((t) => used.add(t));
    score += credit;
    if (e.kind === 'symptom') {
      if (credit > 0) symptoms.push({ label: e.label, phrase: e.match.phrase.text, said: said(e.match, clauses), points: credit, tokens });
    } else {
      flags.push({ label: e.label, level: e.kind, via: 'text', said: said(e.match, clauses), tokens });
    }
  }
  const namedInText = condition.titles.some((t) => namesCondition(t, clauses));
  // Naming the condition ("my 18 month old has threadworms") is evidence too.
  const hasEvidence = symptoms.length > 0 || flags.length > 0 || namedInText;
  const saidStems = new Set(clauses.flatMap((c) => c.stems.filter((w): w is string => w !== null)));
  for (const f of condition.flags) {
    if (flags.some((h) => h.label === f.label)) continue;
    const hit = factMatch(f, facts, hasEvidence, saidStems);
    if (hit) flags.push(hit);
  }
  if (namedInText) score += WEIGHTS.titleBonus;
  // What the person's own words support, before the search's opinion is added.
  const evidence = score;
  if (retrieval) {
    // A search hit the person's own words say nothing for counts for a little less.
    const support = evidence > 0 ? 1 : WEIGHTS.unsupportedSearch;
    score += support * (WEIGHTS.retrievalWeight * (retrieval.score / Math.max(retrieval.top, 1e-6)) + (retrieval.rank === 1 ? WEIGHTS.firstRetrievedBonus : 0));
  }
  if (condition.page.affects.pregnancy) {
    if (facts.pregnant) score += WEIGHTS.pregnancyBonus;
    else if (facts.maybePregnant) score += WEIGHTS.pregnancyBonus / 2;
    else if (!facts.notPregnant) score -= WEIGHTS.unknownFitPenalty;
  }
  // A condition of one sex, for someone whose sex is not known, is a little less likely.
  if (condition.page.affects.sex && !facts.sex) score -= WEIGHTS.unknownFitPenalty;
  const excluded = exclusion(condition, facts);
  return {
    condition,
    score: excluded ? score - 100 : score,
    evidence,
    ...(retrieval ? { retrieval: { score: retrieval.score, rank: retrieval.rank } } : {}),
    symptoms: symptoms.sort((a, b) => b.points - a.points),
    denied,
    flags,
    ...(excluded ? { excluded } : {}),
    namedInText,
  };
}
