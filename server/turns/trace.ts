import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import type { TurnError } from '../contract/errors.js';
import type { Advice, Engine, TurnRecord } from '../contract/events.js';
import type { TurnInput } from '../contract/turn.js';
import { linkToActiveSpan, traceContentEnabled, tracer, tracingEnabled } from '../telemetry/index.js';

/**
 * One trace per turn. A turn outlives the request that started it (it runs detached from its
 * client), so it is the root of its own trace, linked to the GraphQL operation (sendMessage) it was
 * started from; everything the turn does — engine nodes, retrieval, model calls, Postgres — nests
 * under it. Off: `run()` as is.
 */
export function traceTurn<T>(input: TurnInput, engine: Engine, run: () => Promise<T>): Promise<T> {
  if (!tracingEnabled()) return run();
  const span = tracer.startSpan('turn', {
    root: true,
    links: linkToActiveSpan(),
    attributes: {
      'triage.turn.id': input.turnId,
      'triage.thread.id': input.threadId,
      'triage.engine': engine,
      'triage.history.messages': input.history.length,
      ...(traceContentEnabled() ? { 'triage.message.text': input.text } : {}),
    },
  });
  return context.with(trace.setSpan(context.active(), span), run).finally(() => span.end());
}

/** How the turn ended and the advice it gave, on its span (called inside the turn, where its span is active). */
export function recordTurnOutcome(record: TurnRecord, failure: TurnError | null, advice: Advice | null): void {
  if (!tracingEnabled()) return;
  const span = trace.getActiveSpan();
  if (!span) return;
  span.setAttributes({
    'triage.turn.outcome': !failure ? 'completed' : failure.code === 'CANCELLED' ? 'cancelled' : 'failed',
    'triage.route': record.route ?? 'NONE',
    ...(record.prediction ? { 'triage.prediction.severity': record.prediction.severity } : {}),
    ...(advice ? { 'triage.advice.level': advice.level } : {}),
  });
  if (failure) {
    span.setAttributes({ 'error.type': failure.code, 'triage.error.retryable': failure.retryable });
    span.setStatus({ code: SpanStatusCode.ERROR, message: failure.code });
  }
}
