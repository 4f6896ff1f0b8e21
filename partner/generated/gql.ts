/* eslint-disable */
import * as types from './graphql.js';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "# Stops a running turn; it ends with TurnFailed code CANCELLED (needs threads:write).\nmutation CancelTurn($id: ID!) {\n  cancelTurn(id: $id) {\n    id\n    status\n  }\n}\n": typeof types.CancelTurnDocument,
    "# Stores the person's message and starts a turn (needs threads:write). Resending with the same\n# clientMessageId returns the original message and turn instead of starting another.\nmutation SendMessage($input: SendMessageInput!) {\n  sendMessage(input: $input) {\n    message {\n      id\n      clientMessageId\n    }\n    turn {\n      id\n      status\n    }\n  }\n}\n": typeof types.SendMessageDocument,
    "# Starts a conversation for one person (needs threads:write). Keep the thread id; your secret key\n# reads and writes every thread of your site, so the returned thread token is optional for you.\nmutation StartThread($input: StartThreadInput) {\n  startThread(input: $input) {\n    thread {\n      id\n      createdAt\n    }\n    threadToken\n  }\n}\n": typeof types.StartThreadDocument,
    "# A turn's events: replayed after `afterSeq`, then live, ending with TurnCompleted or TurnFailed.\n# Resubscribe with the last seq you handled to resume after a dropped connection.\n# AdviceChunk (call 999 / go to A&E, or NHS 111 / GP today) comes first when the message is an\n# emergency: always show the latest one, above the answer, even if the turn later fails.\nsubscription TurnEvents($id: ID!, $afterSeq: Int) {\n  turn(id: $id, afterSeq: $afterSeq) {\n    __typename\n    turnId\n    seq\n    ... on AdviceChunk {\n      advice {\n        ...AdviceParts\n      }\n    }\n    ... on StatusChunk {\n      stage\n      message\n    }\n    ... on ReasoningChunk {\n      delta\n    }\n    ... on SourcesChunk {\n      sources {\n        slug\n        title\n        url\n      }\n    }\n    ... on TriageChunk {\n      condition\n      conditionTitle\n      severity\n    }\n    ... on AnswerChunk {\n      delta\n    }\n    ... on TurnCompleted {\n      route\n      assistantMessage {\n        id\n        text\n      }\n    }\n    ... on TurnFailed {\n      code\n      message\n      retryable\n      advice {\n        ...AdviceParts\n      }\n    }\n  }\n}\n\nfragment AdviceParts on Advice {\n  level\n  title\n  text\n  actions {\n    label\n    href\n  }\n}\n": typeof types.TurnEventsDocument,
    "# A finished (or running) turn with its structured prediction (needs threads:read and triage:read).\nquery TurnResult($id: ID!) {\n  turn(id: $id) {\n    id\n    status\n    route\n    answer\n    advice {\n      level\n      title\n      text\n      actions {\n        label\n        href\n      }\n    }\n    prediction {\n      condition\n      conditionTitle\n      severity\n    }\n    sources {\n      slug\n      title\n      url\n    }\n    error {\n      code\n      message\n      retryable\n    }\n  }\n}\n": typeof types.TurnResultDocument,
};
const documents: Documents = {
    "# Stops a running turn; it ends with TurnFailed code CANCELLED (needs threads:write).\nmutation CancelTurn($id: ID!) {\n  cancelTurn(id: $id) {\n    id\n    status\n  }\n}\n": types.CancelTurnDocument,
    "# Stores the person's message and starts a turn (needs threads:write). Resending with the same\n# clientMessageId returns the original message and turn instead of starting another.\nmutation SendMessage($input: SendMessageInput!) {\n  sendMessage(input: $input) {\n    message {\n      id\n      clientMessageId\n    }\n    turn {\n      id\n      status\n    }\n  }\n}\n": types.SendMessageDocument,
    "# Starts a conversation for one person (needs threads:write). Keep the thread id; your secret key\n# reads and writes every thread of your site, so the returned thread token is optional for you.\nmutation StartThread($input: StartThreadInput) {\n  startThread(input: $input) {\n    thread {\n      id\n      createdAt\n    }\n    threadToken\n  }\n}\n": types.StartThreadDocument,
    "# A turn's events: replayed after `afterSeq`, then live, ending with TurnCompleted or TurnFailed.\n# Resubscribe with the last seq you handled to resume after a dropped connection.\n# AdviceChunk (call 999 / go to A&E, or NHS 111 / GP today) comes first when the message is an\n# emergency: always show the latest one, above the answer, even if the turn later fails.\nsubscription TurnEvents($id: ID!, $afterSeq: Int) {\n  turn(id: $id, afterSeq: $afterSeq) {\n    __typename\n    turnId\n    seq\n    ... on AdviceChunk {\n      advice {\n        ...AdviceParts\n      }\n    }\n    ... on StatusChunk {\n      stage\n      message\n    }\n    ... on ReasoningChunk {\n      delta\n    }\n    ... on SourcesChunk {\n      sources {\n        slug\n        title\n        url\n      }\n    }\n    ... on TriageChunk {\n      condition\n      conditionTitle\n      severity\n    }\n    ... on AnswerChunk {\n      delta\n    }\n    ... on TurnCompleted {\n      route\n      assistantMessage {\n        id\n        text\n      }\n    }\n    ... on TurnFailed {\n      code\n      message\n      retryable\n      advice {\n        ...AdviceParts\n      }\n    }\n  }\n}\n\nfragment AdviceParts on Advice {\n  level\n  title\n  text\n  actions {\n    label\n    href\n  }\n}\n": types.TurnEventsDocument,
    "# A finished (or running) turn with its structured prediction (needs threads:read and triage:read).\nquery TurnResult($id: ID!) {\n  turn(id: $id) {\n    id\n    status\n    route\n    answer\n    advice {\n      level\n      title\n      text\n      actions {\n        label\n        href\n      }\n    }\n    prediction {\n      condition\n      conditionTitle\n      severity\n    }\n    sources {\n      slug\n      title\n      url\n    }\n    error {\n      code\n      message\n      retryable\n    }\n  }\n}\n": types.TurnResultDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "# Stops a running turn; it ends with TurnFailed code CANCELLED (needs threads:write).\nmutation CancelTurn($id: ID!) {\n  cancelTurn(id: $id) {\n    id\n    status\n  }\n}\n"): typeof import('./graphql.js').CancelTurnDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "# Stores the person's message and starts a turn (needs threads:write). Resending with the same\n# clientMessageId returns the original message and turn instead of starting another.\nmutation SendMessage($input: SendMessageInput!) {\n  sendMessage(input: $input) {\n    message {\n      id\n      clientMessageId\n    }\n    turn {\n      id\n      status\n    }\n  }\n}\n"): typeof import('./graphql.js').SendMessageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "# Starts a conversation for one person (needs threads:write). Keep the thread id; your secret key\n# reads and writes every thread of your site, so the returned thread token is optional for you.\nmutation StartThread($input: StartThreadInput) {\n  startThread(input: $input) {\n    thread {\n      id\n      createdAt\n    }\n    threadToken\n  }\n}\n"): typeof import('./graphql.js').StartThreadDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "# A turn's events: replayed after `afterSeq`, then live, ending with TurnCompleted or TurnFailed.\n# Resubscribe with the last seq you handled to resume after a dropped connection.\n# AdviceChunk (call 999 / go to A&E, or NHS 111 / GP today) comes first when the message is an\n# emergency: always show the latest one, above the answer, even if the turn later fails.\nsubscription TurnEvents($id: ID!, $afterSeq: Int) {\n  turn(id: $id, afterSeq: $afterSeq) {\n    __typename\n    turnId\n    seq\n    ... on AdviceChunk {\n      advice {\n        ...AdviceParts\n      }\n    }\n    ... on StatusChunk {\n      stage\n      message\n    }\n    ... on ReasoningChunk {\n      delta\n    }\n    ... on SourcesChunk {\n      sources {\n        slug\n        title\n        url\n      }\n    }\n    ... on TriageChunk {\n      condition\n      conditionTitle\n      severity\n    }\n    ... on AnswerChunk {\n      delta\n    }\n    ... on TurnCompleted {\n      route\n      assistantMessage {\n        id\n        text\n      }\n    }\n    ... on TurnFailed {\n      code\n      message\n      retryable\n      advice {\n        ...AdviceParts\n      }\n    }\n  }\n}\n\nfragment AdviceParts on Advice {\n  level\n  title\n  text\n  actions {\n    label\n    href\n  }\n}\n"): typeof import('./graphql.js').TurnEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "# A finished (or running) turn with its structured prediction (needs threads:read and triage:read).\nquery TurnResult($id: ID!) {\n  turn(id: $id) {\n    id\n    status\n    route\n    answer\n    advice {\n      level\n      title\n      text\n      actions {\n        label\n        href\n      }\n    }\n    prediction {\n      condition\n      conditionTitle\n      severity\n    }\n    sources {\n      slug\n      title\n      url\n    }\n    error {\n      code\n      message\n      retryable\n    }\n  }\n}\n"): typeof import('./graphql.js').TurnResultDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
