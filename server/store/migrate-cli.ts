import { loadConfig } from '../config.js';
import { log } from '../log.js';
import { migrate } from './migrate.js';
import { startPostgres } from './postgres.js';

/**
 * `npm run migrate` (built: `node dist/store/migrate-cli.js`): applies pending migrations and
 * exits, so a deployment can run them once as a release step before new instances start
 * (docs/deployment.md). The service also applies them at start; both take Prisma's advisory lock,
 * so a release step and starting instances never migrate at once. Uses DATABASE_URL, or the
 * embedded Postgres under DATA_DIR.
 */

async function main(): Promise<number> {
  const config = loadConfig();
  const postgres = await startPostgres({ url: config.DATABASE_URL, dataDir: config.dataDir, log });
  try {
    const applied = await migrate(postgres.url, log);
    log.info({ applied: applied.length, migrations: applied }, 'migrations applied');
    return 0;
  } finally {
    await postgres.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log.error({ err: error }, 'migration failed');
    process.exit(1);
  },
);
