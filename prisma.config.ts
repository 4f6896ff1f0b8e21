import { defineConfig } from 'prisma/config';

// Used by the Prisma CLI (generate; migrate deploy where its schema engine is available).
// The service itself applies prisma/migrations with server/store/migrate.ts.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/triage' },
});
