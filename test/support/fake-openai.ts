/**
 * A fake OpenAI-compatible model server for tests: a real HTTP server on 127.0.0.1 (free port)
 * that speaks enough of the OpenAI / vLLM API for the official `openai` client to talk to it.
 *
 *   POST /v1/chat/completions   stream and non-stream; content, reasoning deltas, tool calls
 *                               (arguments split over several chunks, as vLLM and OpenAI do),
 *                               `stream_options.include_usage` final usage chunk
 *   POST /v1/completions        stream and non-stream; honours `stop` (cut at the first stop string,
 *                               finish_reason "stop"), `max_tokens` (finish_reason "length"),
 *                               vLLM extras `min_tokens`, `skip_special_tokens`,
 *                               `include_stop_str_in_output`, `seed` (accepted and logged)
 *   POST /v1/embeddings         deterministic hashed bag-of-words vectors, or scripted ones;
 *                               float and base64 encodings (the `openai` client asks for base64)
 *   GET  /v1/models             the configured model ids
 *
 * Responses are scripted per test: per-endpoint queues (`chat()`, `completion()`, `embeddings()`)
 * and/or a `handle()` function receiving the parsed request. Queues win; then the handler; then
 * the defaults (embeddings and models have defaults, chat and completions answer 400 "nothing
 * scripted" so a missing script fails loudly and is never retried).
 *
 * Faults: `stopListening()` (connection refused), `failNext(n, {status})` or `{error}` scripts
 * (HTTP errors; `Infinity` for "forever"), `{raw, contentType}` (any body with status 200, e.g. a
 * proxy's HTML page), `{stall: true}` (headers sent, then nothing),
 * `{cutAfterChunks: n}` (socket destroyed after n SSE events), `latencyMs`, `chunksPerSecond`.
 *
 * Token counting uses `tokenize()` below: deterministic and lossless, so tests can predict usage.
 * Prompt tokens of a chat request: 4 per message plus the tokens of its content.
 *
 * Example:
 *   const fake = await startFakeOpenAI();
 *   fake.chat({ toolCalls: [{ name: 'search_conditions', arguments: { query: 'sore throat' } }] });
 *   fake.completion({ text: 'Fever suggests flu.<|im_end|>' }, { text: '(flu, Self-care)' });
 *   fake.failNext(2, { status: 500, path: '/v1/completions' });          // then the queue
 *   fake.handle((req) => (req.index > 5 ? { stall: true } : undefined)); // when queues are empty
 *   ... new OpenAI({ baseURL: fake.baseURL, apiKey: 'x' }) ...
 *   expect(fake.completionRequests()[0]?.max_tokens).toBe(2048);
 *   expect(await fake.requests[0]?.outcome).toBe('aborted');
 *   await fake.close();
 */
import { setMaxListeners } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

// ---------------------------------------------------------------------------------------------
// Tokenizer

/**
 * The fake tokenizer. A token is, with any whitespace before it attached:
 * a ChatML-style special marker (`<|im_start|>`, `<|im_end|>`, any `<|name|>`), or a run of
 * letters/digits, or one other non-space character. Trailing whitespace is one last token.
 * `tokenize(s).join('') === s` always holds.
 */
export function tokenize(text: string): string[] {
  return text.match(/\s*(?:<\|[A-Za-z_]+\|>|[A-Za-z0-9]+|[^\sA-Za-z0-9])|\s+/g) ?? [];
}

export function countTokens(text: string): number {
  return tokenize(text).length;
}

// ---------------------------------------------------------------------------------------------
// Scripts and requests

export interface ScriptedToolCall {
  name: string;
  /** A JSON string (sent verbatim, may be malformed on purpose) or an object (serialised). */
  arguments: string | Record<string, unknown>;
  id?: string;
}

export interface Script {
  /** Chat: the assistant content. Completions: the text the "model" would generate (before `stop`/`max_tokens` cuts). */
  text?: string;
  /** Chat only: reasoning streamed before the content. */
  reasoning?: string;
  /** Which delta field carries `reasoning` (vLLM: `reasoning_content`; newer servers: `reasoning`). */
  reasoningField?: 'reasoning_content' | 'reasoning';
  /** Chat only: tool calls, streamed after the content. */
  toolCalls?: ScriptedToolCall[];
  /** Pieces each tool call's arguments are split into when streamed (default 3). */
  argumentChunks?: number;
  /** Overrides the computed finish_reason. */
  finishReason?: string;
  /** Embeddings: the vectors to return (one per input). */
  embeddings?: number[][];
  /** Overrides the computed usage; `null` omits usage entirely (a server without usage support). */
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  /** Answer with this HTTP error instead. */
  error?: { status: number; message?: string };
  /** Send 200 and the headers, then nothing, ever (until the client or `close()` ends it). */
  stall?: boolean;
  /** Destroy the socket after this many SSE events (chat streams: the first event is the role chunk). */
  cutAfterChunks?: number;
  /** Send this body verbatim with status 200 (malformed-response tests). */
  raw?: string;
  /** Content type of a `raw` body (default: `text/event-stream` for a streamed request, else `application/json`). */
  contentType?: string;
  /** Delay before the response headers. */
  latencyMs?: number;
  /** Streaming pace; unset or 0: as fast as possible (still one SSE event per token group). */
  chunksPerSecond?: number;
  /** Tokens per streamed text chunk (default 1). */
  tokensPerChunk?: number;
  /**
   * Pace chunk i at start + i / chunksPerSecond (no drift from slow writes), as a GPU emitting at
   * a steady rate would; default: a pause after each chunk.
   */
  steadyPace?: boolean;
  /** Rewrites each SSE data line just before it is written (benches stamp tokens with the send time). */
  onChunk?: (data: string) => string;
}

export type JsonObject = Record<string, unknown>;

export interface ScriptRequest {
  index: number;
  method: string;
  path: string;
  body: JsonObject;
}

export type ScriptHandler = (request: ScriptRequest) => Script | undefined | Promise<Script | undefined>;

export type Outcome = 'completed' | 'aborted';

export interface ReceivedRequest extends ScriptRequest {
  headers: IncomingMessage['headers'];
  /** Resolves when the exchange ends: `completed` if the server finished, `aborted` if the connection closed first. */
  outcome: Promise<Outcome>;
}

/** The fields of a completions request the tests look at. */
export interface CompletionRequestBody extends JsonObject {
  model: string;
  prompt: string;
  max_tokens?: number;
  stop?: string | string[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  seed?: number;
  temperature?: number;
  min_tokens?: number;
  skip_special_tokens?: boolean;
  include_stop_str_in_output?: boolean;
}

export interface ChatRequestBody extends JsonObject {
  model: string;
  messages: { role: string; content: string | null; tool_calls?: unknown }[];
  tools?: { type: 'function'; function: { name: string; description?: string; parameters?: unknown } }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature?: number;
  seed?: number;
}

export interface FakeOpenAIOptions {
  /** Ids listed by GET /v1/models (default `['fake-model']`). */
  models?: string[];
  /** Default latency and pace for every response (scripts override). */
  latencyMs?: number;
  chunksPerSecond?: number;
  /** Default embedding size when the request has no `dimensions` (default 64). */
  embeddingDimensions?: number;
}

interface Fault {
  remaining: number;
  status: number;
  message: string;
  path?: string;
}

const CHAT = '/v1/chat/completions';
const COMPLETIONS = '/v1/completions';
const EMBEDDINGS = '/v1/embeddings';
const MODELS = '/v1/models';

export class FakeOpenAI {
  readonly requests: ReceivedRequest[] = [];
  /** Responses in progress now, and the most ever at once (benches check a stream limit held). */
  open = 0;
  peakOpen = 0;
  /** Set false to stop recording requests (a bench making thousands of them). */
  record = true;
  private readonly queues = new Map<string, Script[]>([
    [CHAT, []],
    [COMPLETIONS, []],
    [EMBEDDINGS, []],
  ]);
  private handler: ScriptHandler | undefined;
  private faults: Fault[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly waiters: { count: number; resolve: () => void }[] = [];
  /** Aborts the pacing timers of in-flight responses when the server closes. */
  private readonly shutdown = new AbortController();
  private server: Server;
  private listening = false;
  private portNumber = 0;
  private nextId = 1;

  private constructor(private readonly options: FakeOpenAIOptions) {
    // Every paced stream waits on the shutdown signal between chunks, so a server streaming to
    // hundreds of clients (the load bench) has that many listeners at once, each removed when its
    // wait ends: not a leak, and without this Node warns past ten.
    setMaxListeners(0, this.shutdown.signal);
    this.server = this.createHttpServer();
  }

  /** Starts a fake on 127.0.0.1 and a free port. */
  static async start(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
    const fake = new FakeOpenAI(options);
    await fake.listen();
    return fake;
  }

  get port(): number {
    return this.portNumber;
  }

  /** `http://127.0.0.1:PORT` */
  get origin(): string {
    return `http://127.0.0.1:${this.portNumber}`;
  }

  /** `http://127.0.0.1:PORT/v1`: what the `openai` client takes as `baseURL`. */
  get baseURL(): string {
    return `${this.origin}/v1`;
  }

  /** Queue responses for POST /v1/chat/completions, used in order. */
  chat(...scripts: Script[]): this {
    this.queues.get(CHAT)?.push(...scripts);
    return this;
  }

  /** Queue responses for POST /v1/completions, used in order. */
  completion(...scripts: Script[]): this {
    this.queues.get(COMPLETIONS)?.push(...scripts);
    return this;
  }

  /** Queue responses for POST /v1/embeddings, used in order. */
  embeddings(...scripts: Script[]): this {
    this.queues.get(EMBEDDINGS)?.push(...scripts);
    return this;
  }

  /** Consulted when an endpoint's queue is empty; returning undefined falls through to the defaults. */
  handle(handler: ScriptHandler | undefined): this {
    this.handler = handler;
    return this;
  }

  /** The next `times` POST requests (optionally only to `path`, e.g. `/v1/completions`) fail with `status`. `Infinity`: always. */
  failNext(times: number, options: { status?: number; message?: string; path?: string } = {}): this {
    this.faults.push({
      remaining: times,
      status: options.status ?? 500,
      message: options.message ?? 'fake-openai: injected failure',
      path: options.path,
    });
    return this;
  }

  /** Scripts still queued per endpoint (a test can assert everything it scripted was used). */
  pending(): { chat: number; completions: number; embeddings: number } {
    return {
      chat: this.queues.get(CHAT)?.length ?? 0,
      completions: this.queues.get(COMPLETIONS)?.length ?? 0,
      embeddings: this.queues.get(EMBEDDINGS)?.length ?? 0,
    };
  }

  /** Request bodies sent to /v1/completions, in order. */
  completionRequests(): CompletionRequestBody[] {
    return this.requests.filter((r) => r.path === COMPLETIONS).map((r) => r.body as CompletionRequestBody);
  }

  /** Request bodies sent to /v1/chat/completions, in order. */
  chatRequests(): ChatRequestBody[] {
    return this.requests.filter((r) => r.path === CHAT).map((r) => r.body as ChatRequestBody);
  }

  /** Resolves once at least `count` requests have been received (event-driven, no polling). */
  waitForRequests(count: number): Promise<ReceivedRequest[]> {
    if (this.requests.length >= count) return Promise.resolve(this.requests.slice());
    return new Promise((resolve) => {
      this.waiters.push({ count, resolve: () => resolve(this.requests.slice()) });
    });
  }

  /** Stop accepting connections (clients get ECONNREFUSED) and drop open ones. The port is kept for `listen()`. */
  async stopListening(): Promise<void> {
    if (!this.listening) return;
    this.listening = false;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
    this.server = this.createHttpServer();
  }

  /** Listen (again) on the same port, or a free one the first time. */
  async listen(): Promise<void> {
    if (this.listening) return;
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.portNumber, '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('fake-openai: no TCP address');
    this.portNumber = address.port;
    this.listening = true;
  }

  /** Closes the server, every open connection (stalled ones included) and every pacing timer. */
  async close(): Promise<void> {
    this.shutdown.abort();
    await this.stopListening();
  }

  // -------------------------------------------------------------------------------------------

  private createHttpServer(): Server {
    const server = createServer((req, res) => {
      void this.onRequest(req, res).catch((err: unknown) => {
        // A bug in the fake itself: make it visible to the test as a 500 with the message.
        if (!res.headersSent) {
          sendError(res, 500, `fake-openai internal error: ${err instanceof Error ? err.message : String(err)}`);
        } else {
          res.destroy();
        }
      });
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    return server;
  }

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    let body: JsonObject = {};
    if (raw.length > 0) {
      const parsed: unknown = JSON.parse(raw);
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        sendError(res, 400, 'fake-openai: body must be a JSON object');
        return;
      }
      body = parsed as JsonObject;
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const method = req.method ?? 'GET';
    let settle: (o: Outcome) => void = () => undefined;
    const outcome = new Promise<Outcome>((resolve) => (settle = resolve));
    res.on('close', () => settle(res.writableFinished ? 'completed' : 'aborted'));
    const received: ReceivedRequest = { index: this.requests.length, method, path, body, headers: req.headers, outcome };
    if (this.record) this.requests.push(received);
    this.notifyWaiters();
    if (method === 'POST') {
      this.open += 1;
      this.peakOpen = Math.max(this.peakOpen, this.open);
      res.on('close', () => (this.open -= 1));
    }

    if (method === 'GET' && path === MODELS) {
      sendJson(res, 200, {
        object: 'list',
        data: (this.options.models ?? ['fake-model']).map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })),
      });
      return;
    }
    if (method !== 'POST' || !this.queues.has(path)) {
      sendError(res, 404, `fake-openai: no route ${method} ${path}`);
      return;
    }

    const fault = this.faults.find((f) => f.remaining > 0 && (f.path === undefined || f.path === path));
    if (fault) {
      fault.remaining -= 1;
      sendError(res, fault.status, fault.message);
      return;
    }
    if (path === COMPLETIONS && typeof body.max_tokens === 'number' && body.max_tokens < 1) {
      // vLLM rejects this too; a client asking for 0 tokens has a budget bug.
      sendError(res, 400, 'fake-openai: max_tokens must be at least 1');
      return;
    }
    const script = this.queues.get(path)?.shift() ?? (await this.handler?.({ index: received.index, method, path, body }));
    if (script === undefined && path !== EMBEDDINGS) {
      sendError(res, 400, `fake-openai: nothing scripted for ${method} ${path}`);
      return;
    }
    const s: Script = script ?? {};
    const latency = s.latencyMs ?? this.options.latencyMs ?? 0;
    if (latency > 0 && !(await this.pause(latency))) return;
    if (s.error) {
      sendError(res, s.error.status, s.error.message ?? 'fake-openai: scripted error');
      return;
    }
    if (s.raw !== undefined) {
      res.writeHead(200, { 'content-type': s.contentType ?? (body.stream === true ? 'text/event-stream' : 'application/json') });
      res.end(s.raw);
      return;
    }
    if (s.stall) {
      res.writeHead(200, { 'content-type': body.stream === true ? 'text/event-stream' : 'application/json' });
      res.flushHeaders();
      return; // never written again: the client's timeout, its abort or close() ends it
    }
    if (path === EMBEDDINGS) return this.sendEmbeddings(res, body, s);
    const events = path === CHAT ? this.chatEvents(body, s) : this.completionEvents(body, s);
    if (body.stream === true) {
      await this.stream(res, events.chunks, s);
    } else if (s.cutAfterChunks !== undefined) {
      res.writeHead(200, { 'content-type': 'application/json' });
      await new Promise<void>((resolve) => res.write(JSON.stringify(events.whole).slice(0, 20), () => resolve()));
      res.socket?.destroy();
    } else {
      sendJson(res, 200, events.whole);
    }
  }

  private notifyWaiters(): void {
    for (const w of this.waiters.slice()) {
      if (this.requests.length >= w.count) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  }

  /** Waits `ms`; false when the server is shutting down (the response is abandoned). */
  private async pause(ms: number): Promise<boolean> {
    try {
      await delay(ms, undefined, { signal: this.shutdown.signal });
      return true;
    } catch (err) {
      if (this.shutdown.signal.aborted) return false;
      throw err;
    }
  }

  private async stream(res: ServerResponse, chunks: JsonObject[], s: Script): Promise<void> {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const cps = s.chunksPerSecond ?? this.options.chunksPerSecond ?? 0;
    const start = performance.now();
    let sent = 0;
    for (const chunk of chunks) {
      if (res.destroyed) return;
      if (s.cutAfterChunks !== undefined && sent >= s.cutAfterChunks) {
        res.socket?.destroy();
        return;
      }
      if (sent > 0 && cps > 0) {
        const wait = s.steadyPace ? start + (sent * 1000) / cps - performance.now() : 1000 / cps;
        if (wait > 0 && !(await this.pause(wait))) return;
      }
      if (res.destroyed) return;
      const data = JSON.stringify(chunk);
      // Wait until the chunk is handed to the socket, so a later cut cannot swallow it.
      await new Promise<void>((resolve) => res.write(`data: ${s.onChunk ? s.onChunk(data) : data}\n\n`, () => resolve()));
      sent += 1;
    }
    if (s.cutAfterChunks !== undefined && sent >= s.cutAfterChunks) {
      res.socket?.destroy();
      return;
    }
    res.end('data: [DONE]\n\n');
  }

  private chatEvents(body: JsonObject, s: Script): { chunks: JsonObject[]; whole: JsonObject } {
    const req = body as ChatRequestBody;
    const id = `chatcmpl-${this.nextId++}`;
    const created = Math.floor(Date.now() / 1000);
    const model = typeof req.model === 'string' ? req.model : 'fake-model';
    const base = { id, object: 'chat.completion.chunk', created, model };
    const reasoningField = s.reasoningField ?? 'reasoning_content';
    const limit = numberOr(req.max_completion_tokens, numberOr(req.max_tokens, Infinity));
    const cut = applyStopAndLimit(s.text ?? '', stopList(body.stop), limit, 0, false);
    const toolCalls = (s.toolCalls ?? []).map((t, i) => ({
      id: t.id ?? `call_${id}_${i}`,
      name: t.name,
      arguments: typeof t.arguments === 'string' ? t.arguments : JSON.stringify(t.arguments),
    }));
    const finish = s.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : cut.finishReason);
    const promptTokens = (req.messages ?? []).reduce((n, m) => n + 4 + countTokens(m.content ?? ''), 0);
    const completionTokens =
      countTokens(s.reasoning ?? '') +
      countTokens(cut.text) +
      toolCalls.reduce((n, t) => n + countTokens(t.name) + countTokens(t.arguments), 0);
    const usage = usageOf(s, promptTokens, completionTokens);

    const choice = (delta: JsonObject, finishReason: string | null = null): JsonObject => ({
      ...base,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    });
    const chunks: JsonObject[] = [choice({ role: 'assistant', content: '' })];
    const per = Math.max(1, s.tokensPerChunk ?? 1);
    for (const piece of groups(tokenize(s.reasoning ?? ''), per)) chunks.push(choice({ [reasoningField]: piece }));
    for (const piece of groups(tokenize(cut.text), per)) chunks.push(choice({ content: piece }));
    toolCalls.forEach((t, index) => {
      chunks.push(choice({ tool_calls: [{ index, id: t.id, type: 'function', function: { name: t.name, arguments: '' } }] }));
      for (const piece of splitInto(t.arguments, s.argumentChunks ?? 3)) {
        chunks.push(choice({ tool_calls: [{ index, function: { arguments: piece } }] }));
      }
    });
    chunks.push(choice({}, finish));
    if (req.stream_options?.include_usage === true && usage) chunks.push({ ...base, choices: [], usage });

    const message: JsonObject = { role: 'assistant', content: toolCalls.length > 0 && cut.text === '' ? null : cut.text };
    if (s.reasoning !== undefined) message[reasoningField] = s.reasoning;
    if (toolCalls.length > 0) {
      message.tool_calls = toolCalls.map((t) => ({ id: t.id, type: 'function', function: { name: t.name, arguments: t.arguments } }));
    }
    const whole: JsonObject = {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, message, logprobs: null, finish_reason: finish }],
      ...(usage ? { usage } : {}),
    };
    return { chunks, whole };
  }

  private completionEvents(body: JsonObject, s: Script): { chunks: JsonObject[]; whole: JsonObject } {
    const req = body as CompletionRequestBody;
    const id = `cmpl-${this.nextId++}`;
    const created = Math.floor(Date.now() / 1000);
    const model = typeof req.model === 'string' ? req.model : 'fake-model';
    const base = { id, object: 'text_completion', created, model };
    const prompt = Array.isArray(body.prompt) ? String(body.prompt[0] ?? '') : String(req.prompt ?? '');
    const limit = numberOr(req.max_tokens, 16); // the OpenAI default
    const cut = applyStopAndLimit(
      s.text ?? '',
      stopList(req.stop),
      limit,
      numberOr(req.min_tokens, 0),
      req.include_stop_str_in_output === true,
    );
    const finish = s.finishReason ?? cut.finishReason;
    const usage = usageOf(s, countTokens(prompt), countTokens(cut.text));
    const choice = (text: string, finishReason: string | null = null): JsonObject => ({
      ...base,
      choices: [{ index: 0, text, logprobs: null, finish_reason: finishReason, stop_reason: null }],
    });
    const chunks: JsonObject[] = [];
    for (const piece of groups(tokenize(cut.text), Math.max(1, s.tokensPerChunk ?? 1))) chunks.push(choice(piece));
    chunks.push(choice('', finish));
    if (req.stream_options?.include_usage === true && usage) chunks.push({ ...base, choices: [], usage });
    const whole: JsonObject = { ...base, choices: [{ index: 0, text: cut.text, logprobs: null, finish_reason: finish }], ...(usage ? { usage } : {}) };
    return { chunks, whole };
  }

  private sendEmbeddings(res: ServerResponse, body: JsonObject, s: Script): void {
    const input = body.input;
    const texts = (Array.isArray(input) ? input : [input]).map((t) => (typeof t === 'string' ? t : JSON.stringify(t)));
    const dims = numberOr(body.dimensions, this.options.embeddingDimensions ?? 64);
    const vectors = s.embeddings ?? texts.map((t) => embedText(t, dims));
    const base64 = body.encoding_format === 'base64';
    sendJson(res, 200, {
      object: 'list',
      model: typeof body.model === 'string' ? body.model : 'fake-model',
      data: vectors.map((v, index) => ({
        object: 'embedding',
        index,
        embedding: base64 ? Buffer.from(new Float32Array(v).buffer).toString('base64') : v,
      })),
      usage: { prompt_tokens: texts.reduce((n, t) => n + countTokens(t), 0), total_tokens: texts.reduce((n, t) => n + countTokens(t), 0) },
    });
  }
}

/** Shorthand for `FakeOpenAI.start(options)`. */
export function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  return FakeOpenAI.start(options);
}

// ---------------------------------------------------------------------------------------------
// Helpers

/**
 * What a vLLM-like server would emit for `text`: generation stops at the first stop string found
 * after `minTokens` tokens (finish "stop"), or after `maxTokens` tokens (finish "length"),
 * or at the end of the text (finish "stop", as at an end-of-sequence token).
 */
export function applyStopAndLimit(
  text: string,
  stops: string[],
  maxTokens: number,
  minTokens = 0,
  includeStop = false,
): { text: string; finishReason: 'stop' | 'length' } {
  const minChars = tokenize(text).slice(0, minTokens).join('').length;
  let stopAt = -1;
  let stopLen = 0;
  for (const stop of stops) {
    if (stop === '') continue;
    const at = text.indexOf(stop, minChars);
    if (at !== -1 && (stopAt === -1 || at < stopAt)) {
      stopAt = at;
      stopLen = stop.length;
    }
  }
  const beforeStop = stopAt === -1 ? text : text.slice(0, stopAt);
  const tokens = tokenize(beforeStop);
  if (tokens.length > maxTokens) return { text: tokens.slice(0, maxTokens).join(''), finishReason: 'length' };
  return { text: stopAt !== -1 && includeStop ? text.slice(0, stopAt + stopLen) : beforeStop, finishReason: 'stop' };
}

/** Hashed bag of lower-cased words, L2-normalised: equal texts give equal vectors, shared words raise similarity. */
export function embedText(text: string, dimensions: number): number[] {
  const v = new Array<number>(dimensions).fill(0);
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  for (const w of words) {
    const h = fnv1a(w);
    v[h % dimensions] = (v[h % dimensions] ?? 0) + ((h >>> 16) & 1 ? 1 : -1);
  }
  const norm = Math.sqrt(v.reduce((n, x) => n + x * x, 0));
  if (norm === 0) {
    v[0] = 1;
    return v;
  }
  return v.map((x) => x / norm);
}

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function usageOf(s: Script, prompt: number, completion: number): JsonObject | null {
  if (s.usage === null) return null;
  const p = s.usage?.prompt_tokens ?? prompt;
  const c = s.usage?.completion_tokens ?? completion;
  return { prompt_tokens: p, completion_tokens: c, total_tokens: p + c };
}

function stopList(stop: unknown): string[] {
  if (typeof stop === 'string') return [stop];
  if (Array.isArray(stop)) return stop.filter((x): x is string => typeof x === 'string');
  return [];
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function groups(tokens: string[], size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += size) out.push(tokens.slice(i, i + size).join(''));
  return out;
}

/** Splits a string into `n` roughly equal pieces (at least one, possibly empty). */
function splitInto(s: string, n: number): string[] {
  const count = Math.max(1, Math.min(n, s.length));
  const size = Math.ceil(s.length / count);
  const out: string[] = [];
  for (let i = 0; i < s.length; i += size) out.push(s.slice(i, i + size));
  return out.length > 0 ? out : [''];
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, payload: unknown): void {
  const text = JSON.stringify(payload);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function sendError(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', param: null, code: null } });
}
