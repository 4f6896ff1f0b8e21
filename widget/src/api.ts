import { createClient, type Client } from 'graphql-ws';
import type { Demographics, Engine, Source, TurnEvent } from './types.js';

/**
 * The widget's whole view of the server: four mutations and a query over HTTP, one subscription
 * over graphql-ws. Documents only name types the public contract names (ID, String, Int,
 * DemographicsInput), never input-object type names, so the server can rename those freely.
 */

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    /** A GraphQL `extensions.code` (UNAUTHENTICATED, THREAD_BUSY, ...) or NETWORK / BAD_RESPONSE. */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const START_THREAD = /* GraphQL */ `
  mutation WidgetStartThread($demographics: DemographicsInput) {
    startThread(input: { demographics: $demographics }) { thread { id createdAt } threadToken }
  }`;

const SEND_MESSAGE = /* GraphQL */ `
  mutation WidgetSendMessage($threadId: ID!, $text: String!, $clientMessageId: String, $demographics: DemographicsInput) {
    sendMessage(input: { threadId: $threadId, text: $text, clientMessageId: $clientMessageId, demographics: $demographics }) {
      message { id role text createdAt }
      turn { id status }
    }
  }`;

const CLEAR_THREAD = /* GraphQL */ `mutation WidgetClearThread($id: ID!) { clearThread(id: $id) { id } }`;
const CANCEL_TURN = /* GraphQL */ `mutation WidgetCancelTurn($id: ID!) { cancelTurn(id: $id) { id status } }`;

const THREAD = /* GraphQL */ `
  query WidgetThread($id: ID!, $first: Int, $after: String) {
    thread(id: $id) {
      id
      demographics { age sex pregnant notes }
      activeTurn { id status }
      messages(first: $first, after: $after) {
        edges { cursor node { id role text createdAt turn { id status engine reasoning sources { slug title url } } } }
        pageInfo { hasNextPage endCursor }
      }
    }
  }`;

// Union members share field names (message, delta) whose nullability may differ; aliases keep the
// selection valid whatever the server declares (OverlappingFieldsCanBeMerged).
const TURN_SUBSCRIPTION = /* GraphQL */ `
  subscription WidgetTurn($id: ID!, $afterSeq: Int) {
    turn(id: $id, afterSeq: $afterSeq) {
      __typename turnId seq
      ... on TurnStarted { engine }
      ... on StatusChunk { stage statusMessage: message }
      ... on ReasoningChunk { reasoningDelta: delta }
      ... on AnswerChunk { answerDelta: delta }
      ... on SourcesChunk { sources { slug title url } }
      ... on TurnCompleted { route assistantMessage { id text } }
      ... on TurnFailed { code failureMessage: message retryable }
    }
  }`;

export interface HistoryMessage {
  id: string;
  role: 'USER' | 'ASSISTANT';
  text: string;
  createdAt: string;
  turn: { id: string; status: string; engine: Engine | null; reasoning: string | null; sources: Source[] | null } | null;
}

export interface ThreadSnapshot {
  id: string;
  demographics: Demographics | null;
  activeTurn: { id: string; status: string } | null;
  messages: HistoryMessage[];
}

interface GraphQLErrorShape {
  message: string;
  extensions?: { code?: string };
}

interface GraphQLResponse<T> {
  data?: T | null;
  errors?: GraphQLErrorShape[];
}

function firstError(errors: readonly GraphQLErrorShape[]): ApiError {
  const e = errors[0];
  return new ApiError(e?.extensions?.code ?? 'INTERNAL_SERVER_ERROR', e?.message ?? 'Unknown error');
}

/** Stops a runaway history fetch; a widget conversation with 1,000 messages is not a chat any more. */
const HISTORY_PAGE = 100;
const HISTORY_MAX_PAGES = 10;

export class TriageApi {
  readonly httpUrl: string;
  readonly wsUrl: string;
  private ws: Client | undefined;
  private wsToken: string | undefined;

  constructor(endpoint: string, private readonly onSocket: (state: 'connecting' | 'connected' | 'closed') => void) {
    // Relative endpoints ("/graphql") resolve against the embedding page, which is handy same-origin.
    const url = new URL(endpoint, document.baseURI);
    this.httpUrl = url.href;
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    this.wsUrl = url.href;
  }

  private async request<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
    let res: Response;
    try {
      res = await fetch(this.httpUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/graphql-response+json, application/json',
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({ query, variables }),
        // The thread token is the only credential; cookies of the widget's host must never ride along.
        credentials: 'omit',
        mode: 'cors',
      });
    } catch (err) {
      throw new ApiError('NETWORK', err instanceof Error ? err.message : String(err));
    }
    let body: GraphQLResponse<T>;
    try {
      body = (await res.json()) as GraphQLResponse<T>;
    } catch {
      throw new ApiError(res.status >= 500 ? 'NETWORK' : 'BAD_RESPONSE', `HTTP ${res.status}`);
    }
    if (body.errors?.length) throw firstError(body.errors);
    if (!body.data) throw new ApiError('BAD_RESPONSE', `HTTP ${res.status} without data`);
    return body.data;
  }

  async startThread(siteKey: string, demographics: Demographics | null): Promise<{ threadId: string; token: string }> {
    const data = await this.request<{ startThread: { thread: { id: string }; threadToken: string } }>(
      START_THREAD,
      { demographics },
      siteKey,
    );
    return { threadId: data.startThread.thread.id, token: data.startThread.threadToken };
  }

  async sendMessage(
    token: string,
    input: { threadId: string; text: string; clientMessageId: string; demographics: Demographics | null },
  ): Promise<{ messageId: string; turnId: string }> {
    const data = await this.request<{ sendMessage: { message: { id: string }; turn: { id: string } } }>(
      SEND_MESSAGE,
      input,
      token,
    );
    return { messageId: data.sendMessage.message.id, turnId: data.sendMessage.turn.id };
  }

  async clearThread(token: string, id: string): Promise<void> {
    await this.request(CLEAR_THREAD, { id }, token);
  }

  async cancelTurn(token: string, id: string): Promise<void> {
    await this.request(CANCEL_TURN, { id }, token);
  }

  /** The thread with all its messages (paged through), or null when the server no longer has it. */
  async thread(token: string, id: string): Promise<ThreadSnapshot | null> {
    type Page = {
      thread: {
        id: string;
        demographics: Demographics | null;
        activeTurn: { id: string; status: string } | null;
        messages: {
          edges: { cursor: string; node: HistoryMessage }[];
          pageInfo: { hasNextPage: boolean; endCursor: string | null };
        };
      } | null;
    };
    let after: string | null = null;
    let snapshot: ThreadSnapshot | null = null;
    for (let page = 0; page < HISTORY_MAX_PAGES; page++) {
      const data: Page = await this.request<Page>(THREAD, { id, first: HISTORY_PAGE, after }, token);
      const t = data.thread;
      if (!t) return null;
      snapshot ??= { id: t.id, demographics: t.demographics, activeTurn: t.activeTurn, messages: [] };
      snapshot.messages.push(...t.messages.edges.map((e) => e.node));
      if (!t.messages.pageInfo.hasNextPage || !t.messages.pageInfo.endCursor) break;
      after = t.messages.pageInfo.endCursor;
    }
    return snapshot;
  }

  /**
   * Follows a turn. `afterSeq` is read each time graphql-ws (re)sends the subscribe message, which
   * it does from the same payload object on every reconnect, so a getter makes each resubscription
   * ask only for what the widget has not rendered yet. Returns the unsubscribe function.
   */
  subscribeTurn(
    token: string,
    turnId: string,
    afterSeq: () => number,
    sink: { next(event: TurnEvent): void; error(err: unknown): void; complete(): void },
  ): () => void {
    const client = this.socket(token);
    const variables = {
      id: turnId,
      get afterSeq(): number {
        return afterSeq();
      },
    };
    return client.subscribe<{ turn: TurnEvent }>(
      { query: TURN_SUBSCRIPTION, variables },
      {
        next: (result) => {
          if (result.errors?.length) sink.error(firstError(result.errors));
          else if (result.data?.turn) sink.next(result.data.turn);
        },
        error: (err) => sink.error(Array.isArray(err) ? firstError(err as GraphQLErrorShape[]) : err),
        complete: () => sink.complete(),
      },
    );
  }

  private socket(token: string): Client {
    // A socket authenticates once, at connection_init; a different thread token needs a new socket.
    if (this.ws && this.wsToken === token) return this.ws;
    void this.ws?.dispose();
    this.wsToken = token;
    this.ws = createClient({
      url: this.wsUrl,
      lazy: true,
      // Function form, so every reconnect sends the token current at that moment.
      connectionParams: () => ({ authorization: `Bearer ${this.wsToken ?? ''}` }),
      // Pings keep idle proxies from cutting a socket during a long reasoning pause, and detect a
      // dead link (no pong) faster than TCP would.
      keepAlive: 10_000,
      // A drop mid-turn is normal (Wi-Fi, deploys): keep trying for ~2 minutes, then the widget
      // shows "connection lost" with a Reconnect button and resubscribes on `online`.
      retryAttempts: 12,
      shouldRetry: () => true,
      retryWait: backoffWithJitter,
      on: {
        connecting: () => this.onSocket('connecting'),
        connected: () => this.onSocket('connected'),
        closed: () => this.onSocket('closed'),
      },
    });
    return this.ws;
  }

  dispose(): void {
    void this.ws?.dispose();
    this.ws = undefined;
    this.wsToken = undefined;
  }
}

/**
 * Exponential backoff capped at 10 s; half of each wait is random so that every widget open when a
 * server restarts does not reconnect in the same instant.
 */
export async function backoffWithJitter(retries: number): Promise<void> {
  const ceiling = Math.min(10_000, 300 * 2 ** retries);
  const delay = ceiling / 2 + Math.random() * (ceiling / 2);
  await new Promise((resolve) => setTimeout(resolve, delay));
}
