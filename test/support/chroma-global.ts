// Type-only import so the `declare module 'vitest'` below augments the real module.
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startThrowawayChroma, type ChromaServer } from '../../server/retrieval/chroma-launcher.js';

/**
 * vitest globalSetup: one Chroma for the whole run. Uses CHROMA_URL when set, otherwise starts a
 * throwaway `chroma run` (data in a temp folder, removed at teardown). Test files read the URL with
 * `inject('chromaUrl')` and use their own collection names.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    chromaUrl: string;
  }
}

let server: ChromaServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  const configured = process.env.CHROMA_URL;
  if (configured) {
    project.provide('chromaUrl', configured);
    return;
  }
  server = await startThrowawayChroma();
  project.provide('chromaUrl', server.url);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  server = undefined;
}
