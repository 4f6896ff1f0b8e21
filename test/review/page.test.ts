import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, send, startThread } from '../support/graphql.js';
import { scriptedRunner } from '../support/scripted-runner.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { RESULTS_DIR, ROOT, launchBrowser, type Browser } from '../widget/browser.js';
import { buildReview } from './build.js';
import { reviewScript } from './fixtures.js';

/**
 * The staff review page in Chromium against the real server: /review as the server serves it
 * (headers, CSP), the freshly built module, a staff key that never leaves memory, the queue with
 * reasons, a turn side by side, the review form (server validation shown), the chart, and axe.
 */

let server: TestServer;
let browser: Browser;
let code: string;
const turns: Record<string, string> = {};

async function turnFor(text: string) {
  const visitor = await startThread(server, { age: 58 });
  const sent = await send(server, visitor.token, visitor.threadId, text);
  const turnId = sent.data!.sendMessage.turn.id;
  await server.service.services.turns.settled(turnId);
  return { ...visitor, turnId };
}

beforeAll(async () => {
  [code, server, browser] = await Promise.all([buildReview(), startTestServer({ runner: scriptedRunner(reviewScript) }), launchBrowser(), mkdir(RESULTS_DIR, { recursive: true })]).then(
    ([c, s, b]) => [c, s, b] as const,
  );
  turns.emergency = (await turnFor('emergency crushing chest pain')).turnId;
  turns.floor = (await turnFor('floor crushing chest pain and sweating')).turnId;
  const negative = await turnFor('fever and cough');
  turns.negative = negative.turnId;
  await gql(server, `mutation($t: ID!) { submitFeedback(turnId: $t, rating: NOT_HELPFUL, comment: "did not help") { rating } }`, { t: negative.turnId }, { token: negative.token });
  turns.vague = (await turnFor('vague unwell')).turnId;
  // The page is served by the server; only its module comes from this test's fresh build.
  await browser.context.route(/\/review(\.[0-9a-f]{12})?\.js$/, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: code }));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openPage(): Promise<Page> {
  const page = await browser.context.newPage();
  page.on('pageerror', (err) => console.error('[page error]', err));
  await page.goto(`${server.url}/review`);
  await page.getByLabel('Staff key').waitFor();
  return page;
}

async function signIn(page: Page, key = server.staffKey): Promise<void> {
  await page.getByLabel('Staff key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function axe(page: Page): Promise<{ id: string; impact: string; nodes: string[] }[]> {
  await page.addScriptTag({ content: await readFile(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8') }).catch(async () => {
    // The page's CSP refuses inline scripts: inject axe through the page's own origin instead.
    await page.route('**/__axe.js', (r) => r.fulfill({ contentType: 'text/javascript', path: path.join(ROOT, 'node_modules/axe-core/axe.min.js') }));
    await page.addScriptTag({ url: `${server.url}/__axe.js` });
  });
  const violations = await page.evaluate(async () => {
    const run = (window as unknown as { axe: { run(ctx: Document): Promise<AxeResults> } }).axe;
    const result = await run.run(document);
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? '', nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

describe('/review in Chromium', () => {
  it('is served with a strict policy: no framing, scripts and requests to this server only, never cached', async () => {
    const response = await fetch(`${server.url}/review`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toContain('<triage-review');
  });

  it('signs in with a staff key only, kept in memory: nothing stored, a reload signs out', async () => {
    const page = await openPage();
    await signIn(page, 'st_not-a-real-key');
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/not valid|revoked/);
    await signIn(page, server.siteKey); // a publishable key is not a staff key
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/not allowed|not a staff key/i);
    await signIn(page);
    await page.getByRole('heading', { name: /Review queue/ }).waitFor();
    const stored = await page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length, cookie: document.cookie, url: location.href }));
    expect(stored).toEqual({ local: 0, session: 0, cookie: '', url: `${server.url}/review` });
    await page.reload();
    await page.getByLabel('Staff key').waitFor();
    expect(await page.getByRole('heading', { name: /Review queue/ }).count()).toBe(0);
    await page.close();
  });

  it('shows the queue with reasons, a turn side by side, saves a review (showing the server’s objection first), and charts it', async () => {
    const page = await openPage();
    await signIn(page);
    const queue = page.locator('triage-review').locator('ul.queue > li');
    await expect.poll(() => queue.count()).toBe(4);
    const labels = await queue.allInnerTexts();
    expect(labels[0]).toContain('Failed after emergency advice');
    expect(labels[1]).toContain('Safety floor raised the severity');
    expect(labels[2]).toContain('Rated not helpful');
    expect(labels[3]).toMatch(/Inconclusive prediction[\s\S]*Low retrieval score/);

    // Filter by reason.
    await page.getByLabel('Reason').selectOption('NEGATIVE_FEEDBACK');
    await expect.poll(() => queue.count()).toBe(1);
    await page.getByLabel('Reason').selectOption('');
    await expect.poll(() => queue.count()).toBe(4);

    await queue.nth(1).getByRole('button').click();
    const turn = page.locator('review-turn');
    await turn.getByRole('heading', { name: 'Safety trace' }).waitFor();
    for (const name of ['Conversation', 'Reasoning', 'Prediction', 'Sources', 'Safety trace']) await expect.poll(() => turn.getByRole('heading', { name, exact: true }).count()).toBe(1);
    expect(await turn.locator('ol.conversation').innerText()).toContain('floor crushing chest pain and sweating');
    expect(await turn.locator('section[aria-labelledby="h-conversation"]').innerText()).toContain('age 58');
    expect(await turn.locator('section[aria-labelledby="h-prediction"]').innerText()).toMatch(/Heart attack[\s\S]*A&E \/ 999[\s\S]*score 0\.71/);
    expect(await turn.locator('section[aria-labelledby="h-trace"]').innerText()).toMatch(/safety floor changed severity: Self-care → A&E/);
    await page.screenshot({ path: path.join(RESULTS_DIR, 'review-page.png'), fullPage: true });
    expect(await axe(page)).toEqual([]);

    // A contradictory review: the server says why, next to the form.
    await turn.getByLabel('Verdict').selectOption('UNDER_TRIAGED');
    await turn.getByRole('button', { name: 'Save review' }).click();
    await expect.poll(() => turn.getByRole('alert').innerText()).toContain('UNDER_TRIAGED needs a severity higher than predicted');
    expect(await server.service.services.db.review.count()).toBe(0);

    // The prefilled truth is the prediction: CORRECT saves.
    await turn.getByLabel('Verdict').selectOption('CORRECT');
    await turn.getByLabel('Note for the team').fill('floor did its job');
    await turn.getByRole('button', { name: 'Save review' }).click();
    await expect.poll(() => turn.getByRole('status').innerText()).toContain('Review saved.');
    const saved = await server.service.services.db.review.findUniqueOrThrow({ where: { turnId: turns.floor! } });
    expect(saved).toMatchObject({ verdict: 'CORRECT', severity: 'A_AND_E', condition: 'heart-attack', note: 'floor did its job', reviewerName: 'test staff' });
    await expect.poll(() => queue.count()).toBe(3);
    const chart = page.locator('review-chart svg[data-series^="correct"]');
    await expect.poll(() => chart.getAttribute('aria-label')).toMatch(/Correct 1\b/);
    expect(await page.locator('review-chart svg[data-series^="helpful"]').getAttribute('aria-label')).toMatch(/Not helpful 1\b/);
    expect(await turn.locator('fieldset').innerText()).toMatch(/Reviewed by test staff/);

    // Reviewed turns are one tick away.
    await page.getByLabel('Show reviewed turns instead').check();
    await expect.poll(() => queue.count()).toBe(1);
    expect(await axe(page)).toEqual([]);
    await page.close();
  });

  it('is off in production unless REVIEW_PAGE is set', async () => {
    const off = await startTestServer({ runner: scriptedRunner(reviewScript), env: { NODE_ENV: 'production' } });
    const on = await startTestServer({ runner: scriptedRunner(reviewScript), env: { NODE_ENV: 'production', REVIEW_PAGE: 'true' } });
    try {
      expect((await fetch(`${off.url}/review`)).status).toBe(404);
      expect((await fetch(`${off.url}/review.js`)).status).toBe(404);
      expect((await fetch(`${on.url}/review`)).status).toBe(200);
    } finally {
      await Promise.all([off.close(), on.close()]);
    }
  });
});
