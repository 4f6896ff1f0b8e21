/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** How urgent the next action is. */
export type AdviceLevel =
  /** Call 999 or go to A&E now. */
  | 'EMERGENCY'
  /** Speak to NHS 111 or a GP today. */
  | 'URGENT';

/** Optional details that make triage more accurate. All fields optional. */
export type DemographicsInput = {
  /** Age in years (0-120). */
  age?: number | null | undefined;
  /** Long-term conditions, medicines, anything else (up to 500 characters). */
  notes?: string | null | undefined;
  /** Whether they are pregnant. */
  pregnant?: boolean | null | undefined;
  /** Sex. */
  sex?: Sex | null | undefined;
};

/** What the router decided for a message. */
export type Route =
  /** A question asking for more detail. */
  | 'CLARIFY'
  /** A direct reply (greetings, thanks, off-topic). */
  | 'DIRECT'
  /** Knowledge base search, clinical reasoning, then an answer. */
  | 'TRIAGE';

/** A message from the person. */
export type SendMessageInput = {
  /** Idempotency key: resending with the same key returns the original message and turn. */
  clientMessageId?: string | null | undefined;
  /** Updated details; replaces those on the thread. */
  demographics?: DemographicsInput | null | undefined;
  /** What they wrote (1-4,000 characters). */
  text: string;
  /** The thread. */
  threadId: string | number;
};

/** Triage level of a prediction. */
export type Severity =
  /** Call 999 or go to A&E now. */
  | 'A_AND_E'
  /** Self-care at home or with a pharmacist; GP if it persists. */
  | 'SELF_CARE'
  /** GP, NHS 111 or an urgent treatment centre as soon as possible. */
  | 'URGENT_PRIMARY_CARE';

/** Sex, as the person describes it. */
export type Sex =
  | 'FEMALE'
  | 'MALE'
  | 'OTHER';

/** A stage of a turn, for status lines. */
export type Stage =
  | 'ANSWERING'
  | 'REASONING'
  | 'ROUTING'
  | 'SEARCHING';

/** Optional details for the new thread. */
export type StartThreadInput = {
  /** What the person shares about themselves. */
  demographics?: DemographicsInput | null | undefined;
};

/** Where a turn is in its life. */
export type TurnStatus =
  /** cancelTurn stopped it. */
  | 'CANCELLED'
  /** The answer is stored as an ASSISTANT message. */
  | 'COMPLETED'
  /** The turn ended with an error; the user message is kept. */
  | 'FAILED'
  /** The assistant is working on the answer. */
  | 'RUNNING';

export type CancelTurnMutationVariables = Exact<{
  id: string | number;
}>;


export type CancelTurnMutation = { cancelTurn: { id: string, status: TurnStatus } };

export type SendMessageMutationVariables = Exact<{
  input: SendMessageInput;
}>;


export type SendMessageMutation = { sendMessage: { message: { id: string, clientMessageId: string | null }, turn: { id: string, status: TurnStatus } } };

export type StartThreadMutationVariables = Exact<{
  input?: StartThreadInput | null | undefined;
}>;


export type StartThreadMutation = { startThread: { threadToken: string, thread: { id: string, createdAt: string } } };

export type TurnEventsSubscriptionVariables = Exact<{
  id: string | number;
  afterSeq?: number | null | undefined;
}>;


export type TurnEventsSubscription = { turn:
    | { __typename: 'AdviceChunk', turnId: string, seq: number, advice: { level: AdviceLevel, title: string, text: string, actions: Array<{ label: string, href: string }> } | null }
    | { __typename: 'AnswerChunk', delta: string, turnId: string, seq: number }
    | { __typename: 'ReasoningChunk', delta: string, turnId: string, seq: number }
    | { __typename: 'SourcesChunk', turnId: string, seq: number, sources: Array<{ slug: string, title: string, url: string }> }
    | { __typename: 'StatusChunk', stage: Stage, message: string, turnId: string, seq: number }
    | { __typename: 'TriageChunk', condition: string | null, conditionTitle: string | null, severity: Severity | null, turnId: string, seq: number }
    | { __typename: 'TurnCompleted', route: Route, turnId: string, seq: number, assistantMessage: { id: string, text: string } }
    | { __typename: 'TurnFailed', code: string, message: string, retryable: boolean, turnId: string, seq: number, advice: { level: AdviceLevel, title: string, text: string, actions: Array<{ label: string, href: string }> } | null }
    | { __typename: 'TurnStarted', turnId: string, seq: number }
   };

export type AdvicePartsFragment = { level: AdviceLevel, title: string, text: string, actions: Array<{ label: string, href: string }> };

export type TurnResultQueryVariables = Exact<{
  id: string | number;
}>;


export type TurnResultQuery = { turn: { id: string, status: TurnStatus, route: Route | null, answer: string | null, advice: { level: AdviceLevel, title: string, text: string, actions: Array<{ label: string, href: string }> } | null, prediction: { condition: string, conditionTitle: string, severity: Severity } | null, sources: Array<{ slug: string, title: string, url: string }> | null, error: { code: string, message: string, retryable: boolean } | null } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const AdvicePartsFragmentDoc = new TypedDocumentString(`
    fragment AdviceParts on Advice {
  level
  title
  text
  actions {
    label
    href
  }
}
    `, {"fragmentName":"AdviceParts"}) as unknown as TypedDocumentString<AdvicePartsFragment, unknown>;
export const CancelTurnDocument = new TypedDocumentString(`
    mutation CancelTurn($id: ID!) {
  cancelTurn(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<CancelTurnMutation, CancelTurnMutationVariables>;
export const SendMessageDocument = new TypedDocumentString(`
    mutation SendMessage($input: SendMessageInput!) {
  sendMessage(input: $input) {
    message {
      id
      clientMessageId
    }
    turn {
      id
      status
    }
  }
}
    `) as unknown as TypedDocumentString<SendMessageMutation, SendMessageMutationVariables>;
export const StartThreadDocument = new TypedDocumentString(`
    mutation StartThread($input: StartThreadInput) {
  startThread(input: $input) {
    thread {
      id
      createdAt
    }
    threadToken
  }
}
    `) as unknown as TypedDocumentString<StartThreadMutation, StartThreadMutationVariables>;
export const TurnEventsDocument = new TypedDocumentString(`
    subscription TurnEvents($id: ID!, $afterSeq: Int) {
  turn(id: $id, afterSeq: $afterSeq) {
    __typename
    turnId
    seq
    ... on AdviceChunk {
      advice {
        ...AdviceParts
      }
    }
    ... on StatusChunk {
      stage
      message
    }
    ... on ReasoningChunk {
      delta
    }
    ... on SourcesChunk {
      sources {
        slug
        title
        url
      }
    }
    ... on TriageChunk {
      condition
      conditionTitle
      severity
    }
    ... on AnswerChunk {
      delta
    }
    ... on TurnCompleted {
      route
      assistantMessage {
        id
        text
      }
    }
    ... on TurnFailed {
      code
      message
      retryable
      advice {
        ...AdviceParts
      }
    }
  }
}
    fragment AdviceParts on Advice {
  level
  title
  text
  actions {
    label
    href
  }
}`) as unknown as TypedDocumentString<TurnEventsSubscription, TurnEventsSubscriptionVariables>;
export const TurnResultDocument = new TypedDocumentString(`
    query TurnResult($id: ID!) {
  turn(id: $id) {
    id
    status
    route
    answer
    advice {
      level
      title
      text
      actions {
        label
        href
      }
    }
    prediction {
      condition
      conditionTitle
      severity
    }
    sources {
      slug
      title
      url
    }
    error {
      code
      message
      retryable
    }
  }
}
    `) as unknown as TypedDocumentString<TurnResultQuery, TurnResultQueryVariables>;