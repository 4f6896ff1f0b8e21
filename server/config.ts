import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the service reads, parsed and validated here and nowhere else.
 * docs/configuration.md's table is generated from `ENV_DOCS` and checked by a test, so adding a variable means documenting it.
 */

const optionalUrl = z.string().url().optional();
const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);
/** An integer, or `none` for "do not send it" (the server's own default applies). */
const intOrNone = (def: number | undefined) =>
  z
    .union([z.literal('none'), z.coerce.number().int()])
    .optional()
    .transform((v) => (v === 'none' ? undefined : (v ?? def)));
/** A value of `schema`, or `none` for "do not send it"; unset gives `def` (undefined: not sent). */
const orNone = <T>(schema: z.ZodType<T>, def: T | undefined) =>
  z
    .union([z.literal('none'), schema])
    .optional()
    .transform((v): T | undefined => (v === 'none' ? undefined : (v ?? def)));
const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? def : ['true', '1', 'yes'].includes(v)));

const optionalBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .optional()
  .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes'].includes(v)));

/**
 * What one GraphQL operation may cost before any work is done on it (see operationLimits below).
 * The widget's largest document is about 520 characters, 94 tokens, depth 7, 4 aliases and cost
 * 162, so the public defaults leave it room while keeping a refused document cheap.
 */
export interface OperationLimits {
  /** Characters of the document (checked before parsing). */
  chars: number;
  /** Lexical tokens of the document (checked while parsing, which stops at the limit). */
  tokens: number;
  /** Nesting depth of selections, fragments included. */
  depth: number;
  /** Aliased fields in one operation. */
  aliases: number;
  /** Directives in one operation. */
  directives: number;
  /** graphql-armor cost: objects 2, scalars 1, times 1.5 per level, times `first`/`last`. */
  cost: number;
  /** Bytes of the HTTP request body (or of one WebSocket message, for server keys' limit). */
  body: number;
}

const LIMIT_KEYS = ['chars', 'tokens', 'depth', 'aliases', 'directives', 'cost', 'body'] as const satisfies readonly (keyof OperationLimits)[];
const PUBLIC_LIMITS = 'chars=4000,tokens=600,depth=8,aliases=10,directives=5,cost=5000,body=65536';
const SERVER_LIMITS = 'chars=20000,tokens=3000,depth=12,aliases=50,directives=20,cost=50000,body=1048576';
// Staff tools list threads with their messages and turns: 20 threads with their last 20 messages
// and the turn fields a reviewer reads cost about 240,000, so 500,000 leaves room for a wider
// selection while connections stay capped at 100 threads and 200 messages a page.
const STAFF_LIMITS = 'chars=20000,tokens=3000,depth=12,aliases=50,directives=20,cost=500000,body=1048576';

/** Parses `chars=4000,tokens=600,...`; keys left out keep their default. */
export function parseLimits(spec: string, defaults: OperationLimits, variable: string): OperationLimits {
  const limits = { ...defaults };
  for (const part of spec.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [key, value] = part.split('=').map((p) => p.trim());
    if (!(LIMIT_KEYS as readonly string[]).includes(key ?? '') || !/^\d+$/.test(value ?? '') || Number(value) < 1) {
      throw new ConfigError(`Invalid configuration:\n  ${variable}: "${part}" is not one of ${LIMIT_KEYS.map((k) => `${k}=N`).join(', ')} (N >= 1)`);
    }
    limits[key as keyof OperationLimits] = Number(value);
  }
  return limits;
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: int(4000),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('.data'),
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),

  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: int(20, 1),
  CHROMA_URL: optionalUrl,
  CHROMA_COLLECTION: z.string().default('nhs-conditions'),
  REDIS_URL: optionalUrl,
  KNOWLEDGE_DIR: z.string().default('knowledge/conditions'),

  ROUTER_BASE_URL: optionalUrl,
  ROUTER_MODEL: z.string().default('Qwen/Qwen2.5-32B-Instruct'),
  ROUTER_API_KEY: z.string().default('EMPTY'),
  REASONER_BASE_URL: optionalUrl,
  REASONER_MODEL: z.string().default('TomasLaz/t0-1.1-k5-32B'),
  REASONER_API_KEY: z.string().default('EMPTY'),
  REASONER_MODE: z.enum(['budget-forcing', 'chat']).default('budget-forcing'),
  EMBEDDINGS_BASE_URL: optionalUrl,
  EMBEDDINGS_MODEL: z.string().default('BAAI/bge-small-en-v1.5'),
  EMBEDDINGS_API_KEY: z.string().default('EMPTY'),

  // Sampling defaults: docs/models-on-gpu.md "Model parameters" says where each value comes from.
  REASONER_PROMPT: z.enum(['reference', 'chat']).optional(),
  BUDGET_THINKING_TOKENS: int(512),
  BUDGET_STOP_SKIPS: int(0),
  REASONER_ANSWER_TOKENS: int(256, 16),
  REASONER_SEED: intOrNone(42),
  REASONER_TEMPERATURE: z.coerce.number().min(0).max(2).default(0.7),
  REASONER_TOP_P: z.coerce.number().gt(0).max(1).default(1),
  ROUTER_TEMPERATURE: orNone(z.coerce.number().min(0).max(2), undefined),
  ROUTER_TOP_P: orNone(z.coerce.number().gt(0).max(1), undefined),
  ROUTER_SEED: intOrNone(42),
  ROUTER_MAX_TOKENS: int(4096, 16),
  ROUTER_TOOL_ROUNDS: int(3, 1),
  ROUTER_HISTORY_EXCHANGES: int(10),
  RESPONDER_HISTORY_EXCHANGES: int(10),
  REASONER_HISTORY_TOKENS: int(8000, 0),
  HISTORY_LOAD_MESSAGES: int(100, 2),
  RETRIEVAL_K: int(5, 1),
  RERANK: z.enum(['none', 'llm']).default('none'),
  RERANK_CANDIDATES: int(30, 1),

  ROUTER_TIMEOUT_MS: int(60_000, 100),
  REASONER_TIMEOUT_MS: int(300_000, 100),
  MODEL_FIRST_TOKEN_TIMEOUT_MS: int(30_000, 50),
  MODEL_RETRIES: int(2),
  ROUTER_MAX_STREAMS: int(256),
  REASONER_MAX_STREAMS: int(256),
  MODEL_QUEUE_TIMEOUT_MS: int(120_000, 100),
  TURN_CHECKPOINT_MS: int(5_000, 100),
  TURN_ORPHAN_AFTER_MS: int(15_000, 300),
  SHUTDOWN_GRACE_MS: int(10_000),
  SOCKET_MAX_BUFFER_BYTES: int(1_048_576, 65_536),
  SOCKET_STALL_MS: int(30_000, 1000),
  EVENT_RETENTION_SECONDS: int(86_400, 1),
  EVENT_RETENTION_TURNS: int(5_000, 10),

  THREAD_RETENTION_DAYS: int(0),
  AUDIT_RETENTION_DAYS: int(2922),
  RATE_LIMIT_MESSAGES_PER_MINUTE: int(20),
  RATE_LIMIT_THREADS_PER_HOUR: int(30),
  RATE_LIMIT_FEEDBACK_PER_MINUTE: int(30),
  REVIEW_LOW_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  REVIEW_PAGE: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional().transform((v) => (v === undefined ? undefined : ['true', '1', 'yes'].includes(v))),
  TRUST_PROXY: bool(false),
  METRICS_TOKEN: z.string().min(16).optional(),

  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  OTEL_SERVICE_NAME: z.string().default('triage-assistant'),
  TRACE_CONTENT: bool(false),
  GRAPHQL_LIMITS_PUBLIC: z.string().default(PUBLIC_LIMITS),
  GRAPHQL_LIMITS_SERVER: z.string().default(SERVER_LIMITS),
  GRAPHQL_LIMITS_STAFF: z.string().default(STAFF_LIMITS),
  GRAPHQL_CACHE_MB: int(16, 1),
  GRAPHQL_INTROSPECTION: optionalBool,
  ACCESS_RECHECK_MS: int(2_000, 100),
  CREDENTIAL_CACHE_MS: int(2_000),

  DEV_SEED: bool(true),
  GRAPHIQL: bool(true),
  OPEN_BROWSER: bool(true),
});

export type Env = z.infer<typeof schema>;

/** Documentation for every variable; docs/configuration.md's table is generated from (and tested against) this. */
export const ENV_DOCS: Record<keyof Env, string> = {
  NODE_ENV: '`development` (GraphiQL, demo page, dev site seed) or `production`.',
  HOST: 'Interface to listen on.',
  PORT: 'HTTP and WebSocket port (GraphQL at `/graphql`, widget at `/widget.js`).',
  PUBLIC_URL: 'Public base URL used in printed embed snippets (default `http://HOST:PORT`).',
  DATA_DIR: 'Where embedded Postgres and Chroma keep their data.',
  LOG_LEVEL: 'pino level: trace, debug, info, warn, error, fatal, silent.',
  DATABASE_URL: 'Postgres connection string. Unset: embedded Postgres under `DATA_DIR/postgres`.',
  DATABASE_POOL_SIZE: 'Postgres connections per instance (a sendMessage, a turn\'s end and each batch of checkpoints hold one for a single statement; several instances share the server\'s `max_connections`).',
  CHROMA_URL: 'Chroma server URL. Unset: `chroma run` child process under `DATA_DIR/chroma`.',
  CHROMA_COLLECTION: 'Chroma collection holding the knowledge base.',
  REDIS_URL: 'Redis for cross-instance event fan-out and replay. Unset: in-process bus.',
  KNOWLEDGE_DIR: 'Folder of condition pages ingested at start.',
  ROUTER_BASE_URL: 'OpenAI-compatible base URL of the router model (e.g. `http://vllm:8000/v1`). Unset: offline engine.',
  ROUTER_MODEL: 'Router model name.',
  ROUTER_API_KEY: 'Router API key.',
  REASONER_BASE_URL: 'OpenAI-compatible base URL of the reasoner. Unset: offline engine.',
  REASONER_MODEL: 'Reasoner model name.',
  REASONER_API_KEY: 'Reasoner API key.',
  REASONER_MODE: '`budget-forcing` (completions API, vLLM) or `chat` (hosted reasoning models).',
  EMBEDDINGS_BASE_URL: 'OpenAI-compatible `/v1/embeddings` base URL. Unset: offline lexical embedder.',
  EMBEDDINGS_MODEL: 'Embedding model name.',
  EMBEDDINGS_API_KEY: 'Embeddings API key.',
  REASONER_PROMPT:
    'Reasoner prompt profile: `reference` (the reference deployment\'s format: task, output contract, context and demographics in the system prompt, the conversation as chat turns) or `chat` (instructions for hosted reasoning models). Unset: `reference` for `budget-forcing`, `chat` for `chat`.',
  BUDGET_THINKING_TOKENS: 'Reasoner thinking budget in tokens (0: answer at once).',
  BUDGET_STOP_SKIPS: 'How many times the reasoner is told to `Wait` and keep thinking when it tries to stop early.',
  REASONER_ANSWER_TOKENS: 'Max tokens for the reasoner answer phase.',
  REASONER_SEED: 'Sampling seed sent with every reasoner request (`none`: not sent).',
  REASONER_TEMPERATURE: 'Reasoner sampling temperature.',
  REASONER_TOP_P: 'Reasoner nucleus sampling (top-p).',
  ROUTER_TEMPERATURE: 'Router (and responder) sampling temperature. Unset: not sent, the server\'s default applies, as in the reference deployment.',
  ROUTER_TOP_P: 'Router (and responder) top-p. Unset: not sent.',
  ROUTER_SEED: 'Sampling seed sent with every router and responder request (`none`: not sent).',
  ROUTER_MAX_TOKENS: 'Max tokens of one router or responder reply.',
  ROUTER_TOOL_ROUNDS: 'Router calls per turn at most: an unusable tool call (unknown tool, unreadable arguments) is answered with the error and the router asked again, up to this many calls; then the turn searches on the message text.',
  ROUTER_HISTORY_EXCHANGES: 'Past user/assistant exchanges the router sees (the first message of the thread is always kept).',
  RESPONDER_HISTORY_EXCHANGES: 'Past user/assistant exchanges the responder (the router model writing the answer) sees (the first message is always kept).',
  REASONER_HISTORY_TOKENS: 'Budget (approximate tokens) for the earlier conversation in the reasoner prompt: the first message and every visitor message are kept before assistant replies, newest first. 0: only the new message.',
  HISTORY_LOAD_MESSAGES: 'Most recent messages read from the database for a turn, plus the thread\'s first message; each model then takes its own window.',
  RETRIEVAL_K: 'Conditions retrieved per search.',
  RERANK: '`none` or `llm` (router model picks the top k of `RERANK_CANDIDATES`).',
  RERANK_CANDIDATES: 'Candidates retrieved before an LLM rerank.',
  ROUTER_TIMEOUT_MS: 'Timeout for one router call.',
  REASONER_TIMEOUT_MS: 'Timeout for the whole reasoning stage.',
  MODEL_FIRST_TOKEN_TIMEOUT_MS: 'A model call that streams nothing for this long is abandoned (and retried if nothing was shown).',
  MODEL_RETRIES: 'Retries (with backoff) of a model call that failed before its first token.',
  ROUTER_MAX_STREAMS:
    "Streams open at once to the router's server (match vLLM's `max_num_seqs`); more calls wait in a fair queue, oldest turn first, and see their place. 0: no limit. One limit (the lower) when both models share a server.",
  REASONER_MAX_STREAMS: "Streams open at once to the reasoner's server (as `ROUTER_MAX_STREAMS`).",
  MODEL_QUEUE_TIMEOUT_MS: 'How long a model call waits for a free stream before its turn fails with `MODEL_BUSY` (retryable; advice kept).',
  TURN_CHECKPOINT_MS: 'How often a running turn checkpoints its partial answer to Postgres.',
  TURN_ORPHAN_AFTER_MS:
    'With several instances (Redis), a running turn whose instance has not shown a heartbeat for this long is ended as `INTERRUPTED` by a survivor (within a third more).',
  SHUTDOWN_GRACE_MS:
    'On SIGTERM: how long running turns may finish (new ones are refused with `SERVICE_UNAVAILABLE`, `/readyz` answers 503); the rest end as `INTERRUPTED`.',
  SOCKET_MAX_BUFFER_BYTES:
    'A subscriber socket (WebSocket or SSE) with more than this waiting to be written is closed (WebSocket code 4008; the client resubscribes from its last seq).',
  SOCKET_STALL_MS: 'A subscriber socket whose waiting data makes no progress for this long is closed likewise.',
  EVENT_RETENTION_SECONDS: 'How long finished turns stay replayable from the bus.',
  EVENT_RETENTION_TURNS: 'How many finished turns the in-process bus keeps replayable.',
  THREAD_RETENTION_DAYS: 'Delete threads (messages, turns, feedback, reviews) inactive for this many days, checked hourly. 0: keep.',
  AUDIT_RETENTION_DAYS: 'Delete audit log entries older than this many days, checked hourly (default 8 years). 0: keep forever.',
  RATE_LIMIT_MESSAGES_PER_MINUTE: 'Messages a widget visitor (site + IP) may send per minute; partner and staff keys get 10x per key. 0: no limit.',
  RATE_LIMIT_THREADS_PER_HOUR: 'Conversations a widget visitor (site + IP) may start per hour; 10x per partner key. 0: no limit.',
  RATE_LIMIT_FEEDBACK_PER_MINUTE: 'Feedback submissions a widget visitor (site + IP) may make per minute; 10x per partner key. 0: no limit.',
  REVIEW_LOW_SCORE: 'A triage turn whose best knowledge base match scores below this joins the review queue (LOW_RETRIEVAL_SCORE); tuned for the offline embedder, retune for another.',
  REVIEW_PAGE: 'Serve the staff review page at `/review`. Default: on in development, off in production.',
  METRICS_TOKEN: 'When set, `/metrics` (Prometheus) needs `Authorization: Bearer <token>`; unset, it is open (keep it on a private network).',
  TRUST_PROXY: 'Take the client IP from X-Forwarded-For (behind a load balancer you control).',
  OTEL_EXPORTER_OTLP_ENDPOINT:
    'OpenTelemetry collector (e.g. `http://otel-collector:4318`): when set, traces (one per turn, linked to its GraphQL operation) are exported over OTLP; the SDK also reads the other standard `OTEL_*` variables (protocol, headers, sampler). Unset: tracing is off and not loaded.',
  OTEL_SERVICE_NAME: 'Service name on exported traces.',
  TRACE_CONTENT: 'Put message text, search queries and GraphQL variables on spans (health data: only for a collector you may store it in).',
  GRAPHQL_LIMITS_PUBLIC:
    'What one operation of an anonymous caller, a publishable key or a thread token may be (document characters, tokens, depth, aliases, directives, cost, body bytes), checked before any work; a refused one costs almost nothing. Keys left out keep their default.',
  GRAPHQL_LIMITS_SERVER: 'The same limits for secret keys without `triage:read` (looser: partner apps send larger queries).',
  GRAPHQL_LIMITS_STAFF: 'The same limits for staff keys and secret keys with `triage:read` (cost allows listing 20 threads with their last 20 messages and turn fields).',
  GRAPHQL_CACHE_MB: 'Upper bound (estimated heap) of parsed GraphQL documents kept for reuse; documents too large for a sixteenth of it are never kept.',
  GRAPHQL_INTROSPECTION: 'Allow schema introspection and "Did you mean" suggestions. Unset: on unless `NODE_ENV=production` (`schema.graphql` is the published contract).',
  ACCESS_RECHECK_MS: 'How often open WebSockets re-check their key or thread token (revoked keys, deleted sites and threads, removed origins close them with 4403); a revocation made through this service or on the Redis bus is acted on at once.',
  CREDENTIAL_CACHE_MS: 'How long a resolved key or thread token is kept in memory for new requests and operations (forgotten at once when a change is announced on the bus, as a revocation through this service or the admin CLI with Redis is); 0: read the database every time.',
  DEV_SEED: 'In development, create a development site and keys on first start and print them.',
  GRAPHIQL: 'Serve GraphiQL at `/graphql` in development.',
  OPEN_BROWSER: 'In development, open the widget demo page in a browser when started from a terminal.',
};

export interface Config extends Env {
  /** Absolute data folder. */
  dataDir: string;
  /** Which parts run embedded in this process tree rather than remote. */
  embedded: { postgres: boolean; chroma: boolean; bus: boolean; models: boolean; embeddings: boolean };
  publicUrl: string;
  /** Whether /review is served (REVIEW_PAGE, else on outside production). */
  reviewPage: boolean;
  /** Operation limits by caller: `public` (anonymous, publishable keys, thread tokens), `server` (other secret keys) and `staff` (staff keys, secret keys with triage:read). */
  limits: { public: OperationLimits; server: OperationLimits; staff: OperationLimits };
  /** Introspection and field suggestions (GRAPHQL_INTROSPECTION, or on unless production). */
  introspection: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Treat empty strings as unset: `FOO= npm start` should mean "use the default".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.ROUTER_BASE_URL) !== Boolean(e.REASONER_BASE_URL)) {
    throw new ConfigError('Set both ROUTER_BASE_URL and REASONER_BASE_URL (model pipeline) or neither (offline engine).');
  }
  return {
    ...e,
    dataDir: path.resolve(e.DATA_DIR),
    embedded: {
      postgres: !e.DATABASE_URL,
      chroma: !e.CHROMA_URL,
      bus: !e.REDIS_URL,
      models: !e.ROUTER_BASE_URL,
      embeddings: !e.EMBEDDINGS_BASE_URL,
    },
    publicUrl: e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? 'localhost' : e.HOST}:${e.PORT}`,
    reviewPage: e.REVIEW_PAGE ?? e.NODE_ENV !== 'production',
    limits: {
      public: parseLimits(e.GRAPHQL_LIMITS_PUBLIC, parseLimits(PUBLIC_LIMITS, {} as OperationLimits, 'default'), 'GRAPHQL_LIMITS_PUBLIC'),
      server: parseLimits(e.GRAPHQL_LIMITS_SERVER, parseLimits(SERVER_LIMITS, {} as OperationLimits, 'default'), 'GRAPHQL_LIMITS_SERVER'),
      staff: parseLimits(e.GRAPHQL_LIMITS_STAFF, parseLimits(STAFF_LIMITS, {} as OperationLimits, 'default'), 'GRAPHQL_LIMITS_STAFF'),
    },
    introspection: e.GRAPHQL_INTROSPECTION ?? e.NODE_ENV !== 'production',
  };
}
