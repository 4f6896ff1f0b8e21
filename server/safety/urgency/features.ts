import type { Demographics } from '../../contract/turn.js';
import type { ReadMessage } from '../find-signals.js';
import { safetyClauses } from '../find-signals.js';
import { modifierScopes } from '../../clinical/context.js';
import { NEGATION_CUES, WORRY_WORDS } from '../../clinical/modifiers.js';
import type { Clause } from '../../clinical/text.js';
import { QUALIFIERS, type SignalId } from '../../clinical/concepts/index.js';

/**
 * What the urgency model reads of a message: its words and word pairs (each clause on its own, a
 * word shortly after "no", "not", "without"... marked as negated), the facts about the person
 * (age band, sex, pregnancy, the notes' words), and every sign the rules found, the person's
 * context included (a baby's age in weeks, a temperature, a blood thinner...). The signs give the
 * model concepts rather than spellings; the words let it weigh what no sign names.
 */

const SCOPE_BREAKERS = new Set(['but', 'and', 'although', 'though', 'however', 'except', 'yet']);
// The rules' cues, with a plainer reach: the next three words, up to a "but" or "and". The rules
// need exact negation of a phrase; the model only needs "this word was denied" as a feature.
const NEGATION_SCOPE = 3;

// Signs that only say when something began, or narrow a sign the model already has. The words
// themselves are features already; as a concept, "since lunch" says nothing about urgency without
// the symptom it dates (it tipped plain flu that "came on suddenly" over the model's emergency
// line), and `disoriented` is part of `confused`.
const NOT_FEATURES: ReadonlySet<string> = new Set(['suddenOnset', 'disoriented']);

const INHALER_WORDS = new Set(['inhaler', 'inhalers', 'pump', 'puffer']);

const AGE_UNDER = [1, 5, 16];
const AGE_FROM = [50, 65, 75];

/** The non-evidence modifier over token i (the highest in priority), if any; "possible" is evidence. */
function contextAt(clause: Clause, i: number): string | undefined {
  return modifierScopes(clause).find((s) => s.category !== 'POSSIBLE' && !s.namesOnly && s.start <= i && i < s.end)?.category;
}

function clauseFeatures(clause: Clause, out: Set<string>): void {
  const marked: string[] = [];
  let scope = 0;
  clause.tokens.forEach((token, i) => {
    if (WORRY_WORDS.has(token)) return; // how the person feels about it, not what they have
    // "blue inhaler" is the name of a medicine, not a colour of the lips.
    if (token === 'blue' && INHALER_WORDS.has(clause.tokens[i + 1] ?? '')) return;
    if (NEGATION_CUES.has(token)) {
      scope = NEGATION_SCOPE;
      marked.push(token);
      return;
    }
    if (SCOPE_BREAKERS.has(token)) scope = 0;
    // A word feared or asked about is not read at all: worry and questions are never evidence
    // ("scared my face will start drooping"). A word of someone else's or long ago is its own
    // feature: "my uncle died suddenly young" is not the person's sign, but it is a risk.
    const context = scope > 0 ? undefined : contextAt(clause, i);
    if (context === 'HYPOTHETICAL' || context === 'FEARED') return;
    marked.push(scope > 0 ? `not_${token}` : context ? `h_${token}` : token);
    scope = Math.max(0, scope - 1);
  });
  marked.forEach((word, i) => {
    out.add(`w:${word}`);
    const next = marked[i + 1];
    if (next !== undefined) out.add(`b:${word}_${next}`);
  });
}

function demographicFeatures(demographics: Demographics | undefined, out: Set<string>): void {
  if (!demographics) return;
  const { age, sex, pregnant, notes } = demographics;
  if (age !== undefined) {
    for (const limit of AGE_UNDER) if (age < limit) out.add(`age<${limit}`);
    for (const limit of AGE_FROM) if (age >= limit) out.add(`age>=${limit}`);
  }
  if (sex) out.add(`sex:${sex}`);
  if (pregnant) out.add('pregnant');
  if (notes) for (const clause of safetyClauses(notes)) for (const token of clause.tokens) out.add(`n:${token}`);
}

/** The model's features for one message, as a set of names. */
export function urgencyFeatures(message: ReadMessage, demographics?: Demographics): Set<string> {
  const out = new Set<string>();
  for (const clause of message.clauses) clauseFeatures(clause, out);
  demographicFeatures(demographics, out);
  const inContext = (id: SignalId) => QUALIFIERS[id]?.some((c) => message.found.has(c)) ?? true;
  for (const id of message.found.keys()) if (!NOT_FEATURES.has(id) && inContext(id)) out.add(`sig:${id}`);
  // The evidence list's other half: a sign the person said they do not have ("the soft spot isnt
  // sunken", "breathing is fine") is a concept too, and it argues against the emergency its words
  // would otherwise suggest.
  for (const f of message.findings) if (f.assertion === 'absent' && !message.found.has(f.concept) && !NOT_FEATURES.has(f.concept) && inContext(f.concept)) out.add(`neg:${f.concept}`);
  return out;
}
