import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { execute, subscribe, type ExecutionArgs } from 'graphql';
import { createYoga, type GraphiQLOptions } from 'graphql-yoga';
import { WebSocketServer } from 'ws';
import { GraphQLError } from 'graphql';
import { AppError } from '../contract/errors.js';
import type { Principal } from '../auth/principal.js';
import type { GraphQLContext } from '../graphql/builder.js';
import { schema } from '../graphql/schema.js';
import { useCaller, type CallerContext } from './caller.js';
import { createParseCaches, useForgetInvalidDocuments } from './document-cache.js';
import { codeError, formatForSocket, maskError, useErrorCodes, type ErrorPolicy } from './error-codes.js';
import { CALLER_TIERS, useOperationLimits } from './operation-limits.js';
import type { Services } from './services.js';
import { serveStatic, type StaticAssets } from './static.js';
import { graphqlTracingPlugins } from '../telemetry/index.js';
import { documentForSubscribe, loadWidgetOperations, persistedOperationsPlugin, type PersistedOperations } from './persisted-operations.js';
import { guardResponse, guardWebSocket } from './backpressure.js';
import { serveGraphqlWs } from './ws-transport.js';
import { isFhirPath, serveFhir } from './fhir-http.js';

export interface HttpServer {
  server: Server;
  /** Closes client connections (they reconnect elsewhere or after a restart) and stops listening. */
  close(): Promise<void>;
}

/**
 * Yoga's default GraphiQL page loads its script from a CDN, so it broke offline; the package
 * inlines it (about 9 MB), imported on the first GraphiQL request (so a process that never serves
 * GraphiQL never loads it) and rendered once per server (its options never change).
 */
function graphiqlRenderer(): (options: GraphiQLOptions) => Promise<string> {
  let page: Promise<string> | undefined;
  return (options) =>
    (page ??= import('@graphql-yoga/render-graphiql')
      .then((m) => m.renderGraphiQL(options))
      .catch((error: unknown) => {
        page = undefined; // a failed load is retried on the next request, not remembered
        throw error;
      }));
}

/** How long a shutdown waits for open subscriptions to receive their last events. */
const FLUSH_MS = 2000;

interface WsExtra {
  principal: Principal;
  authorization: string | null;
  closed: AbortController;
}

/**
 * One HTTP server: GraphQL (HTTP, GraphQL over SSE and graphql-ws on the same `/graphql` path),
 * `/fhir/Thread/{id}` (fhir-http.ts), `/healthz`, `/readyz`, the widget bundle and, in development, the demo page.
 */
export function createHttpServer(services: Services, assets: StaticAssets, operations: PersistedOperations = loadWidgetOperations()): HttpServer {
  const { config, log } = services;
  // One principal per HTTP request, shared by the limits, the persisted-operations check and the context.
  const principals = new WeakMap<Request, Promise<Principal>>();
  const principalOf = (request: Request): Promise<Principal> => {
    let principal = principals.get(request);
    if (!principal) {
      principal = services.credentials.resolve(request.headers.get('authorization'), request.headers.get('origin'));
      principals.set(request, principal);
    }
    return principal;
  };
  const parseCaches = createParseCaches(config.GRAPHQL_CACHE_MB);
  // Transport ceilings; each caller's own body limit is applied by useOperationLimits.
  const largestBody = Math.max(...CALLER_TIERS.map((tier) => config.limits[tier].body));
  const errorPolicy: ErrorPolicy = { exposeDetails: config.NODE_ENV === 'development', suggestions: config.introspection };
  const backpressure = { maxBufferedBytes: config.SOCKET_MAX_BUFFER_BYTES, stallMs: config.SOCKET_STALL_MS };
  const yoga = createYoga<{ req?: IncomingMessage; signal?: AbortSignal } & CallerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    // Order matters: the caller is known before the limits (which depend on it) are applied.
    plugins: [
      ...graphqlTracingPlugins(),
      useCaller(principalOf),
      useOperationLimits({ limits: config.limits, introspection: config.introspection }),
      persistedOperationsPlugin(operations, principalOf),
      useErrorCodes(errorPolicy, log),
      useForgetInvalidDocuments(parseCaches),
    ],
    maxRequestBodySize: largestBody,
    multipart: false, // no file uploads: one parser less facing the internet
    parserAndValidationCache: parseCaches,
    maskedErrors: { isDev: config.NODE_ENV === 'development', maskError },
    graphiql: config.NODE_ENV === 'development' && config.GRAPHIQL ? { title: 'Triage assistant', subscriptionsProtocol: 'WS' } : false,
    renderGraphiQL: graphiqlRenderer(),
    landingPage: false,
    logging: {
      debug: (...args) => log.debug({ component: 'yoga' }, args.map(String).join(' ')),
      info: (...args) => log.info({ component: 'yoga' }, args.map(String).join(' ')),
      warn: (...args) => log.warn({ component: 'yoga' }, args.map(String).join(' ')),
      error: (...args) => log.error({ component: 'yoga', err: args[0] }, args.map(String).join(' ')),
    },
    // Browsers preflight without credentials, so CORS cannot know the key; access is enforced by
    // the key and the Origin check in auth/resolve.ts (principalOf) instead.
    cors: (request) => ({
      origin: request.headers.get('origin') ?? '*',
      credentials: false,
      allowedHeaders: ['authorization', 'content-type', 'accept'],
      methods: ['GET', 'POST', 'OPTIONS'],
      maxAge: 600,
    }),
    context: async ({ request, principal, authError, signal, req }) => {
      if (authError) throw authError;
      const origin = request.headers.get('origin') || null;
      return {
        services,
        clientIp: clientIp(req, config.TRUST_PROXY),
        principal: principal ?? (await principalOf(request)),
        signal: signal ?? request.signal,
        origin,
      };
    },
  });

  const server = createServer((req, res) => {
    void route(req, res).catch((error: unknown) => {
      log.error({ err: error, url: req.url }, 'request failed');
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'internal error' }));
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/graphql') {
      // A subscription over SSE is one long response: it gets the same limit as a WebSocket.
      if (req.headers.accept?.includes('text/event-stream')) {
        guardResponse(res, backpressure, (why) => log.info({ why }, 'closed a stalled SSE subscriber'));
        openSse++;
        res.once('close', () => openSse--);
      }
      return void (await yoga(req, res, { req }));
    }
    if (isFhirPath(url.pathname)) return serveFhir(req, res, url, (input, init, context) => yoga.fetch(input, init, context));
    if (url.pathname === '/healthz') return json(res, 200, { ok: true });
    if (url.pathname === '/metrics') {
      if (config.METRICS_TOKEN && req.headers.authorization !== `Bearer ${config.METRICS_TOKEN}`) return json(res, 401, { error: 'metrics token required' });
      res.writeHead(200, { 'content-type': services.metrics.registry.contentType });
      return void res.end(await services.metrics.registry.metrics());
    }
    if (url.pathname === '/readyz') {
      // Load balancers need the status; where each dependency is (internal URLs) is for operators:
      // shown outside production, or with the metrics token.
      const report = await services.health();
      const operator = config.NODE_ENV !== 'production' || (config.METRICS_TOKEN !== undefined && req.headers.authorization === `Bearer ${config.METRICS_TOKEN}`);
      const checks = operator ? report.checks : report.checks.map(({ name, ok }) => ({ name, ok }));
      const draining = !services.turns.accepting; // shutting down: send new visitors elsewhere
      const ok = report.ok && !draining;
      return json(res, ok ? 200 : 503, { ok, draining, checks, engine: services.turns.engine });
    }
    if (!serveStatic(req, res, url, assets)) json(res, 404, { error: 'not found' });
  }

  // One message may be as large as a server key's request body; larger frames close the socket (1009).
  // Requests Node's HTTP parser refuses (headers or URL too large, malformed) get a coded JSON
  // error too, not a bare status line.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable) return socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const body = JSON.stringify({
      errors: [{ message: tooLarge ? 'The request headers or URL are too large.' : 'The request is not valid HTTP.', extensions: { code: tooLarge ? 'REQUEST_HEADER_FIELDS_TOO_LARGE' : 'BAD_REQUEST' } }],
    });
    const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  });

  const wss = new WebSocketServer({ server, path: '/graphql', maxPayload: largestBody });
  // Open subscriptions, so a shutdown can let the last events (a drained turn's end) reach them.
  const connections = new Set<{ subscriptions: Record<string, unknown> }>();
  let openSse = 0;
  const streaming = () => openSse > 0 || [...connections].some((c) => Object.keys(c.subscriptions).length > 0);
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  serveGraphqlWs<Record<string, unknown> | undefined, Partial<WsExtra>>(
    {
      // Authenticate once per connection: Origin from the handshake, token from connectionParams.
      onConnect: async (ctx) => {
        const params = ctx.connectionParams ?? {};
        const authorization = typeof params.authorization === 'string' ? params.authorization : null;
        const origin = ctx.extra.request.headers.origin ?? null;
        try {
          ctx.extra.principal = await services.credentials.resolve(authorization, origin);
          ctx.extra.authorization = authorization;
        } catch (error) {
          if (error instanceof AppError) {
            // graphql-ws closes with 4403 Forbidden on `false`; log why for operators.
            log.info({ code: error.code, origin }, `websocket refused: ${error.message}`);
            return false;
          }
          // The key could not be checked (the database is away for a moment): 1013 "try again
          // later", which clients retry, rather than graphql-ws's 4500, which they must not.
          log.warn({ err: error, origin }, 'websocket refused: could not check its key');
          ctx.extra.socket.close(1013, 'Try again later');
          return false;
        }
        const closed = new AbortController();
        connections.add(ctx);
        ctx.extra.socket.once('close', () => connections.delete(ctx));
        ctx.extra.closed = closed;
        // Revoking the key, deleting its site or thread, or removing its origin closes the socket.
        const socket = ctx.extra.socket;
        const release = services.access.hold({ principal: ctx.extra.principal, origin }, () => socket.close(4403, 'Forbidden: access revoked'));
        socket.once('close', () => {
          release();
          closed.abort();
        });
        guardWebSocket(socket, backpressure, (why) => log.info({ why }, 'closed a stalled WebSocket subscriber'));
        return true;
      },
      // A client's mistake (a syntax error, a refused limit, bad credentials) is answered with an
      // error message for that operation; throwing here would close the whole socket with 4500.
      onSubscribe: async (ctx, _id, payload) => {
        try {
          // Each operation re-checks the socket's credential, so a revoked one runs nothing more.
          const origin = ctx.extra.request.headers.origin ?? null;
          try {
            ctx.extra.principal = await services.credentials.resolve(ctx.extra.authorization ?? null, origin);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            ctx.extra.socket.close(4403, 'Forbidden: access revoked');
            return [error];
          }
          const enveloped = yoga.getEnveloped({
            req: ctx.extra.request,
            principal: ctx.extra.principal,
            signal: ctx.extra.closed?.signal,
            request: new Request('http://localhost/graphql', { method: 'POST', headers: { origin: ctx.extra.request.headers.origin ?? '' } }),
            params: payload,
          });
          const query = documentForSubscribe(operations, payload, ctx.extra.principal!);
          if (typeof query !== 'string') return [codeError(query, errorPolicy, log)];
          const document = enveloped.parse(query);
          const errors = enveloped.validate(enveloped.schema, document);
          if (errors.length) return errors.map((e: GraphQLError) => codeError(e, errorPolicy, log));
          const args: ExecutionArgs = {
            schema: enveloped.schema,
            operationName: payload.operationName,
            document,
            variableValues: payload.variables,
            contextValue: await enveloped.contextFactory(),
            rootValue: { execute: enveloped.execute, subscribe: enveloped.subscribe },
          };
          return args;
        } catch (error) {
          if (error instanceof GraphQLError) return [codeError(error, errorPolicy, log)];
          log.error({ err: error }, 'websocket operation failed');
          return [new GraphQLError('Unexpected error.', { extensions: { code: 'INTERNAL_SERVER_ERROR' } })];
        }
      },
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors?.length ? { ...result, errors: formatForSocket(result.errors, errorPolicy, log) } : undefined,
      onError: (_ctx, _id, _payload, errors) => formatForSocket(errors, errorPolicy, log),
      execute: (args: ExecutionArgs) => (args.rootValue as { execute: typeof execute }).execute(args),
      subscribe: (args: ExecutionArgs) => (args.rootValue as { subscribe: typeof subscribe }).subscribe(args),
    },
    wss,
    log,
  );

  return {
    server,
    close: async () => {
      // Subscriptions to turns that ended here finish by themselves once their last event is out
      // (through Redis that takes a round trip); those following turns elsewhere do not, so wait a
      // little, then close: those clients resubscribe, on another instance, from their last seq.
      for (const deadline = Date.now() + FLUSH_MS; streaming() && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 25));
      for (const client of wss.clients) client.close(1012, 'Service restarting');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      const closing = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      for (const socket of sockets) socket.destroy();
      await closing;
    },
  };
}

function clientIp(req: IncomingMessage | undefined, trustProxy: boolean): string {
  if (!req) return 'unknown';
  const forwarded = req.headers['x-forwarded-for'];
  if (trustProxy && typeof forwarded === 'string' && forwarded) return forwarded.split(',')[0]!.trim();
  return req.socket.remoteAddress ?? 'unknown';
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}
