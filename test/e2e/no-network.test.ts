import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * README quick start: once dependencies are installed, `npm start` downloads nothing (on Debian 12
 * except the C library for Chroma, fetched once into .data/runtime). The service is started as
 * `npm start` starts it inside a network namespace that has only loopback, and a whole turn runs
 * through the partner example; the data folder it leaves is measured against the README.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
let dataDir = '';

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The README's figure for `.data` after the first start, in MB. */
const DATA_MB_CLAIM = 100;

describe('npm start without a network', () => {
  it('starts with only loopback and answers a whole turn; .data stays within the README figure', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'triage-nonet-'));
    await chmod(dataDir, 0o777);
    const runtime = path.join(ROOT, '.data/runtime');
    if (existsSync(runtime)) await symlink(runtime, path.join(dataDir, 'runtime')); // fetched once, counted below
    const unprivileged = os.userInfo().uid !== 0 ? ['--map-root-user'] : [];
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|CHROMA_URL|REDIS_URL|ROUTER_|REASONER_|EMBEDDINGS_|PORT|VITEST|NODE_ENV)/.test(k)));
    const run = spawnSync('unshare', ['--net', ...unprivileged, 'sh', '-c', 'ip link set lo up && exec "$0" "$1" "$2"', process.execPath, path.join(ROOT, 'test/support/start-without-network.mjs'), dataDir], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
      timeout: 240_000,
    });
    const lastLine = run.stdout.trim().split('\n').at(-1) ?? '';
    expect(lastLine.startsWith('{'), `${run.stdout}\n${run.stderr}`).toBe(true);
    const report = JSON.parse(lastLine) as { serviceLog: string; stdout: string; stderr: string; dataKb: number };
    expect(report.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(report.stdout).toMatch(/^prediction: .+ \((SELF_CARE|URGENT_PRIMARY_CARE|A_AND_E)\) \[sore-throat\]$/m);
    const dataMb = report.dataKb / 1024;
    console.log(`.data after the first start and one turn: ${dataMb.toFixed(0)} MB`);
    expect(dataMb).toBeLessThanOrEqual(DATA_MB_CLAIM);
  }, 300_000);
});
