import { createHash } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_BUDGET_BYTES } from '../../widget/vite.config.js';
import type { WidgetManifest } from '../../widget/budget.js';
import { fillDemoPage, loadAssets, serveStatic, type StaticAssets } from '../../server/app/static.js';
import { buildWidget, launchBrowser, type Browser } from './browser.js';

/**
 * Delivery: one ES module within 40 KB on the wire (gzip and brotli, enforced by the build), served
 * precompressed as the browser asks, with a content-hashed immutable URL and ETag revalidation.
 */

let built: Awaited<ReturnType<typeof buildWidget>>;
let assets: StaticAssets;
let server: Server;
let base: string;

beforeAll(async () => {
  built = await buildWidget({ keep: true });
  assets = loadAssets({ publicUrl: 'https://triage.example', siteKey: 'pk_demo', development: true, reviewPage: false, dir: built.outDir });
  server = createServer((req, res) => {
    if (!serveStatic(req, res, new URL(req.url ?? '/', 'http://localhost'), assets)) {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  if (built) await rm(built.outDir, { recursive: true, force: true });
});

describe('widget bundle', () => {
  it('is one self-contained ES module, its brotli and gzip copies, and manifest.json', () => {
    expect(built.files).toEqual(['manifest.json', 'widget.js', 'widget.js.br', 'widget.js.gz']);
    expect(built.code).toMatch(/\bcustomElements\.define\b/);
    expect(built.code).not.toMatch(/^import\s|\bimport\(|require\(/m); // nothing left to fetch
    expect(built.code).not.toContain('Lit is in dev mode');
    expect(built.code).not.toContain('process.env');
    // Persisted operations: the bundle carries ids, never a GraphQL document.
    expect(built.code).not.toMatch(/subscription WidgetTurnEvents|mutation WidgetSendMessage|query WidgetThread/);
    expect(built.code).toMatch(/sha256Hash/);
    expect(gunzipSync(built.gzip).toString('utf8')).toBe(built.code);
    expect(brotliDecompressSync(built.brotli).toString('utf8')).toBe(built.code);
  });

  it('manifest gives the content hash, the versioned name, SRI and sizes, all within 40 KB on the wire', () => {
    const m = built.manifest as WidgetManifest;
    const bytes = Buffer.from(built.code, 'utf8');
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
    expect(m).toEqual({
      file: 'widget.js',
      hash,
      versionedFile: `widget.${hash}.js`,
      integrity: `sha384-${createHash('sha384').update(bytes).digest('base64')}`,
      bytes: bytes.length,
      gzipBytes: built.gzip.length,
      brotliBytes: built.brotli.length,
      budgetBytes: WIDGET_BUDGET_BYTES,
    });
    expect(WIDGET_BUDGET_BYTES).toBe(40_000);
    expect(m.gzipBytes).toBeLessThanOrEqual(40_000);
    expect(m.brotliBytes).toBeLessThanOrEqual(40_000);
    console.log(`widget bundle: ${m.bytes} B raw, ${m.gzipBytes} B gzip, ${m.brotliBytes} B brotli`);
  });

  it('fails the build when a compressed copy is over budget', async () => {
    await expect(buildWidget({ budgetBytes: 10_000 })).rejects.toThrow(/over budget/);
  });
});

describe('serving the bundle', () => {
  /** A raw GET (fetch would decode the body): status, headers and the bytes as sent. */
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: { get(name: string): string | null }; body: Buffer; text(): Promise<string> }>((resolve, reject) => {
      request(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: { get: (name) => (res.headers[name.toLowerCase()] as string | undefined) ?? null },
            body,
            text: async () => body.toString('utf8'),
          });
        });
      })
        .on('error', reject)
        .end();
    });

  it('sends brotli, gzip or the plain module as the browser accepts, each with its own ETag', async () => {
    const br = await get('/widget.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(Number(br.headers.get('content-length'))).toBe(built.brotli.length);
    expect(br.body).toEqual(built.brotli);

    const gz = await get('/widget.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(Number(gz.headers.get('content-length'))).toBe(built.gzip.length);

    const plain = await get('/widget.js', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(built.code);

    const tags = new Set([br, gz, plain].map((r) => r.headers.get('etag')));
    expect(tags.size).toBe(3);
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('caches the stable URL briefly with revalidation, and the content-hashed URL for a year', async () => {
    const m = built.manifest as WidgetManifest;
    const stable = await get('/widget.js', { 'accept-encoding': 'br' });
    expect(stable.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    const etag = stable.headers.get('etag')!;
    expect(etag).toBe(`"${m.hash}-br"`);
    const again = await get('/widget.js', { 'accept-encoding': 'br', 'if-none-match': `W/${etag}, "other"` });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // Another encoding is another representation: no 304 for it.
    expect((await get('/widget.js', { 'accept-encoding': 'gzip', 'if-none-match': etag })).status).toBe(200);

    const versioned = await get(`/${m.versionedFile}`, { 'accept-encoding': 'br' });
    expect(versioned.status).toBe(200);
    expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/widget.000000000000.js')).status).toBe(404);
  });

  it('serves the demo page with an absolute, async embed snippet and a favicon', async () => {
    const page = await (await get('/')).text();
    expect(page).toContain('&lt;script type="module" async src="https://triage.example/widget.js"&gt;&lt;/script&gt;');
    expect(page).toContain('endpoint="https://triage.example/graphql" site-key="pk_demo"');
    expect(page).toContain('<link rel="icon" href="/favicon.svg"');
    expect(page).not.toMatch(/\{\{\w+\}\}/);
    const icon = await get('/favicon.svg');
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(fillDemoPage('{{EMBED_ENDPOINT}}', 'https://a.example/')).toBe('https://a.example/graphql');
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

  it('reaches Chromium compressed, can be loaded twice, and explains a missing configuration', async () => {
    const page = await browser.context.newPage();
    const encodings: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/widget')) encodings.push(r.headers()['content-encoding'] ?? 'identity');
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route(`${base}/test`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>t</title><triage-chat></triage-chat>' }),
    );
    await page.goto(`${base}/test`);
    const m = built.manifest as WidgetManifest;
    await page.addScriptTag({ url: `${base}/widget.js`, type: 'module' });
    await page.addScriptTag({ url: `${base}/${m.versionedFile}`, type: 'module' });
    await expect.poll(() => page.evaluate(() => !!customElements.get('triage-chat'))).toBe(true);
    await expect.poll(() => page.locator('triage-chat [role="alert"]').first().innerText()).toContain('missing its endpoint or site-key');
    expect(errors).toEqual([]);
    // Chromium asks for gzip over plain http (brotli only over https): either way, compressed.
    expect(encodings.length).toBe(2);
    for (const e of encodings) expect(['br', 'gzip']).toContain(e);
    await page.close();
  });
});
