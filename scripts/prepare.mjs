// Shared by `npm start` and `npm test`: make a fresh clone runnable with nothing installed by hand.
// Installs dependencies when node_modules is missing or older than package-lock.json, generates
// the Prisma client, and builds the widget and the staff review page when their sources changed.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

/**
 * Runs npm with the npm that started us when there is one (`npm start` / `npm test` set
 * npm_execpath), so Windows needs no shell to find npm.cmd.
 */
function runNpm(args) {
  const npmCli = process.env.npm_execpath;
  if (npmCli && /npm-cli\.c?js$/.test(npmCli)) run(process.execPath, [npmCli, ...args]);
  else run(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, { shell: process.platform === 'win32' });
}

const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

function newestIn(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Returns how long the dependency install took (0 when none was needed), so `npm test` can report its own time without it. */
export function prepare({ quiet = false } = {}) {
  const say = (m) => quiet || console.log(`• ${m}`);
  let installMs = 0;
  const marker = path.join(root, 'node_modules/.package-lock.json');
  if (!existsSync(marker) || mtime(marker) < mtime(path.join(root, 'package-lock.json'))) {
    say('installing dependencies from package-lock.json (npm ci)');
    // Exactly the locked versions, as deploy pipelines and container builds do. The lock holds every
    // platform's optional native packages (test/config/lockfile.test.ts), so this works on Linux,
    // macOS and Windows alike.
    const started = Date.now();
    runNpm(['ci', '--no-audit', '--no-fund']);
    installMs = Date.now() - started;
  }
  run(process.execPath, [path.join(root, 'scripts/prisma-generate.mjs')], { stdio: quiet ? 'ignore' : 'inherit' });
  const bundle = path.join(root, 'dist/widget/widget.js');
  if (mtime(bundle) < Math.max(newestIn(path.join(root, 'widget')), mtime(path.join(root, 'package-lock.json')))) {
    say('building the widget');
    run(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'widget/vite.config.ts', '--logLevel', 'warn']);
  }
  const review = path.join(root, 'dist/review/review.js');
  // The review page renders Markdown with the widget's renderer, so widget sources rebuild it too.
  if (mtime(review) < Math.max(newestIn(path.join(root, 'review')), newestIn(path.join(root, 'widget/src')), mtime(path.join(root, 'package-lock.json')))) {
    say('building the staff review page');
    run(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'review/vite.config.ts', '--logLevel', 'warn']);
  }
  return { installMs };
}
