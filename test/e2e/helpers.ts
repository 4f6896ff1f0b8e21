import { inject } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.js';
import { collect, gql, send, TURN_EVENTS_STAFF, wsClient, type EventOut } from '../support/graphql.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The service with its real model pipeline (openai client -> HTTP -> fake OpenAI servers) and
 * real Chroma retrieval, for end-to-end tests through the public GraphQL API.
 * The router and the reasoner each get their own fake server, so a test can tell their requests apart.
 */
export interface ModelService {
  server: TestServer;
  router: FakeOpenAI;
  reasoner: FakeOpenAI;
  close(): Promise<void>;
}

export async function startModelService(collection: string, env: Record<string, string> = {}): Promise<ModelService> {
  const router = await startFakeOpenAI({ models: ['router-model'] });
  const reasoner = await startFakeOpenAI({ models: ['reasoner-model'] });
  try {
    const server = await startTestServer({
      env: {
        CHROMA_URL: inject('chromaUrl'),
        CHROMA_COLLECTION: collection,
        ROUTER_BASE_URL: router.baseURL,
        ROUTER_MODEL: 'router-model',
        REASONER_BASE_URL: reasoner.baseURL,
        REASONER_MODEL: 'reasoner-model',
        ...env,
      },
      shutdownGraceMs: 2000,
    });
    return {
      server,
      router,
      reasoner,
      close: async () => {
        await server.close();
        await Promise.all([router.close(), reasoner.close()]);
      },
    };
  } catch (error) {
    await Promise.all([router.close(), reasoner.close()]);
    throw error;
  }
}

/** Marks where a test's requests start in a fake's log (the log also holds start-up health checks). */
export function mark(fake: FakeOpenAI): { posts: () => { path: string; body: Record<string, unknown> }[]; requests: () => FakeOpenAI['requests'] } {
  const from = fake.requests.length;
  const requests = () => fake.requests.slice(from);
  return { requests, posts: () => requests().filter((r) => r.method === 'POST') };
}

export interface TurnRun {
  turnId: string;
  /** What the thread owner (widget visitor) received. */
  events: EventOut[];
}

/** Sends a message as the thread owner and follows its turn to the end over graphql-ws. */
export async function runTurn(server: TestServer, token: string, threadId: string, text: string): Promise<TurnRun> {
  const sent = await send(server, token, threadId, text);
  if (!sent.data) throw new Error(JSON.stringify(sent.errors));
  const turnId = sent.data.sendMessage.turn.id;
  const client = wsClient(server, token);
  try {
    return { turnId, events: await collect(client, turnId) };
  } finally {
    await client.dispose();
  }
}

/** The turn's events as staff see them (replayed; includes TriageChunk). */
export async function staffEvents(server: TestServer, turnId: string): Promise<EventOut[]> {
  const client = wsClient(server, server.staffKey, null);
  try {
    return await collect(client, turnId, 0, { query: TURN_EVENTS_STAFF });
  } finally {
    await client.dispose();
  }
}

export const textOf = (events: EventOut[], type: 'AnswerChunk' | 'ReasoningChunk'): string =>
  events
    .filter((e) => e.__typename === type)
    .map((e) => e.delta)
    .join('');

export const answerOf = (events: EventOut[]): string => textOf(events, 'AnswerChunk');
export const reasoningOf = (events: EventOut[]): string => textOf(events, 'ReasoningChunk');

/** Event type names with runs of the same type collapsed (chunk boundaries are not part of the contract). */
export function shape(events: EventOut[]): string[] {
  const out: string[] = [];
  for (const e of events) {
    const name = e.__typename === 'StatusChunk' ? `StatusChunk:${String(e.stage)}` : e.__typename;
    if (out.at(-1) !== name) out.push(name);
  }
  return out;
}

export const terminal = (events: EventOut[]) => events.filter((e) => e.__typename === 'TurnCompleted' || e.__typename === 'TurnFailed');

export const TURN_STAFF = /* GraphQL */ `
  query($id: ID!) {
    turn(id: $id) {
      status route searchQuery reasoning reasonerOutput answer
      prediction { condition conditionTitle severity }
      sources { slug title url score }
      error { code message retryable }
      trace
    }
  }`;

export async function turnAsStaff(server: TestServer, turnId: string) {
  const result = await gql(server, TURN_STAFF, { id: turnId }, { token: server.staffKey, origin: null });
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.turn as {
    status: string;
    route: string | null;
    searchQuery: string | null;
    reasoning: string | null;
    reasonerOutput: string | null;
    answer: string | null;
    prediction: { condition: string; conditionTitle: string; severity: string } | null;
    sources: { slug: string; title: string; url: string; score: number }[];
    error: { code: string; message: string; retryable: boolean } | null;
    trace: Record<string, unknown> | null;
  };
}

export async function threadMessages(server: TestServer, token: string, threadId: string): Promise<{ role: string; text: string }[]> {
  const result = await gql(
    server,
    `query($id: ID!) { thread(id: $id) { messages(first: 100) { edges { node { role text } } } } }`,
    { id: threadId },
    { token },
  );
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.thread.messages.edges.map((e: { node: { role: string; text: string } }) => e.node);
}
