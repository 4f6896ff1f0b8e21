import path from 'node:path';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../../server/config.js';
import { loadKnowledge } from '../../../server/knowledge/load.js';
import type { ConditionPage } from '../../../server/knowledge/types.js';
import { log } from '../../../server/log.js';
import type { RunnerEvent } from '../../../server/contract/events.js';
import type { TurnContext } from '../../../server/contract/engine.js';
import type { HistoryMessage, TurnInput } from '../../../server/contract/turn.js';
import { startRetrieval, type RetrievalService } from '../../../server/retrieval/index.js';
import type { RetrievalResult } from '../../../server/contract/retrieval.js';

export const config: Config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });

let pagesOnce: Promise<ConditionPage[]> | undefined;
/** The real knowledge pages (the engine's behaviour is tested on what ships). */
export function pages(): Promise<ConditionPage[]> {
  pagesOnce ??= loadKnowledge(path.resolve('knowledge/conditions'));
  return pagesOnce;
}

/** The real retriever over the run's Chroma (test/support/chroma-global.ts), in this file's own collection. */
export async function realRetrieval(name: string): Promise<RetrievalService> {
  const url = inject('chromaUrl');
  const cfg = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', CHROMA_URL: url });
  return startRetrieval(cfg, log, { collection: `offline-${name}-${process.pid}` });
}

/** A retrieval result naming these pages, best first (scores from `top` down): for unit tests of the reason node. */
export function retrievalOf(all: ConditionPage[], slugs: string[], top = 0.8): RetrievalResult {
  const conditions = slugs.map((slug, i) => {
    const page = all.find((p) => p.slug === slug);
    if (!page) throw new Error(`no page ${slug}`);
    return { slug, title: page.title, url: page.url, score: top - i * 0.05, sections: [] };
  });
  return { query: slugs.join(' '), conditions, tookMs: 0 };
}

export function ctx(text: string, options: { history?: HistoryMessage[]; demographics?: TurnInput['demographics']; signal?: AbortSignal } = {}): TurnContext {
  return {
    input: { turnId: 'turn-1', threadId: 'thread-1', text, history: options.history ?? [], ...(options.demographics ? { demographics: options.demographics } : {}) },
    signal: options.signal ?? new AbortController().signal,
  };
}

/** Runs a node to the end: its events and its return value. */
export async function drain<R>(gen: AsyncGenerator<RunnerEvent, R>): Promise<{ events: RunnerEvent[]; result: R }> {
  const events: RunnerEvent[] = [];
  let step = await gen.next();
  while (!step.done) {
    events.push(step.value);
    step = await gen.next();
  }
  return { events, result: step.value };
}

export const answerText = (events: RunnerEvent[]): string => events.map((e) => (e.type === 'AnswerChunk' ? e.delta : '')).join('');
export const reasoningText = (events: RunnerEvent[]): string => events.map((e) => (e.type === 'ReasoningChunk' ? e.delta : '')).join('');
