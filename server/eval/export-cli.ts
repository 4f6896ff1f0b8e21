import { loadConfig } from '../config.js';
import { log } from '../log.js';
import { createDb } from '../store/db.js';
import { migrate } from '../store/migrate.js';
import { startPostgres } from '../store/postgres.js';
import { exportReviews, type ExportOptions } from './export-reviews.js';

/**
 * The export's command line: the service's database (DATABASE_URL, or the embedded Postgres under
 * DATA_DIR: stop `npm start` first, one server per data folder), then a summary on stdout.
 */
export async function runExport(file: string, options: ExportOptions): Promise<number> {
  const config = loadConfig();
  const postgres = await startPostgres({ url: config.DATABASE_URL, dataDir: config.dataDir, log });
  try {
    await migrate(postgres.url, log);
    const db = createDb(postgres.url);
    try {
      const result = await exportReviews(db, file, options);
      const byVerdict = new Map<string, number>();
      for (const c of result.cases) byVerdict.set(c.review!.verdict, (byVerdict.get(c.review!.verdict) ?? 0) + 1);
      console.log(`exported ${result.cases.length} reviewed turns to ${file} (${[...byVerdict].map(([v, n]) => `${v} ${n}`).join(', ') || 'none'})`);
      if (result.skipped.length) console.log(`skipped ${result.skipped.length}: ${[...new Set(result.skipped.map((s) => s.reason))].join('; ')}`);
      console.log(`run them: npm run eval -- --mode triage --cases ${file}`);
      return 0;
    } finally {
      await db.$disconnect();
    }
  } finally {
    await postgres.stop();
  }
}
