import { GraphQLError } from 'graphql';
import type { Advice } from './events.js';

/** Stable error codes clients can switch on (GraphQL `extensions.code`). */
export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'BAD_USER_INPUT'
  | 'THREAD_BUSY'
  | 'TURN_NOT_RUNNING'
  | 'SERVICE_UNAVAILABLE'
  | 'RATE_LIMITED'
  /** A signed-in visitor's proof (user hash or JWT) does not verify with any of the site's visitor secrets. */
  | 'VISITOR_PROOF_INVALID'
  /** A signed-in visitor's JWT has expired (or is not yet valid, or lives too long). */
  | 'VISITOR_PROOF_EXPIRED'
  /** The site has no visitor secret, so it cannot sign visitors in. */
  | 'VISITOR_IDENTITY_DISABLED'
  | 'INTERNAL';

export class AppError extends GraphQLError {
  constructor(
    readonly code: ErrorCode,
    message: string,
    extra: Record<string, unknown> = {},
  ) {
    super(message, { extensions: { code, ...extra } });
  }
}

export const unauthenticated = (message = 'A valid key or thread token is required.') =>
  new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'This key may not do that.') => new AppError('FORBIDDEN', message);
export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found.`);
export const badInput = (message: string, field?: string) =>
  new AppError('BAD_USER_INPUT', message, field ? { field } : {});

/**
 * Why a turn failed (`TurnFailed.code`, `Turn.error.code`). A runner throws a TurnError to choose
 * the code and whether sending the message again may work (`retryable`).
 */
export class TurnError extends Error {
  override name = 'TurnError';
  /** The advice the turn had given when it failed (set by the turn lifecycle, for the caller's error). */
  advice: Advice | null = null;
  constructor(
    readonly code: string,
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The TurnError codes a model call can end with. `retryable` tells the *client* whether sending
 * the turn again may work; our own automatic retries are a separate, narrower rule (see retry.ts).
 */
export const MODEL_ERROR_CODES = {
  /** Connection refused/reset, DNS, HTTP 5xx or 429. */
  MODEL_UNAVAILABLE: true,
  /** No first token (or no further token) within MODEL_FIRST_TOKEN_TIMEOUT_MS, or a stage timeout. */
  MODEL_TIMEOUT: true,
  /** The stream broke after the response had started. */
  MODEL_STREAM_INTERRUPTED: true,
  /** HTTP 4xx (bad request, auth, unknown model), malformed JSON, empty or unusable output. */
  MODEL_BAD_RESPONSE: false,
  /** The turn's signal was aborted (cancelTurn, shutdown). */
  CANCELLED: false,
  /** Every stream of the model server was busy for longer than MODEL_QUEUE_TIMEOUT_MS. */
  MODEL_BUSY: true,
} as const satisfies Record<string, boolean>;

export type ModelErrorCode = keyof typeof MODEL_ERROR_CODES;

export function modelError(code: ModelErrorCode, message: string, cause?: unknown): TurnError {
  return new TurnError(code, message, MODEL_ERROR_CODES[code], cause === undefined ? undefined : { cause });
}

/** Codes the turn lifecycle itself ends a turn with (besides the model codes). */
export const LIFECYCLE_ERROR_CODES = {
  /** The runner finished without a word of answer. */
  EMPTY_ANSWER: true,
  /** The instance running the turn stopped (crash, kill, restart) before the turn ended. */
  INTERRUPTED: true,
  /** The instance is draining for a restart and takes no new turns. */
  SHUTTING_DOWN: true,
  /** The turn could not be announced (the event bus, e.g. Redis, is unreachable); it never ran. */
  UNAVAILABLE: true,
  /** The knowledge base (Chroma) did not answer a search in time. */
  RETRIEVAL_TIMEOUT: true,
  /** A bug: anything a runner throws that is not a TurnError. */
  INTERNAL: true,
} as const satisfies Record<string, boolean>;

export type TurnErrorCode = ModelErrorCode | keyof typeof LIFECYCLE_ERROR_CODES;
