import type { Span } from '@opentelemetry/api';
import type { TriageEngine } from '../contract/engine.js';
import type { RunnerEvent } from '../contract/events.js';
import type { Retriever } from '../contract/retrieval.js';
import { recordFailure, tokenAttributes, traceContentEnabled, traceGenerator, tracer } from '../telemetry/index.js';

/**
 * Spans at the engine boundary, for whichever engine runs: `triage.route`, `triage.reason` and
 * `triage.respond` around the engine's nodes and `triage.retrieve` around the search, each with
 * what an operator needs to follow a slow turn (route, result counts, tokens, reasoner rounds,
 * severity) and no message text unless TRACE_CONTENT is set. Wrapped only when tracing is on
 * (app/pipeline.ts).
 */
export function traceEngine(engine: TriageEngine): TriageEngine {
  return {
    engine: engine.engine,
    route: (ctx) =>
      traceGenerator('triage.route', {}, () => engine.route(ctx), {
        onEvent: recordEvent,
        onReturn: (span, decision) => {
          span.setAttribute('triage.route', decision.route);
          if (decision.route === 'TRIAGE' && traceContentEnabled()) span.setAttribute('triage.search.query', decision.query);
        },
      }),
    reason: (ctx, query, retrieval) =>
      traceGenerator('triage.reason', { 'triage.retrieval.conditions': retrieval.conditions.length }, () => engine.reason(ctx, query, retrieval), {
        onEvent: recordEvent,
        onReturn: (span, analysis) => {
          span.setAttribute('triage.prediction.severity', analysis.prediction.severity);
          if (traceContentEnabled()) span.setAttribute('triage.prediction.condition', analysis.prediction.condition ?? '');
        },
      }),
    respond: (ctx, analysis, notice) =>
      traceGenerator('triage.respond', { 'triage.safety.notice': notice !== null }, () => engine.respond(ctx, analysis, notice), { onEvent: recordEvent }),
  };
}

export function traceRetriever(retriever: Retriever): Retriever {
  return {
    search: (query, options) =>
      tracer.startActiveSpan('triage.retrieve', { attributes: traceContentEnabled() ? { 'triage.search.query': query } : {} }, async (span) => {
        try {
          const result = await retriever.search(query, options);
          span.setAttributes({
            'triage.retrieval.conditions': result.conditions.length,
            'triage.retrieval.top_score': result.conditions[0]?.score ?? 0,
            'triage.retrieval.took_ms': result.tookMs,
          });
          return result;
        } catch (error) {
          recordFailure(span, error);
          throw error;
        } finally {
          span.end();
        }
      }),
  };
}

/** Counts what a node streams and copies its token usage and reasoner rounds onto its span. */
function recordEvent(span: Span, event: RunnerEvent): void {
  if (event.type === 'AnswerChunk' || event.type === 'ReasoningChunk') {
    const key = event.type === 'AnswerChunk' ? 'triage.answer.chars' : 'triage.reasoning.chars';
    const total = (counts.get(span)?.[key] ?? 0) + event.delta.length;
    counts.set(span, { ...counts.get(span), [key]: total });
    span.setAttribute(key, total);
    return;
  }
  if (event.type !== 'Record') return;
  for (const usage of Object.values(event.record.usage ?? {})) span.setAttributes(tokenAttributes(usage));
  const reasoner = event.record.trace?.reasoner;
  if (typeof reasoner === 'object' && reasoner !== null) {
    if ('rounds' in reasoner && typeof reasoner.rounds === 'number') span.setAttribute('triage.reasoner.rounds', reasoner.rounds);
    if ('thinkingTokens' in reasoner && typeof reasoner.thinkingTokens === 'number') span.setAttribute('triage.reasoner.thinking_tokens', reasoner.thinkingTokens);
  }
}

const counts = new WeakMap<Span, Record<string, number>>();
