import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/**
 * Back-pressure for clients that stop reading. Subscriptions are pulled (graphql-ws waits for each
 * frame to be written, Yoga's SSE waits for `drain`), so a stalled reader does not make a turn
 * buffer without end; but it would hold its subscription, its bus reader and the turn's replay log
 * forever, and a socket with many subscriptions queues a frame for each. So each socket has a
 * limit: more than `maxBufferedBytes` waiting to be written with nothing taken for a second, or
 * data waiting without progress for `stallMs`, and the socket is closed: WebSocket with code 4008 (SLOW_CONSUMER; a client too stalled
 * to read the close frame sees 1006 a second later, when the connection is dropped), SSE by ending
 * the connection. Either way the client resubscribes with the last seq it has.
 *
 * One timer per socket, once a second: no work per event.
 */
export interface BackpressureLimits {
  maxBufferedBytes: number;
  stallMs: number;
}

export const SLOW_CONSUMER_CLOSE_CODE = 4008;
const CHECK_MS = 1000;

/** Bytes a socket has handed to the kernel so far: written minus still waiting. */
const flushedBytes = (socket: Socket | null | undefined) => (socket ? socket.bytesWritten - socket.writableLength : 0);

function watch(buffered: () => number, flushed: () => number, limits: BackpressureLimits, close: (why: string) => void, onEnd: (stop: () => void) => void): void {
  let stuckSince: number | null = null;
  let lastFlushed = flushed();
  const timer = setInterval(() => {
    const amount = buffered();
    const now = Date.now();
    const progress = flushed();
    const moving = progress > lastFlushed;
    // Over the limit and not draining: a reader taking a large frame at its own pace is not cut.
    if (amount > limits.maxBufferedBytes && !moving) return stop(`more than ${limits.maxBufferedBytes} bytes waiting`);
    if (amount === 0 || moving) stuckSince = null; // the client is reading
    else if (stuckSince === null) stuckSince = now;
    else if (now - stuckSince >= limits.stallMs) return stop(`no progress for ${limits.stallMs} ms`);
    lastFlushed = progress;
  }, CHECK_MS);
  timer.unref();
  const stop = (why?: string) => {
    clearInterval(timer);
    if (why) close(why);
  };
  onEnd(() => stop());
}

export function guardWebSocket(socket: WebSocket, limits: BackpressureLimits, onClose: (why: string) => void): void {
  const tcp = (socket as unknown as { _socket?: Socket })._socket; // ws keeps its net.Socket here
  watch(
    () => socket.bufferedAmount,
    () => flushedBytes(tcp),
    limits,
    (why) => {
      onClose(why);
      socket.close(SLOW_CONSUMER_CLOSE_CODE, 'Too slow: resubscribe with your last seq');
      setTimeout(() => socket.terminate(), 1000).unref();
    },
    (stop) => socket.once('close', stop),
  );
}

export function guardResponse(res: ServerResponse, limits: BackpressureLimits, onClose: (why: string) => void): void {
  watch(
    () => res.writableLength,
    () => flushedBytes(res.socket),
    limits,
    (why) => {
      onClose(why);
      res.destroy();
    },
    (stop) => res.once('close', stop),
  );
}
