import { createClient, type Client } from 'graphql-ws';
import type { Advice, Demographics, Engine, FeedbackRating, Source, TurnEvent, VisitorSummary } from './types.js';

/**
 * The widget's whole view of the server: a few mutations and queries over HTTP, one subscription
 * over graphql-ws. The documents are in operations.graphql; the build replaces them with their ids
 * (persisted operations), so this bundle sends `extensions.persistedQuery` and never a document.
 */

declare const __TRIAGE_OPERATIONS__: Record<OperationName, string>;

type OperationName =
  | 'WidgetCheck'
  | 'WidgetStartThread'
  | 'WidgetSendMessage'
  | 'WidgetDeleteThread'
  | 'WidgetCancelTurn'
  | 'WidgetRetryTurn'
  | 'WidgetFeedback'
  | 'WidgetThread'
  | 'WidgetTurn'
  | 'WidgetSummary'
  | 'WidgetTurnEvents'
  | 'WidgetSignIn'
  | 'WidgetMyThreads';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    /** A GraphQL `extensions.code` (UNAUTHENTICATED, THREAD_BUSY, ...) or NETWORK / BAD_RESPONSE. */
    readonly code: string,
    message: string,
    /** `extensions.field` of BAD_USER_INPUT errors. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export interface TurnSnapshot {
  id: string;
  status: 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELLED';
  startedAt?: string;
  endedAt?: string | null;
  engine: Engine | null;
  reasoning: string | null;
  sources: Source[] | null;
  error: { code: string; message: string; retryable: boolean } | null;
  advice: Advice | null;
}

export interface LiveTurnSnapshot extends TurnSnapshot {
  answer: string | null;
  lastSeq: number;
}

export interface HistoryMessage {
  id: string;
  role: 'USER' | 'ASSISTANT';
  text: string;
  createdAt: string;
  turn: TurnSnapshot | null;
}

/** The site's proof of who its signed-in visitor is (docs/signed-in-visitors.md): a user hash or a JWT. */
export interface VisitorIdentity {
  userId: string | null;
  userHash: string | null;
  userToken: string | null;
}

/** One of a signed-in visitor's conversations, for their list. */
export interface VisitorThreadSummary {
  id: string;
  updatedAt: string;
  preview: string | null;
}

export interface ThreadSnapshot {
  id: string;
  demographics: Demographics | null;
  activeTurn: { id: string; startedAt: string } | null;
  messages: HistoryMessage[];
}

interface GraphQLErrorShape {
  message: string;
  extensions?: { code?: string; field?: string };
}

interface GraphQLResponse<T> {
  data?: T | null;
  errors?: GraphQLErrorShape[];
}

function firstError(errors: readonly GraphQLErrorShape[]): ApiError {
  const e = errors[0];
  return new ApiError(e?.extensions?.code ?? 'INTERNAL_SERVER_ERROR', e?.message ?? 'Unknown error', e?.extensions?.field);
}

const operation = (name: OperationName) => ({
  operationName: name,
  extensions: { persistedQuery: { version: 1, sha256Hash: __TRIAGE_OPERATIONS__[name] } },
});

/** Stops a runaway history fetch; a widget conversation with 1,000 messages is not a chat any more. */
const HISTORY_PAGE = 100;
const HISTORY_MAX_PAGES = 10;
/** The socket waits at most this long between attempts once the service has been away a while. */
const MAX_RETRY_WAIT_MS = 15_000;

export type SocketState = 'connecting' | 'connected' | 'closed';

export class TriageApi {
  readonly httpUrl: string;
  readonly wsUrl: string;
  private ws: Client | undefined;
  private wsToken: string | undefined;

  constructor(
    endpoint: string,
    private readonly onSocket: (state: SocketState) => void,
  ) {
    // Relative endpoints ("/graphql") resolve against the embedding page, which is handy same-origin.
    const url = new URL(endpoint, document.baseURI);
    this.httpUrl = url.href;
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    this.wsUrl = url.href;
  }

  private async request<T>(name: OperationName, variables: Record<string, unknown>, token: string): Promise<T> {
    let res: Response;
    try {
      res = await fetch(this.httpUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/graphql-response+json, application/json',
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({ ...operation(name), variables }),
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
      throw new ApiError(res.status >= 500 || res.status === 0 ? 'NETWORK' : 'BAD_RESPONSE', `HTTP ${res.status}`);
    }
    if (body.errors?.length) throw firstError(body.errors);
    if (!body.data) throw new ApiError('BAD_RESPONSE', `HTTP ${res.status} without data`);
    return body.data;
  }

  /** Proves the key and this page's Origin are accepted (FORBIDDEN / UNAUTHENTICATED otherwise). */
  async check(siteKey: string): Promise<{ siteId: string | null }> {
    const data = await this.request<{ viewer: { siteId: string | null } }>('WidgetCheck', {}, siteKey);
    return { siteId: data.viewer.siteId };
  }

  /** Trades the site's proof for a session token for this user's threads (VISITOR_PROOF_* when refused). */
  async signIn(siteKey: string, identity: VisitorIdentity): Promise<string> {
    const data = await this.request<{ signInVisitor: { visitorToken: string } }>('WidgetSignIn', { ...identity }, siteKey);
    return data.signInVisitor.visitorToken;
  }

  async myThreads(visitorToken: string): Promise<VisitorThreadSummary[]> {
    const data = await this.request<{ myThreads: VisitorThreadSummary[] }>('WidgetMyThreads', {}, visitorToken);
    return data.myThreads;
  }

  /** `credential`: the publishable key, or a signed-in visitor's session token (the thread is then theirs). */
  async startThread(siteKey: string, demographics: Demographics | null): Promise<{ threadId: string; token: string }> {
    const data = await this.request<{ startThread: { thread: { id: string }; threadToken: string } }>(
      'WidgetStartThread',
      { demographics },
      siteKey,
    );
    return { threadId: data.startThread.thread.id, token: data.startThread.threadToken };
  }

  async sendMessage(
    token: string,
    input: { threadId: string; text: string; clientMessageId: string; demographics: Demographics | null },
  ): Promise<{ messageId: string; createdAt: string; turnId: string; startedAt: string }> {
    const data = await this.request<{
      sendMessage: { message: { id: string; createdAt: string }; turn: { id: string; startedAt: string } };
    }>('WidgetSendMessage', input, token);
    const { message, turn } = data.sendMessage;
    return { messageId: message.id, createdAt: message.createdAt, turnId: turn.id, startedAt: turn.startedAt };
  }

  async deleteThread(token: string, id: string): Promise<void> {
    await this.request('WidgetDeleteThread', { id }, token);
  }

  async cancelTurn(token: string, id: string): Promise<void> {
    await this.request('WidgetCancelTurn', { id }, token);
  }

  /** A new turn for the user message of a failed turn (no second copy of the message). */
  async retryTurn(token: string, id: string): Promise<{ turnId: string; startedAt: string }> {
    const data = await this.request<{ retryTurn: { id: string; startedAt: string } }>('WidgetRetryTurn', { id }, token);
    return { turnId: data.retryTurn.id, startedAt: data.retryTurn.startedAt };
  }

  async submitFeedback(token: string, turnId: string, rating: FeedbackRating, comment: string | null): Promise<void> {
    await this.request('WidgetFeedback', { turnId, rating, comment }, token);
  }

  async turn(token: string, id: string): Promise<LiveTurnSnapshot> {
    const data = await this.request<{ turn: LiveTurnSnapshot }>('WidgetTurn', { id }, token);
    return data.turn;
  }

  /** The thread's summary for a GP, pharmacist or 111, or null when the server no longer has the thread. */
  async summary(token: string, id: string): Promise<VisitorSummary | null> {
    const data = await this.request<{ thread: { summary: VisitorSummary | null } | null }>('WidgetSummary', { id }, token);
    return data.thread?.summary ?? null;
  }

  /** The thread with all its messages (paged through), or null when the server no longer has it. */
  async thread(token: string, id: string): Promise<ThreadSnapshot | null> {
    type Page = {
      thread: {
        id: string;
        demographics: Demographics | null;
        activeTurn: { id: string; startedAt: string } | null;
        messages: {
          edges: { node: HistoryMessage }[];
          pageInfo: { hasNextPage: boolean; endCursor: string | null };
        };
      } | null;
    };
    let after: string | null = null;
    let snapshot: ThreadSnapshot | null = null;
    for (let page = 0; page < HISTORY_MAX_PAGES; page++) {
      const data: Page = await this.request<Page>('WidgetThread', { id, first: HISTORY_PAGE, after }, token);
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
      // graphql-ws wants a query string; the server reads the persisted id when it is empty.
      { query: '', variables, ...operation('WidgetTurnEvents') },
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
      // Outages end (deploys, Wi-Fi, a restart): never give up on a live turn, wait at most 15 s
      // between attempts; the widget shows the state and a "Try now" button meanwhile.
      retryAttempts: Number.POSITIVE_INFINITY,
      shouldRetry: () => true,
      retryWait: (retries) => backoffWithJitter(retries),
      on: {
        connecting: () => this.onSocket('connecting'),
        connected: () => this.onSocket('connected'),
        closed: () => this.onSocket('closed'),
      },
    });
    return this.ws;
  }

  /** Drops the socket (and its backoff): the next subscription connects at once. */
  resetSocket(): void {
    void this.ws?.dispose();
    this.ws = undefined;
    this.wsToken = undefined;
  }

  dispose(): void {
    this.resetSocket();
  }
}

/**
 * Exponential backoff capped at 15 s; half of each wait is random so that every widget open when a
 * server restarts does not reconnect in the same instant.
 */
export async function backoffWithJitter(retries: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, backoffDelay(retries)));
}

export function backoffDelay(retries: number): number {
  const ceiling = Math.min(MAX_RETRY_WAIT_MS, 500 * 2 ** retries);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}
