import {
  DENIED_AFTER,
  LINKING_WORDS,
  MODIFIERS,
  NEGATION_CUES,
  NEGATIVE_PHRASE_WORDS,
  NEW_STATEMENT,
  PSEUDO_NEGATIONS,
  RESOLVED_NOW,
  TERMINATORS,
  type ModifierCategory,
  type ModifierRule,
} from './modifiers.js';
import { tokenIndexAt, type Clause } from './text.js';

/**
 * ConText over one clause: which modifiers reach a found phrase, and so what it says about the
 * person (`Assertion`). Modifier scopes are worked out once per clause and kept with it; negation
 * keeps its own walk (below), which reads the same table of cues.
 */

/** What a found phrase says about the person it is about. */
export type Assertion = 'present' | 'absent' | 'resolved' | 'possible' | 'hypothetical' | 'feared' | 'historical' | 'other';

/** Assertions that are evidence of a sign now (a possible 999 sign counts: the cautious reading). */
export const COUNTS_AS_PRESENT: ReadonlySet<Assertion> = new Set(['present', 'possible']);

const ASSERTION_OF: Record<Exclude<ModifierCategory, 'NEGATED'>, Assertion> = {
  HYPOTHETICAL: 'hypothetical',
  FEARED: 'feared',
  OTHER: 'other',
  HISTORICAL: 'historical',
  POSSIBLE: 'possible',
};
/** When two scopes cover a phrase, the first here wins. */
const PRIORITY: readonly Exclude<ModifierCategory, 'NEGATED'>[] = ['HYPOTHETICAL', 'FEARED', 'OTHER', 'HISTORICAL', 'POSSIBLE'];

export interface ModifierScope {
  category: Exclude<ModifierCategory, 'NEGATED'>;
  /** Token range the modifier covers, its cue included: [start, end). */
  start: number;
  end: number;
  /** The cue's words, for traces. */
  cue: string;
  /** Reaches only phrases that name a condition (`ModifierRule.namesOnly`). */
  namesOnly?: true;
}

const DEFAULT_SCOPE = 12;

function walkForward(clause: Clause, from: number, max: number): number {
  const { tokens, commasAfter } = clause;
  let i = from;
  while (i < tokens.length && i - from < max) {
    const t = tokens[i] as string;
    if (TERMINATORS.has(t)) break;
    if (t === 'and' && NEW_STATEMENT.has(tokens[i + 1] ?? '')) break;
    if (i > from && commasAfter.has(i - 1) && NEW_STATEMENT.has(t)) break;
    i++;
  }
  return i;
}

function walkBackward(clause: Clause, from: number, max: number): number {
  const { tokens, commasAfter } = clause;
  let i = from - 1;
  while (i >= 0 && from - i <= max) {
    if (commasAfter.has(i)) break;
    const t = tokens[i] as string;
    if (TERMINATORS.has(t) || t === 'and') break;
    i--;
  }
  return i + 1;
}

/** Words with which the writer turns to their own complaint inside the same clause ("and i have"). */
const WRITER_TURNS = new Set(['i', 'im', 'ive', 'my', 'mine', 'me']);

/**
 * Another person's illness (`Clause.aside`) reaches the whole sentence, its pronouns included ("my
 * mum had cauda equina, she couldnt feel it"), up to a terminator or the writer turning to
 * themselves after "and" or a comma.
 */
function asideEnd(clause: Clause): number {
  const { tokens, commasAfter } = clause;
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i] as string;
    if (TERMINATORS.has(t)) return i;
    if (WRITER_TURNS.has(t) && (tokens[i - 1] === 'and' || commasAfter.has(i - 1))) return i;
  }
  return tokens.length;
}

function scopesOfRule(clause: Clause, rule: ModifierRule, out: ModifierScope[]): void {
  if (rule.questionOnly && !clause.question) return;
  const pattern = new RegExp(rule.pattern.source, 'g');
  for (let m = pattern.exec(clause.text); m; m = pattern.exec(clause.text)) {
    if (m[0] === '') {
      pattern.lastIndex++;
      continue;
    }
    const cueStart = tokenIndexAt(clause, m.index);
    const cueEnd = tokenIndexAt(clause, m.index + m[0].length - 1) + 1;
    // A cue never reaches across a comma inside itself ("terrified, he has a stiff neck").
    let split = false;
    for (let i = cueStart; i < cueEnd - 1; i++) if (clause.commasAfter.has(i)) split = true;
    if (split) continue;
    const max = rule.maxScope ?? DEFAULT_SCOPE;
    const start = rule.direction === 'FORWARD' ? cueStart : walkBackward(clause, cueStart, max);
    const end = rule.direction === 'BACKWARD' ? cueEnd : walkForward(clause, cueEnd, max);
    out.push({ category: rule.category, start, end, cue: m[0], ...(rule.namesOnly ? { namesOnly: true as const } : {}) });
  }
}

const scopeCache = new WeakMap<Clause, ModifierScope[]>();

/** Every modifier scope in a clause (worked out once per clause object). */
export function modifierScopes(clause: Clause): ModifierScope[] {
  const known = scopeCache.get(clause);
  if (known) return known;
  const out: ModifierScope[] = [];
  for (const rule of MODIFIERS) scopesOfRule(clause, rule, out);
  if (clause.aside) out.push({ category: 'OTHER', start: 0, end: asideEnd(clause), cue: clause.aside });
  out.sort((a, b) => PRIORITY.indexOf(a.category) - PRIORITY.indexOf(b.category));
  scopeCache.set(clause, out);
  return out;
}

/**
 * The modifier that covers all of tokens [start, end), if any (the highest in priority).
 * `name`: the phrase names a condition, so scopes that reach only names count.
 */
export function scopeCovering(clause: Clause, start: number, end: number, name = false): ModifierScope | undefined {
  return modifierScopes(clause).find((s) => s.start <= start && end <= s.end && (name || !s.namesOnly));
}

export interface NegationOptions {
  /** Tokens before the phrase a cue may sit at (default 5). */
  window?: number;
  /** Treat "and" as ending the cue's reach (the cautious choice for emergency rules). */
  stopAtAnd?: boolean;
}

export interface AssertionOptions {
  /** How negation reaches the phrase; false: the phrase is never read as denied. */
  negation: NegationOptions | false;
  /** Read the other modifiers too (false: only negation, as for phrases that carry their own meaning). */
  modifiers: boolean;
  /** The phrase names a condition ("meningitis"), so a fear of it is read as one. */
  name?: boolean;
}

/** What a phrase at tokens [start, end) of a clause says about the person, and the cue that says it. */
export function assertionAt(clause: Clause, start: number, end: number, options: AssertionOptions): { assertion: Assertion; cue?: string } {
  if (options.negation !== false && isNegated(clause, start, end, options.negation)) {
    return RESOLVED_NOW.test(clause.text) ? { assertion: 'resolved' } : { assertion: 'absent' };
  }
  if (!options.modifiers) return { assertion: 'present' };
  const scope = scopeCovering(clause, start, end, options.name);
  return scope ? { assertion: ASSERTION_OF[scope.category], cue: scope.cue } : { assertion: 'present' };
}

/**
 * Whether any non-evidence modifier (question, fear, someone else, long ago) covers token i.
 * `name`: the token is part of a condition's name, so fears that reach only names count.
 */
export function notEvidenceAt(clause: Clause, i: number, name = false): boolean {
  return modifierScopes(clause).some((s) => s.category !== 'POSSIBLE' && s.start <= i && i < s.end && (name || !s.namesOnly));
}

// ---- negation (ConText's NEGATED category): a cue before the phrase, or a denial after it

/** Whether a negation cue at tokens[i] starts a hedge rather than a denial ("not sure", "hasnt helped"). */
export function isPseudoNegation(tokens: readonly string[], i: number): boolean {
  return pseudoAt(tokens, i);
}

function pseudoAt(tokens: readonly string[], i: number): boolean {
  return PSEUDO_NEGATIONS.some((p) => p.every((w, k) => tokens[i + k] === w));
}

/**
 * Whether tokens[start..end) are negated within their clause. Cues inside the span itself do not
 * count, so phrases that carry their own negation ("rash doesnt fade", "not weeing", "no energy")
 * still match as positive findings.
 */
export function isNegated(clause: Clause, start: number, end: number, options: NegationOptions = {}): boolean {
  const { tokens, commasAfter } = clause;
  const base = options.window ?? 5;
  let window = base;
  for (let i = start - 1; i >= 0 && start - i <= window; i--) {
    // An "or" list carries its negation further: "no pain in my arms or breathlessness".
    if (tokens[i] === 'or' || tokens[i] === 'nor') window = base + 4;
    // Walking back from the phrase: anything that closes the cue's reach stops the search.
    if (commasAfter.has(i)) {
      // A comma continues a list only for short items in an "or" list ("no fever, rash or vomiting").
      const list = tokens.slice(i + 1, end + 4).some((t) => t === 'or' || t === 'nor');
      if (!(list && end - i - 1 <= 3)) return deniedAfter(clause, start, end);
    }
    const t = tokens[i] as string;
    if (t === 'and' && options.stopAtAnd) return deniedAfter(clause, start, end);
    if (t === 'and' && NEW_STATEMENT.has(tokens[i + 1] ?? '')) return deniedAfter(clause, start, end);
    if (NEGATION_CUES.has(t) && !pseudoAt(tokens, i)) return true;
  }
  return deniedAfter(clause, start, end);
}

/** "my breathing is fine": a denial after the phrase, with only linking words between. */
function deniedAfter(clause: Clause, start: number, end: number): boolean {
  const { tokens } = clause;
  if (tokens.slice(start, end).some((t) => NEGATIVE_PHRASE_WORDS.has(t))) return false;
  for (let i = end; i < tokens.length && i < end + 5; i++) {
    const t = tokens[i] as string;
    // "its gone" denies; "its gone red", "has gone numb" tell a change, not an absence.
    if (DENIED_AFTER.has(t)) return t !== 'gone' || GONE_FOR_GOOD.has(tokens[i + 1] ?? '');
    if (!links(tokens, i)) return false;
  }
  return false;
}

const GONE_FOR_GOOD: ReadonlySet<string> = new Set(['', 'now', 'away', 'off', 'completely', 'totally', 'and', 'but', 'thankfully', 'since', 'overnight']);

/** A word that links a phrase to what is said of it: "is", "its", a count of checks ("5 times and its"). */
function links(tokens: readonly string[], i: number): boolean {
  const t = tokens[i] as string;
  if (LINKING_WORDS.has(t)) return true;
  if (/^\d+$/.test(t)) return tokens[i + 1] === 'times';
  return t === 'and' && (tokens[i + 1] === 'its' || tokens[i + 1] === 'it');
}
