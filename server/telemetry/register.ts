/**
 * Preloaded before the service (`node --import tsx --import ./server/telemetry/register.ts
 * server/main.ts`, as `npm start` and `npm run dev` do) so instrumentations patch modules before
 * the app imports them. With OTEL_EXPORTER_OTLP_ENDPOINT unset it loads nothing more: tracing
 * off costs no SDK, no hooks and no spans.
 */
import { loadConfig, type Config } from '../config.js';

let config: Config | null = null;
try {
  config = loadConfig();
} catch {
  // main.ts reports an invalid configuration itself.
}

if (config?.OTEL_EXPORTER_OTLP_ENDPOINT && process.env.OTEL_SDK_DISABLED !== 'true') {
  const { startTelemetry } = await import('./sdk.js');
  await startTelemetry(config);
}
