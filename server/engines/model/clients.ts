import OpenAI, { type ClientOptions } from 'openai';
import type { Config } from '../../config.js';
import { log } from '../../log.js';
import { createChatModel, type ChatModel } from './chat.js';
import { checkModelServer, type ModelHealth } from '../../openai-compat/health.js';
import { createBudgetForcingReasoner, createChatReasoner, type Reasoner } from './reasoner.js';
import { DEFAULT_BACKOFF, type CallPolicy } from '../../openai-compat/retry.js';
import { ModelCapacity } from '../../openai-compat/capacity.js';

/**
 * The model side of the pipeline: clients for the router (chat with tools) and the reasoner
 * (budget forcing over completions, or a hosted reasoning model over chat), built from config.
 */


const utf8 = new TextEncoder();

/**
 * Node's fetch keeps a request's body until the response has been read to the end (for
 * redirects), and a text body twice: the text and its bytes. A model call streams for seconds
 * with a prompt of 10-15 KB, so the SDK's JSON text is handed over as bytes, kept once.
 */
const fetchWithBodyAsBytes: NonNullable<ClientOptions['fetch']> = (input, init) =>
  fetch(input, typeof init?.body === 'string' ? { ...init, body: utf8.encode(init.body) } : init);

export type { ChatDelta, ChatMessage, ChatModel, ChatRequest, ChatResult, ToolCall, ToolDefinition } from './chat.js';
export type { ModelHealth } from '../../openai-compat/health.js';
export type { Reasoner, ReasonerDelta, ReasonerMessage, ReasonerResult } from './reasoner.js';
export type { CallPolicy } from '../../openai-compat/retry.js';
export { MODEL_ERROR_CODES, type ModelErrorCode } from '../../openai-compat/errors.js';

export interface ModelsHealth {
  ok: boolean;
  router: ModelHealth;
  reasoner: ModelHealth;
}

export interface ModelClients {
  router: ChatModel;
  reasoner: Reasoner;
  /** The stream limit of each model server (one when both models share a server). */
  capacity: ModelCapacity[];
  /** Checks both servers (GET /models, short timeout); never throws. */
  health(options?: { timeoutMs?: number; signal?: AbortSignal }): Promise<ModelsHealth>;
}

export interface ModelClientOptions {
  /** Backoff before retries; tests shorten it. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
}

export class ModelConfigError extends Error {
  override name = 'ModelConfigError';
}

export function createModelClients(config: Config, options: ModelClientOptions = {}): ModelClients {
  if (!config.ROUTER_BASE_URL || !config.REASONER_BASE_URL) {
    throw new ModelConfigError('ROUTER_BASE_URL and REASONER_BASE_URL must be set for the model pipeline');
  }
  const backoff = {
    backoffBaseMs: options.backoffBaseMs ?? DEFAULT_BACKOFF.backoffBaseMs,
    backoffMaxMs: options.backoffMaxMs ?? DEFAULT_BACKOFF.backoffMaxMs,
  };
  // One fair queue per model server: the router and the reasoner share one when they share a server.
  const sameServer = new URL(config.ROUTER_BASE_URL).href === new URL(config.REASONER_BASE_URL).href;
  const queue = (name: string, limit: number) => new ModelCapacity({ name, limit, timeoutMs: config.MODEL_QUEUE_TIMEOUT_MS });
  const routerCapacity = sameServer
    ? queue('router+reasoner', minLimit(config.ROUTER_MAX_STREAMS, config.REASONER_MAX_STREAMS))
    : queue('router', config.ROUTER_MAX_STREAMS);
  const reasonerCapacity = sameServer ? routerCapacity : queue('reasoner', config.REASONER_MAX_STREAMS);
  const routerPolicy: CallPolicy = {
    retries: config.MODEL_RETRIES,
    firstTokenTimeoutMs: config.MODEL_FIRST_TOKEN_TIMEOUT_MS,
    callTimeoutMs: config.ROUTER_TIMEOUT_MS,
    ...backoff,
    capacity: routerCapacity,
  };
  // The reasoner's limit is for the whole stage (all rounds), enforced by the reasoner itself.
  const reasonerPolicy: CallPolicy = { ...routerPolicy, callTimeoutMs: config.REASONER_TIMEOUT_MS, capacity: reasonerCapacity };

  // Retries and timeouts are ours (retry.ts); the SDK's own would retry after tokens were shown.
  const common: ClientOptions = { maxRetries: 0, logger: sdkLogger, logLevel: 'warn', fetch: fetchWithBodyAsBytes };
  const routerClient = new OpenAI({ ...common, baseURL: config.ROUTER_BASE_URL, apiKey: config.ROUTER_API_KEY, timeout: config.ROUTER_TIMEOUT_MS });
  const reasonerClient = new OpenAI({ ...common, baseURL: config.REASONER_BASE_URL, apiKey: config.REASONER_API_KEY, timeout: config.REASONER_TIMEOUT_MS });

  // The router model also writes the answers (responder) and reranks: one set of sampling defaults.
  const router = createChatModel({
    client: routerClient,
    model: config.ROUTER_MODEL,
    ...defined({ temperature: config.ROUTER_TEMPERATURE, topP: config.ROUTER_TOP_P, seed: config.ROUTER_SEED }),
    maxTokens: config.ROUTER_MAX_TOKENS,
    policy: routerPolicy,
  });
  const settings = {
    model: config.REASONER_MODEL,
    thinkingBudget: config.BUDGET_THINKING_TOKENS,
    stopSkips: config.BUDGET_STOP_SKIPS,
    answerTokens: config.REASONER_ANSWER_TOKENS,
    temperature: config.REASONER_TEMPERATURE,
    topP: config.REASONER_TOP_P,
    ...defined({ seed: config.REASONER_SEED }),
    stageTimeoutMs: config.REASONER_TIMEOUT_MS,
    policy: reasonerPolicy,
  };
  const reasoner =
    config.REASONER_MODE === 'chat'
      ? createChatReasoner(
          createChatModel({ client: reasonerClient, model: config.REASONER_MODEL, temperature: config.REASONER_TEMPERATURE, topP: config.REASONER_TOP_P, policy: reasonerPolicy }),
          settings,
        )
      : createBudgetForcingReasoner(reasonerClient, settings);

  const routerTarget = { role: 'router', baseURL: config.ROUTER_BASE_URL, apiKey: config.ROUTER_API_KEY, model: config.ROUTER_MODEL };
  const reasonerTarget = { role: 'reasoner', baseURL: config.REASONER_BASE_URL, apiKey: config.REASONER_API_KEY, model: config.REASONER_MODEL };
  return {
    router,
    reasoner,
    capacity: sameServer ? [routerCapacity] : [routerCapacity, reasonerCapacity],
    async health(opts = {}) {
      const [r, q] = await Promise.all([checkModelServer(routerTarget, opts), checkModelServer(reasonerTarget, opts)]);
      return { ok: r.ok && q.ok, router: r, reasoner: q };
    },
  };
}

/** The entries whose value is set (optional settings are left out rather than sent as undefined). */
function defined<T extends Record<string, number | undefined>>(values: T): { [K in keyof T]?: number } {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: number };
}

/** The lower of two stream limits, 0 meaning none. */
function minLimit(a: number, b: number): number {
  if (a <= 0) return b;
  if (b <= 0) return a;
  return Math.min(a, b);
}

/** The SDK logs through ours (it would otherwise write to the console, e.g. on malformed stream data). */
const sdk = log.child({ component: 'openai-sdk' });
const sdkLogger: NonNullable<ClientOptions['logger']> = {
  error: (message: string, ...rest: unknown[]) => sdk.error({ details: rest }, message),
  warn: (message: string, ...rest: unknown[]) => sdk.warn({ details: rest }, message),
  info: (message: string, ...rest: unknown[]) => sdk.info({ details: rest }, message),
  debug: (message: string, ...rest: unknown[]) => sdk.debug({ details: rest }, message),
};
