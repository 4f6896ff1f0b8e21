import { chromium } from 'playwright-core';

/**
 * The README's screenshot of the widget, taken from a running service in Debian's Chromium:
 * `npm start`, then `npx tsx scripts/docs/screenshot.ts [http://127.0.0.1:4000/] [docs/widget.png]`.
 * It accepts the privacy notice, asks one question, waits for the answer and shoots the widget.
 */

const url = process.argv[2] ?? 'http://127.0.0.1:4000/';
const out = process.argv[3] ?? 'docs/widget.png';
const question = 'I have had a sore throat for two days and it hurts to swallow';

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 900, height: 1000 }, deviceScaleFactor: 1, colorScheme: 'light' });
  await page.goto(url);
  await page.locator('triage-chat [part~="consent-accept"]').click();
  const input = page.locator('triage-chat textarea[part~="input"]');
  await input.fill(question);
  await input.press('Enter');
  await page.waitForFunction(
    () => {
      const root = document.querySelector('triage-chat')?.shadowRoot;
      const last = Array.from(root?.querySelectorAll('triage-message') ?? []).at(-1)?.shadowRoot?.querySelector('[part~="assistant-message"]');
      return !!last && last.getAttribute('aria-busy') === 'false';
    },
    undefined,
    { timeout: 60_000 },
  );
  // The question at the top of the picture, the answer under it; no focus ring on the input.
  await page.locator('triage-chat [part~="log"]').evaluate((log) => log.scrollTo({ top: 0 }));
  await input.blur();
  await page.locator('triage-chat').screenshot({ path: out });
  process.stdout.write(`${out}\n`);
} finally {
  await browser.close();
}
