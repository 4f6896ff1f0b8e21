import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { characterLimitPlugin } from '@escape.tech/graphql-armor-character-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { GraphQLError, Kind, NoSchemaIntrospectionCustomRule, TokenKind, type DocumentNode, type ValidationContext, type ValidationRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { OperationLimits } from '../config.js';
import { canSeeTriage, type Principal } from '../auth/principal.js';

/**
 * Limits before work. Every GraphQL operation is measured before it costs anything: its body
 * size while it is read, its length and token count while it is parsed (the parser stops at the
 * limit), and its depth, aliases, directives and cost while it is validated, all with
 * graphql-armor. Callers holding browser credentials (anonymous, publishable keys, thread tokens)
 * get the `public` limits, secret keys the looser `server` ones, and those who read triage (staff
 * keys, secret keys with triage:read) the `staff` ones, whose cost fits listing threads with their
 * messages and turns.
 */

export type CallerTier = 'public' | 'server' | 'staff';

export const CALLER_TIERS = ['public', 'server', 'staff'] as const satisfies readonly CallerTier[];

export function tierOf(principal: Principal | undefined): CallerTier {
  if (principal?.kind !== 'secret' && principal?.kind !== 'staff') return 'public';
  return canSeeTriage(principal) ? 'staff' : 'server';
}

/** What the plugin reads from the GraphQL context: the caller, once known (see caller.ts). */
export interface LimitsContext {
  principal?: Principal;
}

export const limitError = (message: string, limit: string, code: 'GRAPHQL_PARSE_FAILED' | 'GRAPHQL_VALIDATION_FAILED') =>
  new GraphQLError(message, { extensions: { code, limit } });

/**
 * armor rules report through `context.reportError` (not by throwing, which would abort the whole
 * validation with an uncoded error), and carry the tier in their name: Yoga caches validation
 * results per document and rule names, so a document validated under the server limits is never
 * taken as valid for a public caller.
 */
function tierRules(tier: CallerTier, limits: OperationLimits, introspection: boolean): ValidationRule[] {
  const report = (limit: string) => ({
    exposeLimits: true,
    propagateOnRejection: false,
    onReject: [
      (context: ValidationContext | null, error: GraphQLError) =>
        context?.reportError(limitError(error.message.replace(/^Syntax Error: /, ''), limit, 'GRAPHQL_VALIDATION_FAILED')),
    ],
  });
  const rules: [string, ValidationRule][] = [
    ['depth', maxDepthRule({ n: limits.depth, ...report('depth') }) as unknown as ValidationRule],
    ['aliases', maxAliasesRule({ n: limits.aliases, ...report('aliases') }) as unknown as ValidationRule],
    ['directives', maxDirectivesRule({ n: limits.directives, ...report('directives') }) as unknown as ValidationRule],
    ['cost', costLimitRule({ maxCost: limits.cost, ...report('cost') }) as unknown as ValidationRule],
  ];
  if (!introspection) rules.push(['introspection', NoSchemaIntrospectionCustomRule]);
  return rules.map(([name, rule]) => Object.defineProperty((context: ValidationContext) => rule(context), 'name', { value: `${tier}:${name}` }));
}

type ParseFn = (source: string, options?: unknown) => unknown;
interface ParseHookPayload {
  parseFn: ParseFn;
  setParseFn: (fn: ParseFn) => void;
}

/** armor's parse-time plugins (tokens, then characters around it), chained for one tier. */
function tierParse(limits: OperationLimits): (payload: ParseHookPayload) => ParseFn {
  const plugins = [maxTokensPlugin({ n: limits.tokens }), characterLimitPlugin({ maxLength: limits.chars })];
  return (payload) => {
    let fn = payload.parseFn;
    for (const plugin of plugins) {
      (plugin.onParse as unknown as (p: ParseHookPayload) => void)({ ...payload, parseFn: fn, setParseFn: (next) => (fn = next) });
    }
    return fn;
  };
}

/** A stack overflow on a pathological document is the client's mistake, not a server error. */
function overflowGuard<Args extends unknown[], R>(fn: (...args: Args) => R, onOverflow: () => R): (...args: Args) => R {
  return (...args) => {
    try {
      return fn(...args);
    } catch (error) {
      if (error instanceof RangeError) return onOverflow();
      throw error;
    }
  };
}

export function useOperationLimits(options: {
  limits: Record<CallerTier, OperationLimits>;
  introspection: boolean;
}): Plugin<LimitsContext> {
  const parse = Object.fromEntries(CALLER_TIERS.map((tier) => [tier, tierParse(options.limits[tier])])) as Record<CallerTier, ReturnType<typeof tierParse>>;
  const rules = Object.fromEntries(CALLER_TIERS.map((tier) => [tier, tierRules(tier, options.limits[tier], options.introspection)])) as Record<CallerTier, ValidationRule[]>;
  const tooDeep = () => limitError('The document is nested too deeply.', 'depth', 'GRAPHQL_PARSE_FAILED');
  return {
    onRequestParse({ request, serverContext, requestParser, setRequestParser, fetchAPI }) {
      const limit = options.limits[tierOf((serverContext as LimitsContext).principal)].body;
      const length = request.headers.get('content-length');
      if (length !== null && /^\d+$/.test(length) && Number(length) > limit) throw bodyTooLarge(limit);
      if (requestParser && request.body) {
        const parser = requestParser;
        setRequestParser((req) => parser(limitBody(req, limit, fetchAPI)));
      }
    },
    onParse(payload) {
      const tier = tierOf(payload.context.principal);
      const limited = parse[tier](payload as unknown as ParseHookPayload);
      let parsedHere = false;
      payload.setParseFn(((source: string, parseOptions?: unknown) => {
        parsedHere = true;
        try {
          return limited(source, parseOptions);
        } catch (error) {
          throw parseFailure(error, tooDeep);
        }
      }) as typeof payload.parseFn);
      // A document from the parse cache was parsed for some earlier caller, perhaps one with
      // looser limits: it is held to this caller's character and token limits all the same.
      const source = String(payload.params.source);
      return ({ result, replaceParseResult }) => {
        if (parsedHere || !isDocument(result)) return;
        const limits = options.limits[tier];
        if (source.length > limits.chars) {
          replaceParseResult(limitError(`Syntax Error: Character limit of ${limits.chars} exceeded, found ${source.length}.`, 'chars', 'GRAPHQL_PARSE_FAILED'));
        } else if (tokenCount(result) > limits.tokens) {
          replaceParseResult(limitError(`Syntax Error: Token limit of ${limits.tokens} exceeded.`, 'tokens', 'GRAPHQL_PARSE_FAILED'));
        }
      };
    },
    onValidate(payload) {
      for (const rule of rules[tierOf(payload.context.principal)]) payload.addValidationRule(rule);
      payload.setValidationFn(overflowGuard(payload.validateFn, () => [tooDeep()]));
    },
  };
}

const isDocument = (value: unknown): value is DocumentNode =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === Kind.DOCUMENT;

/** Tokens of a parsed document, counted as the token limit counts them (comments and the ends aside). */
function tokenCount(document: DocumentNode): number {
  let count = 0;
  for (let token = document.loc?.startToken ?? null; token; token = token.next) {
    if (token.kind !== TokenKind.SOF && token.kind !== TokenKind.EOF && token.kind !== TokenKind.COMMENT) count++;
  }
  return count;
}

/** Every parse failure is GRAPHQL_PARSE_FAILED; those from a limit also name it. */
function parseFailure(error: unknown, tooDeep: () => GraphQLError): unknown {
  if (error instanceof RangeError) return tooDeep();
  if (!(error instanceof GraphQLError) || error.extensions.code) return error;
  const limit = /Character limit/.test(error.message) ? 'chars' : /Token limit/.test(error.message) ? 'tokens' : undefined;
  return new GraphQLError(error.message, {
    source: error.source,
    positions: error.positions,
    extensions: { ...error.extensions, code: 'GRAPHQL_PARSE_FAILED', ...(limit ? { limit } : {}) },
  });
}

function bodyTooLarge(limit: number): GraphQLError {
  return new GraphQLError(`The request body is larger than ${limit} bytes.`, {
    extensions: { code: 'REQUEST_ENTITY_TOO_LARGE', limit: 'body', http: { status: 413 } },
  });
}

/**
 * The body limit for requests whose size is not announced (chunked): count bytes as they are read
 * and fail the read past the limit (as Yoga's own maxRequestBodySize does, per tier here).
 */
function limitBody(request: Request, limit: number, fetchAPI: { Request: typeof Request; TransformStream: typeof TransformStream }): Request {
  const body = request.body;
  if (!body) return request;
  let read = 0;
  const Transform = body instanceof ReadableStream ? globalThis.TransformStream : fetchAPI.TransformStream;
  const limited = body.pipeThrough(
    new Transform<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        read += chunk.byteLength;
        if (read > limit) controller.error(bodyTooLarge(limit));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new fetchAPI.Request(request.url, {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    body: limited,
    duplex: 'half',
  } as RequestInit);
}
