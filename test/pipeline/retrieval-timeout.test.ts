import { describe, expect, it } from 'vitest';
import type { TriageEngine } from '../../server/contract/engine.js';
import type { RunnerEvent } from '../../server/contract/events.js';
import type { Retriever } from '../../server/contract/retrieval.js';
import { runTurn } from '../../server/pipeline/run-turn.js';

/**
 * A knowledge base that never answers (its client has no time limit) must not hold a turn, or a
 * shutdown waiting for it, forever: the search is bounded, and a cancel reaches it at once.
 */
const never: Retriever = { search: () => new Promise(() => undefined) };
const engine: TriageEngine = {
  engine: 'OFFLINE',
  route: async function* () {
    return { route: 'TRIAGE' as const, query: 'chest pain' };
  },
  reason: async function* () {
    throw new Error('never reached');
  },
  respond: async function* () {},
};

async function drain(gen: AsyncGenerator<RunnerEvent>): Promise<{ events: RunnerEvent[]; error: unknown }> {
  const events: RunnerEvent[] = [];
  try {
    for await (const e of gen) events.push(e);
    return { events, error: null };
  } catch (error) {
    return { events, error };
  }
}

const input = { turnId: 't', threadId: 'h', text: 'I have a cough', history: [] };

describe('retrieval bound', () => {
  it('a search that never answers fails the turn with RETRIEVAL_TIMEOUT (retryable)', async () => {
    const { error } = await drain(runTurn({ engine, retriever: never, pages: [], retrievalTimeoutMs: 50 }, input, new AbortController().signal));
    expect(error).toMatchObject({ code: 'RETRIEVAL_TIMEOUT', retryable: true });
  });

  it('a cancel reaches a turn waiting on the search at once', async () => {
    const controller = new AbortController();
    const run = drain(runTurn({ engine, retriever: never, pages: [], retrievalTimeoutMs: 60_000 }, input, controller.signal));
    await new Promise((r) => setImmediate(r));
    controller.abort(Object.assign(new Error('stop'), { code: 'CANCELLED' }));
    expect((await run).error).toMatchObject({ code: 'CANCELLED' });
  });
});
