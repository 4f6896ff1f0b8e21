import { defineConfig } from 'vitest/config';

// One Postgres and one Chroma for the whole run (started in globalSetup, or the configured
// DATABASE_URL / CHROMA_URL); each test file gets its own database and collection names.
export default defineConfig({
  // graphql ships CJS (index.js) and ESM (index.mjs); Node loads the CJS one for every importer,
  // but Vite would give our ESM imports the .mjs copy while Pothos (CJS) gets .js: two realms.
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
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
