import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI, type ReceivedRequest, type Script } from '../support/fake-openai.js';
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
  /** Per-test scripts for the router's and the reasoner's fake (see `Scripts`). */
  routerScripts: Scripts;
  reasonerScripts: Scripts;
  /** Drops every script a test left unused, so one failing test cannot derail the next. */
  reset(): void;
  close(): Promise<void>;
}

/**
 * Response scripts served through the fake's `handle()` hook, in order per endpoint. Unlike the
 * fake's own queues they can be cleared between tests. A request with nothing scripted gets the
 * fake's loud 400 ("nothing scripted"), which the pipeline never retries.
 */
export class Scripts {
  private readonly queues = new Map<string, Script[]>();

  constructor(fake: FakeOpenAI) {
    fake.handle((req) => this.queues.get(req.path)?.shift());
  }

  chat(...scripts: Script[]): this {
    return this.push('/v1/chat/completions', scripts);
  }

  completion(...scripts: Script[]): this {
    return this.push('/v1/completions', scripts);
  }

  /** How many scripts are still unused. */
  pending(): number {
    return [...this.queues.values()].reduce((n, q) => n + q.length, 0);
  }

  clear(): void {
    this.queues.clear();
  }

  private push(path: string, scripts: Script[]): this {
    this.queues.set(path, [...(this.queues.get(path) ?? []), ...scripts]);
    return this;
  }
}

/**
 * A knowledge folder with a few of the shipped condition pages. Ingesting all 113 pages into a new
 * Chroma collection takes several seconds; files that test faults or modes, not retrieval quality,
 * use a subset to stay fast.
 */
export async function knowledgeSubset(slugs: string[]): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-knowledge-'));
  await Promise.all(slugs.map((slug) => copyFile(path.resolve('knowledge/conditions', `${slug}.md`), path.join(dir, `${slug}.md`))));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
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
    const routerScripts = new Scripts(router);
    const reasonerScripts = new Scripts(reasoner);
    return {
      server,
      router,
      reasoner,
      routerScripts,
      reasonerScripts,
      reset: () => {
        routerScripts.clear();
        reasonerScripts.clear();
      },
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
export function mark(fake: FakeOpenAI): { posts: () => ReceivedRequest[]; requests: () => ReceivedRequest[] } {
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

/** The last event, checked to be TurnCompleted (the failure's code and message show when it is not). */
export function completed(events: EventOut[]): EventOut {
  const last = events.at(-1);
  if (last?.__typename !== 'TurnCompleted') throw new Error(`expected TurnCompleted, got ${JSON.stringify(last)}`);
  return last;
}

export const terminal = (events: EventOut[]) => events.filter((e) => e.__typename === 'TurnCompleted' || e.__typename === 'TurnFailed');

export const TURN_STAFF = /* GraphQL */ `
  query($id: ID!) {
    turn(id: $id) {
      status route searchQuery reasoning reasonerOutput answer
      prediction { condition conditionTitle severity }
      sources { slug title url score }
      error { code message detail retryable }
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
    error: { code: string; message: string; detail: string; retryable: boolean } | null;
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
