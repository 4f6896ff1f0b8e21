import { defineConfig } from 'vitest/config';

// One Postgres and one Chroma for the whole run (started in globalSetup, or the configured
// DATABASE_URL / CHROMA_URL); each test file gets its own database and collection names.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/postgres-global.ts', 'test/support/chroma-global.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
    env: { LOG_LEVEL: 'silent' },
  },
});
