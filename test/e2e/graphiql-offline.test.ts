import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { launchBrowser, type Browser } from '../widget/browser.js';

/**
 * GraphiQL with no network: the page the development server advertises is opened in Chromium
 * with every request that is not for the service itself refused, and a query typed into it runs
 * and shows its result. Yoga's default page fetched GraphiQL from a CDN, so offline it showed
 * "YogaGraphiQL is not defined"; it now comes from @graphql-yoga/render-graphiql.
 */

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  // The run's Chroma, as every other test: without it the service launched its own on the
  // checkout's .data/chroma, and failed when another test's service had one running there.
  const env = { NODE_ENV: 'development', GRAPHIQL: 'true', CHROMA_URL: inject('chromaUrl'), CHROMA_COLLECTION: 'graphiql-offline' };
  [server, browser] = await Promise.all([startTestServer({ env }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('GraphiQL', () => {
  it('loads and runs a query with nothing but the service reachable', async () => {
    const origin = new URL(server.url).origin;
    const refused: string[] = [];
    // The whole context, workers included: anything not for the service never leaves Chromium.
    await browser.context.route('**/*', (route) => {
      const url = route.request().url();
      if (new URL(url).origin === origin) return route.continue();
      refused.push(url);
      return route.abort('internetdisconnected');
    });
    const page = await browser.context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await page.goto(`${server.graphqlUrl}?query=${encodeURIComponent('{ viewer { kind } }')}`);
    const run = page.getByRole('button', { name: /execute query/i });
    await run.waitFor({ timeout: 30_000 });
    // The editor is ready once it shows the query from the URL; running it earlier sends nothing.
    await page.locator('.graphiql-query-editor').getByText('viewer').first().waitFor({ timeout: 30_000 });
    const answered = page.waitForResponse((response) => response.url().startsWith(server.graphqlUrl) && response.request().method() === 'POST');
    await run.click();
    expect(await (await answered).json()).toEqual({ data: { viewer: { kind: 'anonymous' } } });
    await page.locator('.graphiql-response').getByText('"anonymous"').first().waitFor({ timeout: 30_000 });

    expect(refused).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 90_000);
});
