import { pathToFileURL } from 'node:url';
import type { TurnRunner } from '../../server/pipeline/types.js';

/**
 * The server test harness the browser tests run against (test/support/server.ts, owned by the
 * server side). Until that file exists the browser suites are skipped with a message, not failed.
 * TRIAGE_TEST_SERVER=/abs/path/to/module.ts points them at another implementation of the same
 * contract (used while developing the widget against a local stub). A harness that exists but does
 * not export `startTestServer` fails the suite.
 */
export interface TestServer {
  url: string;
  graphqlUrl: string;
  siteKey: string;
  staffKey: string;
  restart(): Promise<void>;
  close(): Promise<void>;
}

type StartTestServer = (options: { runner: TurnRunner }) => Promise<TestServer>;

export async function loadHarness(): Promise<StartTestServer | { missing: string }> {
  const override = process.env.TRIAGE_TEST_SERVER;
  const specifier = override ? pathToFileURL(override).href : new URL('../support/server.ts', import.meta.url).href;
  try {
    const mod = (await import(/* @vite-ignore */ specifier)) as { startTestServer?: StartTestServer };
    // Present but different: that is a contract change to fix, not a reason to skip quietly.
    if (typeof mod.startTestServer !== 'function') throw new Error(`${specifier} does not export startTestServer({ runner })`);
    return mod.startTestServer;
  } catch (err) {
    const e = err as { code?: string; message?: string };
    const notThere = e.code === 'ERR_MODULE_NOT_FOUND' || /Failed to load url|Cannot find module/.test(e.message ?? '');
    if (notThere && (e.message ?? '').includes('support/server')) return { missing: `${specifier} not found` };
    throw err;
  }
}
