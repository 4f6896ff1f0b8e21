import { stemmer } from 'stemmer';

/**
 * Text normalisation for the offline lexical embedder: tokens, stems, negation scoping and
 * character n-grams. Pure functions, no state.
 */

// Function words plus chat filler that says nothing about a condition ("hi doctor, please help").
const STOPWORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers herself him ' +
    'himself his how i if in into is it its itself just me more most my myself nor now of off on once only or other our ' +
    'ours ourselves out over own same she should so some such than that the their theirs them themselves then there these ' +
    'they this those through to too under until up very was we were what when where which while who whom why will with ' +
    'would you your yours yourself yourselves im ive id ill dont doesnt didnt isnt wasnt cant couldnt wont wouldnt shes hes ' +
    'theyre youre its thats also still get got getting really quite bit lot lots since like feel feels feeling felt ' +
    'hi hello hey please thanks thank help doctor dr ok okay yes one two day days week weeks today yesterday last ' +
    'morning night time times keep keeps going went go started start sometimes think know want need may might'
  ).split(' '),
);

// Cues that deny the symptom words after them ("no fever", "without a rash"). "not" and "can't" are
// left out on purpose: in patients' words they usually describe a symptom ("not eating", "can't breathe").
const NEGATIONS = new Set(['no', 'without', 'never', 'nor', 'denies', 'negative']);
// Words that end a negated stretch.
const NEGATION_BREAKS = new Set(['but', 'and', 'although', 'though', 'however', 'yet', 'except', 'now', 'then', 'just', 'only']);
// After "no", these name a lost function, which is itself a symptom ("no appetite", "no wet nappies").
const NEGATION_EXCEPTIONS = new Set(['energy', 'appetite', 'wet', 'sense', 'smell', 'taste', 'feeling', 'sleep', 'control', 'longer', 'interest', 'wee', 'pee', 'urine', 'strength', 'movement', 'relief', 'reason']);
const NEGATION_WINDOW = 3;
// "not" and its contractions deny only when a symptom adjective follows ("not short of breath",
// "isn't itchy"); before verbs they usually describe a symptom ("not eating", "doesn't fade").
const SOFT_NEGATIONS = new Set(['not', 'isnt', 'arent', 'wasnt', 'werent', 'doesnt', 'dont', 'didnt', 'havent', 'hasnt']);
const DENIABLE = new Set([
  'short', 'breathless', 'itchy', 'sore', 'painful', 'swollen', 'red', 'hot', 'feverish', 'dizzy', 'sick', 'wheezy',
  'tender', 'raised', 'spreading', 'bleeding', 'vomiting', 'coughing', 'numb', 'stiff', 'blotchy', 'bloody', 'pregnant',
]);

export interface Token {
  word: string;
  stem: string;
  /** Inside a negated stretch ("no fever" → fever is negated). */
  negated: boolean;
  /** Index of the clause the token belongs to (punctuation splits clauses). */
  clause: number;
}

/** Lower-cases, folds apostrophes ("can't" → "cant") and splits into words with clause indexes. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const clauses = text
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/'/g, '')
    .split(/[.,;:!?()\n]+/);
  clauses.forEach((clause, c) => {
    let negate = 0;
    let soft = false;
    for (const word of clause.split(/[^a-z0-9]+/)) {
      if (!word) continue;
      if (NEGATIONS.has(word)) {
        negate = NEGATION_WINDOW;
        continue;
      }
      if (SOFT_NEGATIONS.has(word)) {
        soft = true;
        continue;
      }
      if (soft && !STOPWORDS.has(word)) {
        soft = false;
        if (DENIABLE.has(word)) negate = NEGATION_WINDOW;
      }
      if (NEGATION_BREAKS.has(word)) negate = 0;
      if (negate === NEGATION_WINDOW && NEGATION_EXCEPTIONS.has(word)) negate = 0;
      tokens.push({ word, stem: stemmer(word), negated: negate > 0, clause: c });
      if (negate > 0 && !STOPWORDS.has(word)) negate--;
    }
  });
  return tokens;
}

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word) || word.length < 2;
}

/** Character n-grams of one word with boundary marks, e.g. "#dia", "iarr" ... for typo tolerance. */
export function charNgrams(word: string, min = 3, max = 5): string[] {
  const padded = `#${word}#`;
  const grams: string[] = [];
  for (let n = min; n <= max; n++) {
    for (let i = 0; i + n <= padded.length; i++) grams.push(padded.slice(i, i + n));
  }
  return grams;
}

/** 32-bit FNV-1a: fast, stable across runs and platforms, good enough spread for feature hashing. */
export function fnv1a(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent swaps), giving up early: returns
 * `max + 1` as soon as the distance must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2]! + 1);
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length]!;
}
