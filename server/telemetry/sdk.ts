import { register } from 'node:module';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import type { Plugin } from 'graphql-yoga';
import type { Config } from '../config.js';
import { enableTracing } from './index.js';

/**
 * Starts the OpenTelemetry SDK for Node (loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set):
 * OTLP trace export configured by the standard OTEL_* variables, and the maintained
 * instrumentations for incoming HTTP, outgoing fetch (undici: model servers, Chroma), Postgres
 * (pg) and Prisma. Must run before the app's modules load, so it patches them as they do
 * (telemetry/register.ts, preloaded with --import).
 */
export async function startTelemetry(config: Pick<Config, 'OTEL_SERVICE_NAME' | 'TRACE_CONTENT'>): Promise<void> {
  // ESM imports of instrumented packages are patched through import-in-the-middle's loader hook,
  // told to intercept only the modules an instrumentation asked for.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  // Metrics stay with Prometheus (/metrics) and logs with pino: only traces go over OTLP.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';

  const [{ NodeSDK }, { HttpInstrumentation }, { UndiciInstrumentation }, { PgInstrumentation }, { PrismaInstrumentation }, { useOpenTelemetry }, api] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-undici'),
      import('@opentelemetry/instrumentation-pg'),
      import('@prisma/instrumentation'),
      import('@envelop/opentelemetry'),
      import('@opentelemetry/api'),
    ]);

  const quiet = new Set(['/healthz', '/readyz', '/metrics']);
  const sdk = new NodeSDK({
    serviceName: config.OTEL_SERVICE_NAME,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => quiet.has(new URL(request.url ?? '/', 'http://x').pathname),
        // GraphQL over GET carries the operation and its variables in the query string.
        ...(config.TRACE_CONTENT ? {} : { redactedQueryParamsServer: ['query', 'variables', 'extensions'] }),
      }),
      new UndiciInstrumentation(),
      // Statements only (Prisma sends parameters separately), never their values.
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
      new PrismaInstrumentation(),
    ],
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();

  enableTracing({
    content: config.TRACE_CONTENT,
    graphqlPlugins: [
      // One span per GraphQL operation; the document only when it holds no inline values, the
      // variables only with TRACE_CONTENT.
      // (Its context type names a private symbol it stores itself; any Yoga context carries it.)
      useOpenTelemetry({ resolvers: false, variables: config.TRACE_CONTENT, result: false }, api.trace.getTracerProvider()) as unknown as Plugin,
    ],
    shutdown: () => sdk.shutdown(),
  });
}
