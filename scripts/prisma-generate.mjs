// Generates the Prisma client into server/generated/prisma when prisma/schema.prisma changed.
// `prisma generate` first tries to download its schema engine (unreachable from these machines);
// pointing PRISMA_SCHEMA_ENGINE_BINARY at any existing file makes it skip that, and generation
// itself needs no engine (see shared/environment.md).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schema = readFileSync(path.join(root, 'prisma/schema.prisma'), 'utf8');
const pkg = readFileSync(path.join(root, 'node_modules/prisma/package.json'), 'utf8');
const stamp = path.join(root, 'server/generated/prisma/.schema-hash');
const hash = createHash('sha256').update(schema).update(pkg).digest('hex');

if (!process.argv.includes('--force') && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) process.exit(0);

const result = spawnSync(process.execPath, [path.join(root, 'node_modules/prisma/build/index.js'), 'generate'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
});
if (result.status !== 0) process.exit(result.status ?? 1);
writeFileSync(stamp, hash);
