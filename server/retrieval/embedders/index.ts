import type { Config } from '../../config.js';
import { LEXICAL_VARIANTS, LexicalEmbedder, lexicalOptions } from './offline.js';
import { RemoteEmbedder } from './openai.js';
import type { RetrievalEmbedder } from './types.js';

export { LexicalEmbedder, LEXICAL_VARIANTS, lexicalOptions, type LexicalVariant } from './offline.js';
export { RemoteEmbedder } from './openai.js';
export { asRetrievalEmbedder, type RetrievalEmbedder } from './types.js';

export class EmbedderConfigError extends Error {
  override name = 'EmbedderConfigError';
}

/**
 * The embedder the configuration asks for: the remote OpenAI-compatible server when
 * EMBEDDINGS_BASE_URL is set, else the offline lexical embedder. `name` picks an offline variant
 * by name (evaluation and benches); `remote` forces the configured server.
 */
export async function createEmbedder(
  config: Pick<Config, 'EMBEDDINGS_BASE_URL' | 'EMBEDDINGS_MODEL' | 'EMBEDDINGS_API_KEY' | 'MODEL_RETRIES'>,
  name?: string,
  signal?: AbortSignal,
): Promise<RetrievalEmbedder> {
  if (name && name !== 'remote') {
    const options = lexicalOptions(name);
    if (!options) {
      throw new EmbedderConfigError(`Unknown embedder "${name}"; choose remote or one of ${Object.keys(LEXICAL_VARIANTS).join(', ')}`);
    }
    return new LexicalEmbedder(options);
  }
  if (config.EMBEDDINGS_BASE_URL) {
    return RemoteEmbedder.connect(
      {
        baseURL: config.EMBEDDINGS_BASE_URL,
        apiKey: config.EMBEDDINGS_API_KEY,
        model: config.EMBEDDINGS_MODEL,
        retries: config.MODEL_RETRIES,
      },
      signal,
    );
  }
  if (name === 'remote') throw new EmbedderConfigError('--embedder remote needs EMBEDDINGS_BASE_URL');
  return new LexicalEmbedder(LEXICAL_VARIANTS.lexical);
}
