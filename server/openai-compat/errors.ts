import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { modelError, TurnError } from '../contract/errors.js';

export { MODEL_ERROR_CODES, modelError, type ModelErrorCode } from '../contract/errors.js';


/** Abort reason used by our own timers, so an abort can be told apart from a cancellation. */
export class DeadlineExceeded extends Error {
  override name = 'DeadlineExceeded';
}

/** Wraps an error raised while reading a response body that had already started. */
export class StreamReadError extends Error {
  override name = 'StreamReadError';
  constructor(
    readonly error: unknown,
    /** The HTTP status the response started with, when known. */
    readonly status?: number,
  ) {
    super(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

/**
 * A successful status with a body that is not what the API speaks: an HTML page from a proxy or
 * a load balancer, plain text, or JSON where an event stream was asked for. Not a broken stream:
 * the model was never reached, so it is MODEL_BAD_RESPONSE, with the status and a bit of the body.
 */
export class UnexpectedBodyError extends Error {
  override name = 'UnexpectedBodyError';
  constructor(
    readonly status: number,
    readonly contentType: string,
    readonly expected: string,
    readonly bodyStart: string,
  ) {
    super(`HTTP ${status} with ${contentType || 'no content type'} instead of ${expected}${bodyStart ? `: ${JSON.stringify(bodyStart)}` : ''}`);
  }
}

/** An SDK call that can hand back the raw response with its parsed result (`APIPromise`). */
export interface WithResponse<T> {
  withResponse(): Promise<{ data: T; response: Response }>;
}

/** A response stream and the status it started with. */
export interface OpenedStream<T> {
  stream: AsyncIterable<T>;
  status: number;
}

const BODY_SNIPPET_CHARS = 120;

/** The first characters of a body (at most a few kB read), whitespace squeezed, for an error message. */
export async function bodyStart(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  let bytes = new Uint8Array(0);
  try {
    while (bytes.length < 4096) {
      const { done, value } = await reader.read();
      if (done) break;
      const joined = new Uint8Array(bytes.length + value.length);
      joined.set(bytes);
      joined.set(value, bytes.length);
      bytes = joined;
    }
  } finally {
    await reader.cancel().catch(() => undefined); // the rest is not needed; the connection is released
  }
  return new TextDecoder().decode(bytes).replace(/\s+/g, ' ').trim().slice(0, BODY_SNIPPET_CHARS);
}

/**
 * Starts a streamed call and checks that the server answered with an event stream before anything
 * is read from it: a 200 with an HTML page would otherwise read as an empty stream, "interrupted".
 */
export async function openStream<T>(call: WithResponse<AsyncIterable<T>>): Promise<OpenedStream<T>> {
  const { data, response } = await call.withResponse();
  const type = response.headers.get('content-type') ?? '';
  if (!/^text\/event-stream\b/i.test(type.trim())) {
    throw new UnexpectedBodyError(response.status, type, 'an event stream', await bodyStart(response));
  }
  return { stream: data, status: response.status };
}

/** The SDK call's raw response, with its status checked by the SDK (`APIPromise.asResponse`). */
export interface AsResponse {
  asResponse(): Promise<Response>;
}

/** A non-streamed call whose answer must be JSON (embeddings): parsed here so a bad body keeps its status. */
export async function readJson(call: AsResponse): Promise<unknown> {
  const response = await call.asResponse();
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  const start = text.replace(/\s+/g, ' ').trim().slice(0, BODY_SNIPPET_CHARS);
  if (!/\bjson\b/i.test(type)) throw new UnexpectedBodyError(response.status, type, 'JSON', start);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UnexpectedBodyError(response.status, type, 'valid JSON', start);
  }
}

/**
 * Iterates a model's response stream, marking errors raised while reading it (a cut socket, a
 * malformed SSE line) as StreamReadError so they are told apart from the consumer's own errors.
 */
export async function* readStream<T>(opened: OpenedStream<T>): AsyncGenerator<T> {
  const iterator = opened.stream[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<T>;
    try {
      next = await iterator.next();
    } catch (err) {
      throw new StreamReadError(err, opened.status);
    }
    if (next.done) return;
    yield next.value;
  }
}

/** True when this signal was aborted by one of our deadlines rather than by a caller. */
function isDeadline(signal: AbortSignal | undefined): signal is AbortSignal {
  return signal?.aborted === true && signal.reason instanceof DeadlineExceeded;
}

/**
 * Maps anything a model call can throw to a TurnError. `callSignal` is the signal the request was
 * made with (our per-call timers plus the caller's), `callerSignal` the caller's own signal: an
 * abort with a DeadlineExceeded reason is a timeout, any other abort of the caller's is CANCELLED.
 * Errors that are not about the model (bugs) are returned unchanged.
 */
export function classifyModelError(
  err: unknown,
  what: string,
  callSignal: AbortSignal | undefined,
  callerSignal: AbortSignal | undefined,
): unknown {
  if (err instanceof TurnError) return err;
  if (callerSignal?.aborted) {
    if (isDeadline(callerSignal)) return modelError('MODEL_TIMEOUT', `${what}: ${callerSignal.reason.message}`, err);
    return modelError('CANCELLED', `${what}: cancelled`, err);
  }
  if (isDeadline(callSignal)) return modelError('MODEL_TIMEOUT', `${what}: ${callSignal.reason.message}`, err);
  if (err instanceof UnexpectedBodyError) return modelError('MODEL_BAD_RESPONSE', `${what}: server answered ${err.message}`, err);
  if (err instanceof StreamReadError) {
    const status = err.status === undefined ? '' : ` (HTTP ${err.status})`;
    if (err.error instanceof SyntaxError) return modelError('MODEL_BAD_RESPONSE', `${what}: malformed stream data${status}`, err.error);
    if (err.error instanceof APIError && err.error.status === undefined) {
      // An `error` object sent inside a 200 stream (vLLM does this for errors found mid-generation).
      return modelError('MODEL_BAD_RESPONSE', `${what}: the server reported an error in the stream${status}: ${err.error.message}`, err.error);
    }
    return modelError('MODEL_STREAM_INTERRUPTED', `${what}: the stream broke off${status} (${err.message})`, err.error);
  }
  if (err instanceof APIConnectionTimeoutError) return modelError('MODEL_TIMEOUT', `${what}: request timed out`, err);
  if (err instanceof APIUserAbortError) return modelError('CANCELLED', `${what}: aborted`, err);
  if (err instanceof APIConnectionError) {
    return modelError('MODEL_UNAVAILABLE', `${what}: cannot reach the model server (${describeCause(err)})`, err);
  }
  if (err instanceof APIError) {
    const status = err.status;
    if (status === undefined) return modelError('MODEL_BAD_RESPONSE', `${what}: ${err.message}`, err);
    if (status >= 500 || status === 429) return modelError('MODEL_UNAVAILABLE', `${what}: server answered ${status}`, err);
    if (status === 408) return modelError('MODEL_TIMEOUT', `${what}: server answered 408`, err);
    return modelError('MODEL_BAD_RESPONSE', `${what}: server answered ${status}: ${err.message}`, err);
  }
  if (err instanceof SyntaxError) return modelError('MODEL_BAD_RESPONSE', `${what}: malformed JSON in a response that said it was JSON`, err);
  return err;
}

/** The most specific reason in an error's cause chain (e.g. ECONNREFUSED rather than "fetch failed"). */
function describeCause(err: Error): string {
  let current: unknown = err;
  let described = err.message;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string') return code;
    described = current.message;
    current = current.cause;
  }
  return described;
}
