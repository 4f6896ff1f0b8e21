import type { IncomingMessage } from 'node:http';
import { CloseCode, handleProtocols, makeServer, MessageType, type ServerOptions } from 'graphql-ws';
import type { WebSocket, WebSocketServer } from 'ws';
import type { Logger } from '../log.js';

/** What each graphql-ws context carries about its socket (as graphql-ws/use/ws's `Extra`). */
export interface SocketExtra {
  readonly socket: WebSocket;
  readonly request: IncomingMessage;
}

/** Message types only a server sends: a client sending one broke the protocol (4400), the server did not fail. */
const SERVER_ONLY = new Set<string>([MessageType.ConnectionAck, MessageType.Next, MessageType.Error]);

/** How often an idle socket is pinged (graphql-ws/use/ws's default); no pong by the next ping ends it. */
const KEEP_ALIVE_MS = 12_000;

/**
 * graphql-ws on a `ws` server: graphql-ws/use/ws (which its docs invite copying), changed where it
 * was wrong for us. It answers a client that sends a server's message type (`next`) with 4500
 * "internal error", which tells clients and operators the service failed; here that is 4400 Bad
 * Request. And it reports errors with console.error; here they are JSON log lines, and no close
 * reason carries an error's text.
 */
export function serveGraphqlWs<P extends Record<string, unknown> | undefined, E extends Record<PropertyKey, unknown>>(
  options: ServerOptions<P, SocketExtra & Partial<E>>,
  wss: WebSocketServer,
  log: Logger,
): void {
  const server = makeServer(options);
  wss.options.handleProtocols = handleProtocols;
  wss.once('error', (error) => {
    log.error({ err: error }, 'websocket server error');
    for (const client of wss.clients) client.close(CloseCode.InternalServerError, 'Internal server error');
  });
  wss.on('connection', (socket, request) => {
    socket.once('error', (error) => {
      log.error({ err: error }, 'websocket error');
      socket.close(CloseCode.InternalServerError, 'Internal server error');
    });
    const pinger = keepAlive(socket);
    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: (data) =>
          new Promise<void>((resolve, reject) => {
            if (socket.readyState !== socket.OPEN) return resolve();
            socket.send(data, (error) => (error ? reject(error) : resolve()));
          }),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) =>
          socket.on('message', async (data) => {
            const text = String(data);
            try {
              await handle(text);
            } catch (error) {
              // graphql-ws throws for a message type it does not take from clients; parsed again
              // only on this path, so well-formed traffic is parsed once.
              const type = messageType(text);
              if (type !== undefined && SERVER_ONLY.has(type)) {
                log.info({ type }, 'websocket closed: the client sent a server message type');
                return socket.close(CloseCode.BadRequest, `Unexpected message of type ${type}`);
              }
              log.error({ err: error }, 'websocket message handling failed');
              socket.close(CloseCode.InternalServerError, 'Internal server error');
            }
          }),
      },
      { socket, request } as SocketExtra & Partial<E>,
    );
    socket.once('close', (code, reason) => {
      pinger.stop();
      void closed(code, String(reason));
    });
  });
}

/** Pings the socket; one that does not answer before the next ping is cut off. */
function keepAlive(socket: WebSocket): { stop(): void } {
  let pongWait: NodeJS.Timeout | null = null;
  const interval = setInterval(() => {
    if (socket.readyState !== socket.OPEN) return;
    pongWait = setTimeout(() => socket.terminate(), KEEP_ALIVE_MS);
    socket.once('pong', () => {
      if (pongWait) clearTimeout(pongWait);
      pongWait = null;
    });
    socket.ping();
  }, KEEP_ALIVE_MS);
  return {
    stop() {
      clearInterval(interval);
      if (pongWait) clearTimeout(pongWait);
    },
  };
}

function messageType(text: string): string | undefined {
  try {
    const message: unknown = JSON.parse(text);
    return typeof message === 'object' && message !== null && 'type' in message && typeof message.type === 'string' ? message.type : undefined;
  } catch {
    return undefined;
  }
}
