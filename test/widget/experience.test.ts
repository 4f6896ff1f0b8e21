import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../support/graphql.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { RESULTS_DIR, ROOT, acceptConsent, buildWidget, launchBrowser, routeDemo, sendMessage, waitForTurnEnd, widgetState, type Browser } from './browser.js';
import { REASONING, SOURCES, URGENT_ADVICE, scriptedRunner, type ScriptedRunner } from './runner.js';

/**
 * What a visitor and a site owner expect of a mature chat, in Chromium against the real service
 * (scripted runner): reading, acting on answers (links, urgent advice, feedback), trust (notice,
 * emergency line, delete), inputs, and fitting any site (themes, right to left, languages, a
 * focus trap on phones). Screenshots of the light, dark, mobile, right-to-left and urgent-advice
 * states go to test-results/, each checked by axe.
 */

const EMERGENCY = "crushing chest pain spreading to my left arm and I'm sweating";
const CHAT = 'triage-chat';
const normalise = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** Serious or critical axe violations on the page (the widget's shadow DOM included). */
async function axe(page: Page): Promise<{ id: string; impact: string; nodes: string[] }[]> {
  await page.addScriptTag({ path: path.join(ROOT, 'node_modules/axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    const run = (window as unknown as { axe: { run(ctx: Document): Promise<AxeResults> } }).axe;
    const result = await run.run(document);
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? '', nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Screenshot kept as a test artefact, after axe found nothing serious in that state. */
async function capture(page: Page, name: string): Promise<void> {
  expect(await axe(page), `axe in state "${name}"`).toEqual([]);
  await page.screenshot({ path: path.join(RESULTS_DIR, `widget-${name}.png`), animations: 'disabled' });
}

/** The deepest focused element, through shadow roots: its part or tag, and whether it is in the panel. */
const focusInfo = (page: Page) =>
  page.evaluate(() => {
    let el: Element | null = document.activeElement;
    const chain: Element[] = [];
    while (el) {
      chain.push(el);
      el = el.shadowRoot?.activeElement ?? null;
    }
    const deepest = chain.at(-1);
    const panel = document.querySelector('triage-chat')?.shadowRoot?.querySelector('[part~="panel"]');
    const inPanel = chain.some((e) => panel?.contains(e)) || !!(deepest && panel?.contains(deepest));
    return { part: deepest?.getAttribute('part') ?? deepest?.tagName.toLowerCase() ?? null, inPanel };
  });

const logScroll = (page: Page) =>
  page.evaluate(() => {
    const log = document.querySelector('triage-chat')?.shadowRoot?.querySelector<HTMLElement>('[part~="log"]');
    return log ? { top: log.scrollTop, max: log.scrollHeight - log.clientHeight } : { top: 0, max: 0 };
  });

describe('<triage-chat> as a visitor and a site owner expect', () => {
  let server: TestServer;
  let runner: ScriptedRunner;
  let browser: Browser;
  let demoUrl: string;
  let code: string;

  beforeAll(async () => {
    [{ code }] = await Promise.all([buildWidget(), mkdir(RESULTS_DIR, { recursive: true })]);
    runner = scriptedRunner();
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

  /** A fresh page (no stored conversation or consent); `setup` runs before the widget loads. */
  async function open(query = '', options: { consent?: boolean; setup?: string; viewport?: { width: number; height: number } } = {}): Promise<Page> {
    const page = await browser.context.newPage();
    if (options.viewport) await page.setViewportSize(options.viewport);
    page.on('pageerror', (err) => console.error('[page error]', err));
    await page.goto(`${demoUrl}${query}`);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    if (options.setup) await page.addInitScript(options.setup);
    await page.reload();
    await page.locator(`${CHAT} [part~="panel"]`).first().waitFor({ state: 'attached' });
    if (options.consent !== false && !query.includes('launcher')) await acceptConsent(page);
    return page;
  }

  describe('reading', () => {
    it('follows the stream to the newest content, offers "Jump to latest" once scrolled up, and opens at the newest after a reload', async () => {
      const page = await open('', { viewport: { width: 900, height: 700 } });
      await sendMessage(page, 'long answer please');
      // While it streams, the view stays at the bottom.
      await page.waitForFunction(() =>
        Array.from(document.querySelector('triage-chat')?.shadowRoot?.querySelectorAll('triage-message') ?? [])
          .at(-1)
          ?.shadowRoot?.textContent?.includes('Paragraph 15'),
      );
      const mid = await logScroll(page);
      expect(mid.max).toBeGreaterThan(200);
      expect(mid.max - mid.top).toBeLessThan(50);
      // The visitor scrolls up to read: the view stays put, and a button offers the newest.
      await page.locator(`${CHAT} [part~="log"]`).evaluate((log) => log.scrollTo({ top: 0 }));
      const jump = page.locator(`${CHAT} [part~="jump-to-latest"]`);
      await jump.waitFor({ state: 'visible' });
      expect((await logScroll(page)).top).toBeLessThan(50);
      await waitForTurnEnd(page);
      await jump.click();
      const after = await logScroll(page);
      expect(after.max - after.top).toBeLessThan(2);
      expect(await jump.count()).toBe(0);
      // A reload opens at the newest message, not the top.
      await page.reload();
      await page.waitForFunction(() => (document.querySelector('triage-chat')?.shadowRoot?.querySelectorAll('triage-message').length ?? 0) >= 2);
      await expect.poll(async () => {
        const s = await logScroll(page);
        return s.max > 200 && s.max - s.top < 2;
      }).toBe(true);
      await page.close();
    });

    it("brings a second message's emergency advice into view, even when an earlier answer filled the screen", async () => {
      const page = await open('', { viewport: { width: 900, height: 700 } });
      await sendMessage(page, 'long answer please');
      await waitForTurnEnd(page);
      await sendMessage(page, EMERGENCY);
      await waitForTurnEnd(page);
      const visible = await page.evaluate(() => {
        const root = document.querySelector('triage-chat')!.shadowRoot!;
        const log = root.querySelector<HTMLElement>('[part~="log"]')!.getBoundingClientRect();
        const messages = root.querySelectorAll('triage-message');
        const card = messages[messages.length - 1]!.shadowRoot!.querySelector('[part~="advice"]')!.getBoundingClientRect();
        return card.top >= log.top && card.top < log.bottom;
      });
      expect(visible).toBe(true);
      await page.close();
    });

    it('shows times, the reasoning with its length, sources as titled NHS links, and copies an answer', async () => {
      const page = await open();
      await sendMessage(page, 'sore throat, reading test');
      await waitForTurnEnd(page);
      const times = await page.evaluate(() =>
        Array.from(document.querySelector('triage-chat')!.shadowRoot!.querySelectorAll('triage-message')).flatMap((m) =>
          Array.from(m.shadowRoot!.querySelectorAll('time'), (t) => ({ datetime: t.getAttribute('datetime') ?? '', text: t.textContent ?? '' })),
        ),
      );
      expect(times).toHaveLength(2); // the message and the answer
      for (const t of times) {
        expect(Math.abs(Date.parse(t.datetime) - Date.now())).toBeLessThan(60_000);
        expect(t.text).toMatch(/\d{1,2}:\d{2}/);
      }
      const words = REASONING.join('').split(/\s+/).filter(Boolean).length;
      expect(normalise(await page.locator(`${CHAT} [part~="reasoning"] summary`).innerText())).toBe(`Reasoning · ${words} words`);
      expect((await widgetState(page)).sources).toEqual([
        SOURCES.map((s) => ({ text: `${s.title} (opens in a new tab)`, href: s.url, target: '_blank', rel: 'noopener noreferrer' })),
      ]);
      await page.locator(`${CHAT} [part~="copy-button"]`).click();
      await expect.poll(() => page.locator(`${CHAT} [part~="answer-meta"] [role="status"]`).innerText()).toBe('Copied');
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toContain('It sounds like a sore throat, which usually gets better on its own within a week.');
      expect(copied).toContain('drink plenty of fluids\ntake paracetamol or ibuprofen');
      expect(copied).not.toMatch(/\*\*|\]\(/); // text, not markdown
      await page.close();
    });
  });

  describe('acting', () => {
    it('links only to NHS pages of the sources, the domains the site lists, tel: and mailto: (those in place)', async () => {
      const page = await open('', { setup: `customElements.whenDefined('triage-chat').then(() => document.querySelector('triage-chat').setAttribute('link-domains', 'clinic.example'))` });
      await sendMessage(page, 'links please');
      await waitForTurnEnd(page);
      const links = await page.locator(`${CHAT} [part~="answer"] a`).evaluateAll((as) =>
        as.map((a) => ({ text: a.textContent, href: a.getAttribute('href'), target: a.getAttribute('target'), color: getComputedStyle(a).textDecorationLine })),
      );
      const byText = Object.fromEntries(links.map((l) => [l.text, l]));
      expect(byText['NHS page']).toMatchObject({ href: 'https://www.nhs.uk/conditions/sore-throat/', target: '_blank' });
      expect(byText['our partner']).toMatchObject({ href: 'https://clinic.example/advice', target: '_blank' });
      expect(byText['111']).toMatchObject({ href: 'tel:111', target: null });
      expect(byText['the practice']).toMatchObject({ href: 'mailto:reception@clinic.example', target: null });
      // Refused: shown as their words only, not styled or focusable as links.
      for (const t of ['a stranger', 'plain http']) expect(byText[t]).toMatchObject({ href: null, target: null, color: 'none' });
      const tabbable = await page.locator(`${CHAT} [part~="answer"] a[href]`).count();
      expect(tabbable).toBe(4);
      await page.close();
    });

    it('shows emergency advice as its own urgent card first, with 999 in place, announced assertively; kept after a reload', async () => {
      const page = await open();
      await sendMessage(page, EMERGENCY);
      const card = page.locator(`${CHAT} [part~="advice-emergency"]`);
      await card.waitFor();
      await expect.poll(() => page.locator(`${CHAT} [aria-live="assertive"]`).innerText()).toContain('Call 999 now');
      await waitForTurnEnd(page);
      const shape = await page.evaluate(() => {
        const msg = Array.from(document.querySelector('triage-chat')!.shadowRoot!.querySelectorAll('triage-message')).at(-1)!.shadowRoot!;
        const box = msg.querySelector('[part~="assistant-message"]')!;
        const first = Array.from(box.children).find((c) => !c.classList.contains('sr-only'));
        const advice = msg.querySelector<HTMLElement>('[part~="advice"]')!;
        return {
          firstIsAdvice: first === advice,
          background: getComputedStyle(advice).backgroundColor,
          answerBackground: getComputedStyle(box).backgroundColor,
          actions: Array.from(advice.querySelectorAll('a'), (a) => ({ href: a.getAttribute('href'), target: a.getAttribute('target'), text: a.textContent })),
        };
      });
      expect(shape.firstIsAdvice).toBe(true);
      expect(shape.background).not.toBe(shape.answerBackground); // not styled like self-care text
      expect(shape.actions).toContainEqual({ href: 'tel:999', target: null, text: 'Call 999' });
      await capture(page, 'urgent-advice');
      await page.reload();
      await card.waitFor();
      expect(await card.locator('a[href="tel:999"]').count()).toBe(1);
      await page.close();
    });

    it('keeps the emergency card on a failed turn, next to the failure', async () => {
      const page = await open();
      await sendMessage(page, `flaky: ${EMERGENCY}`);
      await waitForTurnEnd(page);
      const state = await widgetState(page);
      expect(state.errors).toHaveLength(1);
      expect(await page.locator(`${CHAT} [part~="advice-emergency"] a[href="tel:999"]`).count()).toBe(1);
      await page.close();
    });

    it('shows Urgent Primary Care advice the same way, with 111', async () => {
      const page = await open();
      await sendMessage(page, 'urgent-gp: a rash for three weeks');
      await waitForTurnEnd(page);
      const card = page.locator(`${CHAT} [part~="advice-urgent"]`);
      expect(normalise(await card.innerText())).toContain(URGENT_ADVICE.title);
      expect(await card.locator('a[href="tel:111"]').getAttribute('target')).toBeNull();
      expect(await card.locator('a[href="https://111.nhs.uk/"]').getAttribute('target')).toBe('_blank');
      await page.close();
    });

    it('takes feedback on an answer (helpful / not helpful, optional comment) and stores it through the API', async () => {
      const page = await open();
      await sendMessage(page, 'sore throat, feedback test');
      await waitForTurnEnd(page);
      const sent: Record<string, unknown>[] = [];
      page.on('request', (r) => {
        const body = r.postData();
        if (body?.includes('WidgetFeedback')) sent.push((JSON.parse(body) as { variables: Record<string, unknown> }).variables);
      });
      await page.locator(`${CHAT} [part~="feedback-not-helpful"]`).click();
      expect(await page.locator(`${CHAT} [part~="feedback-not-helpful"]`).getAttribute('aria-pressed')).toBe('true');
      await page.getByLabel('Tell us more (optional)').fill('It did not mention my asthma.');
      await page.getByRole('button', { name: 'Send feedback' }).click();
      await expect.poll(() => page.locator(`${CHAT} [part~="feedback"]`).innerText()).toBe('Thank you for your feedback.');
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ rating: 'NOT_HELPFUL', comment: 'It did not mention my asthma.' });
      const turnId = sent[0]!.turnId as string;
      const stored = await gql<{ turn: { feedback: { rating: string; comment: string } | null } }>(
        server,
        'query($id: ID!) { turn(id: $id) { feedback { rating comment } } }',
        { id: turnId },
        { token: server.staffKey },
      );
      expect(stored.data?.turn.feedback).toEqual({ rating: 'NOT_HELPFUL', comment: 'It did not mention my asthma.' });
      await page.close();
    });
  });

  describe('trust', () => {
    it('shows the privacy notice (site text and policy link) before the first message, once per site', async () => {
      const setup = `document.addEventListener('DOMContentLoaded', () => {
        const w = document.querySelector('triage-chat');
        w.setAttribute('privacy-url', 'https://clinic.example/privacy');
        const p = document.createElement('p');
        p.slot = 'privacy';
        p.textContent = 'Clinic Example keeps conversations for 30 days.';
        w.append(p);
      });`;
      const page = await open('', { consent: false, setup });
      const consent = page.locator(`${CHAT} [part~="consent"]`);
      await consent.waitFor();
      expect(await page.locator(`${CHAT} textarea[part~="input"]`).count()).toBe(0); // no way to send yet
      expect(await page.locator('triage-chat > p[slot="privacy"]').isVisible()).toBe(true);
      expect(await consent.locator('a').getAttribute('href')).toBe('https://clinic.example/privacy');
      await acceptConsent(page);
      await page.reload();
      await page.locator(`${CHAT} textarea[part~="input"]`).waitFor();
      expect(await consent.count()).toBe(0);
      await page.close();
    });

    it('always shows "not a doctor; in an emergency call 999", and deletes the conversation after asking', async () => {
      const page = await open('', { viewport: { width: 900, height: 600 } });
      await sendMessage(page, 'long answer please');
      await waitForTurnEnd(page);
      const strip = page.locator(`${CHAT} [part~="emergency"]`);
      expect(normalise(await strip.innerText())).toBe('Not a doctor. In an emergency call 999 or go to A&E.');
      expect(await strip.locator('a').getAttribute('href')).toBe('tel:999');
      expect(await strip.locator('a').getAttribute('target')).toBeNull();
      const box = await strip.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= 600).toBe(true);

      const threadId = await page.evaluate(() => {
        const key = Object.keys(localStorage).find((k) => k.startsWith('triage-chat:v1:') && !k.endsWith(':consent'));
        return (JSON.parse(localStorage.getItem(key!)!) as { threadId: string }).threadId;
      });
      await page.locator(`${CHAT} [part~="delete-conversation"]`).click();
      expect(await page.locator(`${CHAT} [part~="confirm"]`).innerText()).toContain('Delete this conversation?');
      await page.locator(`${CHAT} [part~="confirm-yes"]`).click();
      await expect.poll(async () => (await widgetState(page)).userMessages).toEqual([]);
      await expect.poll(() => page.locator(`${CHAT} [aria-live="polite"]`).innerText()).toBe('Your conversation was deleted.');
      const gone = await gql(server, 'query($id: ID!) { thread(id: $id) { id } }', { id: threadId }, { token: server.staffKey });
      expect(gone.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      await page.close();
    });
  });

  describe('inputs', () => {
    it("checks demographics with the server's rules in the form: no clamping, clear messages, nothing sent until fixed", async () => {
      const page = await open();
      await page.locator(`${CHAT} [part~="demographics"] summary`).click();
      const age = page.getByLabel('Age in years');
      await age.fill('150');
      await expect.poll(() => page.locator(`${CHAT} triage-demographics #age-error`).innerText()).toBe('Enter an age from 0 to 120.');
      expect(await age.inputValue()).toBe('150'); // kept as typed
      expect(await age.getAttribute('aria-invalid')).toBe('true');
      await page.locator(`${CHAT} select[name="sex"]`).selectOption('MALE');
      await page.locator(`${CHAT} select[name="pregnant"]`).selectOption('yes');
      expect(await page.locator(`${CHAT} triage-demographics #pregnant-error`).innerText()).toContain('Pregnant cannot be "Yes" when sex is "Male"');
      await page.locator(`${CHAT} textarea[part~="input"]`).fill('a cough');
      expect((await widgetState(page)).sendDisabled).toBe(true);
      const before = runner.inputs.length;
      await page.locator(`${CHAT} textarea[part~="input"]`).press('Enter');
      expect(runner.inputs.length).toBe(before);
      await capture(page, 'form-errors');
      await age.fill('34');
      await page.locator(`${CHAT} select[name="pregnant"]`).selectOption('no');
      expect(await page.locator(`${CHAT} triage-demographics .error`).count()).toBe(0);
      await page.locator(`${CHAT} textarea[part~="input"]`).press('Enter');
      await waitForTurnEnd(page);
      expect(runner.inputs.at(-1)?.demographics).toMatchObject({ age: 34, sex: 'male', pregnant: false });
      await page.close();
    });

    it('counts characters near the 4,000 limit and refuses to send over it', async () => {
      const page = await open();
      const input = page.locator(`${CHAT} textarea[part~="input"]`);
      const counter = page.locator(`${CHAT} [part~="counter"]`);
      await input.fill('a'.repeat(3000));
      expect(await counter.count()).toBe(0);
      await input.fill('🙂'.repeat(3700)); // one character each, two UTF-16 units
      expect(await counter.innerText()).toBe('3,700 of 4,000 characters');
      await input.fill('b'.repeat(4010));
      expect(await counter.innerText()).toBe('Too long by 10 characters. Shorten your message to send it.');
      expect((await widgetState(page)).sendDisabled).toBe(true);
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      await page.close();
    });

    it('reports a site that does not allow this origin when it loads, with the fix in the console', async () => {
      const origin = 'http://not-allowed.test';
      await browser.context.route(`${origin}/**`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><html lang="en"><title>t</title><script type="module" src="${origin}/widget.js"></script>
            <triage-chat endpoint="${server.graphqlUrl}" site-key="${server.siteKey}"></triage-chat>`,
        }),
      );
      await browser.context.route(`${origin}/widget.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: code }));
      const page = await browser.context.newPage();
      const console_: string[] = [];
      page.on('console', (m) => m.type() === 'error' && console_.push(m.text()));
      const posts: string[] = [];
      page.on('request', (r) => r.method() === 'POST' && posts.push(r.postData() ?? ''));
      await page.goto(`${origin}/`);
      await expect.poll(() => page.locator(`${CHAT} [part~="log"] [role="alert"]`).innerText()).toBe("This website isn't allowed to use the symptom checker.");
      expect(posts.some((p) => p.includes('WidgetSendMessage') || p.includes('WidgetStartThread'))).toBe(false);
      expect(console_.join('\n')).toContain(`npm run admin -- site:origins --site <SITE_ID> --origin ${origin}`);
      await page.close();
    });
  });

  describe('fits any site', () => {
    it('follows the colour scheme (light and dark), and a page overrides it with custom properties or theme', async () => {
      const page = await open();
      await sendMessage(page, 'sore throat, theme test');
      await waitForTurnEnd(page);
      const bg = () => page.locator(`${CHAT} [part~="panel"]`).evaluate((el) => getComputedStyle(el).backgroundColor);
      await page.emulateMedia({ colorScheme: 'light' });
      expect(await bg()).toBe('rgb(255, 255, 255)');
      await capture(page, 'light');
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await bg()).toBe('rgb(20, 32, 42)');
      await capture(page, 'dark');
      await page.locator(CHAT).evaluate((el) => el.setAttribute('theme', 'light'));
      expect(await bg()).toBe('rgb(255, 255, 255)');
      await page.locator(CHAT).evaluate((el) => el.style.setProperty('--triage-bg', 'rgb(250, 240, 230)'));
      expect(await bg()).toBe('rgb(250, 240, 230)');
      await page.close();
    });

    it('speaks Arabic right to left when lang="ar", with lang and dir on the component', async () => {
      const page = await open('?lang=ar', { consent: false });
      await page.locator(`${CHAT} [part~="consent-accept"]`).click();
      const root = await page.locator(CHAT).evaluate((el) => {
        const inner = el.shadowRoot!.firstElementChild!;
        return { lang: inner.getAttribute('lang'), dir: inner.getAttribute('dir'), title: el.shadowRoot!.querySelector('h2')!.textContent };
      });
      expect(root).toEqual({ lang: 'ar', dir: 'rtl', title: 'مدقق الأعراض' });
      await sendMessage(page, 'sore throat, in Arabic please');
      await waitForTurnEnd(page);
      const sides = await page.evaluate(() => {
        const r = document.querySelector('triage-chat')!.shadowRoot!;
        const panel = r.querySelector('[part~="panel"]')!.getBoundingClientRect();
        const bubble = r.querySelector('triage-message')!.shadowRoot!.querySelector('.bubble')!.getBoundingClientRect();
        return { bubbleLeftGap: bubble.left - panel.left, bubbleRightGap: panel.right - bubble.right };
      });
      expect(sides.bubbleLeftGap).toBeLessThan(sides.bubbleRightGap); // the visitor's bubble sits on the start (right→left) side
      expect(normalise(await page.locator(`${CHAT} [part~="emergency"]`).innerText())).toContain('999');
      await capture(page, 'rtl');
      // Without lang, the page's language decides: this page is en-GB.
      const en = await open();
      expect(await en.locator(CHAT).evaluate((el) => el.shadowRoot!.firstElementChild!.getAttribute('lang'))).toBe('en-GB');
      await en.close();
      await page.close();
    });

    it('traps focus in the full-screen panel on a phone, and Escape gives it back to the launcher', async () => {
      const page = await open('?mode=launcher', { viewport: { width: 390, height: 760 } });
      await page.locator(`${CHAT} [part~="launcher"]`).click();
      await page.locator(`${CHAT} [part~="consent-accept"]`).click();
      await sendMessage(page, 'sore throat, on a phone');
      await waitForTurnEnd(page);
      const modal = await page.locator(`${CHAT} dialog`).evaluate((d) => d.matches(':modal'));
      expect(modal).toBe(true);
      const parts = new Set<string>();
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
        const f = await focusInfo(page);
        expect(f.inPanel, `focus left the panel at step ${i} (${f.part})`).toBe(true);
        if (f.part) parts.add(f.part);
      }
      expect(parts.size).toBeGreaterThan(3);
      await capture(page, 'mobile');
      await page.keyboard.press('Escape');
      await expect.poll(async () => (await focusInfo(page)).part).toBe('launcher');
      await page.close();
    });
  });
});

