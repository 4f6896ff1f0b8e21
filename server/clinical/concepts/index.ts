/**
 * The registry of clinical concepts, one file per body system or concept family, each concept
 * once with its phrases. SIGNALS is every concept by id, in the order they are read (the safety
 * rules in server/safety look them up by these ids).
 */
import { ALL_CONCEPTS, type ConceptId } from './all.js';
import { PERSON, type ContextSignalId } from './person.js';
import { READING_ORDER } from './reading-order.js';

export type { NegationMode, Signal } from './signal.js';
export type { ContextSignalId } from './person.js';
export { SAFETY_KNOWN_WORDS, SAFETY_VOCABULARY } from './vocabulary.js';

/**
 * Facts about the person's health (person.ts): a risk factor counts only when told as theirs. "Maybe
 * cancer" is a guess at a diagnosis, not a history of one; a possible 999 sign, by contrast, counts.
 */
export const RISK_FACTORS: ReadonlySet<SignalId> = new Set(Object.keys(PERSON) as SignalId[]);

/**
 * Concepts that say something only beside another one: "bleeding" is an eye injury's warning sign
 * when an eye was hurt, a pregnancy's when the person is pregnant; "being sick" or "cant remember"
 * are a head injury's when the head was hit. The rules always read them with that context; a
 * reader that weighs concepts one by one (the urgency model) reads them only when it stands, or a
 * cut finger that "stopped bleeding" is weighed as bleeding in pregnancy and into the eye.
 */
export const QUALIFIERS: Partial<Record<SignalId, readonly SignalId[]>> = {
  eyeDanger: ['eyeInjury'],
  pregnancyBleeding: ['pregnant', 'maybePregnant', 'pretermPregnancy', 'postnatal'],
  headWarning: ['headHit', 'headKnock', 'fall', 'headLump', 'collapse'],
};

/** Every concept, keyed by id, in READING_ORDER. */
export const SIGNALS = Object.fromEntries(READING_ORDER.map((id) => [id, ALL_CONCEPTS[id]])) as typeof ALL_CONCEPTS;

export type SignalId = ConceptId | ContextSignalId;
