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

/** Every concept, keyed by id, in READING_ORDER. */
export const SIGNALS = Object.fromEntries(READING_ORDER.map((id) => [id, ALL_CONCEPTS[id]])) as typeof ALL_CONCEPTS;

export type SignalId = ConceptId | ContextSignalId;
