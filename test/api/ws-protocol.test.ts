import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawSocket } from '../support/raw-ws.js';
import { scriptedRunner, triageScript } from '../support/scripted-runner.js';
import { ORIGIN, startTestServer, type TestServer } from '../support/server.js';

/**
 * graphql-transport-ws misuse, over a raw WebSocket: a client that sends a message only servers
 * send broke the protocol (4400 Bad Request); the service did not fail (4500).
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ runner: scriptedRunner(triageScript) });
});
afterAll(async () => {
  await server?.close();
});

const SERVER_MESSAGES = [
  { type: 'next', id: 'op1', payload: { data: { viewer: { kind: 'STAFF' } } } },
  { type: 'error', id: 'op1', payload: [{ message: 'boom' }] },
  { type: 'connection_ack' },
];

describe('a client sending a server message type', () => {
  it.each(SERVER_MESSAGES)('$type after the handshake: closed with 4400', async (message) => {
    const socket = await RawSocket.connect(server.wsUrl, server.siteKey, ORIGIN);
    socket.send(message);
    expect(await socket.closed).toEqual({ code: 4400, reason: `Unexpected message of type ${message.type}` });
  });

  it('next before connection_init: closed with 4400', async () => {
    const socket = new RawSocket(server.wsUrl, null);
    await socket.opened;
    socket.send(SERVER_MESSAGES[0]);
    expect((await socket.closed).code).toBe(4400);
  });

  it('a well-behaved client on the same server is answered as before', async () => {
    const socket = await RawSocket.connect(server.wsUrl, undefined, null);
    socket.subscribe('q', '{ health { ok } }');
    const messages = await socket.result('q');
    expect(messages.map((m) => m.type)).toEqual(['next', 'complete']);
    expect(messages[0]!.payload).toEqual({ data: { health: { ok: true } } });
    const pong = socket.next((m) => m.type === 'pong');
    socket.send({ type: 'ping' });
    await pong;
    socket.close();
    expect((await socket.closed).code).toBe(1005);
  });
});
