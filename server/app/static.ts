import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

export interface StaticAssets {
  /** The widget bundle, or null when it has not been built. */
  widget: { code: Buffer; hash: string } | null;
  /** Demo page HTML (development only), placeholders filled. */
  demoPage: string | null;
  /** The staff review page (REVIEW_PAGE): its HTML and built module, or null when it is off. */
  review: { page: string; code: { code: Buffer; hash: string } | null } | null;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
export const WIDGET_DIR = path.join(ROOT, 'dist/widget');
export const REVIEW_DIR = path.join(ROOT, 'dist/review');

function readModule(file: string): { code: Buffer; hash: string } | null {
  const code = existsSync(file) ? readFileSync(file) : null;
  return code ? { code, hash: createHash('sha256').update(code).digest('hex').slice(0, 12) } : null;
}

/** Reads the built widget (dist/widget/widget.js) and, in development, the demo page template. */
export function loadAssets(options: { publicUrl: string; siteKey: string | null; development: boolean; reviewPage: boolean }): StaticAssets {
  const widget = readModule(path.join(WIDGET_DIR, 'widget.js'));
  let demoPage: string | null = null;
  const template = path.join(ROOT, 'widget/demo.html');
  if (options.development && existsSync(template)) {
    demoPage = readFileSync(template, 'utf8')
      .replaceAll('{{WIDGET_SRC}}', widget ? `/widget.${widget.hash}.js` : '/widget.js')
      .replaceAll('{{ENDPOINT}}', '/graphql') // relative: right whatever host and port the page was served from
      .replaceAll('{{SITE_KEY}}', options.siteKey ?? '');
  }
  let review: StaticAssets['review'] = null;
  if (options.reviewPage) {
    const code = readModule(path.join(REVIEW_DIR, 'review.js'));
    const page = readFileSync(path.join(ROOT, 'review/index.html'), 'utf8').replaceAll('{{SCRIPT_SRC}}', code ? `/review.${code.hash}.js` : '/review.js');
    review = { page, code };
  }
  return { widget, demoPage, review };
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
 * `/widget.js` is the stable URL sites embed (short cache, revalidated by ETag);
 * `/widget.<hash>.js` is the versioned URL (cached for a year, immutable).
 */
export function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL, assets: StaticAssets): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (assets.review && serveReview(req, res, url, assets.review)) return true;
  const versioned = /^\/widget\.([0-9a-f]{12})\.js$/.exec(url.pathname);
  if (url.pathname === '/widget.js' || versioned) {
    if (!assets.widget) {
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end('The widget is not built. Run `npm run build:widget` (npm start does this).');
      return true;
    }
    if (versioned && versioned[1] !== assets.widget.hash) return false;
    const etag = `"${assets.widget.hash}"`;
    const headers = {
      'content-type': 'text/javascript; charset=utf-8',
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      etag,
      'cache-control': versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300, must-revalidate',
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    res.writeHead(200, { ...headers, 'content-length': assets.widget.code.length });
    res.end(req.method === 'HEAD' ? undefined : assets.widget.code);
    return true;
  }
  if (url.pathname === '/' && assets.demoPage) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(assets.demoPage);
    return true;
  }
  return false;
}
