import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, send, startThread } from '../support/graphql.js';
import { scriptedRunner, triageScript } from '../support/scripted-runner.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    runner: scriptedRunner(triageScript),
    env: { RATE_LIMIT_MESSAGES_PER_MINUTE: '2', RATE_LIMIT_THREADS_PER_HOUR: '3' },
  });
});
afterAll(async () => {
  await server?.close();
});

describe('rate limits', () => {
  it('limits a visitor’s messages per site and IP, with a typed error and a retry delay', async () => {
    const a = await startThread(server);
    const b = await startThread(server);
    const c = await startThread(server);
    expect((await send(server, a.token, a.threadId, 'one')).errors).toBeUndefined();
    expect((await send(server, b.token, b.threadId, 'two')).errors).toBeUndefined();
    const third = await send(server, c.token, c.threadId, 'three'); // another thread, same visitor IP
    expect(third.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect((third.errors?.[0]?.extensions as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    const thread = await gql(server, `query($id: ID!) { thread(id: $id) { messages { edges { node { id } } } } }`, { id: c.threadId }, { token: c.token });
    expect(thread.data!.thread.messages.edges).toEqual([]); // nothing stored for the refused message
  });

  it('limits new conversations per visitor, while partner and staff keys have their own, larger budget', async () => {
    // Three threads were started above: the visitor's hourly budget is spent.
    const refused = await gql(server, `mutation { startThread { threadToken } }`, {}, { token: server.siteKey });
    expect(refused.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    const staff = await gql(server, `mutation { startThread { thread { id } threadToken } }`, {}, { token: server.staffKey, origin: null });
    expect(staff.errors).toBeUndefined();
  });
});
