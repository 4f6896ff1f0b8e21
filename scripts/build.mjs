// `npm run build`: the production build. The server is compiled by tsc (tsconfig.build.json) from
// server/ into dist/, file for file, beside the widget and review bundles.
// One level below the root, as server/ is, so every path a module finds from its own location
// (../../prompts, ../../prisma/migrations, ../../dist/widget) is the same in the build as in the
// sources. `npm run start:prod` runs it with plain Node.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { prepare, root } from './prepare.mjs';

function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n✗ node ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

const server = path.join(root, 'server');
const dist = path.join(root, 'dist');

// Dependencies, the Prisma client, and the widget and review bundles (rebuilt when their sources changed).
prepare();

// What an earlier build compiled from server/ goes first, so a deleted source leaves no module
// behind; dist/widget and dist/review are not server output and stay.
for (const entry of readdirSync(server, { withFileTypes: true })) {
  const base = entry.name.replace(/\.ts$/, '');
  for (const name of entry.isDirectory() ? [entry.name] : [`${base}.js`, `${base}.js.map`]) rmSync(path.join(dist, name), { recursive: true, force: true });
}
run([path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json']);

// Files the server reads beside its modules (the urgency model's weights.json); tsc copies none.
cpSync(server, dist, { recursive: true, filter: (src) => !src.endsWith('.ts') && !src.endsWith('.schema-hash') });

console.log('• built the server into dist/ (npm run start:prod runs it)');
