import { randomUUID } from 'node:crypto';
import type { RetrievalResult, Retriever } from '../contract/retrieval.js';
import type { Prediction, RunnerEvent, TokenUsage } from '../contract/events.js';
import { searchSize, type TriageEngine } from '../contract/engine.js';
import type { Demographics } from '../contract/turn.js';

/**
 * Non-conversational triage for evaluation: query -> retrieve -> reason -> parse, with no router,
 * no history and no responder. The message text is the search query. Works with any engine's
 * engine (model or offline).
 */

export interface TriageOnceInput {
  text: string;
  demographics?: Demographics;
  /** What the retriever found for `text`, when already searched (an evaluation searches in batches). */
  retrieval?: RetrievalResult;
}

export interface TriageOnceDeps {
  engine: TriageEngine;
  retriever: Retriever;
  /** Conditions retrieved (RETRIEVAL_K). */
  k: number;
  signal?: AbortSignal;
  /** Sees every event the reason node yields (e.g. to print the thinking live). */
  onEvent?: (event: RunnerEvent) => void;
}

export interface TriageOnceResult {
  prediction: Prediction;
  retrieval: RetrievalResult;
  reasonerOutput: string;
  /** Milliseconds: `retrieve`, `reason`, and whatever finer timings the node recorded. */
  timings: Record<string, number>;
  /** Token usage per stage, as the node recorded it (offline engine: none or zeros). */
  usage: Record<string, TokenUsage>;
  /** Diagnostics the node recorded (e.g. how the reasoner's answer parsed). */
  trace: Record<string, unknown>;
}

export async function triageOnce(input: TriageOnceInput, deps: TriageOnceDeps): Promise<TriageOnceResult> {
  const signal = deps.signal ?? new AbortController().signal;
  const query = input.text;
  const timings: Record<string, number> = {};
  const usage: Record<string, TokenUsage> = {};
  const trace: Record<string, unknown> = {};

  const retrieveStart = performance.now();
  const retrieval = input.retrieval ?? (await deps.retriever.search(query, { k: searchSize(deps.engine, deps.k) ?? deps.k, signal }));
  timings.retrieve = input.retrieval ? input.retrieval.tookMs : Math.round(performance.now() - retrieveStart);

  const ctx = {
    input: { turnId: `eval-${randomUUID()}`, threadId: 'eval', text: input.text, history: [], ...(input.demographics ? { demographics: input.demographics } : {}) },
    signal,
  };
  const reasonStart = performance.now();
  const gen = deps.engine.reason(ctx, query, retrieval);
  let step = await gen.next();
  try {
    while (!step.done) {
      const event = step.value;
      deps.onEvent?.(event);
      if (event.type === 'Record') {
        Object.assign(timings, event.record.timings);
        Object.assign(usage, event.record.usage);
        Object.assign(trace, event.record.trace);
      }
      step = await gen.next();
    }
  } finally {
    if (!step.done) await gen.return(undefined as never);
  }
  // The node's own figure, when it recorded one, is the more precise; otherwise the wall time.
  timings.reason ??= Math.round(performance.now() - reasonStart);
  const analysis = step.value;
  return { prediction: analysis.prediction, retrieval: analysis.retrieval, reasonerOutput: analysis.reasonerOutput, timings, usage, trace };
}
