import type { ConditionPage, Flag } from '../../knowledge/types.js';
import { normalise } from '../../clinical/text.js';
import { PhraseIndex, phraseOf, stem, STOPWORDS, type Phrase } from './lexicon.js';

/** A page's warning sign: 999 (red), be seen soon (urgent), or see a GP when you can (routine). */
export type FlagLevel = 'red' | 'urgent' | 'routine';

/**
 * Condition pages compiled for matching: every symptom, red flag and urgent flag as stemmed
 * phrases, plus what a flag says about duration ("more than 3 weeks"), age ("65 or over",
 * "baby under 3 months") or pregnancy, so "for 4 weeks" or an age of 78 can meet a flag no
 * patient would type word for word.
 */

/** A page phrase with how specific it is to this condition (rarer words across pages: higher, 0..1). */
export interface WeightedPhrase extends Phrase {
  specificity: number;
  /**
   * A flag phrase that only restates one of the page's own symptoms ("barking cough" as an
   * urgent flag of croup). It would fire whenever the condition fits, overriding the page's
   * default severity, so it does not count towards severity.
   */
  restatesSymptom?: boolean;
}

export interface CompiledSymptom {
  label: string;
  phrases: WeightedPhrase[];
  /** Position on the page: the first symptoms are the most characteristic. */
  rank: number;
}

export interface CompiledFlag {
  label: string;
  level: FlagLevel;
  phrases: WeightedPhrase[];
  /** Matches when the symptoms have lasted longer than this many days ("more than 3 weeks")... */
  minDays?: number;
  /** ...or at least that long ("5 days or more"). */
  inclusive?: boolean;
  /** Matches at this age or older / younger (years). */
  minAge?: number;
  maxAge?: number;
  /** Matches when the person is pregnant. */
  pregnancy?: boolean;
  /** Stems of which at least one must be in the message before a fact (duration, age, pregnancy) meets the flag. */
  requires?: string[];
}

export interface CompiledCondition {
  page: ConditionPage;
  symptoms: CompiledSymptom[];
  flags: CompiledFlag[];
  /**
   * Ways the person may name the condition: the title, and each half of "X and Y" titles when
   * that half is specific ("scalds", "heatstroke"; not "vomiting").
   */
  titles: Phrase[];
  /** Finds which of its phrases a text could match; shared by the conditions compiled together. */
  phraseIndex: PhraseIndex;
}

const TELLING_TITLE = 0.45;

const NUMBER: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, ten: 10, twelve: 12 };
const DAYS: Record<string, number> = { hour: 1 / 24, day: 1, week: 7, fortnight: 14, month: 30, year: 365 };
const num = (s: string) => NUMBER[s] ?? Number(s);

/** "cough lasting more than 3 weeks" -> 21 (exclusive); "fever lasting 5 days or more" -> 5 (inclusive); "under 3 months" -> none. */
export function flagDays(label: string): { days: number; inclusive: boolean } | undefined {
  const text = normalise(label);
  const before = /\b(?:more than|over|longer than|after|lasting|for|beyond|at least|past|still \w+ after)\s+(\d+|a|an|one|two|three|four|five|six|seven|eight|ten|twelve)\s+(hour|day|week|fortnight|month|year)s?\b/.exec(text);
  const after = /\b(\d+|a|an|one|two|three|four|five|six|seven|eight|ten|twelve)\s+(hour|day|week|fortnight|month|year)s?\s+(?:or more|or longer|plus)\b/.exec(text);
  const m = after ?? before;
  if (!m || /\b(?:under|younger|aged|age|old)\b/.test(text.slice(Math.max(0, m.index - 12), m.index))) return undefined;
  const n = num(m[1] as string);
  const unit = DAYS[m[2] as string];
  return Number.isFinite(n) && unit ? { days: n * unit, inclusive: m === after } : undefined;
}

/** "aged 65 or over" -> {minAge: 65}; "baby under 3 months" -> {maxAge: 0.25}. */
export function flagAge(label: string): { minAge?: number; maxAge?: number } {
  const text = normalise(label);
  // "under 16 or over 60": two ages, either of which meets the flag (not "16 or over").
  const either = /\b(?:under|younger than|below) (\d{1,3}) (?:or|and) (?:over|older than|above) (\d{2,3})\b/.exec(text);
  if (either) return { maxAge: Number(either[1]), minAge: Number(either[2]) };
  // Only an age when the label talks about age ("temperature 40 or above" is not "aged 40").
  const over = /\b(?:aged |age )?(\d{2,3}) (?:or|and) (?:over|older|above)\b|\b(?:over|older than|above) (?:the age of )?(\d{2,3})\b/.exec(text);
  if (over && /\b(?:aged?|years?|older|people|person|adults?|elderly|men|women|over \d{2})\b/.test(text) && !/\b(?:temperature|temp|degrees|fever|heart rate|pulse|reading|sugar|glucose)\b/.test(text)) {
    return { minAge: Number(over[1] ?? over[2]) };
  }
  if (/\b(?:elderly|older (?:person|people|adult|adults))\b/.test(text)) return { minAge: 75 };
  const under = /\b(?:under|younger than|less than|below) (\d+|one|two|three|six|twelve) (day|week|month|year)s?(?: old)?\b/.exec(text);
  if (under && /\b(?:baby|babies|infant|child|children|newborn|old|age|aged)\b/.test(text)) {
    return { maxAge: num(under[1] as string) * ((DAYS[under[2] as string] ?? 365) / 365) };
  }
  return {};
}

type RawFlag = Omit<CompiledFlag, 'phrases'> & { phrases: Phrase[] };

// What is left of a flag's label once its facts (how long, how old, pregnancy) are taken out.
const FACT_WORDS =
  /\b(?:\d+|a|an|one|two|three|four|five|six|seven|eight|ten|twelve|hours?|days?|weeks?|fortnight|months?|years?|more|than|over|under|longer|lasting|after|for|beyond|at least|past|still|or|and|plus|aged?|old|older|younger|elderly|person|people|adults?|baby|babies|infant|child|children|newborn|pregnan\w*|early|late|while|during|in|with|any|symptoms?|the|of|that|is|are|who|has|have|you|your|new|sudden|suddenly|getting|very|really|unusual|usual)\b/g;

/**
 * A flag met through facts alone must be about those facts alone ("aged 65 or over", "cough lasting
 * more than 3 weeks"). When its label adds something the page's symptoms do not cover ("pregnant
 * with bleeding and pain", "new confusion in an older person"), pregnancy or age is not enough:
 * one of those extra words must be said too (`requires`).
 */
function extraWords(label: string, symptomStems: ReadonlySet<string>): string[] {
  const rest = normalise(label).replace(FACT_WORDS, ' ').split(/[^a-z]+/).filter((w) => w && !STOPWORDS.has(w));
  return rest.map(stem).filter((w) => !symptomStems.has(w));
}

function compileFlag(flag: Flag, level: FlagLevel, fix: (t: string) => string): RawFlag {
  const days = flagDays(flag.flag);
  const age = flagAge(flag.flag);
  const pregnancy = /\bpregnan/.test(flag.flag.toLowerCase());
  return {
    label: flag.flag,
    level,
    phrases: flag.terms.map((t) => phraseOf(t, fix, { keepIntensity: true })).filter((p) => p.stems.length > 0),
    ...(days !== undefined ? { minDays: days.days, inclusive: days.inclusive } : {}),
    ...age,
    ...(pregnancy ? { pregnancy } : {}),
  };
}

/** Compiles all pages; specificity uses how many pages share each word (inverse document frequency). */
export function compileConditions(pages: readonly ConditionPage[], fix: (t: string) => string): CompiledCondition[] {
  const raw = pages.map((page) => ({
    page,
    symptomStems: new Set([page.title, ...page.symptoms.map((s) => s.term)].flatMap((t) => normalise(t).split(/[^a-z]+/).filter(Boolean).map(stem))),
    symptoms: page.symptoms.map((s, rank) => ({ label: s.term, rank, phrases: [s.term, ...s.synonyms].map((t) => phraseOf(t, fix)).filter((p) => p.stems.length > 0) })),
    flags: [...page.redFlags.map((f) => compileFlag(f, 'red', fix)), ...page.urgentFlags.map((f) => compileFlag(f, 'urgent', fix)), ...page.routineFlags.map((f) => compileFlag(f, 'routine', fix))],
    title: phraseOf(page.title.replace(/\(.*?\)/g, ''), fix),
    parts: page.title
      .replace(/\(.*?\)/g, '')
      .split(/,| and | or /i)
      .map((t) => phraseOf(t, fix))
      .filter((p) => p.stems.length > 0),
  }));
  const df = new Map<string, number>();
  for (const c of raw) {
    const words = new Set<string>();
    for (const s of c.symptoms) for (const p of s.phrases) p.stems.forEach((w) => words.add(w));
    for (const f of c.flags) for (const p of f.phrases) p.stems.forEach((w) => words.add(w));
    for (const w of words) df.set(w, (df.get(w) ?? 0) + 1);
  }
  const n = Math.max(2, pages.length);
  const idf = (w: string) => Math.log(n / (df.get(w) ?? 1)) / Math.log(n);
  // A phrase is as specific as its most specific word ("barking cough" is, "cough" is not).
  const weigh = (p: Phrase): WeightedPhrase => ({ ...p, weights: p.stems.map(idf), specificity: Math.max(...p.stems.map(idf)) });
  // Symptom phrases by their words, to tell a condition's name from a symptom ("diarrhoea").
  const symptomKeys = new Map<string, Set<string>>();
  for (const c of raw) {
    for (const p of c.symptoms.flatMap((s) => s.phrases)) {
      const key = [...p.stems].sort().join(' ');
      symptomKeys.set(key, (symptomKeys.get(key) ?? new Set()).add(c.page.slug));
    }
  }
  const isOthersSymptom = (p: Phrase, slug: string) => [...(symptomKeys.get([...p.stems].sort().join(' ')) ?? [])].some((s) => s !== slug);
  const phraseIndex = new PhraseIndex();
  return raw.map((c) => {
    // Only the hallmark symptoms (the first three). An urgent flag that is part of a hallmark
    // phrase restates it; a red flag only when it is the very same phrase ("drooling" as both a
    // symptom and a red flag of quinsy), so a red flag that adds anything still counts.
    const hallmarks = c.symptoms.slice(0, 3).flatMap((s) => s.phrases);
    const within = (p: Phrase, sp: Phrase) => p.stems.every((w) => sp.stems.includes(w));
    const restates = (p: Phrase, level: FlagLevel) =>
      hallmarks.some((sp) => within(p, sp) && (level !== 'red' || within(sp, p)));
    // Naming the condition counts only when the name is telling: "shingles" is, "cough" is not;
    // nor is half a title that is another condition's symptom ("diarrhoea" of "Diarrhoea and vomiting").
    const telling = (p: Phrase) => Math.max(...p.stems.map(idf)) >= TELLING_TITLE;
    const titles = [c.title, ...(c.parts.length > 1 ? c.parts.filter((p) => !isOthersSymptom(p, c.page.slug)) : [])].filter(telling);
    return {
      page: c.page,
      titles,
      phraseIndex,
      symptoms: c.symptoms.map((s) => ({ ...s, phrases: s.phrases.map(weigh) })),
      flags: c.flags.map((f) => ({
        ...withoutMixedFacts(f, c.symptomStems),
        phrases: f.phrases.map((p) => ({ ...weigh(p), ...(restates(p, f.level) ? { restatesSymptom: true } : {}) })),
      })),
    };
  });
}

function withoutMixedFacts(flag: RawFlag, symptomStems: ReadonlySet<string>): RawFlag {
  const hasFacts = flag.minDays !== undefined || flag.minAge !== undefined || flag.maxAge !== undefined || flag.pregnancy;
  if (!hasFacts) return flag;
  const extra = extraWords(flag.label, symptomStems);
  return extra.length ? { ...flag, requires: extra } : flag;
}
