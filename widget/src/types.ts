/** Wire types of the public GraphQL contract, as the widget sees them, plus the widget's view model. */

export type Engine = 'MODEL' | 'OFFLINE';
export type Stage = 'ROUTING' | 'SEARCHING' | 'REASONING' | 'ANSWERING';
export type Route = 'DIRECT' | 'CLARIFY' | 'TRIAGE';
export type Sex = 'FEMALE' | 'MALE' | 'OTHER';

export interface Source {
  slug: string;
  title: string;
  url: string;
}

export interface Demographics {
  age?: number | null;
  sex?: Sex | null;
  pregnant?: boolean | null;
  notes?: string | null;
}

interface EventBase {
  turnId: string;
  seq: number;
}

/**
 * One `TurnEvent` as selected by the widget's subscription document. Fields that share a name
 * across union members are aliased there (see api.ts), hence `statusMessage`, `answerDelta`...
 */
export type TurnEvent = EventBase &
  (
    | { __typename: 'TurnStarted'; engine: Engine }
    | { __typename: 'StatusChunk'; stage: Stage; statusMessage: string | null }
    | { __typename: 'ReasoningChunk'; reasoningDelta: string }
    | { __typename: 'AnswerChunk'; answerDelta: string }
    | { __typename: 'SourcesChunk'; sources: Source[] }
    | { __typename: 'TurnCompleted'; route: Route | null; assistantMessage: { id: string; text: string } | null }
    | { __typename: 'TurnFailed'; code: string; failureMessage: string; retryable: boolean }
    // TriageChunk is never sent to visitors, and a newer server may add types: tolerate both.
    | { __typename: 'TriageChunk' }
  );

export type TurnStatus = 'running' | 'completed' | 'failed';

export interface TurnFailure {
  code: string;
  message: string;
  retryable: boolean;
}

/** Everything the UI shows for one assistant turn, live or from history. */
export interface TurnView {
  id: string;
  status: TurnStatus;
  engine?: Engine;
  stage?: Stage;
  stageMessage?: string;
  reasoning: string;
  answer: string;
  sources: Source[];
  failure?: TurnFailure;
  /** Highest seq applied; events at or below it are duplicates from a replay and are dropped. */
  lastSeq: number;
  /** The user text that started the turn, so Retry can send it again. */
  prompt?: string;
}

export type ChatEntry =
  | { kind: 'user'; key: string; text: string; pending: boolean }
  | { kind: 'assistant'; key: string; turn: TurnView };

/** What the widget shows about its link to the service. */
export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'lost';

/** `detail` of the public DOM events (see README). */
export interface TriageEventMap {
  'triage-thread-started': { threadId: string };
  'triage-turn-completed': { threadId: string; turnId: string; route: Route | null };
  'triage-turn-failed': { threadId: string; turnId: string; code: string; message: string; retryable: boolean };
  'triage-thread-cleared': { threadId: string | null };
  'triage-toggle': { open: boolean };
}
