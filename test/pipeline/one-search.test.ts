import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Retriever, SearchOptions } from '../../server/contract/retrieval.js';
import type { RunnerEvent } from '../../server/contract/events.js';
import { createOfflineEngine, OFFLINE_CANDIDATES } from '../../server/engines/offline/engine.js';
import type { RetrievalService } from '../../server/retrieval/index.js';
import { runTurn } from '../../server/pipeline/run-turn.js';
import { config, realRetrieval } from '../engines/offline/helpers.js';

/**
 * The offline engine re-ranks ten conditions while the visitor is shown five: a turn searches the
 * knowledge base once for all ten (the engine's `candidates`), not once for five and again for ten.
 */
describe('one search per turn', () => {
  let service: RetrievalService;
  const searches: SearchOptions[] = [];
  beforeAll(async () => {
    service = await realRetrieval('one-search');
  });
  afterAll(async () => {
    await service?.close();
  });

  it('the offline engine reads its candidates from the turn search; the sources are the top k', async () => {
    const counted: Retriever = {
      search: (query, options = {}) => {
        searches.push(options);
        return service.retriever.search(query, options);
      },
    };
    const engine = createOfflineEngine({ pages: service.pages, retriever: counted, historyExchanges: config.ROUTER_HISTORY_EXCHANGES });
    const input = { turnId: 't1', threadId: 'h1', text: 'I have had a sore throat and a temperature for three days and it hurts to swallow', history: [] };
    const events: RunnerEvent[] = [];
    for await (const e of runTurn({ engine, retriever: counted, pages: service.pages, k: 5 }, input, new AbortController().signal)) events.push(e);

    expect(searches.map((s) => s.k)).toEqual([OFFLINE_CANDIDATES]);
    const sources = events.flatMap((e) => (e.type === 'SourcesChunk' ? [e.sources] : []));
    expect(sources).toHaveLength(1);
    expect(sources[0]).toHaveLength(5);
    expect(events.some((e) => e.type === 'TriageChunk')).toBe(true);
  });
});
