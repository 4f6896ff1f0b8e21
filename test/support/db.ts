import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { ensureDatabase } from '../../server/store/postgres.js';

/** A fresh, migrated database for one test file (cloned from the run's template). */
export async function createTestDatabase(): Promise<string> {
  const admin = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  const ppid = template.split('_').pop();
  const name = `t_${ppid}_${randomBytes(5).toString('hex')}`;
  await ensureDatabase(admin, name, template);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}
