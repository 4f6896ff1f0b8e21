import path from 'node:path';
import type { AxeResults } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisitorSecret } from '../../server/auth/visitors.js';
import { userHash, userToken } from '../../partner/visitor-signing.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { acceptConsent, ROOT, buildWidget, launchBrowser, sendMessage, waitForTurnEnd, widgetState, type Browser } from './browser.js';
import { ANSWER, scriptedRunner } from './runner.js';

/**
 * Signed-in visitors in real Chromium: the test plays the site's server, which signs its user's id
 * (partner/visitor-signing.ts) into the page it serves; two browsers with their own storage are two
 * devices. A visitor's conversation follows them to the other device; another user, a forged
 * proof and an anonymous visitor see none of it.
 */

const plainStart = ANSWER[0]!.replace(/\*\*/g, '');
type Proof = 'hash' | 'jwt' | 'forged' | 'none';

describe('<triage-chat> with signed-in visitors', () => {
  let server: TestServer;
  let laptop: Browser;
  let phone: Browser;
  let secret: { id: string; secret: string };
  let widgetCode: string;

  beforeAll(async () => {
    widgetCode = (await buildWidget()).code;
    server = await startTestServer({ runner: scriptedRunner() });
    secret = await createVisitorSecret(server.service.services.db, server.siteId);
    [laptop, phone] = await Promise.all([launchBrowser(), launchBrowser()]);
    await Promise.all([routeSite(laptop.context), routeSite(phone.context)]);
  });

  afterAll(async () => {
    await laptop?.close();
    await phone?.close();
    await server?.close();
  });

  /** The site: a page per request, signed for `?user=` as the site's server would sign it. */
  async function routeSite(context: BrowserContext): Promise<void> {
    const base = `${server.url}/__site`;
    await context.route(`${base}/**`, async (route) => {
      const url = new URL(route.request().url());
      if (url.pathname.endsWith('/widget.js')) return route.fulfill({ status: 200, contentType: 'text/javascript', body: widgetCode });
      const user = url.searchParams.get('user') ?? '';
      const proof = (url.searchParams.get('proof') ?? 'hash') as Proof;
      const attrs =
        proof === 'hash' ? `user-id="${user}" user-hash="${userHash(secret.secret, user)}"`
        : proof === 'jwt' ? `user-token="${await userToken(secret.secret, user, { kid: secret.id })}"`
        : proof === 'forged' ? `user-id="${user}" user-hash="${userHash('not-the-site-secret', user)}"`
        : '';
      const body = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Clinic</title><script type="module" src="${base}/widget.js"></script></head>
        <body><triage-chat endpoint="${server.graphqlUrl}" site-key="${server.siteKey}" ${attrs}></triage-chat>
        <script>window.__identityFailures = []; document.querySelector('triage-chat').addEventListener('triage-identity-failed', (e) => window.__identityFailures.push(e.detail));</script>
        </body></html>`;
      return route.fulfill({ status: 200, contentType: 'text/html', body });
    });
  }

  async function open(device: Browser, user: string, proof: Proof = 'hash'): Promise<Page> {
    const page = await device.context.newPage();
    page.on('pageerror', (err) => console.error('[page error]', err));
    await page.goto(`${server.url}/__site/page?user=${encodeURIComponent(user)}&proof=${proof}`);
    return page;
  }

  const myThreads = (page: Page) => page.locator('triage-chat [part~="my-thread"]');

  it("follows the visitor to another device: the list shows the conversation, which opens with its history and continues", async () => {
    const first = await open(laptop, 'alice');
    await acceptConsent(first);
    await sendMessage(first, 'sore throat since Monday');
    await waitForTurnEnd(first);
    expect((await widgetState(first)).answers[0]).toContain(plainStart);
    const [row] = await server.service.services.db.thread.findMany({ where: { visitorUserId: 'alice' } });
    expect(row).toBeDefined();

    // The phone has never seen this site: no stored thread. It signs alice in with a JWT.
    const second = await open(phone, 'alice', 'jwt');
    await acceptConsent(second);
    await expect.poll(() => myThreads(second).allInnerTexts()).toEqual([expect.stringContaining('sore throat since Monday')]);
    expect((await widgetState(second)).userMessages).toEqual([]);
    await myThreads(second).first().click();
    await expect.poll(async () => (await widgetState(second)).userMessages).toEqual(['sore throat since Monday']);
    expect((await widgetState(second)).answers[0]).toContain(plainStart);
    await sendMessage(second, 'and a fever now');
    await waitForTurnEnd(second);
    expect((await widgetState(second)).userMessages).toEqual(['sore throat since Monday', 'and a fever now']);
    expect(await server.service.services.db.message.count({ where: { threadId: row!.id, role: 'USER' } })).toBe(2);

    // After a reload the phone reopens the same conversation by itself.
    await second.reload();
    await expect.poll(async () => (await widgetState(second)).userMessages).toEqual(['sore throat since Monday', 'and a fever now']);

    // "New conversation" keeps the old one: it is in the list, next to the new one once written.
    await second.locator('triage-chat [part~="new-conversation"]').click();
    await expect.poll(() => myThreads(second).count()).toBe(1);
    await sendMessage(second, 'a rash on my arm');
    await waitForTurnEnd(second);
    await second.locator('triage-chat [part~="new-conversation"]').click();
    await expect.poll(() => myThreads(second).allInnerTexts()).toEqual([expect.stringContaining('a rash on my arm'), expect.stringContaining('sore throat since Monday')]);
    await Promise.all([first.close(), second.close()]);
  });

  it("shows another user on the same browser none of alice's conversations, and signs him in again when his session ends", async () => {
    const page = await open(phone, 'bob');
    await acceptConsent(page);
    await sendMessage(page, 'bob has a headache');
    await waitForTurnEnd(page);
    const state = await widgetState(page);
    expect(state.userMessages).toEqual(['bob has a headache']);

    // His session ends while the page is open (as a rotation ends it): the next message signs him in again.
    const db = server.service.services.db;
    expect(await db.visitorSession.deleteMany({ where: { userId: 'bob' } })).toEqual({ count: 1 });
    await server.service.services.bus.publishAccessChange();
    await sendMessage(page, 'bob still has it');
    await waitForTurnEnd(page);
    expect((await widgetState(page)).userMessages).toEqual(['bob has a headache', 'bob still has it']);
    expect(await db.visitorSession.count({ where: { userId: 'bob' } })).toBe(1);
    expect(await db.thread.count({ where: { visitorUserId: 'bob' } })).toBe(1);

    await page.locator('triage-chat [part~="new-conversation"]').click();
    await expect.poll(() => myThreads(page).allInnerTexts()).toEqual([expect.stringContaining('bob has a headache')]);
    expect(await myThreads(page).allInnerTexts()).not.toContainEqual(expect.stringContaining('sore throat'));
    // The list is as accessible as the rest of the widget.
    await page.addScriptTag({ path: path.join(ROOT, 'node_modules/axe-core/axe.min.js') });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(ctx: Document): Promise<AxeResults> } }).axe;
      return (await axe.run(document)).violations.map((v) => ({ id: v.id, impact: v.impact ?? '' }));
    });
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.close();
  });

  it('goes on anonymously after a forged proof, telling the page why and the visitor that nothing is kept with an account', async () => {
    const page = await open(laptop, 'alice', 'forged');
    await expect.poll(() => page.evaluate(() => (window as unknown as { __identityFailures: { code: string }[] }).__identityFailures)).toEqual([
      expect.objectContaining({ code: 'VISITOR_PROOF_INVALID' }),
    ]);
    await expect.poll(() => page.locator('triage-chat [part~="notice"]').innerText()).toContain("couldn't confirm that you're signed in");
    expect(await myThreads(page).count()).toBe(0);
    expect((await widgetState(page)).userMessages).toEqual([]);
    await acceptConsent(page);
    await sendMessage(page, 'forged visitor message');
    await waitForTurnEnd(page);
    const thread = await server.service.services.db.message.findFirstOrThrow({ where: { text: 'forged visitor message' }, include: { thread: true } });
    expect(thread.thread.visitorUserId).toBeNull();
    await page.close();
  });

  it('an anonymous visitor sees no list and keeps today\'s thread token', async () => {
    const page = await open(phone, '', 'none');
    await acceptConsent(page);
    await sendMessage(page, 'anonymous sore throat');
    await waitForTurnEnd(page);
    const stored = await page.evaluate(() => Object.values(localStorage).find((v) => v.includes('threadId')) ?? '');
    expect(stored).toMatch(/"token":"tt_/);
    await page.locator('triage-chat [part~="new-conversation"]').click();
    await page.locator('triage-chat [part~="confirm-yes"]').click(); // as today: starting over deletes it
    expect(await myThreads(page).count()).toBe(0);
    await page.close();
  });
});
