import { GraphQLError } from 'graphql';

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
