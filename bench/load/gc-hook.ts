/**
 * Preloaded into the bench's service processes (with --expose-gc): SIGUSR2 runs a full garbage
 * collection, so the next /metrics scrape shows the heap that live turns really hold, not garbage
 * waiting for collection. Bench-only; the service itself never loads it.
 */
const gc = (globalThis as { gc?: () => void }).gc;
if (gc) process.on('SIGUSR2', () => gc());
