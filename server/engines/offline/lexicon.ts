import { stemmer } from 'stemmer';
import type { ConditionPage } from '../../knowledge/types.js';
import { isNegated, notEvidenceAt } from '../../clinical/context.js';
import { toClauses, typoFixer, type Clause } from '../../clinical/text.js';

/**
 * How the offline engine reads text: words are typo-corrected against the vocabulary of the
 * knowledge pages, folded to one lay spelling ("stomach" -> "tummy", "pee" -> "wee") and
 * Porter-stemmed, so "my lips are swollen" meets the page phrase "swollen lips".
 */

/** Function words: skipped in the text and dropped from phrases. */
export const STOPWORDS = new Set([
  'a', 'an', 'the', 'my', 'your', 'his', 'her', 'their', 'our', 'its', 'of', 'in', 'on', 'at', 'to', 'for', 'from', 'with', 'and',
  'or', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'am', 'it', 'i', 'im', 'ive', 'id', 'me', 'you', 'he', 'she', 'hes',
  'shes', 'they', 'we', 'this', 'that', 'these', 'those', 'there', 'theres', 'some', 'any', 'so', 'as', 'by', 'into', 'than',
  'then', 'them', 'him', 'what', 'which', 'who', 'if', 'do', 'does', 'did', 'can', 'could', 'would', 'should', 'will', 'may',
  'might', 'must', 'also', 'too', 'ok', 'okay', 'well', 'yes', 'yeah', 'hi', 'hello', 'please', 'thanks', 'thank', 'theyre',
]);

/**
 * Soft words: dropped from page phrases (so "feel faint" is found in "I fainted") but harmless in
 * the text. Words of time and course ("still", "again", "weeks", "worse") are not soft: a flag
 * like "still itching after treatment" must not shrink to "itching".
 */
const SOFT_WORDS = new Set([
  'very', 'really', 'quite', 'just', 'bit', 'little', 'feel', 'feels', 'feeling', 'felt', 'have', 'has', 'had', 'having', 'got',
  'get', 'gets', 'getting', 'like', 'seems', 'seem', 'look', 'looks', 'looking', 'thing', 'things', 'something', 'think',
  'thought', 'help', 'know', 'sure', 'maybe', 'started', 'start', 'starts', 'began', 'noticed', 'notice',
  'come', 'comes', 'came', 'coming', 'went', 'gone', 'going', 'when', 'while', 'about', 'around', 'up', 'out', 'off',
  'own', 'now', 'much', 'many', 'same', 'being', 'how', 'why', 'where', 'whats', 'do', 'doing', 'does', 'it', 'what',
]);

// Negation words stay in phrases that contain them ("rash doesnt fade", "cant breathe").
const NEGATION_WORDS = new Set(['no', 'not', 'cant', 'dont', 'doesnt', 'wont', 'never', 'without', 'isnt', 'didnt', 'havent', 'hasnt']);

/** One lay spelling per meaning, applied before stemming. */
const CANONICAL: Record<string, string> = {
  stomach: 'tummy', stomache: 'tummy', belly: 'tummy', abdomen: 'tummy', abdominal: 'tummy', tum: 'tummy', tummies: 'tummy',
  poop: 'poo', poos: 'poo', pooing: 'poo', stool: 'poo', stools: 'poo', faeces: 'poo', bowel: 'poo',
  pee: 'wee', pees: 'wee', peed: 'wee', peeing: 'wee', urine: 'wee', urinate: 'wee', urinating: 'wee', urination: 'wee',
  weeing: 'wee', wees: 'wee', weed: 'wee', piss: 'wee',
  temp: 'temperature', temps: 'temperature', feverish: 'fever', fevers: 'fever', febrile: 'fever',
  diarrhea: 'diarrhoea', diarrea: 'diarrhoea', diarhea: 'diarrhoea', diarrohea: 'diarrhoea', diahrrea: 'diarrhoea', runs: 'diarrhoea',
  puke: 'vomit', puked: 'vomit', puking: 'vomit', vomiting: 'vomit', vomited: 'vomit', vomits: 'vomit', barf: 'vomit',
  hurt: 'pain', hurts: 'pain', hurting: 'pain', painful: 'pain', pains: 'pain', sore: 'sore',
  swollen: 'swell', swelling: 'swell', swelled: 'swell', swells: 'swell', puffy: 'swell', swolen: 'swell',
  itchy: 'itch', itching: 'itch', itchiness: 'itch', itches: 'itch', itched: 'itch',
  achy: 'ache', aching: 'ache', aches: 'ache', ached: 'ache',
  breathe: 'breath', breathing: 'breath', breaths: 'breath', breath: 'breath',
  kid: 'child', kids: 'child', children: 'child', childs: 'child',
  migrane: 'migraine', migranes: 'migraine', headach: 'headache', hedache: 'headache',
  dizziness: 'dizzy', lightheaded: 'dizzy', woozy: 'dizzy',
  tired: 'tired', tiredness: 'tired', exhausted: 'tired', exhaustion: 'tired', knackered: 'tired', shattered: 'tired',
  spotty: 'spot', spots: 'spot', pimples: 'spot', pimple: 'spot', zits: 'spot', zit: 'spot',
  snotty: 'snot', sputum: 'phlegm',
  throwing: 'throw', threw: 'throw', thrown: 'throw',
  sicky: 'sick', nauseous: 'nausea', nauseated: 'nausea', queasy: 'nausea',
  dribbling: 'drool', dribbles: 'drool', drooling: 'drool', dribble: 'drool',
  probs: 'problem', prob: 'problem',
  talk: 'speak', talking: 'speak', speaking: 'speak', speech: 'speak',
  // One word for "not": "inhaler isnt helping" meets "inhaler not helping". ("cant" stays apart.)
  no: 'not', isnt: 'not', arent: 'not', doesnt: 'not', dont: 'not', didnt: 'not', wasnt: 'not', werent: 'not',
  havent: 'not', hasnt: 'not', hadnt: 'not', wont: 'not', never: 'not', nt: 'not',
  // Two levels of intensity, as the pages use them: "severe" pain is the hallmark of many
  // conditions; "agony" ("unbearable", "worst ever") is often a red flag.
  terrible: 'severe', intense: 'severe', horrible: 'severe', severely: 'severe', awful: 'severe', horrendous: 'severe',
  agonising: 'agony', agonizing: 'agony', excruciating: 'agony', unbearable: 'agony', worst: 'agony', screaming: 'agony',
  suddenly: 'sudden', abruptly: 'sudden', abrupt: 'sudden',
};

/** Lay phrases that mean one thing, rewritten before reading (in page phrases and in the text alike). */
const PHRASES: [RegExp, string][] = [
  [/\b(?:pain|ache|aching|cramps?|hurts?|hurting) low down\b/g, '$& lower tummy'],
  [/\bright hand side\b/g, 'right side'],
  [/\bleft hand side\b/g, 'left side'],
];

export function rewritePhrases(text: string): string {
  let s = text.toLowerCase();
  for (const [re, to] of PHRASES) s = s.replace(re, to);
  return s;
}

/** Body parts: a partial match may leave out a common word, never where it is. */
const BODY_PARTS = new Set(
  [
    'arm', 'leg', 'chest', 'head', 'tummy', 'back', 'neck', 'throat', 'ear', 'eye', 'nose', 'mouth', 'tooth', 'teeth', 'skin',
    'foot', 'feet', 'hand', 'knee', 'ankle', 'wrist', 'hip', 'groin', 'breast', 'bottom', 'vagina', 'penis', 'testicle', 'lip',
    'tongue', 'face', 'jaw', 'shoulder', 'elbow', 'finger', 'toe', 'heel', 'scalp', 'gum', 'calf', 'thigh', 'ribs', 'rib',
    'bladder', 'kidney', 'heart', 'lung', 'joint', 'tonsil', 'tonsils', 'anus', 'bum', 'eyelid', 'forehead', 'cheek', 'spine',
  ].map((w) => stemmer(w)),
);

export function canonical(word: string): string {
  return CANONICAL[word] ?? word;
}

const stemCache = new Map<string, string>();
/** Canonical spelling, then Porter stem (cached). */
export function stem(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    s = stemmer(canonical(word));
    stemCache.set(word, s);
  }
  return s;
}

export interface Phrase {
  text: string;
  stems: string[];
  /** How telling each stem is (aligned with `stems`); a partial match must keep most of it. */
  weights?: number[];
  /** The phrase carries its own negation ("rash doesnt fade"): never negated by the text around it. */
  selfNegated: boolean;
}

/** Kept in warning-sign phrases: "very red eye" is a red flag where "red eye" is not. */
const INTENSITY_WORDS = new Set(['very', 'really']);

export function phraseOf(text: string, fix: (t: string) => string = (t) => t, options: { keepIntensity?: boolean } = {}): Phrase {
  const stems: string[] = [];
  const keep = (t: string) =>
    (!STOPWORDS.has(t) && !SOFT_WORDS.has(t)) || NEGATION_WORDS.has(t) || (options.keepIntensity === true && INTENSITY_WORDS.has(t));
  for (const clause of toClauses(rewritePhrases(text), fix)) {
    for (const t of clause.tokens) if (keep(t)) stems.push(stem(t));
  }
  // A phrase of negation words alone ("not sure what it is" -> "not") would match any denial.
  const meaningful = stems.some((s) => !NEGATION_WORDS.has(s));
  return { text, stems: meaningful ? [...new Set(stems)] : [], selfNegated: stems.some((s) => NEGATION_WORDS.has(s)) };
}

/** A clause with the stem of each token (null for stopwords), aligned with `clause.tokens`. */
export interface StemmedClause {
  clause: Clause;
  stems: (string | null)[];
  /** Token positions the person said were fine ("lips and tongue fine", "walking ok"): see `reassuredPositions`. */
  reassured?: ReadonlySet<number>;
}

const NEGATION_STEMS = new Set([...NEGATION_WORDS].map((w) => stemmer(canonical(w))));

/**
 * What a person can say is fine: a body part ("lips", "arms and legs") or something the body
 * does ("breathing", "walking", "weeing", "swallowing", "talking"). Only these: "the pain is ok
 * now" is not a denial of every kind of pain.
 */
const REASSURABLE = new Set([
  ...BODY_PARTS,
  ...['breathing', 'speaking', 'walking', 'weeing', 'pooing', 'swallowing', 'eating', 'drinking', 'feeding', 'seeing', 'vision',
    'eyesight', 'sight', 'hearing', 'moving', 'movement', 'balance', 'voice', 'grip', 'memory', 'sleeping', 'nappies', 'nappy'].map(
    (w) => stemmer(canonical(w)),
  ),
]);
/** Saying a part is all right. Not "gone", "clear" or "settled": "my voice has gone" is a symptom. */
const REASSURING = new Set(['fine', 'ok', 'okay', 'alright', 'normal', 'normally', 'unaffected']);
const REASSURING_LINKS = new Set([
  'is', 'are', 'was', 'were', 'seems', 'seem', 'feels', 'feel', 'look', 'looks', 'totally', 'completely', 'all', 'both', 'still',
  'perfectly', 'absolutely', 'been', 'has', 'have', 'as', 'fine', 'and', 'now', 'ok', 'okay',
]);
/** "no problem swallowing", "no trouble with walking", "no difficulty breathing". */
const NO_TROUBLE = new Set(['problem', 'problems', 'trouble', 'troubles', 'difficulty', 'difficulties', 'issue', 'issues', 'probs', 'prob']);

/**
 * Positions of the body parts and functions a clause says are fine: "lips and tongue fine",
 * "arms and legs are fine", "breathing normal", "talking normally", "walking ok", "no problem
 * swallowing". A reassured word denies the symptoms and warning signs built on it ("swollen lips",
 * "difficulty breathing", "arm weakness"), as "no swollen lips" would.
 */
export function reassuredPositions(tokens: readonly string[], stems: readonly (string | null)[]): Set<number> {
  const out = new Set<number>();
  const reassurable = (i: number) => REASSURABLE.has(stems[i] ?? stemmer(canonical(tokens[i] ?? '')));
  tokens.forEach((t, at) => {
    if (REASSURING.has(t)) {
      // Walk back over linking words, then over the list of parts ("my lips and tongue").
      let i = at - 1;
      while (i >= 0 && REASSURING_LINKS.has(tokens[i] as string) && !reassurable(i)) i--;
      // "not fine", "isnt normal" say the opposite.
      if (i >= 0 && NEGATION_WORDS.has(tokens[i] as string)) return;
      if (at > 0 && NEGATION_STEMS.has(stemmer(canonical(tokens[at - 1] as string)))) return;
      const found: number[] = [];
      for (; i >= 0; i--) {
        const w = tokens[i] as string;
        if (reassurable(i)) found.push(i);
        else if (!(STOPWORDS.has(w) || w === 'and' || w === 'or' || w === 'both') || NEGATION_WORDS.has(w)) break;
      }
      // "no swelling in my lips is fine"-style muddles: a negation before the list leaves it alone.
      if (i >= 0 && NEGATION_WORDS.has(tokens[i] as string)) return;
      found.forEach((f) => out.add(f));
    }
    if ((t === 'no' || t === 'not' || t === 'without') && NO_TROUBLE.has(tokens[at + 1] ?? '')) {
      for (let i = at + 2; i < tokens.length && i <= at + 5; i++) {
        const w = tokens[i] as string;
        if (reassurable(i)) out.add(i);
        else if (!(STOPWORDS.has(w) || w === 'and' || w === 'or' || w === 'when')) break;
      }
    }
  });
  return out;
}

/** Stems of everything the person said was fine. */
export function reassuredStems(clauses: readonly StemmedClause[]): Set<string> {
  const out = new Set<string>();
  for (const sc of clauses) for (const i of sc.reassured ?? []) out.add(sc.stems[i] ?? stemmer(canonical(sc.clause.tokens[i] ?? '')));
  return out;
}

/** The match covers a word the person said was fine ("arms and legs are fine" for "arm weakness"). */
function reassuredWithin(sc: StemmedClause, phrase: Phrase, span: { start: number; end: number }): boolean {
  if (!sc.reassured || sc.reassured.size === 0) return false;
  for (let i = span.start; i < span.end; i++) if (sc.reassured.has(i) && phrase.stems.includes(sc.stems[i] as string)) return true;
  return false;
}

/**
 * Which phrases of fixed lists a text could match: those with all their words in the text, or all
 * but one of three or more (what `matchPhrase` needs before it looks further), and, when asked,
 * those sharing a word the person said was fine (a reassured match needs only that word). No
 * other phrase can match, so callers try only these: a turn tries every page's phrases (about
 * 2,000 lists, 10,000 phrases) and most share nothing with what was written. One index serves the
 * lists compiled together (the pages, or the router's phrases), so it lives as long as they do;
 * what the text could match is worked out once per text, over every list at once.
 */
export class PhraseIndex {
  /** Phrase numbers by stem, once per use of the stem in the phrase. */
  private readonly byStem = new Map<string, number[]>();
  private readonly lengths: number[] = [];
  private readonly ids = new WeakMap<readonly Phrase[], Int32Array>();
  private found = new Uint16Array(1024);
  private could = new Uint8Array(1024);
  private marked: number[] = [];
  private lastClauses: readonly StemmedClause[] | undefined;

  /** The phrases of `phrases` the text could match, in list order. */
  couldMatch<P extends Phrase>(phrases: readonly P[], clauses: readonly StemmedClause[], reassured?: ReadonlySet<string>): P[] {
    const ids = this.idsOf(phrases);
    if (this.lastClauses !== clauses) this.compute(clauses);
    const out: P[] = [];
    const could = this.could;
    if (!reassured?.size) {
      for (let at = 0; at < ids.length; at++) if (could[ids[at] as number] === 1) out.push(phrases[at] as P);
      return out;
    }
    const said = stemsOf(clauses);
    for (let at = 0; at < ids.length; at++) {
      const p = phrases[at] as P;
      if (could[ids[at] as number] === 1 || p.stems.some((st) => reassured.has(st) && said.has(st))) out.push(p);
    }
    return out;
  }

  private idsOf(phrases: readonly Phrase[]): Int32Array {
    const known = this.ids.get(phrases);
    if (known) return known;
    const ids = new Int32Array(phrases.length);
    phrases.forEach((p, at) => {
      const id = this.lengths.length;
      this.lengths.push(p.stems.length);
      for (const st of p.stems) {
        const list = this.byStem.get(st);
        if (list) list.push(id);
        else this.byStem.set(st, [id]);
      }
      ids[at] = id;
    });
    if (this.lengths.length > this.could.length) {
      const size = 2 ** Math.ceil(Math.log2(this.lengths.length));
      this.found = new Uint16Array(size);
      this.could = new Uint8Array(size);
      this.marked = [];
    }
    this.ids.set(phrases, ids);
    this.lastClauses = undefined; // what the last text could match did not cover these
    return ids;
  }

  private compute(clauses: readonly StemmedClause[]): void {
    for (const id of this.marked) this.could[id] = 0;
    const touched: number[] = [];
    for (const st of stemsOf(clauses)) {
      for (const id of this.byStem.get(st) ?? NOWHERE) {
        if (this.found[id] === 0) touched.push(id);
        this.found[id] = (this.found[id] ?? 0) + 1;
      }
    }
    const marked: number[] = [];
    for (const id of touched) {
      const n = this.lengths[id] as number;
      const missing = n - (this.found[id] ?? 0);
      this.found[id] = 0;
      if (missing === 0 || (missing === 1 && n >= 3)) {
        this.could[id] = 1;
        marked.push(id);
      }
    }
    this.marked = marked;
    this.lastClauses = clauses;
  }
}

export interface PhraseMatch {
  phrase: Phrase;
  /** 1 for every word found close together; less for most of a long phrase. */
  quality: number;
  negated: boolean;
  clause: number;
  start: number;
  end: number;
}

const PARTIAL_QUALITY = 0.6;
const PARTIAL_MIN_WEIGHT = 0.75;
/** Other meaningful words allowed between a phrase's words ("throat is really sore"). */
const WINDOW_SLACK = 2;

/**
 * Finds a phrase in the text. Prefers a full, non-negated match; then a negated one ("no fever");
 * then, for phrases of three or more words, all but one of them together (quality 0.6).
 */
export function matchPhrase(phrase: Phrase, clauses: StemmedClause[]): PhraseMatch | null {
  const n = phrase.stems.length;
  if (n === 0) return null;
  // Most phrases miss: two of their words (one, for short phrases) are nowhere in the text.
  const said = stemsOf(clauses);
  let absent = 0;
  for (const s of phrase.stems) if (!said.has(s) && ++absent > 1) return null;
  if (absent === 1 && n < 3) return null;
  let negatedHit: PhraseMatch | null = null;
  let best: PhraseMatch | null = null;
  for (let ci = 0; ci < clauses.length; ci++) {
    const sc = clauses[ci] as StemmedClause;
    const positions = positionsOf(sc);
    let missing = 0;
    for (const s of phrase.stems) if (!positions.has(s) && ++missing > 1) break;
    if (missing > 1 || (missing === 1 && n < 3)) continue;
    const all = phrase.stems.map((s) => positions.get(s) ?? NOWHERE);
    // Whole phrase first; then, for long phrases, every way of leaving one word out.
    const options = missing === 0 ? [all.map((_, i) => i)] : [];
    if (n >= 3) {
      const topWeight = phrase.weights ? Math.max(...phrase.weights) : Infinity;
      for (let drop = 0; drop < n; drop++) {
        // Never leave out where it is, or the phrase's most telling word.
        if (BODY_PARTS.has(phrase.stems[drop] as string) || phrase.weights?.[drop] === topWeight) continue;
        // Nor its own "not": "cant wee" without "cant" says the opposite.
        if (NEGATION_STEMS.has(phrase.stems[drop] as string)) continue;
        if (missing === 0 || (all[drop] as readonly number[]).length === 0) options.push(all.map((_, i) => i).filter((i) => i !== drop));
      }
    }
    for (const keep of options) {
      const complete = keep.length === n;
      // A partial match may only miss a common word: "pain moved to lower right" without "pain"
      // is fine; "fit with a high temperature" without "fit" is not.
      if (!complete && phrase.weights) {
        const total = phrase.weights.reduce((a, b) => a + b, 0);
        const kept = keep.reduce((a, i) => a + (phrase.weights?.[i] ?? 0), 0);
        if (total <= 0 || kept / total < PARTIAL_MIN_WEIGHT) continue;
      }
      const span = bestSpan(keep.map((i) => all[i] as readonly number[]));
      if (!span || contentWidth(sc, span) > keep.length + WINDOW_SLACK) continue;
      // "cant get comfy at all and my wee" is not "cant wee": a phrase's own "not" must govern its word.
      if (phrase.selfNegated && !negationGoverns(phrase, sc, span)) continue;
      const negated = !phrase.selfNegated && (isNegated(sc.clause, span.start, span.end) || reassuredWithin(sc, phrase, span));
      const quality = complete ? 1 : PARTIAL_QUALITY;
      const hit: PhraseMatch = { phrase, quality, negated, clause: ci, start: span.start, end: span.end };
      if (negated) {
        if (complete && !negatedHit) negatedHit = hit;
        continue;
      }
      if (!best || quality > best.quality) best = hit;
      break;
    }
    if (best?.quality === 1) break;
  }
  if (best && best.quality === 1) return best;
  return negatedHit ?? best;
}

/**
 * A phrase that carries its own negation ("not drinking", "cant wee") only matches when, in the
 * text, the negation comes before the word it negates in the phrase, with at most one other
 * meaningful word between them and no "and" or comma: "still drinking his milk, no rash" is not
 * "not drinking", and "cant get comfy at all and my wee looks pink" is not "cant wee". A negation
 * that ends the phrase must follow the word before it.
 */
function negationGoverns(phrase: Phrase, sc: StemmedClause, span: { start: number; end: number }): boolean {
  const { tokens, commasAfter } = sc.clause;
  for (let k = 0; k < phrase.stems.length - 1; k++) {
    const neg = phrase.stems[k] as string;
    if (!NEGATION_STEMS.has(neg)) continue;
    const negAt: number[] = [];
    for (let i = span.start; i < span.end; i++) if (sc.stems[i] === neg) negAt.push(i);
    // The word it governs: the next one of the phrase the match found (a partial match may lack one).
    const inSpan = (st: string) => sc.stems.slice(span.start, span.end).includes(st);
    const next = phrase.stems.slice(k + 1).find((st) => !NEGATION_STEMS.has(st) && inSpan(st));
    if (next === undefined || negAt.length === 0) continue;
    const nextAt: number[] = [];
    for (let i = span.start; i < span.end; i++) if (sc.stems[i] === next) nextAt.push(i);
    const governs = negAt.some((p) =>
      nextAt.some((q) => {
        if (q <= p) return false;
        let between = 0;
        for (let i = p + 1; i < q; i++) {
          const t = tokens[i] as string;
          if (t === 'and' || commasAfter.has(i - 1)) return false;
          if (sc.stems[i] !== null && !SOFT_WORDS.has(t)) between++;
        }
        return !commasAfter.has(q - 1) && between <= 1;
      }),
    );
    if (!governs) return false;
  }
  // A negation that ends the phrase ("fever not [going]", its verb a stop word) follows its word:
  // "no fever" says the opposite.
  const last = phrase.stems.length - 1;
  const trailing = phrase.stems[last] as string;
  if (last > 0 && NEGATION_STEMS.has(trailing)) {
    const before = phrase.stems[last - 1] as string;
    let seenBefore = false;
    let follows = false;
    for (let i = span.start; i < span.end && !follows; i++) {
      if (sc.stems[i] === before) seenBefore = true;
      else if (sc.stems[i] === trailing && seenBefore) follows = true;
    }
    if (!follows) return false;
  }
  return true;
}

/** Words with meaning inside a span: "pain in the bottom of my heel" is 3 (pain, bottom, heel). */
function contentWidth(sc: StemmedClause, span: { start: number; end: number }): number {
  let n = 0;
  for (let i = span.start; i < span.end; i++) if (sc.stems[i] !== null) n++;
  return n;
}

const NOWHERE: readonly number[] = [];
/**
 * Every stem of a text's clauses, once per text. Callers try thousands of phrases against one text
 * in a row, so the last text is kept beside the map (a WeakMap lookup per phrase would cost more
 * than the check it saves).
 */
const SAID = new WeakMap<readonly StemmedClause[], Set<string>>();
let lastText: { clauses: readonly StemmedClause[]; said: Set<string> } | undefined;
function stemsOf(clauses: readonly StemmedClause[]): Set<string> {
  if (lastText?.clauses === clauses) return lastText.said;
  let said = SAID.get(clauses);
  if (!said) {
    said = new Set();
    for (const sc of clauses) for (const s of sc.stems) if (s !== null) said.add(s);
    SAID.set(clauses, said);
  }
  lastText = { clauses, said };
  return said;
}
/**
 * Where each stem stands in a clause, worked out once per clause: every phrase of every page is
 * tried against the same clauses, and most phrases miss at their first word.
 */
const POSITIONS = new WeakMap<StemmedClause, Map<string, number[]>>();
function positionsOf(sc: StemmedClause): Map<string, number[]> {
  let positions = POSITIONS.get(sc);
  if (!positions) {
    positions = new Map();
    sc.stems.forEach((s, i) => {
      if (s === null) return;
      const list = positions?.get(s);
      if (list) list.push(i);
      else positions?.set(s, [i]);
    });
    POSITIONS.set(sc, positions);
  }
  return positions;
}

/** The tightest window holding one position from each list (lists are short: every anchor is tried). */
function bestSpan(lists: readonly (readonly number[])[]): { start: number; end: number } | null {
  if (lists.length === 0) return null;
  let best: { start: number; end: number } | null = null;
  for (const anchor of lists) {
    for (const a of anchor) {
      let lo = a;
      let hi = a;
      for (const list of lists) {
        if (list === anchor) continue;
        let pick = list[0] as number;
        for (const p of list) if (Math.abs(p - a) < Math.abs(pick - a)) pick = p;
        lo = Math.min(lo, pick);
        hi = Math.max(hi, pick);
      }
      if (!best || hi - lo < best.end - best.start - 1) best = { start: lo, end: hi + 1 };
    }
  }
  return best;
}

/** Reads text the way the pages are indexed: typo-fixed, clause-split, stemmed. */
export interface Reader {
  read(messages: string[]): StemmedClause[];
  fix(token: string): string;
}

/**
 * Everyday words the knowledge pages never use, so the typo fixer leaves them alone ("cheers"
 * must not become "cheeks").
 */
const EVERYDAY_WORDS = [
  'cheers', 'thanks', 'hello', 'hiya', 'howdy', 'greetings', 'goodbye', 'weather', 'pizza', 'joke', 'jokes', 'password', 'website',
  'email', 'phone', 'london', 'haha', 'brilliant', 'lovely', 'awesome', 'amazing', 'perfect', 'sorry', 'tomorrow', 'weekend',
  'holiday', 'school', 'music', 'movie', 'movies', 'films', 'football', 'games', 'money', 'shopping', 'train', 'recipe',
  'dinner', 'lunch', 'breakfast', 'coffee', 'restaurant', 'hotel', 'books', 'write', 'poem', 'story', 'friends', 'family',
  'house', 'garden', 'computer', 'internet', 'online', 'account', 'login', 'reset', 'recommend', 'robot', 'human', 'person',
  'people', 'really', 'appreciate', 'appreciated', 'helpful', 'great', 'nice', 'alright', 'okay', 'whatever', 'tell', 'today',
  'london', 'manchester', 'birthday', 'party', 'present', 'christmas', 'office', 'meeting', 'teacher', 'student', 'study',
];

export function createReader(pages: readonly ConditionPage[]): Reader {
  const vocabulary = new Set<string>();
  const known = new Set<string>([...STOPWORDS, ...EVERYDAY_WORDS]);
  const add = (set: Set<string>, text: string) => {
    for (const w of text.toLowerCase().replace(/['\u2019]/g, '').split(/[^a-z]+/)) if (w) set.add(w);
  };
  for (const page of pages) {
    for (const s of page.symptoms) [s.term, ...s.synonyms].forEach((t) => add(vocabulary, t));
    for (const f of [...page.redFlags, ...page.urgentFlags, ...page.routineFlags]) f.terms.forEach((t) => add(vocabulary, t));
    add(vocabulary, page.title);
    for (const section of page.sections) add(known, section.content);
  }
  for (const w of Object.keys(CANONICAL)) vocabulary.add(w);
  const fix = typoFixer(vocabulary, known);
  return {
    fix,
    read: (messages) =>
      toClauses(messages.map(rewritePhrases), fix)
        .map((clause) => joinCompounds(clause, vocabulary))
        .map((clause) => {
          // Words a modifier marks as not the person's sign now (asked about, feared, someone
          // else's, long ago: clinical/modifiers.ts) are not read as evidence for any page.
          const stems = clause.tokens.map((t, i) => (notEvidenceAt(clause, i) || (STOPWORDS.has(t) && !NEGATION_WORDS.has(t)) ? null : stem(t)));
          return { clause, stems, reassured: reassuredPositions(clause.tokens, stems) };
        }),
  };
}

/** "ear ache" -> "earache", "chicken pox" -> "chickenpox", when the pages spell it as one word. */
function joinCompounds(clause: Clause, vocabulary: ReadonlySet<string>): Clause {
  const tokens: string[] = [];
  const commasAfter = new Set<number>();
  for (let i = 0; i < clause.tokens.length; i++) {
    const a = clause.tokens[i] as string;
    const b = clause.tokens[i + 1];
    if (b !== undefined && !clause.commasAfter.has(i) && a.length > 1 && vocabulary.has(a + b) && !STOPWORDS.has(a)) {
      tokens.push(a + b);
      i++;
    } else {
      tokens.push(a);
    }
    if (clause.commasAfter.has(i)) commasAfter.add(tokens.length - 1);
  }
  return tokens.length === clause.tokens.length ? clause : { ...clause, tokens, commasAfter, text: tokens.join(' ') };
}
