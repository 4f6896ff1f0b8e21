import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunnerEvent } from '../../server/contract/events.js';
import { send, startThread } from '../support/graphql.js';
import { scriptedRunner } from '../support/scripted-runner.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { launchBrowser, type Browser } from '../widget/browser.js';
import { buildReview } from './build.js';

/**
 * The review page shows assistant text as the widget does: Markdown rendered by the widget's
 * renderer (bold as <strong>, lists as lists, only allowed links), raw HTML in the answer shown as
 * the characters written, the person's own words as plain text. Before, the conversation and
 * answer panes showed `**Stroke**` literally.
 */

const ANSWER = [
  '**Stroke** can look like this: act *FAST*.',
  '',
  '- Call 999 now',
  '- Note the time it started',
  '',
  'Read [the NHS page](https://www.nhs.uk/conditions/stroke/) and not [this one](https://evil.example/). <img src=x onerror="window.pwned=1">',
].join('\n');

// A low retrieval score puts the turn in the review queue, where the page opens it.
async function* markdownScript(): AsyncGenerator<RunnerEvent> {
  yield { type: 'Record', record: { route: 'TRIAGE', searchQuery: 'face drooping' } };
  yield { type: 'SourcesChunk', sources: [{ slug: 'stroke', title: 'Stroke', url: 'https://www.nhs.uk/conditions/stroke/', score: 0.12 }] };
  const prediction = { condition: 'stroke', conditionTitle: 'Stroke', severity: 'A&E' as const };
  yield { type: 'Record', record: { prediction } };
  yield { type: 'TriageChunk', ...prediction };
  yield { type: 'AnswerChunk', delta: ANSWER };
}

let server: TestServer;
let browser: Browser;
let code: string;

beforeAll(async () => {
  [code, server, browser] = await Promise.all([buildReview(), startTestServer({ runner: scriptedRunner(markdownScript) }), launchBrowser()]);
  const visitor = await startThread(server);
  const sent = await send(server, visitor.token, visitor.threadId, 'my **face** is drooping');
  await server.service.services.turns.settled(sent.data!.sendMessage.turn.id);
  await browser.context.route(/\/review(\.[0-9a-f]{12})?\.js$/, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: code }));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** What a pane shows: its visible text and the elements the Markdown became. */
async function shown(pane: Locator) {
  return pane.evaluate((el) => ({
    text: (el as HTMLElement).innerText,
    strong: Array.from(el.querySelectorAll('strong'), (e) => e.textContent),
    em: Array.from(el.querySelectorAll('em'), (e) => e.textContent),
    items: Array.from(el.querySelectorAll('.markdown li'), (e) => e.textContent),
    // A link the policy refuses stays as its label (an <a> with no href, as in the widget).
    links: Array.from(el.querySelectorAll('.markdown a[href]'), (a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel')]),
    images: el.querySelectorAll('img').length,
  }));
}

describe('/review renders Markdown as the widget does', () => {
  it('in the conversation and answer panes, with no HTML from the text', async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/review`);
    await page.getByLabel('Staff key').fill(server.staffKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('triage-review ul.queue > li').first().getByRole('button').click();
    const turn = page.locator('review-turn');
    const answer = turn.locator('section[aria-labelledby="h-prediction"]');
    await answer.locator('.markdown strong').first().waitFor();

    const assistant = turn.locator('ol.conversation > li').nth(1);
    for (const pane of [answer, assistant]) {
      const seen = await shown(pane);
      expect(seen.strong).toEqual(['Stroke']);
      expect(seen.em).toEqual(['FAST']);
      expect(seen.items).toEqual(['Call 999 now', 'Note the time it started']);
      expect(seen.links).toEqual([['the NHS page', 'https://www.nhs.uk/conditions/stroke/', 'noopener noreferrer']]);
      expect(seen.text).not.toContain('**');
      expect(seen.text).toContain('<img src=x onerror="window.pwned=1">');
      expect(seen.images).toBe(0);
    }
    // The person's message is their words, not Markdown.
    expect(await turn.locator('ol.conversation > li').first().innerText()).toContain('my **face** is drooping');
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(errors).toEqual([]);
    await page.close();
  });
});
