import { GraphQLError, type ExecutionResult, type GraphQLFormattedError } from 'graphql';
import { isAsyncIterable, mapAsyncIterator, maskError as yogaMaskError, type Plugin } from 'graphql-yoga';
import type { Logger } from '../log.js';

/**
 * A code on every error. Our resolvers throw AppErrors (coded); graphql-js and Yoga raise some
 * errors without one (syntax errors, variable coercion, operation selection). Every error leaving
 * the service, over HTTP, SSE or WebSocket, passes through `codeError`, so a client can always
 * switch on `extensions.code`: client mistakes get BAD_USER_INPUT (with `field`),
 * GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED, OPERATION_RESOLUTION_FAILURE or BAD_REQUEST;
 * anything else is a bug and is INTERNAL_SERVER_ERROR (Yoga masks its message and logs it).
 */

export interface ErrorPolicy {
  /** Keep parser details (`originalError`) that echo the client's body back; development only. */
  exposeDetails: boolean;
  /** Keep graphql-js's "Did you mean ...?" hints, which reveal the schema (off with introspection). */
  suggestions: boolean;
}

const VARIABLE = /^Variable "\$([^"]+)"/;
const AT_PATH = / at "([^"]+)"/;
const ARGUMENT = /^Argument "([^"]+)"/;
const OPERATION = /^(Unknown operation named|Must provide operation name|Must provide an operation|Could not determine what operation)/;
const SUGGESTION = / ?Did you mean [^?]*\?/g;

function classify(error: GraphQLError): { code: string; field?: string } {
  const message = error.message;
  if (message.startsWith('Syntax Error')) return { code: 'GRAPHQL_PARSE_FAILED' };
  const variable = VARIABLE.exec(message);
  if (variable) return { code: 'BAD_USER_INPUT', field: AT_PATH.exec(message)?.[1] ?? variable[1] };
  const argument = ARGUMENT.exec(message);
  if (argument) return { code: 'BAD_USER_INPUT', field: argument[1] };
  if (OPERATION.test(message)) return { code: 'OPERATION_RESOLUTION_FAILURE' };
  const status = (error.extensions.http as { status?: number } | undefined)?.status;
  if (status && status >= 400 && status < 500) return { code: 'BAD_REQUEST' };
  if (error.locations?.length && !error.originalError && !error.path) return { code: 'GRAPHQL_VALIDATION_FAILED' };
  return { code: 'INTERNAL_SERVER_ERROR' };
}

export function codeError(error: GraphQLError, policy: ErrorPolicy, log?: Logger): GraphQLError {
  const extensions: Record<string, unknown> = { ...error.extensions };
  const { code, field } = classify(error);
  if (!extensions.code) {
    if (code === 'INTERNAL_SERVER_ERROR') log?.error({ err: error.originalError ?? error }, 'GraphQL error without a code');
    extensions.code = code;
  }
  if (extensions.code === 'BAD_USER_INPUT' && field && !extensions.field) extensions.field = field;
  if (!policy.exposeDetails) delete extensions.originalError;
  const message = policy.suggestions ? error.message : error.message.replace(SUGGESTION, '').trim();
  if (
    message === error.message &&
    extensions.code === error.extensions.code &&
    extensions.field === error.extensions.field &&
    extensions.originalError === error.extensions.originalError
  ) {
    return error;
  }
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions,
  });
}

/** Formats errors for graphql-ws (which sends `toJSON()`); `http` is an HTTP-only hint. */
export function formatForSocket(errors: readonly GraphQLError[], policy: ErrorPolicy, log?: Logger): GraphQLFormattedError[] {
  return errors.map((error) => {
    const json = codeError(error, policy, log).toJSON();
    if (json.extensions && 'http' in json.extensions) {
      const { http: _http, ...rest } = json.extensions;
      return { ...json, extensions: rest };
    }
    return json;
  });
}

function codeResult<T extends ExecutionResult>(result: T, policy: ErrorPolicy, log?: Logger): T {
  if (!result?.errors?.length) return result;
  return { ...result, errors: result.errors.map((e) => codeError(e, policy, log)) };
}

/** The HTTP side (JSON, SSE, multipart): every result Yoga is about to send. */
export function useErrorCodes(policy: ErrorPolicy, log?: Logger): Plugin {
  return {
    // Yoga's GET and form parsers JSON.parse `variables` and `extensions` and let a SyntaxError
    // escape as a 500; a malformed request is the client's mistake.
    onRequestParse({ requestParser, setRequestParser }) {
      if (!requestParser) return;
      const parser = requestParser;
      setRequestParser(async (request) => {
        try {
          return await parser(request);
        } catch (error) {
          if (error instanceof GraphQLError) throw error;
          throw new GraphQLError('The request could not be read: `variables` and `extensions` must be JSON objects.', {
            extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
          });
        }
      });
    },
    // Yoga answers an unsupported media type (415) or Accept header (406) with an empty body; a
    // client gets a coded GraphQL error instead, like every other refusal.
    onResponse({ response, setResponse, fetchAPI }) {
      if (response.status < 400 || response.headers.get('content-type')?.includes('json') || response.status === 404) return;
      const message = response.status === 415 ? 'Send GraphQL as application/json (or a GET query string).' : `The request was refused (HTTP ${response.status}).`;
      const headers = new fetchAPI.Headers(response.headers);
      headers.set('content-type', 'application/json; charset=utf-8');
      setResponse(new fetchAPI.Response(JSON.stringify({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] }), { status: response.status, headers }));
    },
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result)) setResult(result.map((r) => codeResult(r, policy, log)));
      else if (isAsyncIterable(result)) setResult(mapAsyncIterator(result, (r: ExecutionResult) => codeResult(r, policy, log)));
      else setResult(codeResult(result as ExecutionResult, policy, log));
    },
  };
}

/**
 * Yoga's error masking, plus one case that is not a bug: a row deleted by a concurrent request
 * (the thread deleted while a message to it was being stored) is NOT_FOUND, as it would have been
 * a moment later, not an internal error.
 */
export function maskError(error: unknown, message: string, isDev?: boolean): Error {
  const original = error instanceof GraphQLError ? error.originalError : error;
  const prismaCode = (original as { name?: string; code?: string } | undefined)?.name === 'PrismaClientKnownRequestError' ? (original as { code?: string }).code : undefined;
  // P2025: the record to update or read is gone; P2003: the row it refers to is gone.
  if (prismaCode === 'P2025' || prismaCode === 'P2003') {
    return new GraphQLError('Not found: it was deleted meanwhile.', {
      nodes: error instanceof GraphQLError ? error.nodes : undefined,
      path: error instanceof GraphQLError ? error.path : undefined,
      extensions: { code: 'NOT_FOUND' },
    });
  }
  return yogaMaskError(error, message, isDev);
}
