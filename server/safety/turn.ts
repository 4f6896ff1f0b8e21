import type { Demographics, HistoryMessage } from '../contract/turn.js';
import { assessSafety } from './assess.js';
import type { SafetyAssessment } from './types.js';

/** What the rules read of a turn: the new message, the conversation so far and who it is about. */
export interface TurnText {
  text: string;
  history: readonly HistoryMessage[];
  demographics?: Demographics;
}

/**
 * Keyed by the turn's own input object, which lives as long as the turn. Callers treat a turn's
 * input as immutable (the manager hands the same object to the runner).
 */
const assessed = new WeakMap<TurnText, SafetyAssessment>();

/**
 * Emergencies are judged on the new message, and also on the previous user message with it when
 * the new one adds to it ("chest pain" earlier, "now I'm sweating" now): the combination counts
 * only if something the new message says is part of what matched, so a later "thanks" does not
 * re-trigger an emergency already dealt with.
 */
export function assessTurn(turn: TurnText): SafetyAssessment {
  // The turn manager (advice before sendMessage returns) and the pipeline (routing, the floor)
  // both ask about the same turn; the rules cost milliseconds a message, so they run once.
  const known = assessed.get(turn);
  if (known) return known;
  const result = assessUncached(turn);
  assessed.set(turn, result);
  return result;
}

function assessUncached(turn: TurnText): SafetyAssessment {
  const alone = assessSafety(turn.text, turn.demographics);
  if (alone.emergency) return alone;
  const previous = [...turn.history].reverse().find((m) => m.role === 'user')?.content;
  if (!previous) return alone;
  const combined = assessSafety(`${previous}. ${turn.text}`, turn.demographics);
  const text = turn.text.toLowerCase();
  return combined.emergency && combined.matched.some((m) => text.includes(m.toLowerCase())) ? combined : alone;
}
