import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chromaHeartbeat, ChromaLaunchError, defaultRuntimeDir, launchChroma, runningChroma, startThrowawayChroma } from '../../server/retrieval/chroma-launcher.js';
import { glibcVersion, needsCompatRuntime, removeAbandonedBuilds, versionAtLeast } from '../../server/retrieval/glibc-compat.js';
import { chromaUrl } from './helpers.js';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    // ESRCH: no such process, which is the answer.
    return false;
  }
};

const waitFor = async (check: () => boolean | Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
};

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('glibc compat runtime folder', () => {
  it('removes build folders a killed process left, not one another process may be filling now', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'compat-'));
    try {
      await mkdir(path.join(dir, '.build-old', 'root'), { recursive: true });
      await mkdir(path.join(dir, '.build-new'));
      await mkdir(path.join(dir, 'glibc-trixie-amd64'));
      const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
      await utimes(path.join(dir, '.build-old'), twoHoursAgo, twoHoursAgo);
      await utimes(path.join(dir, 'glibc-trixie-amd64'), twoHoursAgo, twoHoursAgo);
      expect(await removeAbandonedBuilds(dir, 3600_000)).toEqual(['.build-old']);
      expect((await readdir(dir)).sort()).toEqual(['.build-new', 'glibc-trixie-amd64']);
      expect(await removeAbandonedBuilds(path.join(dir, 'missing'), 3600_000)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('glibc detection', () => {
  it('compares versions numerically', () => {
    expect(versionAtLeast('2.39', '2.39')).toBe(true);
    expect(versionAtLeast('2.40', '2.39')).toBe(true);
    expect(versionAtLeast('2.4', '2.39')).toBe(false);
    expect(versionAtLeast('3.0', '2.39')).toBe(true);
  });
  it('asks for the compat runtime only on old glibc Linux', () => {
    expect(needsCompatRuntime('2.36')).toBe(process.platform === 'linux');
    expect(needsCompatRuntime('2.41')).toBe(false);
    if (process.platform === 'linux') expect(glibcVersion()).toMatch(/^\d+\.\d+/);
  });
});

describe('chroma launcher', () => {
  it('the run\'s Chroma answers its heartbeat', async () => {
    expect(await chromaHeartbeat(chromaUrl())).toBe(true);
    expect(await chromaHeartbeat('http://127.0.0.1:9')).toBe(false);
  });

  it('starts a throwaway server and stops it completely', async () => {
    const server = await startThrowawayChroma();
    expect(await chromaHeartbeat(server.url)).toBe(true);
    expect(server.mode).toBe(needsCompatRuntime() ? 'compat' : 'direct');
    await server.stop();
    expect(await chromaHeartbeat(server.url)).toBe(false);
    expect(await waitFor(() => !alive(server.pid), 3_000)).toBe(true);
  });

  it('refuses a second server on the same data folder and lets others find the first', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'chroma-twice-'));
    dirs.push(dir);
    const first = await launchChroma({ path: dir, runtimeDir: defaultRuntimeDir() });
    try {
      expect(await runningChroma(dir)).toBe(first.url);
      const err = await launchChroma({ path: dir, runtimeDir: defaultRuntimeDir() }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ChromaLaunchError);
      expect(err).toMatchObject({ code: 'in-use' });
    } finally {
      await first.stop();
    }
    expect(await runningChroma(dir)).toBeUndefined();
  });

  it('leaves no orphan when its parent process is killed', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'chroma-orphan-'));
    dirs.push(dir);
    const launcher = path.resolve('server/retrieval/chroma-launcher.ts');
    const script = path.join(dir, 'parent.mts');
    await writeFile(
      script,
      `import { launchChroma, defaultRuntimeDir } from ${JSON.stringify(launcher)};
const s = await launchChroma({ path: ${JSON.stringify(path.join(dir, 'data'))}, runtimeDir: ${JSON.stringify(defaultRuntimeDir())} });
console.log(JSON.stringify({ pid: s.pid, url: s.url }));
setInterval(() => {}, 1000);`,
    );
    const parent = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'], cwd: process.cwd() });
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      parent.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
      parent.once('exit', (code) => reject(new Error(`parent exited early (${code})`)));
    });
    const child = JSON.parse(line) as { pid: number; url: string };
    expect(await chromaHeartbeat(child.url)).toBe(true);
    parent.kill('SIGKILL');
    expect(await waitFor(() => !alive(child.pid), 5_000)).toBe(true);
    expect(await chromaHeartbeat(child.url)).toBe(false);
  });
});
