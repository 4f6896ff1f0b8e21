import { once } from 'node:events';
import { request, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { MemoryBus } from '../../server/bus/memory.js';
import type { RunnerEvent } from '../../server/contract/events.js';
import { send, startThread, TURN_EVENTS, wsClient, type EventOut } from '../support/graphql.js';
import { Gate, scriptedRunner } from '../support/scripted-runner.js';
import { ORIGIN, startTestServer, type TestServer } from '../support/server.js';

/**
 * A subscriber that stops reading: the server does not buffer for it without end. Its socket is
 * closed once more than SOCKET_MAX_BUFFER_BYTES wait or nothing moves for SOCKET_STALL_MS (its
 * subscription and the turn's replay log are released), the turn goes on, and the client resumes
 * from the last seq it has, missing nothing.
 */

const CHUNK = 'x'.repeat(32 * 1024);
// Far more than loopback's socket buffers hold (up to 4 MB sent and 32 MB received per socket).
const CHUNKS: Record<string, number> = { ws: 1000, sse: 2000 };
let server: TestServer;
const gates = new Map<string, Gate>();

beforeAll(async () => {
  const runner = scriptedRunner(async function* (input): AsyncGenerator<RunnerEvent> {
    for (let i = 0; i < (CHUNKS[input.text] ?? 1); i++) {
      yield { type: 'AnswerChunk', delta: `${i}:${CHUNK}|` };
      if (i === 0) await gates.get(input.text)?.opened; // the client is subscribed before the flood
    }
  });
  server = await startTestServer({ runner, env: { SOCKET_STALL_MS: '2000' } });
});
afterAll(() => server?.close());

const bus = () => server.service.services.bus as MemoryBus;
const expectedAnswer = (name: string) => Array.from({ length: CHUNKS[name]! }, (_, i) => `${i}:${CHUNK}|`).join('');

async function floodingTurn(name: string) {
  const gate = new Gate();
  gates.set(name, gate);
  const { threadId, token } = await startThread(server);
  const sent = await send(server, token, threadId, name);
  return { token, turnId: sent.data!.sendMessage.turn.id as string, gate };
}

/**
 * Reads the rest of a turn as a client does after a close: from the last seq it has. The replay is
 * tens of megabytes, so on a busy machine this reader can itself be too slow and be closed (4008);
 * then it resumes again from what it has, as the widget does.
 */
async function resume(token: string, turnId: string, afterSeq: number): Promise<EventOut[]> {
  const events: EventOut[] = [];
  for (let attempt = 0; attempt < 5; attempt++) {
    const client = wsClient(server, token);
    try {
      const finished = await new Promise<boolean>((resolve) => {
        client.subscribe<{ turn: EventOut }>(
          { query: TURN_EVENTS, variables: { id: turnId, afterSeq: events.at(-1)?.seq ?? afterSeq } },
          {
            next: (value) => {
              if (value.data) events.push(value.data.turn);
            },
            error: () => resolve(false), // closed mid-replay: resume from the last event received
            complete: () => resolve(true),
          },
        );
      });
      if (finished) return events;
    } finally {
      await client.dispose();
    }
  }
  throw new Error(`could not read the rest of turn ${turnId} in 5 attempts (${events.length} events)`);
}

describe('back-pressure: a subscriber that stops reading', () => {
  it('over graphql-ws: its socket is closed (4008, or dropped when it cannot even read that), nothing stays pinned, and it resumes from its last seq', async () => {
    const info = vi.spyOn(server.service.services.log, 'info');
    const { token, turnId, gate } = await floodingTurn('ws');
    const socket = new WebSocket(server.wsUrl, 'graphql-transport-ws', { headers: { origin: ORIGIN } });
    await once(socket, 'open');
    const received: EventOut[] = [];
    let closeCode = 0;
    const closed = new Promise<void>((resolve) => socket.once('close', (code) => ((closeCode = code), resolve())));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; payload?: { data?: { turn: EventOut } } };
      if (message.type === 'connection_ack') socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: TURN_EVENTS, variables: { id: turnId, afterSeq: 0 } } }));
      if (message.type === 'next' && message.payload?.data) {
        received.push(message.payload.data.turn);
        if (message.payload.data.turn.__typename === 'AnswerChunk' && received.filter((e) => e.__typename === 'AnswerChunk').length === 1) {
          (socket as unknown as { _socket: import('node:net').Socket })._socket.pause(); // stop reading
        }
      }
    });
    socket.once('open', () => undefined);
    socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
    await vi.waitFor(() => expect(bus().subscriberCount(turnId)).toBe(1));
    gate.open();

    // The server gives up on the socket and lets go of the subscription, while the turn goes on.
    await vi.waitFor(() => expect(bus().subscriberCount(turnId)).toBe(0), { timeout: 20_000, interval: 100 });
    await server.service.services.turns.settled(turnId);
    expect(info.mock.calls.some(([, message]) => message === 'closed a stalled WebSocket subscriber')).toBe(true);

    (socket as unknown as { _socket: import('node:net').Socket })._socket.resume();
    await closed;
    expect([4008, 1006]).toContain(closeCode);
    const lastSeq = received.at(-1)?.seq ?? 0;
    const rest = await resume(token, turnId, lastSeq);
    const all = [...received, ...rest];
    expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
    expect(all.at(-1)).toMatchObject({ __typename: 'TurnCompleted' });
    expect(all.filter((e) => e.__typename === 'AnswerChunk').map((e) => e.delta).join('')).toBe(expectedAnswer('ws'));
  });

  it('over SSE: a response nobody reads is ended and released; resuming from the last seq gets the rest', async () => {
    const info = vi.spyOn(server.service.services.log, 'info');
    const { token, turnId, gate } = await floodingTurn('sse');
    // A plain HTTP client, so that pausing the response stops reading from the socket itself.
    const body = JSON.stringify({ query: TURN_EVENTS, variables: { id: turnId, afterSeq: 0 } });
    const req = request(server.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${token}`, origin: ORIGIN },
    });
    req.end(body);
    const [res] = (await once(req, 'response')) as [IncomingMessage];
    // Read until the first event is in (a keep-alive comment may come first), then stop reading.
    await new Promise<void>((resolve, reject) => {
      let first = '';
      const onData = (chunk: Buffer) => {
        first += String(chunk);
        if (!first.includes('TurnStarted')) return;
        res.off('data', onData);
        resolve();
      };
      res.on('data', onData);
      res.once('end', () => reject(new Error(`the SSE response ended early: ${res.statusCode} ${first}`)));
    });
    res.pause();
    const ended = new Promise<void>((resolve) => res.socket.once('close', () => resolve()));
    await vi.waitFor(() => expect(bus().subscriberCount(turnId)).toBe(1));
    gate.open(); // and never read again

    await vi.waitFor(() => expect(bus().subscriberCount(turnId)).toBe(0), { timeout: 20_000, interval: 100 });
    expect(info.mock.calls.some(([, message]) => message === 'closed a stalled SSE subscriber')).toBe(true);
    res.resume();
    await ended;
    await server.service.services.turns.settled(turnId);
    const rest = await resume(token, turnId, 1);
    expect(rest[0]!.seq).toBe(2);
    expect(rest.at(-1), JSON.stringify(rest.at(-1)).slice(0, 400)).toMatchObject({ __typename: 'TurnCompleted' });
    expect(rest.filter((e) => e.__typename === 'AnswerChunk').map((e) => e.delta).join('')).toBe(expectedAnswer('sse'));
  });
});
