import type { MessageRow } from '../../store/threads.js';

/**
 * Which stored USER messages a turn's case read, in the case's order (a finding's `message` is an
 * index into this list). The case is built from the turn's history plus its own message, and the
 * history is the window `recentHistory` (store/threads.ts) chose: the last `limit` messages
 * before it, with the thread's first user message put back in front when the window dropped it.
 * This mirrors that choice over rows already loaded, in conversation order.
 */
export function caseMessages(messages: readonly MessageRow[], own: MessageRow, limit: number): MessageRow[] {
  const at = messages.findIndex((m) => m.id === own.id);
  if (at < 0) return [];
  const earlier = messages.slice(0, at);
  const window = limit > 0 ? earlier.slice(-limit) : [];
  const first = earlier.find((m) => m.role === 'USER');
  if (window.length === limit && first && !window.includes(first)) window.unshift(first);
  return [...window.filter((m) => m.role === 'USER'), own];
}
