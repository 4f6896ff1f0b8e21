import type { Plugin } from 'graphql-yoga';
import { AppError } from '../contract/errors.js';
import type { Principal } from '../auth/principal.js';

/** Who is calling, known before the body is read (limits depend on it). */
export interface CallerContext {
  principal?: Principal;
  /** Why the credentials were refused; thrown when the operation's context is built. */
  authError?: AppError;
}

/**
 * Resolves the caller from the Authorization and Origin headers before Yoga reads the request
 * body, so the body, parse and validation limits are those of the caller's tier. A refused
 * credential is kept and reported as the operation's error (under the public limits).
 */
export function useCaller(principalOf: (request: Request) => Promise<Principal>): Plugin<CallerContext> {
  return {
    async onRequestParse({ request, serverContext }) {
      const context = serverContext as CallerContext;
      if (context.principal || context.authError) return;
      try {
        context.principal = await principalOf(request);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        context.authError = error;
      }
    },
  };
}
