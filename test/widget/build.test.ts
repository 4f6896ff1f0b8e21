import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_BUDGET_GZIP_BYTES } from '../../widget/vite.config.js';
import type { WidgetManifest } from '../../widget/budget.js';
import { buildWidget, launchBrowser, type Browser } from './browser.js';

/** The embeddable bundle: one ES module within budget, a manifest the server can trust, safe to load twice. */

let built: Awaited<ReturnType<typeof buildWidget>>;

beforeAll(async () => {
  built = await buildWidget();
});

describe('widget bundle', () => {
  it('is exactly one self-contained ES module plus manifest.json', () => {
    expect(built.files).toEqual(['manifest.json', 'widget.js']);
    expect(built.code).toMatch(/\bcustomElements\.define\b/);
    expect(built.code).not.toMatch(/^import\s|\bimport\(|require\(/m); // nothing left to fetch
    expect(built.code).not.toContain('Lit is in dev mode');
    expect(built.code).not.toContain('process.env');
  });

  it('manifest gives the content hash, the versioned name, SRI and sizes', () => {
    const m = built.manifest as WidgetManifest;
    const bytes = Buffer.from(built.code, 'utf8');
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
    expect(m).toEqual({
      file: 'widget.js',
      hash,
      versionedFile: `widget.${hash}.js`,
      integrity: `sha384-${createHash('sha384').update(bytes).digest('base64')}`,
      bytes: bytes.length,
      gzipBytes: gzipSync(bytes, { level: 9 }).length,
      budgetGzipBytes: WIDGET_BUDGET_GZIP_BYTES,
    });
    expect(m.gzipBytes).toBeLessThanOrEqual(60 * 1024);
  });

  it('fails the build when the gzipped module is over budget', async () => {
    await expect(buildWidget({ budgetGzipBytes: 10_000 })).rejects.toThrow(/over budget/);
  });
});

describe('loading the module', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('can be loaded twice (/widget.js and /widget.<hash>.js) and explains a missing configuration', async () => {
    const origin = 'http://widget.test';
    await browser.context.route(`${origin}/**`, (route) => {
      const p = new URL(route.request().url()).pathname;
      if (p === '/') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>t</title><triage-chat></triage-chat>' });
      return route.fulfill({ contentType: 'text/javascript', body: built.code });
    });
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${origin}/`);
    await page.addScriptTag({ url: `${origin}/widget.js`, type: 'module' });
    await page.addScriptTag({ url: `${origin}/widget.0123456789ab.js`, type: 'module' });
    await expect.poll(() => page.evaluate(() => !!customElements.get('triage-chat'))).toBe(true);
    await expect.poll(() => page.locator('triage-chat [role="alert"]').innerText()).toContain('missing its endpoint or site-key');
    expect(errors).toEqual([]);
    await page.close();
  });
});
