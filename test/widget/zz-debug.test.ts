// TEMPORARY debugging file (deleted before handing over).
import { it } from 'vitest';
import { startTestServer } from '../support/server.js';
import { buildWidget, launchBrowser, routeDemo } from './browser.js';
import { scriptedRunner } from './runner.js';

it('debug', async () => {
  const { code } = await buildWidget();
  const runner = scriptedRunner();
  const server = await startTestServer({ runner });
  runner.origin = server.url;
  const browser = await launchBrowser();
  const url = await routeDemo(browser.context, { origin: server.url, graphqlUrl: server.graphqlUrl, siteKey: server.siteKey, widgetCode: code });
  const page = await browser.context.newPage();
  page.on('console', (m) => console.log('[console]', m.type(), m.text()));
  page.on('pageerror', (e) => console.log('[pageerror]', e));
  page.on('response', async (r) => { if (r.url().includes('graphql')) console.log('[http]', r.status(), (await r.text()).slice(0, 300)); });
  page.on('request', (r) => { if (r.url().includes('graphql')) console.log('[http>]', r.postData()?.slice(0, 200)); });
  page.on('websocket', (ws) => { ws.on('framesent', (f) => console.log('[ws>]', String(f.payload).slice(0, 300))); ws.on('framereceived', (f) => console.log('[ws<]', String(f.payload).slice(0, 300))); ws.on('close', () => console.log('[ws closed]')); });
  await page.goto(url);
  const input = page.locator('triage-chat textarea[part~="input"]');
  await input.fill('sore throat');
  await input.press('Enter');
  await page.waitForTimeout(3000);
  await browser.close();
  await server.close();
});
