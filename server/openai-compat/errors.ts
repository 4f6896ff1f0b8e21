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
  constructor(readonly error: unknown) {
    super(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

/**
 * Iterates a model's response stream, marking errors raised while reading it (a cut socket, a
 * malformed SSE line) as StreamReadError so they are told apart from the consumer's own errors.
 */
export async function* readStream<T>(stream: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = stream[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<T>;
    try {
      next = await iterator.next();
    } catch (err) {
      throw new StreamReadError(err);
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
  if (err instanceof StreamReadError) {
    if (err.error instanceof SyntaxError) return modelError('MODEL_BAD_RESPONSE', `${what}: malformed stream data`, err.error);
    return modelError('MODEL_STREAM_INTERRUPTED', `${what}: the stream broke off (${err.message})`, err.error);
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
  if (err instanceof SyntaxError) return modelError('MODEL_BAD_RESPONSE', `${what}: malformed response`, err);
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
