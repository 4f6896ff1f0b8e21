import { setTimeout as sleep } from 'node:timers/promises';
import OpenAI from 'openai';
import { log } from '../../log.js';
import { TurnError } from '../../contract/errors.js';
import { classifyModelError, modelError, readJson } from '../../openai-compat/errors.js';
import { backoffDelay, DEFAULT_BACKOFF } from '../../openai-compat/retry.js';

/**
 * Client for an OpenAI-compatible `POST /v1/embeddings` (vLLM, TEI, Ollama, OpenAI). Splits input
 * into batches, retries failed batches with exponential backoff (connection errors, 5xx, 429,
 * timeouts; never 4xx), honours an abort signal, and validates the response shape. Failures are
 * TurnErrors with the shared model error codes (MODEL_UNAVAILABLE, MODEL_BAD_RESPONSE, ...).
 */

export interface EmbeddingsClientOptions {
  baseURL: string;
  apiKey: string;
  model: string;
  /** Inputs per request (servers cap this; TEI's default max batch is 32). */
  batchSize?: number;
  /** Extra attempts per batch after the first. */
  retries?: number;
  /** Limit for one request. */
  timeoutMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
}

export class EmbeddingsClient {
  private readonly client: OpenAI;
  private readonly batchSize: number;
  private readonly retries: number;
  private readonly backoff: { backoffBaseMs: number; backoffMaxMs: number };

  constructor(readonly options: EmbeddingsClientOptions) {
    // Retries are ours (uniform with the other model calls and their error codes), not the SDK's.
    this.client = new OpenAI({
      baseURL: options.baseURL,
      apiKey: options.apiKey,
      maxRetries: 0,
      timeout: options.timeoutMs ?? 30_000,
    });
    this.batchSize = Math.max(1, options.batchSize ?? 32);
    this.retries = options.retries ?? 2;
    this.backoff = {
      backoffBaseMs: options.backoffBaseMs ?? DEFAULT_BACKOFF.backoffBaseMs,
      backoffMaxMs: options.backoffMaxMs ?? DEFAULT_BACKOFF.backoffMaxMs,
    };
  }

  get model(): string {
    return this.options.model;
  }

  /** One vector per input, in input order. */
  async embed(texts: string[], signal?: AbortSignal): Promise<number[][]> {
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += this.batchSize) {
      out.push(...(await this.batchWithRetry(texts.slice(i, i + this.batchSize), signal)));
    }
    return out;
  }

  private async batchWithRetry(batch: string[], signal?: AbortSignal): Promise<number[][]> {
    for (let n = 0; ; n++) {
      try {
        return await this.request(batch, signal);
      } catch (raw) {
        const err = classifyModelError(raw, 'embeddings', signal, signal);
        if (!(err instanceof TurnError)) throw err;
        if (!err.retryable || err.code === 'CANCELLED' || n >= this.retries) throw err;
        const delayMs = backoffDelay(n, this.backoff);
        log.warn({ call: 'embeddings', attempt: n + 1, code: err.code, retryInMs: delayMs, err: err.message }, 'embeddings request failed; retrying');
        try {
          await sleep(delayMs, undefined, { signal });
        } catch (abort) {
          throw classifyModelError(abort, 'embeddings', signal, signal);
        }
      }
    }
  }

  private async request(batch: string[], signal?: AbortSignal): Promise<number[][]> {
    // `float` explicitly: the SDK otherwise asks for base64, which some servers (older Ollama, TEI) ignore.
    // Parsed by us from the raw response, so a 200 with an HTML page reports its status and start.
    const body = await readJson(this.client.embeddings.create({ model: this.options.model, input: batch, encoding_format: 'float' }, { signal }));
    const data: unknown = body !== null && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
    if (!Array.isArray(data) || data.length !== batch.length) {
      throw modelError('MODEL_BAD_RESPONSE', `embeddings: expected ${batch.length} vectors, got ${Array.isArray(data) ? data.length : typeof data}`);
    }
    const vectors: number[][] = new Array<number[]>(batch.length);
    for (const [position, item] of (data as { index?: unknown; embedding?: unknown }[]).entries()) {
      const index = typeof item.index === 'number' ? item.index : position;
      const v = item.embedding;
      if (!Array.isArray(v) || v.length === 0 || !v.every((x) => typeof x === 'number' && Number.isFinite(x))) {
        throw modelError('MODEL_BAD_RESPONSE', 'embeddings: a vector is missing or not a list of numbers');
      }
      if (index < 0 || index >= batch.length || vectors[index]) {
        throw modelError('MODEL_BAD_RESPONSE', `embeddings: bad or repeated index ${index}`);
      }
      vectors[index] = v as number[];
    }
    const dims = vectors[0]?.length;
    if (vectors.some((v) => v.length !== dims)) throw modelError('MODEL_BAD_RESPONSE', 'embeddings: vectors of different sizes');
    return vectors;
  }
}
