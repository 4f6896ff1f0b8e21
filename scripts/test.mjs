// `npm test`: prepare a fresh clone (dependencies, Prisma client, widget, a browser for the widget
// tests), then run the whole vitest suite. Extra arguments go to vitest (e.g. `npm test -- test/api`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepare, root } from './prepare.mjs';

const started = Date.now();
const { installMs: dependenciesMs } = prepare();
let installMs = dependenciesMs;

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (os.userInfo().uid === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('• installing Chromium for the widget browser tests (apt-get install chromium)');
    const aptStarted = Date.now();
    for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', 'chromium']]) {
      const r = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
      if (r.status !== 0) process.exit(r.status ?? 1);
    }
    installMs += Date.now() - aptStarted;
  } else {
    console.error(`The widget tests need Chromium at ${chromium} (set CHROMIUM_PATH, or: sudo apt-get install chromium).`);
    process.exit(1);
  }
}

// The whole suite starts with the type check (strict TypeScript is part of "passing").
if (process.argv.length <= 2) {
  console.log('• type-checking (tsc --noEmit)');
  const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });
  if (tsc.status !== 0) process.exit(tsc.status ?? 1);
}

const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
// The figure issue #31 and docs/testing.md speak of: the whole of `npm test`, the install left out.
console.log(`• npm test took ${Math.round((Date.now() - started - installMs) / 1000)} s (installs excluded${installMs ? `; the install took ${Math.round(installMs / 1000)} s` : ''})`);
process.exit(result.status ?? 1);
