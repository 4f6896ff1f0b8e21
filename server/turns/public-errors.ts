/**
 * What a person is told when a turn fails. Model errors carry technical detail (hosts, HTTP
 * bodies, ECONNREFUSED) that helps staff but means nothing to a patient and leaks internals, so
 * events and public fields use these sentences; the detail is stored for staff (`Turn.error.detail`).
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
  INTERNAL: 'Something went wrong while writing the answer. Please try again.',
};

export function publicMessage(code: string): string {
  return PUBLIC_MESSAGES[code] ?? PUBLIC_MESSAGES.INTERNAL!;
}
