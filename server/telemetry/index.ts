import { context, SpanStatusCode, trace, type Attributes, type Link, type Span } from '@opentelemetry/api';
import type { Plugin } from 'graphql-yoga';

/**
 * Tracing as the rest of the service sees it: the OpenTelemetry API only (no SDK), so the hooks in
 * the turn manager, the pipeline wiring and the model calls cost one boolean check when tracing is
 * off. `telemetry/register.ts` (preloaded with `--import`) starts the SDK, the OTLP exporter and
 * the http/undici/pg/Prisma instrumentations when OTEL_EXPORTER_OTLP_ENDPOINT is set, and then
 * calls `enableTracing` here.
 */

export const tracer = trace.getTracer('triage-assistant');

interface TelemetryState {
  enabled: boolean;
  /** TRACE_CONTENT: message text, search queries and GraphQL variables may go on spans. */
  content: boolean;
  graphqlPlugins: Plugin[];
  shutdown: () => Promise<void>;
}

// On globalThis so the preloaded register module and the app share it even if a loader were to
// give them two copies of this module.
const KEY = Symbol.for('triage-assistant.telemetry');
const holder = globalThis as typeof globalThis & { [KEY]?: TelemetryState };
const state = (): TelemetryState | undefined => holder[KEY];

export function enableTracing(options: { content: boolean; graphqlPlugins: Plugin[]; shutdown: () => Promise<void> }): void {
  holder[KEY] = { enabled: true, ...options };
}

export const tracingEnabled = (): boolean => state()?.enabled === true;
export const traceContentEnabled = (): boolean => state()?.content === true;
/** Yoga/envelop's OpenTelemetry plugin when tracing is on, else nothing. */
export const graphqlTracingPlugins = (): Plugin[] => state()?.graphqlPlugins ?? [];

/** Flushes spans still queued for export (on shutdown); nothing when tracing is off. */
export async function shutdownTelemetry(): Promise<void> {
  await state()?.shutdown();
}

/** The span the caller runs in (e.g. the GraphQL operation), as a link for a trace it starts. */
export function linkToActiveSpan(): Link[] {
  const span = trace.getActiveSpan();
  return span && span.isRecording() ? [{ context: span.spanContext() }] : [];
}

export function recordFailure(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

/**
 * Runs an async generator inside a span: its body (and the HTTP and database calls it makes) sees
 * the span as active, `onEvent` reads what it yields and `onReturn` its result. The span ends when
 * the generator finishes, throws, or its consumer stops early.
 */
export async function* traceGenerator<T, R>(
  name: string,
  attributes: Attributes,
  start: () => AsyncGenerator<T, R>,
  hooks: { onEvent?: (span: Span, event: T) => void; onReturn?: (span: Span, result: R) => void } = {},
): AsyncGenerator<T, R> {
  const span = tracer.startSpan(name, { attributes });
  const active = trace.setSpan(context.active(), span);
  const inner = context.with(active, start);
  let finished = false;
  try {
    for (;;) {
      const step = await context.with(active, () => inner.next());
      if (step.done) {
        finished = true;
        hooks.onReturn?.(span, step.value);
        return step.value;
      }
      hooks.onEvent?.(span, step.value);
      yield step.value;
    }
  } catch (error) {
    finished = true;
    recordFailure(span, error);
    throw error;
  } finally {
    // The consumer stopped reading (return at a yield): let the inner generator clean up too.
    if (!finished) await context.with(active, () => inner.return(undefined as never));
    span.end();
  }
}

/** Token counts as OpenTelemetry's GenAI conventions name them, from our usage shapes. */
export function tokenAttributes(value: unknown): Attributes {
  if (typeof value !== 'object' || value === null) return {};
  const source = 'usage' in value && typeof value.usage === 'object' && value.usage !== null ? value.usage : value;
  const attributes: Attributes = {};
  if ('promptTokens' in source && typeof source.promptTokens === 'number') attributes['gen_ai.usage.input_tokens'] = source.promptTokens;
  if ('completionTokens' in source && typeof source.completionTokens === 'number') attributes['gen_ai.usage.output_tokens'] = source.completionTokens;
  return attributes;
}
