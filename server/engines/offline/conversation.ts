import type { TurnInput } from '../../contract/turn.js';

/**
 * What the offline engine treats as "the patient's account": the new message plus the person's
 * recent messages, so a follow-up like "it's been 3 days now" is read with the symptoms it
 * follows. A bare "yes"/"no" to the engine's own "Have you also noticed X?" becomes "X"/"no X".
 */

/** How many earlier user messages are read with the new one. */
const RECENT_USER_MESSAGES = 3;

const FOLLOW_UP_QUESTION = /Have you also noticed "(.+?)", or anything else/i;
const YES = /^\s*(?:yes|yeah|yep|yup|i have|they have|he has|she has|correct|that's right|thats right)\b/i;
const NO = /^\s*(?:no|nope|nah|not really|i haven't|i havent|none)\b/i;

export function recentUserMessages(input: TurnInput, exchanges: number): string[] {
  const users = input.history.filter((m) => m.role === 'user').map((m) => m.content);
  return users.slice(-Math.min(RECENT_USER_MESSAGES, Math.max(0, exchanges)));
}

/** The new message, with a short yes/no expanded from the question it answers. */
export function expandedText(input: TurnInput): string {
  const last = [...input.history].reverse().find((m) => m.role === 'assistant');
  const asked = last ? FOLLOW_UP_QUESTION.exec(last.content)?.[1] : undefined;
  if (!asked) return input.text;
  if (YES.test(input.text)) return `${input.text}. ${asked}`;
  if (NO.test(input.text)) return `${input.text}. no ${asked}`;
  return input.text;
}

// "I also have a rash now": the new message adds to what came before rather than starting afresh.
const ADDS_TO = /\b(?:also|as well|too|and now|now (?:i|he|she|they|its|it has)|plus|another|still|again|worse|better|since then)\b/i;

/**
 * Oldest first: the recent user messages, then the (expanded) new one. A new message that
 * tells symptoms of its own, with nothing saying it adds to the earlier ones, is read alone,
 * so a second, unrelated complaint is not mixed with the first. One that only denies symptoms
 * ("no fever, no shivering") answers the complaint before it.
 */
export function patientMessages(input: TurnInput, exchanges: number, tellsSymptoms: (text: string) => boolean = () => false): string[] {
  const text = expandedText(input);
  const earlier = recentUserMessages(input, exchanges);
  if (earlier.length === 0) return [text];
  const startsAfresh = (t: string) => tellsSymptoms(t) && !ADDS_TO.test(t);
  if (text === input.text && startsAfresh(text)) return [text];
  // A follow-up reads back to the message that began the current complaint, and no further.
  let from = 0;
  for (let i = earlier.length - 1; i >= 0; i--) {
    if (startsAfresh(earlier[i] as string)) {
      from = i;
      break;
    }
  }
  return [...earlier.slice(from), text];
}
