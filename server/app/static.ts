import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import Negotiator from 'negotiator';

/** One stored representation of the widget module. */
interface Encoded {
  body: Buffer;
  /** Content-Encoding, or null for identity. */
  encoding: 'br' | 'gzip' | null;
}

export interface StaticAssets {
  /** The widget bundle and its precompressed copies, or null when it has not been built. */
  widget: { code: Buffer; hash: string; encoded: Encoded[] } | null;
  /** Demo page template (development only), filled per request with `publicUrl`. */
  demoPage: string | null;
  /** The staff review page (REVIEW_PAGE): its HTML and built module, or null when it is off. */
  review: { page: string; code: { code: Buffer; hash: string } | null } | null;
  /** Base URL for the demo page's embed snippet; start-up sets it once the port is known. */
  publicUrl: string;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
export const WIDGET_DIR = path.join(ROOT, 'dist/widget');
export const REVIEW_DIR = path.join(ROOT, 'dist/review');

function readModule(file: string): { code: Buffer; hash: string } | null {
  const code = existsSync(file) ? readFileSync(file) : null;
  return code ? { code, hash: createHash('sha256').update(code).digest('hex').slice(0, 12) } : null;
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Reads the built widget (dist/widget/widget.js with the build's .br and .gz copies) and, in
 * development, the demo page template. A compressed copy is used only when it decompresses from
 * the same build (its hash is checked against the manifest), so a stale copy is never served.
 */
export function loadAssets(options: { publicUrl: string; siteKey: string | null; development: boolean; reviewPage: boolean; dir?: string }): StaticAssets {
  const dir = options.dir ?? WIDGET_DIR;
  const file = path.join(dir, 'widget.js');
  const code = existsSync(file) ? readFileSync(file) : null;
  let widget: StaticAssets['widget'] = null;
  if (code) {
    const hash = createHash('sha256').update(code).digest('hex').slice(0, 12);
    const manifest = readManifest(dir);
    const encoded: Encoded[] = [];
    if (manifest?.hash === hash) {
      for (const [ext, encoding] of [['br', 'br'], ['gz', 'gzip']] as const) {
        const p = `${file}.${ext}`;
        if (existsSync(p)) encoded.push({ body: readFileSync(p), encoding });
      }
    }
    encoded.push({ body: code, encoding: null });
    widget = { code, hash, encoded };
  }
  let demoPage: string | null = null;
  const template = path.join(ROOT, 'widget/demo.html');
  if (options.development && existsSync(template)) {
    demoPage = readFileSync(template, 'utf8').replaceAll('{{SITE_KEY}}', escapeHtml(options.siteKey ?? ''));
  }
  let review: StaticAssets['review'] = null;
  if (options.reviewPage) {
    const code = readModule(path.join(REVIEW_DIR, 'review.js'));
    const page = readFileSync(path.join(ROOT, 'review/index.html'), 'utf8').replaceAll('{{SCRIPT_SRC}}', code ? `/review.${code.hash}.js` : '/review.js');
    review = { page, code };
  }
  return { widget, demoPage, review, publicUrl: options.publicUrl };
}

/**
 * The review page shows health data to staff: nothing may frame it, load scripts from elsewhere,
 * send it anywhere but this server, or cache it; the staff key lives in the page's memory only.
 */
const REVIEW_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

function serveReview(req: IncomingMessage, res: ServerResponse, url: URL, review: NonNullable<StaticAssets['review']>): boolean {
  if (url.pathname === '/review' || url.pathname === '/review/') {
    res.writeHead(200, REVIEW_PAGE_HEADERS);
    res.end(req.method === 'HEAD' ? undefined : review.page);
    return true;
  }
  const versioned = /^\/review\.([0-9a-f]{12})\.js$/.exec(url.pathname);
  if (url.pathname !== '/review.js' && !versioned) return false;
  if (!review.code) {
    res.writeHead(503, { 'content-type': 'text/plain' });
    res.end('The review page is not built. Run `npm run build:review` (npm start does this).');
    return true;
  }
  if (versioned && versioned[1] !== review.code.hash) return false;
  res.writeHead(200, {
    'content-type': 'text/javascript; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'cache-control': versioned ? 'private, max-age=31536000, immutable' : 'no-cache',
    'content-length': review.code.code.length,
  });
  res.end(req.method === 'HEAD' ? undefined : review.code.code);
  return true;
}

/**
 * The demo page: its own widget loads from this server with relative URLs (right whatever host
 * name the page was opened with); the embed snippet it shows uses absolute URLs, so it works when
 * pasted into another site.
 */
export function fillDemoPage(template: string, publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, '');
  return template
    .replaceAll('{{WIDGET_SRC}}', '/widget.js')
    .replaceAll('{{ENDPOINT}}', '/graphql')
    .replaceAll('{{EMBED_WIDGET_SRC}}', escapeHtml(`${base}/widget.js`))
    .replaceAll('{{EMBED_ENDPOINT}}', escapeHtml(`${base}/graphql`));
}

function readManifest(dir: string): { hash?: string } | null {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { hash?: string };
  } catch {
    return null;
  }
}

/** negotiator 1.x takes a preference order for ties; its @types package predates that option. */
type EncodingNegotiator = { encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined };
const PREFERRED = ['br', 'gzip', 'identity'] as const;

/** True when the request's If-None-Match names this ETag (weak comparison, lists, `*`). */
function notModified(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * `/widget.js` is the stable URL sites embed (cached 5 minutes, then revalidated by ETag);
 * `/widget.<hash>.js` is the versioned URL (cached for a year, immutable). Both are sent brotli or
 * gzip compressed from the build's precompressed copies, as the browser's Accept-Encoding allows.
 */
export function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL, assets: StaticAssets): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (assets.review && serveReview(req, res, url, assets.review)) return true;
  const versioned = /^\/widget\.([0-9a-f]{12})\.js$/.exec(url.pathname);
  if (url.pathname === '/widget.js' || versioned) {
    const widget = assets.widget;
    if (!widget) {
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end('The widget is not built. Run `npm run build:widget` (npm start does this).');
      return true;
    }
    if (versioned && versioned[1] !== widget.hash) return false;
    const available = widget.encoded.map((e) => e.encoding ?? 'identity');
    // Among encodings the browser rates equally, ours decides (smallest first), not the header's order.
    const chosen = (new Negotiator(req) as unknown as EncodingNegotiator).encoding(available, { preferred: PREFERRED }) ?? 'identity';
    const representation = widget.encoded.find((e) => (e.encoding ?? 'identity') === chosen) ?? widget.encoded.at(-1)!;
    // Each encoding is its own representation, so each has its own validator.
    const etag = `"${widget.hash}${representation.encoding ? `-${representation.encoding}` : ''}"`;
    const headers: Record<string, string | number> = {
      'content-type': 'text/javascript; charset=utf-8',
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
      vary: 'Accept-Encoding',
      etag,
      'cache-control': versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300, must-revalidate',
    };
    if (representation.encoding) headers['content-encoding'] = representation.encoding;
    if (notModified(req, etag)) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    res.writeHead(200, { ...headers, 'content-length': representation.body.length });
    res.end(req.method === 'HEAD' ? undefined : representation.body);
    return true;
  }
  if (url.pathname === '/favicon.svg' || url.pathname === '/favicon.ico') {
    res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' });
    res.end(FAVICON);
    return true;
  }
  if (url.pathname === '/' && assets.demoPage) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(fillDemoPage(assets.demoPage, assets.publicUrl));
    return true;
  }
  return false;
}

/** The demo page's icon: a speech bubble in the widget's accent colour. */
const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" rx="5" fill="#005eb8"/>' +
  '<path fill="#fff" d="M5 6h14a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H10l-4 3v-3H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1z"/></svg>';
