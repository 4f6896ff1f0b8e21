import { loadConfig, type Config } from '../../../server/config.js';
import { createModelClients, type ModelClients } from '../../../server/engines/model/clients.js';
import type { FakeOpenAI } from '../../support/fake-openai.js';

/** A Config whose router and reasoner both point at `fake`, with overrides (env-style strings). */
export function fakeConfig(fake: FakeOpenAI, env: Record<string, string> = {}): Config {
  return loadConfig({
    ROUTER_BASE_URL: fake.baseURL,
    REASONER_BASE_URL: fake.baseURL,
    ROUTER_MODEL: 'router-model',
    REASONER_MODEL: 'reasoner-model',
    ...env,
  });
}

/** Model clients on `fake` with a 1 ms backoff so retry tests run fast. */
export function fakeClients(fake: FakeOpenAI, env: Record<string, string> = {}): { config: Config; clients: ModelClients } {
  const config = fakeConfig(fake, env);
  return { config, clients: createModelClients(config, { backoffBaseMs: 1, backoffMaxMs: 2 }) };
}

/** Drains a generator, returning what it yielded and what it returned. */
export async function drain<T, R>(gen: AsyncGenerator<T, R>): Promise<{ items: T[]; result: R }> {
  const items: T[] = [];
  let step = await gen.next();
  while (!step.done) {
    items.push(step.value);
    step = await gen.next();
  }
  return { items, result: step.value };
}

/** The error a promise rejects with (fails the test if it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}
