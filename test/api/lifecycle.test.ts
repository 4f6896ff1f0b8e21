import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunnerEvent } from '../../server/contract/events.js';
import type { TurnInput } from '../../server/contract/turn.js';
import { TurnError } from '../../server/contract/errors.js';
import { codeOf, collect, gql, send, startThread, TURN_EVENTS_STAFF, wsClient, type EventOut } from '../support/graphql.js';
import { Pauses, scriptedRunner, triageScript } from '../support/scripted-runner.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The turn lifecycle through the public API (HTTP + graphql-ws) with a scripted runner:
 * the runner decides per message what a turn does, so each test controls timing with gates.
 */

type Mode = 'normal' | 'gated' | 'fail' | 'fail-late';
const pauses = new Pauses();

async function* script(input: TurnInput, signal: AbortSignal): AsyncGenerator<RunnerEvent> {
  const mode = (/^\[(\w[\w-]*)\]/.exec(input.text)?.[1] ?? 'normal') as Mode;
  if (mode === 'fail') throw new TurnError('MODEL_UNAVAILABLE', 'The model server refused the connection.', true);
  if (mode === 'gated' || mode === 'fail-late') {
    yield { type: 'StatusChunk', stage: 'reasoning', message: 'Thinking it through' };
    yield { type: 'ReasoningChunk', delta: 'First thought. ' };
    yield { type: 'AnswerChunk', delta: 'Partial answer. ' };
    await pauses.pause(input.turnId, signal);
    if (mode === 'fail-late') throw new Error('socket hang up');
    yield { type: 'ReasoningChunk', delta: 'Second thought.' };
    yield { type: 'Record', record: { route: 'TRIAGE' } };
    yield { type: 'AnswerChunk', delta: 'The rest of the answer. Anything else?' };
    return;
  }
  yield* triageScript(input);
}

const runner = scriptedRunner(script);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ runner, shutdownGraceMs: 5000 });
});
afterAll(async () => {
  await server?.close();
});

const answerOf = (events: EventOut[]) => events.filter((e) => e.__typename === 'AnswerChunk').map((e) => e.delta).join('');
const seqs = (events: EventOut[]) => events.map((e) => e.seq);

async function startGated(text = '[gated] my head hurts') {
  const { threadId, token } = await startThread(server);
  const turnReached = pauses.reached.next();
  const sent = await send(server, token, threadId, text);
  const turnId = sent.data!.sendMessage.turn.id;
  expect(await turnReached).toBe(turnId);
  return { threadId, token, turnId };
}

describe('a full turn', () => {
  it('streams events with gap-free seqs, stores the answer, and keeps prediction for staff only', async () => {
    const { threadId, token } = await startThread(server);
    const sent = await send(server, token, threadId, 'I have fever and a cough since last week');
    expect(sent.errors).toBeUndefined();
    expect(sent.data!.sendMessage.message.text).toBe('I have fever and a cough since last week');
    const turnId = sent.data!.sendMessage.turn.id;

    const visitor = wsClient(server, token);
    const events = await collect(visitor, turnId);
    await visitor.dispose();
    expect(events[0]!.__typename).toBe('TurnStarted');
    expect(events.at(-1)!.__typename).toBe('TurnCompleted');
    expect(events.filter((e) => e.__typename === 'TurnCompleted' || e.__typename === 'TurnFailed')).toHaveLength(1);
    expect(seqs(events)).toEqual(events.map((_, i) => i + 1)); // gap-free for visitors too
    // Visitors get the TriageChunk event, but never its contents.
    const visitorClient = wsClient(server, token);
    const visitorTriage = (await collect(visitorClient, turnId, 0, { query: TURN_EVENTS_STAFF })).find((e) => e.__typename === 'TriageChunk');
    await visitorClient.dispose();
    expect(visitorTriage).toMatchObject({ condition: null, conditionTitle: null, severity: null });
    expect(answerOf(events)).toBe('This sounds like it could be flu. Rest and drink fluids. How are you feeling today?');
    expect(events.filter((e) => e.__typename === 'ReasoningChunk').map((e) => e.delta).join('')).toBe('Fever and cough for a week suggest flu.');
    expect(events.every((e) => e.turnId === turnId)).toBe(true);

    // Staff see every event, including the prediction, numbered 1..n without gaps.
    const staff = wsClient(server, server.staffKey, null);
    const all = await collect(staff, turnId, 0, { query: TURN_EVENTS_STAFF });
    await staff.dispose();
    expect(seqs(all)).toEqual(all.map((_, i) => i + 1));
    expect(all.find((e) => e.__typename === 'TriageChunk')).toMatchObject({ condition: 'flu', severity: 'SELF_CARE' });

    const thread = await gql(server, `query($id: ID!) { thread(id: $id) { messages { edges { node { role text } } } } }`, { id: threadId }, { token });
    expect(thread.data!.thread.messages.edges.map((e: { node: unknown }) => e.node)).toEqual([
      { role: 'USER', text: 'I have fever and a cough since last week' },
      { role: 'ASSISTANT', text: answerOf(events) },
    ]);

    const turnQuery = `query($id: ID!) { turn(id: $id) { status route reasoning answer sources { slug title url } prediction { condition severity } } }`;
    const asVisitor = await gql(server, turnQuery, { id: turnId }, { token });
    // A visitor gets the turn but not the prediction (null, with a FORBIDDEN error on that field).
    expect(asVisitor.data!.turn).toMatchObject({ status: 'COMPLETED', reasoning: 'Fever and cough for a week suggest flu.', prediction: null });
    expect(asVisitor.errors?.[0]).toMatchObject({ path: ['turn', 'prediction'], extensions: { code: 'FORBIDDEN' } });
    const asStaff = await gql(server, turnQuery, { id: turnId }, { token: server.staffKey, origin: null });
    expect(asStaff.data!.turn).toMatchObject({
      status: 'COMPLETED',
      route: 'TRIAGE',
      reasoning: 'Fever and cough for a week suggest flu.',
      prediction: { condition: 'flu', severity: 'SELF_CARE' },
      sources: [{ slug: 'flu', title: 'Flu', url: 'https://www.nhs.uk/conditions/flu/' }],
    });
  });

  it('gives the runner the thread history (user and assistant text only) and the demographics', async () => {
    const { threadId, token } = await startThread(server, { age: 34, sex: 'FEMALE' });
    const client = wsClient(server, token);
    for (const text of ['first message', 'second message']) {
      const sent = await send(server, token, threadId, text);
      await collect(client, sent.data!.sendMessage.turn.id);
    }
    await client.dispose();
    const input = runner.inputs.at(-1)!;
    expect(input.text).toBe('second message');
    expect(input.demographics).toEqual({ age: 34, sex: 'female' });
    expect(input.history.map((h) => h.role)).toEqual(['user', 'assistant']);
    expect(input.history[0]!.content).toBe('first message');
    expect(input.history[1]!.content).not.toContain('Fever and cough for a week'); // reasoning never in history
  });
});

describe('replay and resumption', () => {
  it('resumes after a dropped connection with afterSeq: nothing lost, nothing twice', async () => {
    const { token, turnId } = await startGated();
    const first = wsClient(server, token);
    const before = await collect(first, turnId, 0, { until: (e) => e.__typename === 'AnswerChunk' });
    await first.dispose(); // the connection drops mid-turn
    pauses.open(turnId);

    const second = wsClient(server, token);
    const after = await collect(second, turnId, before.at(-1)!.seq);
    await second.dispose();
    const combined = [...before, ...after];
    expect(seqs(combined)).toEqual(combined.map((_, i) => i + 1));
    expect(answerOf(combined)).toBe('Partial answer. The rest of the answer. Anything else?');
    expect(after.at(-1)!.__typename).toBe('TurnCompleted');
  });

  it('a client that disconnects does not stop the turn', async () => {
    const { threadId, token, turnId } = await startGated();
    const client = wsClient(server, token);
    await collect(client, turnId, 0, { until: () => true });
    await client.dispose();
    pauses.open(turnId);
    await server.service.services.turns.settled(turnId);
    const result = await gql(server, `query($id: ID!) { thread(id: $id) { messages { edges { node { role text } } } } }`, { id: threadId }, { token });
    expect(result.data!.thread.messages.edges.at(-1).node).toEqual({ role: 'ASSISTANT', text: 'Partial answer. The rest of the answer. Anything else?' });
  });

  it('subscribing to a finished turn replays it and completes, also after a restart (from the stored log)', async () => {
    const { threadId, token } = await startThread(server);
    const sent = await send(server, token, threadId, 'hello there');
    const turnId = sent.data!.sendMessage.turn.id;
    const client = wsClient(server, token);
    const live = await collect(client, turnId);
    const replay = await collect(client, turnId);
    const tail = await collect(client, turnId, 5);
    await client.dispose();
    expect(replay).toEqual(live);
    expect(tail).toEqual(live.filter((e) => e.seq > 5));

    await server.restart();
    const fresh = wsClient(server, token);
    const afterRestart = await collect(fresh, turnId);
    await fresh.dispose();
    expect(afterRestart).toEqual(live);
  });

  it('works over Server-Sent Events (GraphQL over SSE) for clients without WebSockets', async () => {
    const { threadId, token } = await startThread(server);
    const sent = await send(server, token, threadId, 'sse please');
    const turnId = sent.data!.sendMessage.turn.id;
    const response = await fetch(server.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${token}`, origin: 'https://clinic.example' },
      body: JSON.stringify({ query: `subscription($id: ID!) { turn(id: $id) { __typename seq ... on AnswerChunk { delta } } }`, variables: { id: turnId } }),
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const body = await response.text(); // the stream ends after the terminal event
    const events = [...body.matchAll(/^data: (.+)$/gm)].map((m) => JSON.parse(m[1]!).data?.turn).filter(Boolean) as EventOut[];
    expect(events[0]!.__typename).toBe('TurnStarted');
    expect(events.at(-1)!.__typename).toBe('TurnCompleted');
    expect(answerOf(events)).toContain('it could be flu');
  });
});

describe('sending', () => {
  it('is idempotent on clientMessageId', async () => {
    const { threadId, token } = await startThread(server);
    const a = await send(server, token, threadId, 'I feel dizzy', { clientMessageId: 'msg-1' });
    const b = await send(server, token, threadId, 'I feel dizzy', { clientMessageId: 'msg-1' });
    expect(b.data!.sendMessage.message.id).toBe(a.data!.sendMessage.message.id);
    expect(b.data!.sendMessage.turn.id).toBe(a.data!.sendMessage.turn.id);
    await server.service.services.turns.settled(a.data!.sendMessage.turn.id);
    const thread = await gql(server, `query($id: ID!) { thread(id: $id) { messages { edges { node { role } } } } }`, { id: threadId }, { token });
    expect(thread.data!.thread.messages.edges.map((e: { node: { role: string } }) => e.node.role)).toEqual(['USER', 'ASSISTANT']);
  });

  it('refuses a second message while a turn runs with THREAD_BUSY, and accepts it afterwards', async () => {
    const { threadId, token, turnId } = await startGated();
    const busy = await send(server, token, threadId, 'are you there?');
    expect(busy.errors?.[0]?.extensions?.code).toBe('THREAD_BUSY');
    pauses.open(turnId);
    await server.service.services.turns.settled(turnId);
    const ok = await send(server, token, threadId, 'thanks');
    expect(ok.errors).toBeUndefined();
  });

  it('of concurrent sends on one thread exactly one starts a turn; the same message sent concurrently is stored once', async () => {
    const { threadId, token } = await startThread(server);
    // Each would pause once running, so the winner is still running when the others arrive.
    const reached = pauses.reached.next();
    const racing = await Promise.all(Array.from({ length: 8 }, (_, i) => send(server, token, threadId, `[gated] message ${i}`)));
    const started = racing.filter((r) => r.data?.sendMessage);
    expect(started).toHaveLength(1);
    const turnId = started[0]!.data!.sendMessage.turn.id;
    for (const r of racing.filter((r) => !r.data?.sendMessage)) {
      expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'THREAD_BUSY', turnId });
    }
    expect(await reached).toBe(turnId);
    pauses.open(turnId);
    await server.service.services.turns.settled(turnId);

    const again = await startThread(server);
    const same = await Promise.all(Array.from({ length: 8 }, () => send(server, again.token, again.threadId, 'I feel dizzy', { clientMessageId: 'twice' })));
    expect(same.map((r) => r.errors)).toEqual(same.map(() => undefined));
    expect(new Set(same.map((r) => r.data!.sendMessage.turn.id)).size).toBe(1);
    expect(new Set(same.map((r) => r.data!.sendMessage.message.id)).size).toBe(1);
    await server.service.services.turns.settled(same[0]!.data!.sendMessage.turn.id);
  });

  it('a runner error ends the turn with TurnFailed, stores the error and keeps the user message', async () => {
    const { threadId, token } = await startThread(server);
    const sent = await send(server, token, threadId, '[fail] chest feels odd');
    const turnId = sent.data!.sendMessage.turn.id;
    const client = wsClient(server, token);
    const events = await collect(client, turnId);
    await client.dispose();
    expect(events.at(-1)).toMatchObject({ __typename: 'TurnFailed', code: 'MODEL_UNAVAILABLE', retryable: true });
    expect(events.at(-1)!.message).toBe('The assistant is temporarily unavailable. Please try again in a moment.');
    const turn = await gql(server, `query($id: ID!) { turn(id: $id) { status error { code message retryable } } }`, { id: turnId }, { token });
    expect(turn.data!.turn).toEqual({
      status: 'FAILED',
      error: { code: 'MODEL_UNAVAILABLE', message: 'The assistant is temporarily unavailable. Please try again in a moment.', retryable: true },
    });
    // The technical cause is kept for staff, not shown to the visitor.
    const staffView = await gql(server, `query($id: ID!) { turn(id: $id) { error { detail } } }`, { id: turnId }, { token: server.staffKey, origin: null });
    expect(staffView.data!.turn.error.detail).toBe('The model server refused the connection.');
    expect(codeOf(await gql(server, `query($id: ID!) { turn(id: $id) { error { detail } } }`, { id: turnId }, { token }))).toBe('FORBIDDEN');
    const thread = await gql(server, `query($id: ID!) { thread(id: $id) { messages { edges { node { role text } } } } }`, { id: threadId }, { token });
    expect(thread.data!.thread.messages.edges.map((e: { node: unknown }) => e.node)).toEqual([{ role: 'USER', text: '[fail] chest feels odd' }]);
  });

  it('an unexpected error after streaming started ends with TurnFailed INTERNAL (no stack trace leaked)', async () => {
    const { token, turnId } = await startGated('[fail-late] my knee');
    const client = wsClient(server, token);
    const pending = collect(client, turnId);
    pauses.open(turnId);
    const events = await pending;
    await client.dispose();
    expect(events.at(-1)).toMatchObject({ __typename: 'TurnFailed', code: 'INTERNAL' });
    expect(String(events.at(-1)!.message)).not.toContain('socket hang up');
  });
});

describe('cancel and recovery', () => {
  it('cancelTurn aborts the runner and ends the turn with TurnFailed CANCELLED', async () => {
    const { token, turnId } = await startGated();
    const client = wsClient(server, token);
    const pending = collect(client, turnId);
    const runnerAborted = pauses.aborted.next();
    const result = await gql(server, `mutation($id: ID!) { cancelTurn(id: $id) { status error { code } } }`, { id: turnId }, { token });
    expect(result.data!.cancelTurn).toEqual({ status: 'CANCELLED', error: { code: 'CANCELLED' } });
    expect(await runnerAborted).toBe(turnId);
    const events = await pending;
    await client.dispose();
    expect(events.at(-1)).toMatchObject({ __typename: 'TurnFailed', code: 'CANCELLED', retryable: false });
    const again = await gql(server, `mutation($id: ID!) { cancelTurn(id: $id) { status } }`, { id: turnId }, { token });
    expect(again.errors?.[0]?.extensions?.code).toBe('TURN_NOT_RUNNING');
  });

  it('on start-up, turns left running by a crash are marked FAILED with INTERRUPTED', async () => {
    const { threadId, token } = await startThread(server);
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO turns (id, thread_id, engine, status) VALUES (gen_random_uuid(), $1, 'OFFLINE', 'RUNNING') RETURNING id`,
      [threadId],
    );
    await db.end();
    await server.restart();
    const turn = await gql(server, `query($id: ID!) { turn(id: $id) { status error { code retryable } } }`, { id: rows[0]!.id }, { token });
    expect(turn.data!.turn).toEqual({ status: 'FAILED', error: { code: 'INTERRUPTED', retryable: true } });
  });

  it('clearThread removes the history; deleteThread removes the thread and its token', async () => {
    const { threadId, token } = await startThread(server);
    const sent = await send(server, token, threadId, 'hello');
    await server.service.services.turns.settled(sent.data!.sendMessage.turn.id);
    const cleared = await gql(server, `mutation($id: ID!) { clearThread(id: $id) { messages { edges { node { id } } } } }`, { id: threadId }, { token });
    expect(cleared.data!.clearThread.messages.edges).toEqual([]);
    const deleted = await gql(server, `mutation($id: ID!) { deleteThread(id: $id) { id } }`, { id: threadId }, { token });
    expect(deleted.data!.deleteThread.id).toBe(threadId);
    const after = await gql(server, `query($id: ID!) { thread(id: $id) { id } }`, { id: threadId }, { token });
    expect(after.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
