import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnError } from '../../server/contract/errors.js';
import { codeOf, gql, wsClient, TURN_EVENTS } from '../support/graphql.js';
import { scriptedRunner } from '../support/scripted-runner.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** retryTurn: a failed or cancelled turn's message answered again, stored once, latest message only. */

const attempts = new Map<string, number>();
const runner = scriptedRunner(async function* (input) {
  const n = (attempts.get(input.text) ?? 0) + 1;
  attempts.set(input.text, n);
  // "fails once" fails its first attempt only.
  if (input.text.includes('fails once') && n === 1) throw new TurnError('MODEL_UNAVAILABLE', 'down', true);
  yield { type: 'AnswerChunk', delta: `answer ${n} to ${input.text}` };
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ runner });
});
afterAll(async () => {
  await server?.close();
});

async function untilEnded(token: string, turnId: string): Promise<string> {
  const client = wsClient(server, token);
  try {
    return await new Promise<string>((resolve, reject) => {
      let last = '';
      client.subscribe<{ turn: { __typename: string } }>(
        { query: TURN_EVENTS, variables: { id: turnId, afterSeq: 0 } },
        { next: (r) => (last = r.data?.turn.__typename ?? last), error: reject, complete: () => resolve(last) },
      );
    });
  } finally {
    await client.dispose();
  }
}

describe('retryTurn', () => {
  it('answers the same stored message again after a failure; refuses a turn that is not failed or not the latest', async () => {
    const started = await gql<{ startThread: { thread: { id: string }; threadToken: string } }>(server, 'mutation { startThread { thread { id } threadToken } }', {}, { token: server.siteKey });
    const { thread, threadToken: tt } = started.data!.startThread;
    const send = (text: string) =>
      gql<{ sendMessage: { turn: { id: string } } }>(
        server,
        'mutation($t: ID!, $x: String!) { sendMessage(input: { threadId: $t, text: $x }) { turn { id } } }',
        { t: thread.id, x: text },
        { token: tt },
      );
    const failed = (await send('it fails once')).data!.sendMessage.turn.id;
    expect(await untilEnded(tt, failed)).toBe('TurnFailed');

    const retried = await gql<{ retryTurn: { id: string; status: string } }>(server, 'mutation($id: ID!) { retryTurn(id: $id) { id status } }', { id: failed }, { token: tt });
    const turnId = retried.data!.retryTurn.id;
    expect(turnId).not.toBe(failed);
    expect(await untilEnded(tt, turnId)).toBe('TurnCompleted');
    const history = await gql<{ thread: { messages: { edges: { node: { role: string; text: string; turn: { id: string } } }[] } } }>(
      server,
      'query($id: ID!) { thread(id: $id) { messages(first: 10) { edges { node { role text turn { id } } } } } }',
      { id: thread.id },
      { token: tt },
    );
    expect(history.data!.thread.messages.edges.map((e) => [e.node.role, e.node.text])).toEqual([
      ['USER', 'it fails once'],
      ['ASSISTANT', 'answer 2 to it fails once'],
    ]);
    expect(history.data!.thread.messages.edges[0]!.node.turn.id).toBe(turnId);

    // A completed turn, an already retried one, and an older message are refused with the field.
    const again = (id: string) => gql(server, 'mutation($id: ID!) { retryTurn(id: $id) { id } }', { id }, { token: tt });
    const completed = await again(turnId);
    expect(codeOf(completed)).toBe('BAD_USER_INPUT');
    expect(completed.errors?.[0]?.extensions?.field).toBe('id');
    expect(codeOf(await again(failed))).toBe('BAD_USER_INPUT');
    // Another visitor's token may not retry it.
    const other = await gql<{ startThread: { threadToken: string } }>(server, 'mutation { startThread { threadToken } }', {}, { token: server.siteKey });
    expect(codeOf(await gql(server, 'mutation($id: ID!) { retryTurn(id: $id) { id } }', { id: failed }, { token: other.data!.startThread.threadToken }))).toBe('FORBIDDEN');
  });
});
