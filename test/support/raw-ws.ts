import WebSocket from 'ws';

/** A message received on a graphql-transport-ws socket. */
export interface WsMessage {
  type: string;
  id?: string;
  payload?: unknown;
}

/**
 * A graphql-transport-ws socket driven by hand (no client library), for tests that need to see
 * exactly what the server sends and how it closes: every message kept in order, `closed` resolves
 * with the close code.
 */
export class RawSocket {
  readonly messages: WsMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly opened: Promise<void>;
  private readonly socket: WebSocket;
  private waiters: { test: (m: WsMessage) => boolean; resolve: (m: WsMessage) => void; reject: (e: Error) => void }[] = [];

  constructor(url: string, origin: string | null) {
    this.socket = new WebSocket(url, 'graphql-transport-ws', origin ? { headers: { origin } } : {});
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    this.closed = new Promise((resolve) => {
      this.socket.on('close', (code, reason) => {
        for (const w of this.waiters) w.reject(new Error(`socket closed ${code} ${String(reason)} while waiting`));
        this.waiters = [];
        resolve({ code, reason: String(reason) });
      });
    });
    this.socket.on('error', () => undefined); // a refused handshake shows in `closed`
    this.socket.on('message', (data) => {
      let message: WsMessage;
      try {
        message = JSON.parse(String(data)) as WsMessage;
      } catch {
        message = { type: '<not json>', payload: String(data) };
      }
      this.messages.push(message);
      const matched = this.waiters.filter((w) => w.test(message));
      this.waiters = this.waiters.filter((w) => !w.test(message));
      for (const w of matched) w.resolve(message);
    });
  }

  /** Opens, sends connection_init with the token, and waits for the ack. */
  static async connect(url: string, token: string | undefined, origin: string | null): Promise<RawSocket> {
    const socket = new RawSocket(url, origin);
    await socket.opened;
    const ack = socket.next((m) => m.type === 'connection_ack');
    socket.send({ type: 'connection_init', payload: token ? { authorization: `Bearer ${token}` } : {} });
    await ack;
    return socket;
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  send(message: unknown): void {
    this.sendRaw(JSON.stringify(message));
  }

  sendRaw(data: string | Buffer): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(data);
  }

  /** The next message (from now on) that passes `test`. */
  next(test: (m: WsMessage) => boolean): Promise<WsMessage> {
    return new Promise((resolve, reject) => this.waiters.push({ test, resolve, reject }));
  }

  subscribe(id: string, query: string, variables: Record<string, unknown> = {}): void {
    this.send({ type: 'subscribe', id, payload: { query, variables } });
  }

  /** Waits for the operation's `complete` or `error` message and returns every message it got. */
  async result(id: string): Promise<WsMessage[]> {
    const done = this.messages.find((m) => m.id === id && (m.type === 'complete' || m.type === 'error'));
    if (!done) await this.next((m) => m.id === id && (m.type === 'complete' || m.type === 'error'));
    return this.messages.filter((m) => m.id === id);
  }

  close(): void {
    this.socket.close();
  }

  terminate(): void {
    this.socket.terminate();
  }
}
