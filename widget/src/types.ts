/** Wire types of the public GraphQL contract, as the widget sees them, plus the widget's view model. */

export type Engine = 'MODEL' | 'OFFLINE';
export type Stage = 'ROUTING' | 'SEARCHING' | 'REASONING' | 'ANSWERING';
export type Route = 'DIRECT' | 'CLARIFY' | 'TRIAGE';
export type Sex = 'FEMALE' | 'MALE' | 'OTHER';
export type FeedbackRating = 'HELPFUL' | 'NOT_HELPFUL';

export interface Source {
  slug: string;
  title: string;
  url: string;
}

/** EMERGENCY: call 999 / go to A&E. URGENT: NHS 111 / GP today. */
export type AdviceLevel = 'EMERGENCY' | 'URGENT';

export interface Advice {
  level: AdviceLevel;
  title: string;
  text: string;
  actions: { label: string; href: string }[];
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
 * across union members are aliased there (see operations.graphql), hence `statusMessage`...
 */
export type TurnEvent = EventBase &
  (
    | { __typename: 'TurnStarted'; engine: Engine }
    | { __typename: 'StatusChunk'; stage: Stage; statusMessage: string | null }
    | { __typename: 'ReasoningChunk'; reasoningDelta: string }
    | { __typename: 'AnswerChunk'; answerDelta: string }
    | { __typename: 'SourcesChunk'; sources: Source[] }
    | { __typename: 'AdviceChunk'; advice: Advice }
    | {
        __typename: 'TurnCompleted';
        route: Route | null;
        assistantMessage: { id: string; text: string; createdAt: string } | null;
      }
    | { __typename: 'TurnFailed'; code: string; failureMessage: string; retryable: boolean; failureAdvice: Advice | null }
    // TriageChunk is never shown to visitors, and a newer server may add types: tolerate both.
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
  /** The highest advice given (only ever raised). */
  advice?: Advice;
  failure?: TurnFailure;
  /** Highest seq applied; events at or below it are duplicates from a replay and are dropped. */
  lastSeq: number;
  /** When the answer was given (ISO), or the turn started while running. */
  at: string;
  /** The visitor's feedback, once sent. */
  feedback?: FeedbackRating;
}

export type ChatEntry =
  | { kind: 'user'; key: string; text: string; pending: boolean; at: string }
  | { kind: 'assistant'; key: string; turn: TurnView };

/** What the widget shows about its link to the service. */
export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'reconnecting';

/** `detail` of the public DOM events (see README). */
export interface TriageEventMap {
  'triage-thread-started': { threadId: string };
  'triage-turn-completed': { threadId: string; turnId: string; route: Route | null };
  'triage-turn-failed': { threadId: string; turnId: string; code: string; message: string; retryable: boolean };
  'triage-thread-cleared': { threadId: string | null };
  'triage-toggle': { open: boolean };
  /** The service refused the site's sign-in proof (VISITOR_PROOF_INVALID, VISITOR_PROOF_EXPIRED...): the widget goes on anonymously. */
  'triage-identity-failed': { code: string; message: string };
}

/** `Thread.summary`, as the widget's WidgetSummary query selects it: no prediction in it. */
export interface VisitorSummary {
  startedAt: string;
  about: Demographics | null;
  messages: { text: string; sentAt: string; shortened: boolean }[];
  advice: { level: AdviceLevel; title: string; text: string; givenAt: string[] }[];
  findings: { words: string; status: 'REPORTED' | 'DENIED'; saidAt: string | null }[];
}
