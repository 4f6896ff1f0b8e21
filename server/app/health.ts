import type { HealthReport, ReadinessCheck } from '../contract/health.js';

/** Runs every readiness check concurrently, each bounded so one hung dependency cannot hang /readyz. */
export async function checkHealth(readiness: readonly ReadinessCheck[], timeoutMs = 3000): Promise<HealthReport> {
  const checks = await Promise.all(
    readiness.map(async (c) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        const result = await Promise.race([
          c.check(),
          new Promise<{ ok: boolean; detail: string }>((resolve) => {
            timer = setTimeout(() => resolve({ ok: false, detail: `no answer within ${timeoutMs} ms` }), timeoutMs);
          }),
        ]);
        return { name: c.name, ...result };
      } catch (error) {
        return { name: c.name, ok: false, detail: error instanceof Error ? error.message : String(error) };
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return { ok: checks.every((c) => c.ok), checks };
}

/**
 * Concurrent callers share one run of the checks (an alias storm or many clients at once cost one
 * check), but a finished result is never reused, so a recovered dependency shows at once.
 */
export function shareInFlight<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };
}
