import { EmbeddingsClient, type EmbeddingsClientOptions } from './embeddings-client.js';
import type { RetrievalEmbedder } from './types.js';

/**
 * Embedder over an OpenAI-compatible embeddings server. Its dimensions are only known from the
 * server, so it is created with `connect()`, which embeds a probe text once.
 */
export class RemoteEmbedder implements RetrievalEmbedder {
  readonly id: string;

  private constructor(
    private readonly client: EmbeddingsClient,
    readonly dimensions: number,
  ) {
    // The base URL is part of the identity: the same model name on another server may differ.
    this.id = `openai:${client.model}@${new URL(client.options.baseURL).host}`;
  }

  static async connect(options: EmbeddingsClientOptions, signal?: AbortSignal): Promise<RemoteEmbedder> {
    const client = new EmbeddingsClient(options);
    const [probe] = await client.embed(['dimension probe'], signal);
    return new RemoteEmbedder(client, probe?.length ?? 0);
  }

  embed(texts: string[], signal?: AbortSignal): Promise<number[][]> {
    return this.client.embed(texts, signal);
  }

  embedQueries(texts: string[], signal?: AbortSignal): Promise<number[][]> {
    return this.client.embed(texts, signal);
  }
}
