import type { Advice, AdviceLevel } from '../contract/events.js';

/**
 * What a person is told when a turn fails. Model errors carry technical detail (hosts, HTTP
 * bodies, ECONNREFUSED) that helps staff but means nothing to a patient and leaks internals, so
 * events and public fields use these sentences; the detail is stored for staff (`Turn.error.detail`).
 * When the turn had given advice, the sentence leads with it: an emergency is never told only
 * "try again".
 */
const PUBLIC_MESSAGES: Record<string, string> = {
  MODEL_UNAVAILABLE: 'The assistant is temporarily unavailable. Please try again in a moment.',
  MODEL_TIMEOUT: 'The assistant took too long to answer. Please try again.',
  MODEL_STREAM_INTERRUPTED: 'The answer was interrupted. Please try again.',
  MODEL_BAD_RESPONSE: 'The assistant could not produce a usable answer. Please rephrase or try again.',
  EMPTY_ANSWER: 'The assistant could not produce an answer. Please try again.',
  CANCELLED: 'The answer was stopped.',
  INTERRUPTED: 'The service restarted while this answer was being written. Please send your message again.',
  SHUTTING_DOWN: 'The service is restarting. Please try again in a moment.',
  UNAVAILABLE: 'The assistant is temporarily unavailable. Please try again in a moment.',
  MODEL_BUSY: 'The assistant is very busy right now. Please try again in a few minutes.',
  RETRIEVAL_TIMEOUT: 'The assistant could not look up the health information it needs just now. Please try again in a moment.',
  INTERNAL: 'Something went wrong while writing the answer. Please try again.',
};

const ADVICE_SENTENCE: Record<AdviceLevel, string> = {
  EMERGENCY: 'From what you told us, this could be an emergency: call 999 now, or go to A&E straight away.',
  URGENT: 'From what you told us, you should speak to a doctor today: call NHS 111 or your GP practice, and call 999 if it gets worse.',
};

export function publicMessage(code: string, advice: Advice | null = null): string {
  if (advice) {
    const lead = code === 'CANCELLED' ? 'The answer was stopped.' : 'The full answer could not be finished, but please do not wait for it.';
    return `${lead} ${ADVICE_SENTENCE[advice.level]}`;
  }
  return PUBLIC_MESSAGES[code] ?? PUBLIC_MESSAGES.INTERNAL!;
}
