import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { TestServer } from './server.js';
import { ORIGIN } from './server.js';

export interface GqlResult<T = Record<string, unknown>> {
  data?: T | null;
  errors?: { message: string; path?: string[]; extensions?: { code?: string; field?: string } }[];
}

/** A GraphQL request over real HTTP. */
export async function gql<T = Record<string, any>>(
  server: Pick<TestServer, 'graphqlUrl'>,
  query: string,
  variables: Record<string, unknown> = {},
  options: { token?: string; origin?: string | null } = {},
): Promise<GqlResult<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const origin = options.origin === undefined ? ORIGIN : options.origin;
  if (origin) headers.origin = origin;
  const response = await fetch(server.graphqlUrl, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return (await response.json()) as GqlResult<T>;
}

export function codeOf(result: GqlResult<unknown>): string | undefined {
  return result.errors?.[0]?.extensions?.code;
}

/** A graphql-ws client over a real WebSocket, authenticated with connectionParams. */
export function wsClient(server: Pick<TestServer, 'wsUrl'>, token: string | undefined, origin: string | null = ORIGIN): Client {
  class OriginWebSocket extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, origin ? { headers: { origin } } : {});
    }
  }
  return createClient({
    url: server.wsUrl,
    webSocketImpl: OriginWebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: true,
  });
}

export const TURN_EVENTS = /* GraphQL */ `
  subscription Turn($id: ID!, $afterSeq: Int) {
    turn(id: $id, afterSeq: $afterSeq) {
      __typename turnId seq
      ... on TurnStarted { engine }
      ... on AdviceChunk { advice { level title text actions { label href } } }
      ... on StatusChunk { stage message }
      ... on ReasoningChunk { delta }
      ... on AnswerChunk { delta }
      ... on SourcesChunk { sources { slug title url } }
      ... on TurnCompleted { route assistantMessage { id text role } }
      ... on TurnFailed { code message retryable advice { level title actions { label href } } }
    }
  }`;

export const TURN_EVENTS_STAFF = TURN_EVENTS.replace('... on TurnCompleted', '... on TriageChunk { condition conditionTitle severity }\n      ... on TurnCompleted');

export type EventOut = { __typename: string; seq: number; turnId: string; delta?: string; code?: string; [k: string]: unknown };

/**
 * Subscribes and collects events until the subscription completes (after the terminal event),
 * or until `until` returns true (then unsubscribes, like a client that drops).
 */
export function collect(
  client: Client,
  turnId: string,
  afterSeq = 0,
  options: { query?: string; until?: (e: EventOut, all: EventOut[]) => boolean } = {},
): Promise<EventOut[]> {
  const events: EventOut[] = [];
  let stopped = false;
  return new Promise((resolve, reject) => {
    const dispose = client.subscribe<{ turn: EventOut }>(
      { query: options.query ?? TURN_EVENTS, variables: { id: turnId, afterSeq } },
      {
        next: (value) => {
          // Events already in flight when `until` stopped the subscription are not the caller's.
          if (stopped) return;
          if (value.errors?.length) return reject(new Error(JSON.stringify(value.errors)));
          const event = value.data!.turn;
          events.push(event);
          if (options.until?.(event, events)) {
            stopped = true;
            dispose();
            resolve(events);
          }
        },
        error: (error) => reject(error instanceof Error ? error : new Error(JSON.stringify(error))),
        complete: () => resolve(events),
      },
    );
  });
}

export const SEND = /* GraphQL */ `
  mutation Send($input: SendMessageInput!) {
    sendMessage(input: $input) { message { id role text clientMessageId } turn { id status engine } }
  }`;

export const START = /* GraphQL */ `
  mutation Start($input: StartThreadInput) { startThread(input: $input) { thread { id } threadToken } }`;

/** Starts a thread as a widget visitor; returns its id and token. */
export async function startThread(server: TestServer, demographics?: Record<string, unknown>) {
  const result = await gql<{ startThread: { thread: { id: string }; threadToken: string } }>(
    server,
    START,
    { input: demographics ? { demographics } : null },
    { token: server.siteKey },
  );
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return { threadId: result.data.startThread.thread.id, token: result.data.startThread.threadToken };
}

export async function send(server: TestServer, token: string, threadId: string, text: string, extra: Record<string, unknown> = {}) {
  return gql<{ sendMessage: { message: { id: string; text: string }; turn: { id: string; status: string; engine: string } } }>(
    server,
    SEND,
    { input: { threadId, text, ...extra } },
    { token },
  );
}
