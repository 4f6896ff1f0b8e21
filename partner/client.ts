import { createClient, type Client } from 'graphql-ws';
import type { TypedDocumentString } from './generated/graphql.js';

/**
 * A small typed client for partner apps: queries and mutations over HTTP (fetch), subscriptions
 * over graphql-ws, every operation typed by the generated `*Document` constants
 * (partner/generated/graphql.ts). Authenticates with a secret key (`sk_…`).
 */

export interface GraphQLErrorOut {
  message: string;
  extensions?: { code?: string; field?: string; retryAfterSeconds?: number };
}

/** A GraphQL error answer; `code` is the first error's `extensions.code` (README: Errors). */
export class TriageApiError extends Error {
  override name = 'TriageApiError';
  readonly code: string | undefined;

  constructor(readonly errors: GraphQLErrorOut[]) {
    super(errors.map((e) => `${e.extensions?.code ?? 'ERROR'}: ${e.message}`).join('; '));
    this.code = errors[0]?.extensions?.code;
  }
}

export interface PartnerClientOptions {
  /** e.g. `https://triage.example/graphql` */
  endpoint: string;
  /** Secret key with the scopes your app needs: threads:write, threads:read, triage:read. */
  key: string;
  /** A WebSocket class for subscriptions where there is no global one (Node 20: the `ws` package). */
  webSocketImpl?: unknown;
}

export interface PartnerClient {
  request<TResult, TVariables>(document: TypedDocumentString<TResult, TVariables>, variables: TVariables): Promise<TResult>;
  subscribe<TResult, TVariables>(document: TypedDocumentString<TResult, TVariables>, variables: TVariables): AsyncIterable<TResult>;
  close(): Promise<void>;
}

export function createPartnerClient(options: PartnerClientOptions): PartnerClient {
  const authorization = `Bearer ${options.key}`;
  let ws: Client | undefined;
  const socket = (): Client =>
    (ws ??= createClient({
      url: options.endpoint.replace(/^http/, 'ws'),
      connectionParams: { authorization },
      ...(options.webSocketImpl ? { webSocketImpl: options.webSocketImpl } : {}),
      lazy: true,
    }));

  async function request<TResult, TVariables>(document: TypedDocumentString<TResult, TVariables>, variables: TVariables): Promise<TResult> {
    const response = await fetch(options.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', authorization },
      body: JSON.stringify({ query: document.toString(), variables }),
    });
    const body = (await response.json()) as { data?: TResult | null; errors?: GraphQLErrorOut[] };
    if (body.errors?.length) throw new TriageApiError(body.errors);
    if (!body.data) throw new TriageApiError([{ message: `HTTP ${response.status} without data` }]);
    return body.data;
  }

  async function* subscribe<TResult, TVariables>(document: TypedDocumentString<TResult, TVariables>, variables: TVariables): AsyncIterable<TResult> {
    const payload = { query: document.toString(), variables: variables as Record<string, unknown> };
    for await (const result of socket().iterate<TResult>(payload)) {
      if (result.errors?.length) throw new TriageApiError(result.errors.map((e) => ({ message: e.message, extensions: e.extensions as GraphQLErrorOut['extensions'] })));
      if (result.data) yield result.data;
    }
  }

  return {
    request,
    subscribe,
    async close() {
      await ws?.dispose();
    },
  };
}
