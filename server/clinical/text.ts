/**
 * How every reader of clinical text (the safety rules, the urgency model, the offline engine) sees
 * what people type: normalised, split into clauses, with likely typos of known words fixed. What
 * a found phrase means in its context (denied, feared, asked about, long ago) is `context.ts`.
 * Deliberately rule-based: every decision can be explained in a staff trace.
 */

import { CONTINUES_THIRD_PERSON, DENIED_AFTER, OTHERS_ILLNESS, OWN_COMPLAINT, THIRD_PERSON_NOW, WORRY_FILLER, WORRY_WORDS } from './modifiers.js';

/** One clause: normalised tokens (no punctuation) and the token indices that a comma followed. */
export interface Clause {
  tokens: string[];
  /** Token index i is in this set when a comma came right after tokens[i]. */
  commasAfter: Set<number>;
  /** tokens joined by single spaces: what the safety regexes run on. */
  text: string;
  /** Which input message the clause came from (0 = the only/first one). */
  message: number;
  /** The clause ended with a question mark ("is this anaphylaxis starting??"). */
  question: boolean;
  /**
   * The clause tells someone else's illness beside the person's own complaint ("my cousins boy had
   * croup with his ribs sucking in. my son has a runny nose"): the cue words (see `markAsides`).
   */
  aside?: string;
}

// Contractions and slang folded to one spelling, so rules are written once. Apostrophes are dropped
// afterwards, so "can't", "cant" and "cannot" all end up as "cant".
const REWRITES: [RegExp, string][] = [
  [/[\u2018\u2019\u201B\u0060\u00B4]/g, "'"],
  [/[\u201C\u201D]/g, '"'],
  [/\bcan ?not\b/g, 'cant'],
  [/\b(do|does|did|is|are|was|were|has|have|had|could|would|should|must) not\b/g, "$1nt"],
  [/\bwill not\b/g, 'wont'],
  [/\bi am\b/g, 'im'],
  // "arm's gone numb", "chest's tight": once apostrophes go these would read as plurals.
  [/(\w)['\u2019]s (gone|been|got|had|become|started|turned|swollen|swelled|stopped)\b/g, '$1 has $2'],
  [/\b(arm|leg|chest|head|face|lip|tongue|throat|heart|hand|foot|eye|ear|neck|back|tummy|stomach|breathing|speech|vision|temp|temperature|pain|baby|son|daughter|mum|dad|wife|husband|skin|wee|sugar|calf|ankle|knee|wrist)['\u2019]s\b/g, '$1 is'],
  // "I'll" must not become "ill" once apostrophes go.
  [/\b(i|you|we|they|he|she|it|that|there)['\u2019]ll\b/g, '$1 will'],
  // Typed without the apostrophe, where the word cannot be another one ("ill", "hell", "well" can).
  [/\b(it|they|you)ll\b/g, '$1 will'],
  [/\b(wanna|wana|wanta)\b/g, 'want to'],
  [/\b(gonna|gona)\b/g, 'going to'],
  [/\bgotta\b/g, 'got to'],
  [/\bkinda\b/g, 'kind of'],
  [/\bu\b/g, 'you'],
  [/\bur\b/g, 'your'],
  [/\b(pls|plz)\b/g, 'please'],
  // Text-speak spellings of words the rules read: "cant lift rite arm n words comin out wrong".
  [/\b(?:rite|rght|ryt|rigt)\b/g, 'right'],
  [/\b(?:lft)\b/g, 'left'],
  [/(?<=\w )n(?= \w)/g, 'and'],
  [/\b(?:cos|coz|cuz)\b/g, 'because'],
  // Dropped g: "comin", "bleedin", "breathin" (a list, since "skin", "pain" and "chin" end in -in too).
  [/\b(com|go|feel|bleed|breath|throw|be|do|gett|look|talk|walk|pass|swell|ach|shak|sweat|vomit|puk|burn|itch|spinn|hurt|cough|sneez|wheez|struggl|chok|fitt|shiver|pant|gasp|dribbl|droop|pound|throbb|kill|dy|tingl|slurr|lyin|sink|stabb|spew|seiz)in\b/g, '$1ing'],
  [/\b(idk)\b/g, 'i dont know'],
  [/'/g, ''],
  // Puzzled, not the symptom: "confused about which inhaler", "confused by the dose" (but "confused
  // about what day it is" stays confusion).
  [/\bconfused (?:about |by |as to |over )?(?=which\b|whether\b|how (?:to|much|many|often|long)\b|the (?:instructions|dose|dosage|leaflet|advice|guidance|rules)\b|my (?:medication|medicine|tablets|pills|prescription|appointment|results|dose)\b)/g, 'unsure about '],
  // A blocked nose, not breathlessness: "cant breathe through my nose".
  [/\b(?:breathe|breath|breathing) (?:through|thru|out of) (?:my|his|her|their|the|your) (?:nose|nostrils?)\b/g, 'nose blocked'],
  // "isnt" etc. already fine; common no-apostrophe misspellings of the same words.
  [/\b(doesent|dosnt|doesn|dosent)\b/g, 'doesnt'],
  [/\b(dnt)\b/g, 'dont'],
  [/\b(cnt|cannt|caant|carnt)\b/g, 'cant'],
  [/\b(wnt)\b/g, 'wont'],
  [/\b(havnt)\b/g, 'havent'],
  [/\b(didint)\b/g, 'didnt'],
  // "haven't been able to keep anything down" describes a symptom, not its absence.
  [/\b(?:unable to|not able to|(?:havent|hasnt|hadnt|wasnt|werent|isnt|arent|am not|im not) (?:been )?able to)\b/g, 'cant'],
];

/** Lower-case, fold contractions/slang, drop apostrophes. Punctuation that ends clauses is kept. */
export function normalise(text: string): string {
  let s = text.toLowerCase().normalize('NFKC');
  for (const [re, to] of REWRITES) s = s.replace(re, to);
  return s;
}

// Words that end a clause: a negation before them does not reach past them. A point between two
// digits is a decimal ("potassium 6.8", "38.5C"), not the end of a sentence.
const CLAUSE_BREAK = /(?:(?<!\d)\.|\.(?!\d)|[!?;:\n()])+|\s-\s|\b(?:but|however|although|though|except|apart from|whereas)\b/g;

/** The text between clause breaks, each with whether its break asked a question. */
function segments(text: string): { raw: string; question: boolean }[] {
  const out: { raw: string; question: boolean }[] = [];
  let from = 0;
  for (const m of text.matchAll(CLAUSE_BREAK)) {
    out.push({ raw: text.slice(from, m.index), question: m[0].includes('?') });
    from = m.index + m[0].length;
  }
  out.push({ raw: text.slice(from), question: false });
  return out;
}

/** Splits one or more messages into clauses of normalised tokens. */
export function toClauses(messages: string | string[], fix?: (token: string) => string): Clause[] {
  const list = Array.isArray(messages) ? messages : [messages];
  const out: Clause[] = [];
  list.forEach((message, index) => {
    for (const { raw, question } of segments(normalise(message))) {
      if (!raw) continue;
      const tokens: string[] = [];
      const commasAfter = new Set<number>();
      for (const piece of raw.split(/\s+/)) {
        const comma = /,\s*$/.test(piece) || piece === ',';
        for (const word of piece.split(/[^a-z0-9]+/)) {
          if (word) tokens.push(fix ? fix(word) : word);
        }
        if (comma && tokens.length > 0) commasAfter.add(tokens.length - 1);
      }
      if (tokens.length > 0) out.push({ tokens, commasAfter, text: tokens.join(' '), message: index, question });
    }
    markAsides(out.filter((c) => c.message === index));
  });
  return out;
}

/**
 * Marks the clauses of one message that tell another person's illness beside the person's own
 * complaint (clinical/modifiers.ts, OTHERS_ILLNESS). Not when a later sentence goes on about the
 * person named before any complaint of the writer's own ("my wife had a fall and hit her head.
 * shes now being sick": the wife is the patient), nor when the complaint is the same person's.
 */
function markAsides(clauses: Clause[]): void {
  const own = clauses.map(ownComplaint);
  clauses.forEach((clause, i) => {
    const m = OTHERS_ILLNESS.exec(clause.text);
    const named = m?.[1];
    if (!m || !named || THIRD_PERSON_NOW.test(clause.text)) return;
    for (let j = i + 1; j < clauses.length && !own[j]; j++) if (CONTINUES_THIRD_PERSON.test((clauses[j] as Clause).text)) return;
    if (own.some((o, j) => j !== i && o && !(o[1] ?? '').split(' ').includes(named))) clause.aside = m[0];
  });
}

/**
 * A complaint of the writer's own in a clause: not one about someone else ("i have been watching
 * her"), nor worry alone ("im freaking out"), nor a reassurance ("i feel ok now").
 */
function ownComplaint(clause: Clause): RegExpExecArray | null {
  if (/\b(?:him|her|them)\b/.test(clause.text)) return null;
  const m = OWN_COMPLAINT.exec(clause.text);
  if (!m) return null;
  const rest = clause.text.slice(m[0].length).split(' ').filter((w) => w && !WORRY_WORDS.has(w) && !WORRY_FILLER.has(w) && !DENIED_AFTER.has(w));
  return rest.length > 0 || m[1] !== undefined ? m : null;
}

/** Token index at which a character offset of `clause.text` falls. */
export function tokenIndexAt(clause: Clause, charOffset: number): number {
  let count = 0;
  for (let i = 0; i < charOffset && i < clause.text.length; i++) if (clause.text[i] === ' ') count++;
  return count;
}

/** Optimal string alignment distance, giving up once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push(new Array<number>(b.length + 1).fill(0));
  for (let i = 0; i <= a.length; i++) (rows[i] as number[])[0] = i;
  for (let j = 0; j <= b.length; j++) (rows[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] as number[];
    const prev = rows[i - 1] as number[];
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = v;
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/**
 * A typo fixer over a vocabulary of words the rules care about. Only words of 5+ letters are
 * corrected (1 edit; 2 edits from 9 letters), and never a word in `known`, so ordinary short words
 * ("lying", "chess") are not bent into keywords.
 */
const NEGATING_PREFIX = /^(?:un|in|im|ir|il|non|dis)$/;
/** One word is the other with a negating prefix: two letters apart, opposite meanings. */
const flipsMeaning = (a: string, b: string): boolean =>
  (b.endsWith(a) && NEGATING_PREFIX.test(b.slice(0, b.length - a.length))) || (a.endsWith(b) && NEGATING_PREFIX.test(a.slice(0, a.length - b.length)));

export function typoFixer(vocabulary: Iterable<string>, known: ReadonlySet<string> = new Set()): (token: string) => string {
  const vocab = [...new Set(vocabulary)].filter((w) => w.length >= 5);
  const vocabSet = new Set(vocab);
  const cache = new Map<string, string>();
  return (token: string) => {
    if (token.length < 5 || vocabSet.has(token) || known.has(token) || /\d/.test(token)) return token;
    const hit = cache.get(token);
    if (hit !== undefined) return hit;
    const max = token.length >= 9 ? 2 : 1;
    let best = token;
    let bestDistance = max + 1;
    for (const word of vocab) {
      if (word[0] !== token[0] && max === 1) continue; // typos rarely change the first letter of short words
      if (flipsMeaning(token, word)) continue; // "self conscious" is not "unconscious"
      const d = editDistance(token, word, max);
      if (d < bestDistance) {
        bestDistance = d;
        best = word;
      }
    }
    cache.set(token, best);
    return best;
  };
}
