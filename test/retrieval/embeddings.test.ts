import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddingsClient } from '../../server/retrieval/embedders/embeddings-client.js';
import { TurnError } from '../../server/contract/errors.js';
import { documentFromPage } from '../../server/retrieval/chunks.js';
import { RemoteEmbedder } from '../../server/retrieval/embedders/openai.js';
import { ingestDocuments } from '../../server/retrieval/ingest.js';
import { ChromaRetriever } from '../../server/retrieval/retriever.js';
import { chromaClient, KnowledgeStore } from '../../server/retrieval/store.js';
import { FakeOpenAI } from '../support/fake-openai.js';
import { allPages, chromaUrl, collectionName } from './helpers.js';

let fake: FakeOpenAI;

beforeAll(async () => {
  fake = await FakeOpenAI.start({ embeddingDimensions: 32 });
});
afterAll(async () => {
  await fake.close();
});

const client = (options: Partial<ConstructorParameters<typeof EmbeddingsClient>[0]> = {}) =>
  new EmbeddingsClient({ baseURL: fake.baseURL, apiKey: 'test-key', model: 'bge-test', backoffBaseMs: 5, backoffMaxMs: 20, ...options });

const embeddingRequests = () => fake.requests.filter((r) => r.path === '/v1/embeddings');

describe('EmbeddingsClient (OpenAI-compatible /v1/embeddings)', () => {
  let seen: number;
  beforeEach(() => {
    seen = embeddingRequests().length;
  });
  const newRequests = () => embeddingRequests().slice(seen);

  it('batches inputs, asks for floats, and returns vectors in input order', async () => {
    const texts = Array.from({ length: 7 }, (_, i) => `text number ${i}`);
    const vectors = await client({ batchSize: 3 }).embed(texts);
    expect(vectors).toHaveLength(7);
    expect(vectors.every((v) => v.length === 32)).toBe(true);
    const requests = newRequests();
    expect(requests.map((r) => (r.body.input as string[]).length)).toEqual([3, 3, 1]);
    expect(requests[0]?.body).toMatchObject({ model: 'bge-test', encoding_format: 'float' });
    expect(requests[0]?.headers.authorization).toBe('Bearer test-key');
    // Same text, same vector: order was kept across batches.
    const [again] = await client().embed(['text number 4']);
    expect(again).toEqual(vectors[4]);
  });

  it('reorders by the index field when the server answers out of order', async () => {
    fake.embeddings({ embeddings: [[0, 1], [1, 0]] });
    const raw = await client().embed(['a', 'b']);
    expect(raw).toEqual([[0, 1], [1, 0]]);
  });

  it('retries server errors with backoff, then succeeds', async () => {
    fake.failNext(2, { status: 503, path: '/v1/embeddings' });
    const vectors = await client({ retries: 2 }).embed(['retry me']);
    expect(vectors).toHaveLength(1);
    expect(newRequests()).toHaveLength(3);
  });

  it('gives up after its retries with MODEL_UNAVAILABLE', async () => {
    fake.failNext(3, { status: 500, path: '/v1/embeddings' });
    const err = await client({ retries: 1 }).embed(['x']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TurnError);
    expect(err).toMatchObject({ code: 'MODEL_UNAVAILABLE', retryable: true });
    expect(newRequests()).toHaveLength(2);
    // Leave no fault behind for the next test.
    await client({ retries: 0 }).embed(['drain']).catch(() => undefined);
  });

  it('does not retry a client error', async () => {
    fake.embeddings({ error: { status: 400, message: 'unknown model' } });
    const err = await client({ retries: 3 }).embed(['x']).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'MODEL_BAD_RESPONSE' });
    expect(newRequests()).toHaveLength(1);
  });

  it('rejects a response with the wrong number of vectors', async () => {
    fake.embeddings({ embeddings: [[1, 2, 3]] });
    await expect(client().embed(['a', 'b'])).rejects.toMatchObject({ code: 'MODEL_BAD_RESPONSE' });
  });

  it("HTTP 200 with a proxy's HTML page -> MODEL_BAD_RESPONSE with the status and the page's start, not retried", async () => {
    fake.embeddings({ raw: '<html><body>Service temporarily unavailable</body></html>', contentType: 'text/html' });
    const err = await client({ retries: 3 }).embed(['x']).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'MODEL_BAD_RESPONSE', retryable: false });
    expect((err as Error).message).toBe('embeddings: server answered HTTP 200 with text/html instead of JSON: "<html><body>Service temporarily unavailable</body></html>"');
    expect(newRequests()).toHaveLength(1);
  });

  it('HTTP 200 with broken JSON -> MODEL_BAD_RESPONSE with the status', async () => {
    fake.embeddings({ raw: '{"data": [', contentType: 'application/json' });
    const err = await client({ retries: 0 }).embed(['x']).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'MODEL_BAD_RESPONSE' });
    expect((err as Error).message).toBe('embeddings: server answered HTTP 200 with application/json instead of valid JSON: "{\\"data\\": ["');
  });

  it('stops on abort, also while a request is in flight', async () => {
    const controller = new AbortController();
    fake.embeddings({ latencyMs: 5_000 });
    const pending = client().embed(['slow'], controller.signal);
    setTimeout(() => controller.abort(new Error('caller gave up')), 50);
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('reports a server that is not there as MODEL_UNAVAILABLE', async () => {
    const gone = new EmbeddingsClient({ baseURL: 'http://127.0.0.1:9/v1', apiKey: 'x', model: 'm', retries: 0 });
    await expect(gone.embed(['x'])).rejects.toMatchObject({ code: 'MODEL_UNAVAILABLE' });
  });
});

describe('RemoteEmbedder', () => {
  it('learns its dimensions from the server and works end to end with Chroma', async () => {
    const embedder = await RemoteEmbedder.connect({ baseURL: fake.baseURL, apiKey: 'k', model: 'bge-test' });
    expect(embedder.dimensions).toBe(32);
    expect(embedder.id).toBe(`openai:bge-test@127.0.0.1:${fake.port}`);

    const pages = (await allPages()).filter((p) => ['gout', 'sunburn', 'croup'].includes(p.slug));
    const store = await KnowledgeStore.open(chromaClient(chromaUrl()), collectionName('remote'), embedder);
    const stats = await ingestDocuments(store, embedder, pages.map(documentFromPage));
    expect(stats.added).toBe(3);
    const result = await new ChromaRetriever(store, embedder, { k: 3 }).search('barking cough like a seal');
    expect(result.conditions.map((c) => c.slug).sort()).toEqual(['croup', 'gout', 'sunburn']);
  });
});
