import type { HistoryMessage } from '../../contract/turn.js';

/**
 * Which earlier messages each model sees. The router and the responder get the last exchanges
 * (ROUTER_HISTORY_EXCHANGES, RESPONDER_HISTORY_EXCHANGES); the reasoner a token budget
 * (REASONER_HISTORY_TOKENS) filled by priority, because what it must never lose is what the
 * visitor said: the chief complaint, every fact they added, and the questions they answered.
 * Every window keeps the thread's first user message (the chief complaint) in front.
 */

/** Rough tokens of a message in a prompt: 4 characters a token, plus the role markers. */
export function approxTokens(text: string): number {
  return Math.ceil(text.length / 4) + 4;
}

function firstUserIndex(history: readonly HistoryMessage[]): number {
  return history.findIndex((m) => m.role === 'user');
}

/** The last `exchanges` exchanges (from the n-th last user message on), with the first user message pinned in front. */
export function windowExchanges(history: readonly HistoryMessage[], exchanges: number): HistoryMessage[] {
  if (exchanges <= 0) return [];
  let start = 0;
  let users = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    if (history[i]?.role === 'user' && ++users === exchanges) {
      start = i;
      break;
    }
  }
  const window = history.slice(start);
  const first = firstUserIndex(history);
  const pinned = history[first];
  return first !== -1 && first < start && pinned ? [pinned, ...window] : window;
}

/**
 * The conversation within `budgetTokens`, in order. Filled by priority: the first user message;
 * then the visitor's messages, newest first; then our replies (clarifying questions included),
 * newest first. A reply is dropped before any of the visitor's words are.
 */
export function windowTokens(history: readonly HistoryMessage[], budgetTokens: number): HistoryMessage[] {
  if (budgetTokens <= 0 || history.length === 0) return [];
  const keep = new Set<number>();
  let left = budgetTokens;
  const first = firstUserIndex(history);
  if (first !== -1) {
    keep.add(first);
    left -= approxTokens(history[first]?.content ?? '');
  }
  for (const role of ['user', 'assistant'] as const) {
    for (let i = history.length - 1; i >= 0; i--) {
      const m = history[i];
      if (!m || m.role !== role || keep.has(i)) continue;
      const cost = approxTokens(m.content);
      if (cost > left) continue;
      keep.add(i);
      left -= cost;
    }
  }
  return history.filter((_, i) => keep.has(i));
}
