// TEMPORARY check (deleted before handing over).
import { expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { startTestServer } from '../support/server.js';
import { scriptedRunner } from './runner.js';

it('real demo page from the server', async () => {
  const runner = scriptedRunner();
  const server = await startTestServer({ runner, env: { NODE_ENV: 'development' } });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] });
  const page = await browser.newPage();
  page.on('console', (m) => console.log('[console]', m.type(), m.text(), m.location().url));
  await page.goto(server.url + '/');
  console.log('[attrs]', await page.evaluate(() => document.querySelector('triage-chat')!.outerHTML));
  // The harness runs without the dev seed, so the demo has no key: give it the test site's.
  await page.evaluate((k) => document.querySelector('triage-chat')!.setAttribute('site-key', k), server.siteKey);
  const input = page.locator('triage-chat textarea[part~="input"]');
  await input.fill('sore throat');
  await input.press('Enter');
  await page.waitForFunction(() => {
    const msgs = Array.from(document.querySelector('triage-chat')?.shadowRoot?.querySelectorAll('triage-message') ?? []);
    return msgs.at(-1)?.shadowRoot?.querySelector('[part~="assistant-message"]')?.getAttribute('aria-busy') === 'false';
  }, undefined, { timeout: 15000 });
  const answer = await page.locator('triage-chat [part~="answer"]').innerText();
  console.log('[answer]', answer.slice(0, 80));
  expect(answer).toContain('sore throat');
  await browser.close();
  await server.close();
});
