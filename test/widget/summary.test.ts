import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { RESULTS_DIR, ROOT, acceptConsent, buildWidget, launchBrowser, routeDemo, sendMessage, waitForTurnEnd, type Browser } from './browser.js';
import { scriptedRunner } from './runner.js';

/**
 * The visitor's summary in Chromium against the real service (issue #33, item 4): after a
 * conversation, one click shows what they said, what they were advised and when, and the key
 * points in their words; Copy puts it on the clipboard as text; printing shows the summary alone,
 * without the chat's chrome or the page around it; and it speaks the widget's languages.
 */

const CHAT = 'triage-chat';
const FIRST = 'sore throat for 3 days, no rash';
const EMERGENCY = "crushing chest pain spreading to my left arm and I'm sweating";
const normalise = (s: string): string => s.replace(/\s+/g, ' ').trim();

async function seriousAxeViolations(page: Page): Promise<{ id: string; nodes: string[] }[]> {
  await page.addScriptTag({ path: path.join(ROOT, 'node_modules/axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    const run = (window as unknown as { axe: { run(ctx: Document): Promise<AxeResults> } }).axe;
    return (await run.run(document)).violations.map((v) => ({ id: v.id, impact: v.impact ?? '', nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map(({ id, nodes }) => ({ id, nodes }));
}

/** Whether each part is displayed (an element with display: none, or under one, has no box). */
const shown = (page: Page, parts: string[]) =>
  page.locator(CHAT).evaluate((el, names) => {
    const root = el.shadowRoot!;
    return Object.fromEntries(
      names.map((n) => {
        const found = root.querySelector<HTMLElement>(`[part~="${n}"]`) ?? root.querySelector('triage-summary')?.shadowRoot?.querySelector<HTMLElement>(`[part~="${n}"]`);
        return [n, !!found && found.getClientRects().length > 0 && getComputedStyle(found).visibility !== 'hidden'];
      }),
    );
  }, parts);

describe('<triage-chat> summary for a GP, pharmacist or NHS 111', () => {
  let server: TestServer;
  let browser: Browser;
  let demoUrl: string;

  beforeAll(async () => {
    const [{ code }] = await Promise.all([buildWidget(), mkdir(RESULTS_DIR, { recursive: true })]);
    const runner = scriptedRunner();
    server = await startTestServer({ runner });
    runner.origin = server.url;
    browser = await launchBrowser();
    demoUrl = await routeDemo(browser.context, { origin: server.url, graphqlUrl: server.graphqlUrl, siteKey: server.siteKey, widgetCode: code });
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(query = ''): Promise<Page> {
    const page = await browser.context.newPage();
    page.on('pageerror', (err) => console.error('[page error]', err));
    await page.goto(`${demoUrl}${query}`);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await acceptConsent(page);
    return page;
  }

  it('shows, copies and prints a summary of the conversation, without the prediction, and goes back to it', async () => {
    const page = await open();
    expect(await page.locator(`${CHAT} [part~="summary-button"]`).count()).toBe(0); // nothing to summarise yet
    await sendMessage(page, FIRST);
    await waitForTurnEnd(page);
    await sendMessage(page, EMERGENCY);
    await waitForTurnEnd(page);
    await page.locator(`${CHAT} textarea[part~="input"]`).fill('a draft I have not sent');

    await page.locator(`${CHAT} [part~="summary-button"]`).click();
    const summary = page.locator(`${CHAT} [part~="summary"]`);
    await summary.waitFor({ state: 'visible' });
    const text = normalise(await summary.innerText());
    expect(text).toContain('Summary to show a GP, pharmacist or NHS 111');
    expect(text).toContain(FIRST);
    expect(text).toContain(EMERGENCY);
    expect(normalise(await page.locator(`${CHAT} [part~="summary-advice"]`).innerText())).toMatch(/^Emergency .*\d{1,2}:\d{2}.*Call 999/);
    const findings = normalise(await page.locator(`${CHAT} [part~="summary-findings"]`).innerText());
    expect(findings).toMatch(/I said I have .*sore throat.*crushing chest pain/);
    expect(findings).toMatch(/I said I do not have rash/);
    // The runner predicted flu / self-care: none of it reaches the visitor.
    expect(text).not.toMatch(/\bflu\b|self-care|SELF_CARE/i);
    // The summary stands in place of the conversation, and focus is on its heading.
    expect(await shown(page, ['log', 'composer', 'summary'])).toEqual({ log: false, composer: false, summary: true });
    const focused = await page.locator(CHAT).evaluate((el) => el.shadowRoot!.querySelector('triage-summary')!.shadowRoot!.activeElement?.id);
    expect(focused).toBe('summary-title');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(RESULTS_DIR, 'widget-summary.png'), animations: 'disabled' });

    // Copy: plain text, in the same sections.
    await page.locator(`${CHAT} [part~="summary-copy"]`).click();
    await expect.poll(() => summary.locator('[role="status"]').innerText()).toBe('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const lines = copied.split('\n');
    expect(lines[0]).toBe('Summary to show a GP, pharmacist or NHS 111');
    expect(lines).toContain('What I said');
    expect(lines.some((l) => new RegExp(`^- .*\\d{1,2}:\\d{2}: ${FIRST}$`).test(l))).toBe(true);
    expect(lines.some((l) => /^- Emergency \(.*\d{1,2}:\d{2}.*\): .*Call 999/.test(l))).toBe(true);
    expect(lines.find((l) => l.startsWith('I said I have: '))).toMatch(/sore throat/);
    expect(lines).toContain('I said I do not have: rash');
    expect(copied).not.toMatch(/\*\*|\]\(|\bflu\b|self-care/i);

    // Print: the summary alone, at full length; no chat chrome, no buttons, nothing of the page.
    await page.emulateMedia({ media: 'print' });
    expect(await shown(page, ['header', 'emergency', 'disclaimer', 'summary', 'summary-print', 'summary-copy'])).toEqual({
      header: false,
      emergency: false,
      disclaimer: false,
      summary: true,
      'summary-print': false,
      'summary-copy': false,
    });
    expect(await page.locator('h1').isVisible()).toBe(false);
    const view = await page.locator(CHAT).evaluate((el) => {
      const v = el.shadowRoot!.querySelector<HTMLElement>('[part~="summary-view"]')!;
      return { clipped: v.scrollHeight > v.clientHeight + 1, inkVisible: getComputedStyle(el).visibility };
    });
    expect(view).toEqual({ clipped: false, inkVisible: 'visible' });
    await page.screenshot({ path: path.join(RESULTS_DIR, 'widget-summary-print.png'), fullPage: true, animations: 'disabled' });
    await page.emulateMedia({ media: 'screen' });

    // Back: the conversation as it was (the draft kept), focus on the Summary button, the page prints normally again.
    await page.locator(`${CHAT} [part~="summary-back"]`).click();
    expect(await shown(page, ['log', 'composer', 'summary'])).toEqual({ log: true, composer: true, summary: false });
    expect(await page.locator(`${CHAT} textarea[part~="input"]`).inputValue()).toBe('a draft I have not sent');
    await expect
      .poll(() => page.locator(CHAT).evaluate((el) => el.shadowRoot!.activeElement?.getAttribute('part')))
      .toBe('summary-button');
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('h1').isVisible()).toBe(true);
    expect(await shown(page, ['header', 'log'])).toEqual({ header: true, log: true });
    await page.emulateMedia({ media: 'screen' });
    await page.close();
  });

  it('speaks Arabic, right to left, when lang="ar"', async () => {
    const page = await open('?lang=ar');
    await sendMessage(page, FIRST);
    await waitForTurnEnd(page);
    await page.locator(`${CHAT} [part~="summary-button"]`).click();
    const summary = page.locator(`${CHAT} [part~="summary"]`);
    await summary.waitFor({ state: 'visible' });
    expect(await summary.locator('h3').innerText()).toBe('ملخص لعرضه على الطبيب العام أو الصيدلي أو NHS 111');
    expect(normalise(await page.locator(`${CHAT} [part~="summary-advice"]`).innerText())).toBe('لم تُقدَّم أي نصيحة عاجلة أو طارئة.');
    expect(await summary.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    await page.locator(`${CHAT} [part~="summary-copy"]`).click();
    await expect.poll(() => summary.locator('[role="status"]').innerText()).toBe('تم النسخ');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.split('\n')[0]).toBe('ملخص لعرضه على الطبيب العام أو الصيدلي أو NHS 111');
    expect(copied).toContain(`ما قلته\n- `);
    expect(copied).toContain('قلت إنه ليس لدي: rash');
    await page.close();
  });
});
