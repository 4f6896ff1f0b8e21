import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../server/store/db.js';
import { createKey } from '../../server/auth/sites.js';
import { createTestDatabase } from '../support/db.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { ROOT, acceptConsent, buildWidget, launchBrowser, recordAnswerStates, routeDemo, sendMessage, waitForTurnEnd, widgetState, type Browser } from './browser.js';
import { SLOW_CHUNKS, scriptedRunner } from './runner.js';

/**
 * Never stuck: the widget recovers by itself from a service that dies mid-turn (kill -9, so no
 * terminal event is ever published or replayed) and comes back; it resumes a turn after a reload
 * from the last seq it rendered; it shows the outage and offers "Try now" meanwhile.
 */

const normalise = (s: string): string => s.replace(/\s+/g, ' ').trim();
const CONNECTION = 'triage-chat [part~="connection"]';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** The service as a child process on a fixed port: kill it, start it again. */
class ServiceProcess {
  private child: ChildProcess | undefined;
  constructor(
    readonly port: number,
    readonly databaseUrl: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test/widget/service-child.ts')], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: this.databaseUrl, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const onData = (d: Buffer) => {
        output += d.toString();
        if (output.includes('ready ')) resolve();
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`service exited with ${code}:\n${output}`)));
    });
  }

  /** SIGKILL: the turn in flight gets no TurnFailed, nothing is drained or flushed. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }
}

describe('<triage-chat> never stuck', () => {
  let browser: Browser;
  let code: string;

  beforeAll(async () => {
    [{ code }, browser] = await Promise.all([buildWidget(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function openDemo(demoUrl: string): Promise<Page> {
    const page = await browser.context.newPage();
    page.on('pageerror', (err) => console.error('[page error]', err));
    await page.goto(demoUrl);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.reload();
    await acceptConsent(page);
    return page;
  }

  const answerShows = (page: Page, text: string) =>
    page.waitForFunction(
      (t) =>
        Array.from(document.querySelector('triage-chat')?.shadowRoot?.querySelectorAll('triage-message') ?? []).some((m) =>
          m.shadowRoot?.querySelector('[part~="answer"]')?.textContent?.includes(t),
        ),
      text,
      { timeout: 20_000 },
    );

  describe('the service is killed mid-turn and started again', () => {
    let service: ServiceProcess;
    let db: Db;
    let siteKey: string;

    beforeAll(async () => {
      const databaseUrl = await createTestDatabase();
      service = new ServiceProcess(await freePort(), databaseUrl);
      db = createDb(databaseUrl);
      const site = await db.site.create({ data: { name: 'Kill test', allowedOrigins: [service.url] } });
      siteKey = (await createKey(db, site.id, 'PUBLISHABLE', 'widget')).key;
      await service.start();
    }, 60_000);

    afterAll(async () => {
      await service?.kill();
      await db?.$disconnect();
    });

    it('shows the outage, clears the stale indicators, recovers by itself and ends the turn from a query', async () => {
      const demoUrl = await routeDemo(browser.context, { origin: service.url, graphqlUrl: `${service.url}/graphql`, siteKey, widgetCode: code });
      const page = await openDemo(demoUrl);
      const sockets: string[] = [];
      page.on('websocket', (ws) => sockets.push(ws.url()));
      await sendMessage(page, 'slow: tell me everything');
      await answerShows(page, 'part05');

      await service.kill();
      // Offline state: said plainly, with a manual retry; no typing dots on a turn nobody is writing.
      await expect.poll(() => page.locator(CONNECTION).innerText(), { timeout: 15_000 }).toContain('Connection lost. Reconnecting…');
      await expect.poll(async () => (await widgetState(page)).statuses.at(-1)).toBe('Waiting for the connection…');
      expect(await page.locator('triage-chat [part~="status"] .dots').count()).toBe(0);
      await page.screenshot({ path: path.join(ROOT, 'test-results', 'widget-reconnecting.png'), animations: 'disabled' });

      // "Try now" makes a new attempt at once (the service is still down, so it fails again).
      const before = sockets.length;
      await page.locator('triage-chat [part~="try-now"]').click();
      await expect.poll(() => sockets.length, { timeout: 5_000 }).toBeGreaterThan(before);
      expect(await page.locator(CONNECTION).innerText()).toContain('Reconnecting');

      // Back after a while: the widget reconnects by itself; the turn (interrupted, with no
      // terminal event to replay) is read through a query and shown as ended, with Retry.
      await service.start();
      await waitForTurnEnd(page, 40_000);
      const state = await widgetState(page);
      expect(state.errors).toHaveLength(1);
      expect(state.errors[0]).toContain('while this answer was being written');
      expect(state.stopVisible).toBe(false);
      expect(state.sendDisabled).toBe(true); // Send is back (disabled only until something is typed)
      expect(state.statuses).toEqual([]);
      await expect.poll(() => page.locator(CONNECTION).isVisible()).toBe(false);
      expect(normalise(state.answers.at(-1) ?? '')).toContain('part05'); // what was rendered stays

      // And the visitor can carry on: Retry answers the same message again.
      await page.getByRole('button', { name: 'Retry' }).click();
      await answerShows(page, 'part30');
      await waitForTurnEnd(page, 20_000);
      const retried = await widgetState(page);
      expect(retried.userMessages).toEqual(['slow: tell me everything']);
      expect(retried.errors).toEqual([]);
      expect(normalise(retried.answers.at(-1) ?? '')).toBe(normalise(SLOW_CHUNKS.join('')));
      await page.close();
    }, 120_000);
  });

  describe('a reload mid-turn', () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer({ runner: scriptedRunner() });
    });

    afterAll(async () => {
      await server?.close();
    });

    it('resumes from the last seq rendered (from session storage), not from the start, nothing doubled', async () => {
      const demoUrl = await routeDemo(browser.context, { origin: server.url, graphqlUrl: server.graphqlUrl, siteKey: server.siteKey, widgetCode: code });
      const page = await openDemo(demoUrl);
      await sendMessage(page, 'slow: and after a reload');
      await answerShows(page, 'part08');

      const subscribes: number[] = [];
      page.on('websocket', (ws) =>
        ws.on('framesent', ({ payload }) => {
          const msg = JSON.parse(String(payload)) as { type: string; payload?: { variables?: { afterSeq?: number } } };
          if (msg.type === 'subscribe') subscribes.push(msg.payload?.variables?.afterSeq ?? -1);
        }),
      );
      await page.reload();
      // The part already seen is on screen at once, before any event arrives.
      const states = await recordAnswerStates(page);
      await answerShows(page, 'part08');
      await waitForTurnEnd(page, 20_000);
      expect(subscribes.length).toBeGreaterThanOrEqual(1);
      expect(subscribes[0]).toBeGreaterThan(8); // TurnStarted, status, 8+ answer chunks already seen
      const full = normalise(SLOW_CHUNKS.join(''));
      const seen = await states();
      expect(normalise(seen[0] ?? '')).toMatch(/^part01 .*part08/);
      for (const s of seen) expect(full.startsWith(normalise(s))).toBe(true);
      expect(normalise((await widgetState(page)).answers.at(-1) ?? '')).toBe(full);
      // The finished turn no longer lives in session storage.
      expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.endsWith(':live')).map((k) => sessionStorage.getItem(k)))).toEqual([]);
      await page.close();
    }, 60_000);
  });
});
