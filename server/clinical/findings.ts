import type { Assertion } from './context.js';

/**
 * A finding: one concept found in what the person wrote, with what its context says of it
 * (present, absent, feared...), where it was (the message of the conversation, the clause) and
 * the words that showed it. `clause` is -1 for facts read from the whole message or the form
 * (an age, a temperature, a medicine).
 */
export interface Finding<Concept extends string = string> {
  concept: Concept;
  assertion: Assertion;
  words: string;
  /** The message of the conversation it came from (0 = the first the case read). */
  message: number;
  clause: number;
  /** The modifier's cue, when one changed the assertion ("terrified its", "last year"). */
  cue?: string;
}
