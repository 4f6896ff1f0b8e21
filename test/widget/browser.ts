import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import { widgetConfig } from '../../widget/vite.config.js';

/** Shared plumbing of the widget's browser tests: Debian's Chromium, a fresh build, a test page. */

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const RESULTS_DIR = path.join(ROOT, 'test-results');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The test page is fulfilled by Playwright routing, so Chromium cannot tell which address space
  // it came from and treats it as public; Local Network Access then blocks its WebSocket to
  // 127.0.0.1 (ERR_BLOCKED_BY_LOCAL_NETWORK_ACCESS_CHECKS). A real page served by the server is
  // same-host and unaffected, as is a public site using a public endpoint.
  '--disable-features=LocalNetworkAccessChecks',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A persistent context on a fresh user-data-dir: real localStorage across reloads, nothing shared between runs. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: run \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`);
  }
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'triage-widget-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1024, height: 800 },
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Builds the widget exactly as `npm run build:widget` does, but into a temp folder (so parallel
 * test files never race on dist/); returns what it wrote.
 */
export async function buildWidget(
  options: { budgetBytes?: number; keep?: boolean } = {},
): Promise<{ code: string; manifest: unknown; files: string[]; gzip: Buffer; brotli: Buffer; outDir: string }> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'triage-widget-build-'));
  try {
    await build({ ...widgetConfig({ outDir, budgetBytes: options.budgetBytes }), configFile: false });
    const code = await readFile(path.join(outDir, 'widget.js'), 'utf8');
    const manifest: unknown = JSON.parse(await readFile(path.join(outDir, 'manifest.json'), 'utf8'));
    const gzip = await readFile(path.join(outDir, 'widget.js.gz'));
    const brotli = await readFile(path.join(outDir, 'widget.js.br'));
    return { code, manifest, files: (await readdir(outDir)).sort(), gzip, brotli, outDir };
  } finally {
    if (!options.keep) await rm(outDir, { recursive: true, force: true });
  }
}

const DEMO = path.join(ROOT, 'widget', 'demo.html');
const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Serves widget/demo.html (placeholders filled) and the built module from the server's own origin,
 * through Playwright routing: the page is same-origin with the GraphQL server (so its Origin check
 * passes whatever the harness allows) and the test does not depend on how the server serves files.
 * Returns the demo page URL; `?mode=launcher` switches mode.
 */
export async function routeDemo(
  context: BrowserContext,
  opts: { origin: string; graphqlUrl: string; siteKey: string; widgetCode: string },
): Promise<string> {
  const base = `${opts.origin}/__widget-test`;
  const template = await readFile(DEMO, 'utf8');
  const page = template
    .replaceAll('{{WIDGET_SRC}}', escapeHtml(`${base}/widget.js`))
    .replaceAll('{{ENDPOINT}}', escapeHtml(opts.graphqlUrl))
    .replaceAll('{{EMBED_WIDGET_SRC}}', escapeHtml(`${base}/widget.js`))
    .replaceAll('{{EMBED_ENDPOINT}}', escapeHtml(opts.graphqlUrl))
    .replaceAll('{{SITE_KEY}}', escapeHtml(opts.siteKey));
  await context.route(`${base}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.endsWith('/widget.js')) {
      await route.fulfill({ status: 200, contentType: 'text/javascript', body: opts.widgetCode });
    } else if (url.pathname.endsWith('/demo')) {
      await route.fulfill({ status: 200, contentType: 'text/html', body: page });
    } else {
      await route.fulfill({ status: 404, body: 'not found' });
    }
  });
  return `${base}/demo`;
}

/** Text of the widget's visible parts, read through its shadow roots. */
export async function widgetState(page: Page): Promise<{
  userMessages: string[];
  answers: string[];
  reasoning: { text: string; open: boolean }[];
  sources: { text: string; href: string; target: string; rel: string }[][];
  statuses: string[];
  errors: string[];
  engineNotices: string[];
  announcement: string;
  sendDisabled: boolean | null;
  stopVisible: boolean;
}> {
  return page.evaluate(() => {
    const root = document.querySelector('triage-chat')?.shadowRoot;
    if (!root) throw new Error('no <triage-chat>');
    const messages = Array.from(root.querySelectorAll('triage-message')).map((m) => m.shadowRoot);
    const q = (sel: string): Element[] => messages.flatMap((r) => (r ? Array.from(r.querySelectorAll(sel)) : []));
    const send = root.querySelector<HTMLButtonElement>('[part~="send-button"]');
    return {
      userMessages: q('.bubble').map((e) => e.textContent ?? ''),
      answers: q('[part~="answer"]').map((e) => (e as HTMLElement).innerText),
      reasoning: q('details[part~="reasoning"]').map((e) => ({
        text: e.querySelector('.reasoning')?.textContent ?? '',
        open: (e as HTMLDetailsElement).open,
      })),
      sources: messages
        .map((r) => Array.from(r?.querySelectorAll<HTMLAnchorElement>('[part~="sources"] a') ?? []))
        .filter((links) => links.length > 0)
        .map((links) =>
          links.map((a) => ({
            text: a.textContent ?? '',
            href: a.getAttribute('href') ?? '',
            target: a.getAttribute('target') ?? '',
            rel: a.getAttribute('rel') ?? '',
          })),
        ),
      statuses: q('[part~="status"]').map((e) => (e.textContent ?? '').trim()),
      errors: q('[part~="error"]').map((e) => (e.textContent ?? '').trim()),
      engineNotices: Array.from(root.querySelectorAll('[part~="engine-notice"]')).map((e) => e.textContent ?? ''),
      announcement: root.querySelector('[aria-live="polite"]')?.textContent ?? '',
      sendDisabled: send ? send.disabled : null,
      stopVisible: !!root.querySelector('[part~="stop-button"]'),
    };
  });
}

/** Accepts the privacy notice shown before the first message (it is remembered per site). */
export async function acceptConsent(page: Page): Promise<void> {
  await page.locator('triage-chat [part~="consent-accept"]').click();
  await page.locator('triage-chat textarea[part~="input"]').waitFor({ state: 'visible' });
}

/** Types into the widget's message box and presses Enter, like a keyboard user. */
export async function sendMessage(page: Page, text: string): Promise<void> {
  const input = page.locator('triage-chat').locator('textarea[part~="input"]');
  await input.fill(text);
  await input.press('Enter');
}

/** Resolves when the widget's latest turn has ended (completed or failed). */
export async function waitForTurnEnd(page: Page, timeout = 20_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const root = document.querySelector('triage-chat')?.shadowRoot;
      const msgs = Array.from(root?.querySelectorAll('triage-message') ?? []);
      const last = msgs.at(-1)?.shadowRoot?.querySelector('[part~="assistant-message"]');
      return !!last && last.getAttribute('aria-busy') === 'false';
    },
    undefined,
    { timeout, polling: 50 },
  );
}

/**
 * Records every distinct text the latest answer shows while it streams (polled every 10 ms), so a
 * test can check the stream itself, not only the final text (which TurnCompleted makes authoritative).
 */
export async function recordAnswerStates(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __answerStates: string[] }).__answerStates = seen;
    setInterval(() => {
      const msgs = Array.from(document.querySelector('triage-chat')?.shadowRoot?.querySelectorAll('triage-message') ?? []);
      const text = msgs.at(-1)?.shadowRoot?.querySelector('[part~="answer"]')?.textContent ?? '';
      if (text && text !== seen.at(-1)) seen.push(text);
    }, 10);
  });
  return () => page.evaluate(() => (window as unknown as { __answerStates: string[] }).__answerStates.slice());
}
