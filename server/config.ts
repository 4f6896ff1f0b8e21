import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the service reads, parsed and validated here and nowhere else.
 * README.md's table is checked against `ENV_DOCS` by a test, so adding a variable means documenting it.
 */

const optionalUrl = z.string().url().optional();
const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);
const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? def : ['true', '1', 'yes'].includes(v)));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: int(4000),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('.data'),
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),

  DATABASE_URL: optionalUrl,
  CHROMA_URL: optionalUrl,
  CHROMA_COLLECTION: z.string().default('nhs-conditions'),
  REDIS_URL: optionalUrl,
  KNOWLEDGE_DIR: z.string().default('knowledge/conditions'),

  ROUTER_BASE_URL: optionalUrl,
  ROUTER_MODEL: z.string().default('Qwen/Qwen2.5-32B-Instruct'),
  ROUTER_API_KEY: z.string().default('EMPTY'),
  REASONER_BASE_URL: optionalUrl,
  REASONER_MODEL: z.string().default('T0-1.1-k5-32B'),
  REASONER_API_KEY: z.string().default('EMPTY'),
  REASONER_MODE: z.enum(['budget-forcing', 'chat']).default('budget-forcing'),
  EMBEDDINGS_BASE_URL: optionalUrl,
  EMBEDDINGS_MODEL: z.string().default('BAAI/bge-small-en-v1.5'),
  EMBEDDINGS_API_KEY: z.string().default('EMPTY'),

  BUDGET_THINKING_TOKENS: int(2048),
  BUDGET_STOP_SKIPS: int(1),
  REASONER_ANSWER_TOKENS: int(256, 16),
  REASONER_SEED: z.coerce.number().int().optional(),
  REASONER_TEMPERATURE: z.coerce.number().min(0).max(2).default(0.6),
  ROUTER_TEMPERATURE: z.coerce.number().min(0).max(2).default(0.3),
  HISTORY_EXCHANGES: int(5),
  RETRIEVAL_K: int(5, 1),
  RERANK: z.enum(['none', 'llm']).default('none'),
  RERANK_CANDIDATES: int(30, 1),

  ROUTER_TIMEOUT_MS: int(60_000, 100),
  REASONER_TIMEOUT_MS: int(300_000, 100),
  MODEL_FIRST_TOKEN_TIMEOUT_MS: int(30_000, 50),
  MODEL_RETRIES: int(2),
  TURN_CHECKPOINT_MS: int(5_000, 100),
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

  DEV_SEED: bool(true),
  GRAPHIQL: bool(true),
  OPEN_BROWSER: bool(true),
});

export type Env = z.infer<typeof schema>;

/** Documentation for every variable; README's table is generated from (and tested against) this. */
export const ENV_DOCS: Record<keyof Env, string> = {
  NODE_ENV: '`development` (GraphiQL, demo page, dev site seed) or `production`.',
  HOST: 'Interface to listen on.',
  PORT: 'HTTP and WebSocket port (GraphQL at `/graphql`, widget at `/widget.js`).',
  PUBLIC_URL: 'Public base URL used in printed embed snippets (default `http://HOST:PORT`).',
  DATA_DIR: 'Where embedded Postgres and Chroma keep their data.',
  LOG_LEVEL: 'pino level: trace, debug, info, warn, error, fatal, silent.',
  DATABASE_URL: 'Postgres connection string. Unset: embedded Postgres under `DATA_DIR/postgres`.',
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
  BUDGET_THINKING_TOKENS: 'Reasoner thinking budget in tokens (0: answer at once).',
  BUDGET_STOP_SKIPS: 'How many times the reasoner is told to `Wait` and keep thinking.',
  REASONER_ANSWER_TOKENS: 'Max tokens for the reasoner answer phase.',
  REASONER_SEED: 'Sampling seed passed to the reasoner (vLLM).',
  REASONER_TEMPERATURE: 'Reasoner sampling temperature.',
  ROUTER_TEMPERATURE: 'Router sampling temperature.',
  HISTORY_EXCHANGES: 'How many past user/assistant exchanges the router sees.',
  RETRIEVAL_K: 'Conditions retrieved per search.',
  RERANK: '`none` or `llm` (router model picks the top k of `RERANK_CANDIDATES`).',
  RERANK_CANDIDATES: 'Candidates retrieved before an LLM rerank.',
  ROUTER_TIMEOUT_MS: 'Timeout for one router call.',
  REASONER_TIMEOUT_MS: 'Timeout for the whole reasoning stage.',
  MODEL_FIRST_TOKEN_TIMEOUT_MS: 'A model call that streams nothing for this long is abandoned (and retried if nothing was shown).',
  MODEL_RETRIES: 'Retries (with backoff) of a model call that failed before its first token.',
  TURN_CHECKPOINT_MS: 'How often a running turn checkpoints its partial answer to Postgres.',
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
  };
}
