import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptConsent,
  RESULTS_DIR,
  ROOT,
  buildWidget,
  launchBrowser,
  recordAnswerStates,
  routeDemo,
  sendMessage,
  waitForTurnEnd,
  widgetState,
  type Browser,
} from './browser.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { gql } from '../support/graphql.js';
import { ANSWER, REASONING, SLOW_CHUNKS, SOURCES, TRACKING_PATH, scriptedRunner, type ScriptedRunner } from './runner.js';

/**
 * <triage-chat> in real Chromium against the real server (test/support/server.ts) with a scripted
 * TurnRunner: what a visitor sees, across reloads and a server restart, and what hostile model
 * output cannot do.
 */

const plainAnswer = ANSWER.join('').replace(/\*\*/g, '').replace(/^- /gm, '').replace(/\[(.+?)\]\(.+?\)/g, '$1');
const normalise = (s: string): string => s.replace(/\s+/g, ' ').trim();
const INPUT = 'triage-chat textarea[part~="input"]';

/** Every state the answer showed while streaming was a prefix of the final text: nothing doubled, nothing skipped back. */
function expectGrowingPrefixes(states: string[], full: string): void {
  expect(states.length).toBeGreaterThan(3);
  for (const s of states) expect(normalise(full).startsWith(normalise(s)), `streamed state "${s}"`).toBe(true);
}

describe('<triage-chat> in Chromium', () => {
  let server: TestServer;
  let runner: ScriptedRunner;
  let browser: Browser;
  let demoUrl: string;

  beforeAll(async () => {
    const [{ code }] = await Promise.all([buildWidget(), mkdir(RESULTS_DIR, { recursive: true })]);
    runner = scriptedRunner();
    server = await startTestServer({ runner });
    runner.origin = server.url;
    browser = await launchBrowser();
    demoUrl = await routeDemo(browser.context, { origin: server.url, graphqlUrl: server.graphqlUrl, siteKey: server.siteKey, widgetCode: code });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A fresh page on the demo with no stored conversation. */
  async function openDemo(mode: 'inline' | 'launcher' = 'inline'): Promise<Page> {
    const page = await browser.context.newPage();
    page.on('pageerror', (err) => console.error('[page error]', err));
    await page.goto(`${demoUrl}?mode=${mode}`);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    if (mode === 'launcher') await page.locator('triage-chat [part~="launcher"]').click();
    await acceptConsent(page);
    if (mode === 'launcher') await page.locator('triage-chat [part~="close-button"]').click();
    return page;
  }

  it('streams a full turn: status, reasoning (open, then collapsed), answer as markdown, sources', async () => {
    const page = await openDemo();
    await page.locator('triage-chat [part~="demographics"] summary').click();
    await page.getByLabel('Age in years').fill('34');
    await page.locator('triage-chat select[name="sex"]').selectOption('FEMALE');
    await page.getByLabel('Long-term conditions, medicines or other notes').fill('asthma');
    await sendMessage(page, 'gated: sore throat and a fever');

    // Mid-turn (the runner is paused after reasoning): reasoning streamed into an open section,
    // the status line says what is happening, sending is disabled.
    await page.waitForFunction(
      (expected) => {
        const root = document.querySelector('triage-chat')?.shadowRoot;
        const text = Array.from(root?.querySelectorAll('triage-message') ?? [])
          .map((m) => m.shadowRoot?.querySelector('.reasoning')?.textContent ?? '')
          .join('');
        return text === expected;
      },
      REASONING.join(''),
    );
    const mid = await widgetState(page);
    expect(mid.reasoning).toEqual([{ text: REASONING.join(''), open: true }]);
    expect(mid.statuses).toHaveLength(1);
    expect(mid.statuses[0]).toMatch(/reason/i);
    expect(mid.stopVisible).toBe(true);
    expect(mid.sendDisabled).toBeNull(); // replaced by Stop while the turn runs
    expect(mid.engineNotices).toEqual(['Answers here come from an offline triage engine, without a language model.']);
    expect(mid.answers).toEqual([]);
    expect(mid.announcement).toBe(''); // nothing is announced while it streams
    runner.gates.open('answer');

    await waitForTurnEnd(page);
    const done = await widgetState(page);
    expect(done.userMessages).toEqual(['gated: sore throat and a fever']);
    expect(done.answers.map(normalise)).toEqual([normalise(plainAnswer)]);
    expect(done.reasoning).toEqual([{ text: REASONING.join(''), open: false }]); // collapsed once the answer began
    expect(done.statuses).toEqual([]);
    expect(done.sources).toEqual([
      SOURCES.map((s) => ({ text: `${s.title} (opens in a new tab)`, href: s.url, target: '_blank', rel: 'noopener noreferrer' })),
    ]);
    // Markdown rendered as structure, and the answer's own link made safe.
    const answerHtml = await page.locator('triage-chat [part~="answer"]').innerHTML();
    expect(answerHtml).toContain('<strong>sore throat</strong>');
    expect(answerHtml).toMatch(/<li>drink plenty of fluids<\/li>/);
    expect(answerHtml).toContain('<a href="https://www.nhs.uk/conditions/sore-throat/" target="_blank" rel="noopener noreferrer">');
    // Announced once, politely, when complete.
    await expect.poll(async () => normalise((await widgetState(page)).announcement)).toBe(normalise(plainAnswer));
    // The visitor can reopen the reasoning.
    await page.locator('triage-chat details[part~="reasoning"] summary').click();
    expect((await widgetState(page)).reasoning[0]?.open).toBe(true);
    // Demographics went with the message.
    expect(runner.inputs.at(-1)?.demographics).toMatchObject({ age: 34, sex: expect.stringMatching(/female/i), notes: 'asthma' });
    // The emergency notice is on screen.
    await expect.poll(() => page.locator('triage-chat [part~="emergency"]').isVisible()).toBe(true);
    expect(await page.locator('triage-chat [part~="emergency"]').innerText()).toContain('In an emergency call 999 or go to A&E');

    await page.screenshot({ path: path.join(RESULTS_DIR, 'widget-inline.png'), animations: 'disabled' });
    await page.close();
  });

  it('restores the conversation from the server after a reload', async () => {
    const page = await openDemo();
    await sendMessage(page, 'sore throat again');
    await waitForTurnEnd(page);
    const before = await widgetState(page);
    await page.reload();
    await page.waitForFunction(() => (document.querySelector('triage-chat')?.shadowRoot?.querySelectorAll('triage-message').length ?? 0) >= 2);
    const after = await widgetState(page);
    expect(after.userMessages).toEqual(before.userMessages);
    expect(after.answers.map(normalise)).toEqual(before.answers.map(normalise));
    expect(after.reasoning.map((r) => r.text)).toEqual([REASONING.join('')]);
    expect(after.reasoning[0]?.open).toBe(false);
    expect(after.sources).toEqual(before.sources);

    // New conversation asks first; Cancel keeps everything.
    await page.getByRole('button', { name: 'New conversation' }).click();
    const confirm = page.locator('triage-chat [part~="confirm"]');
    expect(await confirm.innerText()).toContain('Start a new conversation? This one will be deleted.');
    await page.locator('triage-chat [part~="confirm-no"]').click();
    expect(await confirm.count()).toBe(0);
    expect((await widgetState(page)).userMessages).toEqual(['sore throat again']);
    // Confirmed, it forgets (and deletes) it, here and after another reload.
    await page.getByRole('button', { name: 'New conversation' }).click();
    await page.locator('triage-chat [part~="confirm-yes"]').click();
    await expect.poll(async () => (await widgetState(page)).userMessages).toEqual([]);
    await page.reload();
    await page.locator(INPUT).waitFor({ state: 'attached' });
    await page.waitForTimeout(300);
    expect((await widgetState(page)).userMessages).toEqual([]);
    await page.close();
  });

  it('a turn running at a server restart reaches the widget whole (the drain finishes it over the open socket), nothing lost or doubled', async () => {
    const page = await openDemo();
    const subscribes: { afterSeq: number }[] = [];
    page.on('websocket', (ws) =>
      ws.on('framesent', ({ payload }) => {
        const msg = JSON.parse(String(payload)) as { type: string; payload?: { variables?: { afterSeq?: number } } };
        if (msg.type === 'subscribe') subscribes.push({ afterSeq: msg.payload?.variables?.afterSeq ?? -1 });
      }),
    );
    const answerStates = await recordAnswerStates(page);
    await sendMessage(page, 'slow: tell me everything');
    // Let a few chunks render, then restart the server under the open socket.
    await page.waitForFunction(() =>
      Array.from(document.querySelector('triage-chat')?.shadowRoot?.querySelectorAll('triage-message') ?? []).some((m) =>
        m.shadowRoot?.querySelector('[part~="answer"]')?.textContent?.includes('part05'),
      ),
    );
    await server.restart();
    await waitForTurnEnd(page, 30_000);

    const state = await widgetState(page);
    expect(state.errors).toEqual([]);
    expect(normalise(state.answers.at(-1) ?? '')).toBe(normalise(SLOW_CHUNKS.join('')));
    expectGrowingPrefixes(await answerStates(), SLOW_CHUNKS.join(''));
    // A restart drains first (the turn finishes while the socket stays open), so one subscription
    // from 0 usually carries it all; any resubscription asks only for what had not been rendered.
    // (Resuming after a socket dropped mid-turn is covered by the kill tests.)
    expect(subscribes[0]?.afterSeq).toBe(0);
    for (const later of subscribes.slice(1)) expect(later.afterSeq).toBeGreaterThan(5);
    await page.close();
  });

  it('shows each event once when frames arrive twice, and says it is reconnecting after a drop', async () => {
    const page = await openDemo();
    // Between page and server: every frame from the server is delivered twice; the first socket is
    // dropped (1012, service restart) after 5 answer chunks; the next one is held for 1.5 s.
    let connections = 0;
    let answerFrames = 0;
    await page.routeWebSocket(/\/graphql$/, async (ws) => {
      const n = ++connections;
      if (n > 1) await new Promise((r) => setTimeout(r, 1500));
      const server = ws.connectToServer();
      server.onMessage((frame) => {
        ws.send(frame);
        const msg = JSON.parse(String(frame)) as { type: string; payload?: { data?: { turn?: { __typename?: string } } } };
        if (msg.type !== 'next') return;
        ws.send(frame);
        if (n === 1 && msg.payload?.data?.turn?.__typename === 'AnswerChunk' && ++answerFrames === 5) {
          ws.close({ code: 1012, reason: 'Service restart' });
        }
      });
    });
    const banner = page.locator('triage-chat [part~="connection"]');
    const answerStates = await recordAnswerStates(page);
    await sendMessage(page, 'slow: with a flaky network');
    await expect.poll(() => banner.innerText(), { timeout: 10_000 }).toContain('Reconnecting');
    await waitForTurnEnd(page, 30_000);
    const state = await widgetState(page);
    expect(normalise(state.answers.at(-1) ?? '')).toBe(normalise(SLOW_CHUNKS.join('')));
    expectGrowingPrefixes(await answerStates(), SLOW_CHUNKS.join(''));
    expect(state.errors).toEqual([]);
    expect(connections).toBeGreaterThanOrEqual(2);
    expect(await banner.isVisible()).toBe(false);
    await page.close();
  });

  it('runs nothing and loads nothing from hostile model output', async () => {
    const page = await openDemo();
    const tracked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(TRACKING_PATH) || r.url().startsWith('javascript:')) tracked.push(r.url());
    });
    const dialogs: string[] = [];
    page.on('dialog', (d) => (dialogs.push(d.message()), void d.dismiss()));
    await sendMessage(page, 'hostile output please');
    await waitForTurnEnd(page);
    await page.waitForTimeout(300); // give any onerror / load a chance to fire

    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(tracked).toEqual([]);
    expect(dialogs).toEqual([]);
    const answer = page.locator('triage-chat [part~="answer"]');
    expect(await answer.locator('img, script, iframe, style, form').count()).toBe(0);
    const hrefs = await answer.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.every((h) => h === null || /^https?:/.test(h))).toBe(true);
    // The raw HTML is shown as text, so the visitor sees what the model wrote.
    expect(await answer.innerText()).toContain('<img src=x onerror=');
    // And the widget is still visible (the <style> did not reach the shadow root).
    expect(await page.locator('triage-chat [part~="panel"]').isVisible()).toBe(true);
    await page.close();
  });

  it('shows TurnFailed clearly; Retry answers the same message again (one bubble, stored once)', async () => {
    const page = await openDemo();
    await sendMessage(page, 'flaky question');
    await waitForTurnEnd(page);
    const failed = await widgetState(page);
    expect(failed.errors[0]).toContain('The assistant is temporarily unavailable. Please try again in a moment.');
    expect(failed.errors[0]).not.toContain('did not respond'); // the technical cause stays with staff
    expect(failed.announcement).toBe('');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(async () => (await widgetState(page)).answers.length, { timeout: 10_000 }).toBe(1);
    await waitForTurnEnd(page);
    const retried = await widgetState(page);
    expect(retried.userMessages).toEqual(['flaky question']);
    expect(retried.errors).toEqual([]);
    expect(retried.answers.map(normalise).at(-1)).toBe(normalise(plainAnswer));
    expect(runner.inputs.filter((i) => i.text === 'flaky question')).toHaveLength(2);
    // The service stored the message once, and its history shows it once after a reload.
    const threadId = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('triage-chat:v1:') && !k.endsWith(':consent'));
      return (JSON.parse(localStorage.getItem(key!)!) as { threadId: string }).threadId;
    });
    const stored = await gql<{ thread: { messages: { edges: { node: { role: string; text: string } }[] } } }>(
      server,
      'query($id: ID!) { thread(id: $id) { messages(first: 10) { edges { node { role text } } } } }',
      { id: threadId },
      { token: server.staffKey },
    );
    expect(stored.data?.thread.messages.edges.filter((e) => e.node.role === 'USER').map((e) => e.node.text)).toEqual(['flaky question']);
    await page.reload();
    await page.waitForFunction(() => (document.querySelector('triage-chat')?.shadowRoot?.querySelectorAll('triage-message').length ?? 0) >= 2);
    expect((await widgetState(page)).userMessages).toEqual(['flaky question']);
    await page.close();
  });

  it('has no serious or critical axe violations (inline with a conversation, and launcher open)', async () => {
    const scan = async (page: Page): Promise<{ id: string; impact: string; nodes: string[] }[]> => {
      await page.addScriptTag({ path: path.join(ROOT, 'node_modules/axe-core/axe.min.js') });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(ctx: Document): Promise<AxeResults> } }).axe;
        const result = await axe.run(document);
        return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? '', nodes: v.nodes.map((n) => n.target.join(' ')) }));
      });
      return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    };
    const page = await openDemo();
    await sendMessage(page, 'sore throat');
    await waitForTurnEnd(page);
    await page.locator('triage-chat details[part~="reasoning"] summary').click();
    await page.locator('triage-chat [part~="demographics"] summary').click();
    expect(await scan(page)).toEqual([]);
    await page.close();

    const launcher = await openDemo('launcher');
    await launcher.locator('triage-chat [part~="launcher"]').click();
    expect(await scan(launcher)).toEqual([]);
    await launcher.close();
  });

  it('opens and closes the launcher with the keyboard; focus returns to the launcher', async () => {
    const page = await openDemo('launcher');
    const activePart = (): Promise<string | null> =>
      page.evaluate(() => {
        let el: Element | null = document.activeElement;
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
        return el?.getAttribute('part') ?? el?.tagName.toLowerCase() ?? null;
      });
    const panel = page.locator('triage-chat [part~="panel"]');
    const launcher = page.locator('triage-chat [part~="launcher"]');
    expect(await panel.isVisible()).toBe(false);

    // Tab until the launcher has focus (it is the page's last control).
    for (let i = 0; i < 20 && (await activePart()) !== 'launcher'; i++) await page.keyboard.press('Tab');
    expect(await activePart()).toBe('launcher');
    expect(await launcher.getAttribute('aria-expanded')).toBe('false');

    await page.keyboard.press('Enter');
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await launcher.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(activePart).toBe('input'); // caret in the message box
    await page.screenshot({ path: path.join(RESULTS_DIR, 'widget-launcher.png'), animations: 'disabled' });

    await page.keyboard.press('Escape');
    await expect.poll(() => panel.isVisible()).toBe(false);
    await expect.poll(activePart).toBe('launcher');

    await page.keyboard.press('Space');
    await expect.poll(() => panel.isVisible()).toBe(true);
    const animation = (): Promise<string> => panel.evaluate((el) => getComputedStyle(el).animationName);
    expect(await animation()).toBe('rise');
    await page.keyboard.press('Escape');
    await expect.poll(activePart).toBe('launcher');

    // With reduced motion the panel appears without animating.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await animation()).toBe('none');
    await page.close();
  });

  it('fits a 320 px wide screen (inline and launcher) without horizontal scrolling', async () => {
    for (const mode of ['inline', 'launcher'] as const) {
      const page = await openDemo(mode);
      await page.setViewportSize({ width: 320, height: 640 });
      if (mode === 'launcher') await page.locator('triage-chat [part~="launcher"]').click();
      await sendMessage(page, 'sore throat');
      await waitForTurnEnd(page);
      const fit = await page.evaluate(() => {
        const root = document.querySelector('triage-chat')?.shadowRoot;
        const rect = (sel: string): DOMRect | undefined => root?.querySelector(sel)?.getBoundingClientRect();
        return {
          scrollWidth: document.documentElement.scrollWidth,
          panel: rect('[part~="panel"]')?.right ?? 0,
          input: rect('textarea')?.right ?? 0,
          newConversation: rect('[part~="new-conversation"]')?.right ?? 0,
        };
      });
      expect(fit.scrollWidth).toBeLessThanOrEqual(320);
      expect(fit.panel).toBeLessThanOrEqual(320);
      expect(fit.input).toBeLessThanOrEqual(320);
      expect(fit.newConversation).toBeLessThanOrEqual(320);
      await page.screenshot({ path: path.join(RESULTS_DIR, `widget-320-${mode}.png`), animations: 'disabled' });
      await page.close();
    }
  });

  it('shows the offline state when the browser goes offline', async () => {
    const page = await openDemo();
    await browser.context.setOffline(true);
    try {
      await expect.poll(async () => page.locator('triage-chat [part~="connection"]').innerText()).toContain("You're offline");
    } finally {
      await browser.context.setOffline(false);
    }
    await expect.poll(async () => page.locator('triage-chat [part~="connection"]').isVisible()).toBe(false);
    await page.close();
  });
});
