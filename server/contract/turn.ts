import type { Engine, RunnerEvent, Severity } from './events.js';

export interface Demographics {
  age?: number;
  sex?: 'female' | 'male' | 'other';
  pregnant?: boolean;
  /** Long-term conditions, medicines, anything else the person wants considered. */
  notes?: string;
}

export interface HistoryMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface TurnInput {
  turnId: string;
  threadId: string;
  /** The new user message. */
  text: string;
  /** Earlier messages of the thread, oldest first, user and assistant text only. */
  history: HistoryMessage[];
  demographics?: Demographics;
}

/**
 * Runs one turn. The turn manager gives it the input and an AbortSignal (cancelTurn, shutdown),
 * publishes what it yields, and owns start/complete/fail. Throwing ends the turn with TurnFailed;
 * throw a `TurnError` (contract/errors.ts) to choose the code and retryable flag.
 */
export type TurnRunner = {
  readonly engine: Engine;
  run(input: TurnInput, signal: AbortSignal): AsyncIterable<RunnerEvent>;
};


export type { Severity };
