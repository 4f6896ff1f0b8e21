import path from 'node:path';
import type { Page } from 'playwright-core';
import { build, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, launchBrowser, type Browser } from './browser.js';

/**
 * The markdown sanitiser (widget/src/markdown.ts) on its own. DOMPurify needs a real DOM, and the
 * browser's parser is the one an attacker targets, so this unit test runs in Chromium too: the
 * module is bundled on its own and called on a blank page.
 */

interface Rendered {
  html: string;
  tags: string[];
  links: { href: string | null; target: string | null; rel: string | null; text: string }[];
  text: string;
}

declare global {
  interface Window {
    TriageMarkdown: {
      renderMarkdown(src: string): DocumentFragment;
      sanitizeHtml(html: string): DocumentFragment;
    };
    __pwned?: string;
  }
}

let browser: Browser;
let page: Page;

beforeAll(async () => {
  const out = (await build({
    configFile: false,
    logLevel: 'error',
    build: {
      write: false,
      lib: { entry: path.join(ROOT, 'widget/src/markdown.ts'), formats: ['iife'], name: 'TriageMarkdown' },
    },
  })) as Rollup.RollupOutput[];
  const code = out[0]?.output[0]?.code;
  if (!code) throw new Error('markdown.ts did not build');
  browser = await launchBrowser();
  page = await browser.context.newPage();
  await page.setContent('<!doctype html><html><body><div id="out"></div></body></html>');
  await page.addScriptTag({ content: code });
});

afterAll(async () => {
  await browser?.close();
});

/** Renders in the page, inserts into the live document (so handlers would fire), and describes it. */
async function render(source: string, via: 'markdown' | 'html' = 'markdown'): Promise<Rendered> {
  return page.evaluate(
    async ([src, mode]) => {
      const frag = mode === 'html' ? window.TriageMarkdown.sanitizeHtml(src) : window.TriageMarkdown.renderMarkdown(src);
      const out = document.getElementById('out')!;
      out.replaceChildren(frag);
      await new Promise((r) => setTimeout(r, 50)); // give onerror/onload a chance
      return {
        html: out.innerHTML,
        tags: Array.from(out.querySelectorAll('*'), (e) => e.tagName.toLowerCase()),
        links: Array.from(out.querySelectorAll('a'), (a) => ({
          href: a.getAttribute('href'),
          target: a.getAttribute('target'),
          rel: a.getAttribute('rel'),
          text: a.textContent ?? '',
        })),
        text: out.textContent ?? '',
      };
    },
    [source, via] as const,
  );
}

const DANGEROUS_TAGS = ['script', 'img', 'iframe', 'style', 'form', 'input', 'svg', 'math', 'object', 'embed', 'link', 'meta', 'base', 'video', 'audio'];

describe('markdown sanitiser', () => {
  it('renders ordinary markdown as structure', async () => {
    const r = await render('# Advice\n\n**Rest** and *fluids*.\n\n- one\n- two\n\n1. first\n\n`code`\n\n> quote');
    expect(r.tags).toEqual(expect.arrayContaining(['h3', 'strong', 'em', 'ul', 'li', 'ol', 'code', 'blockquote']));
    expect(r.tags).not.toContain('h1'); // demoted below the widget's own h2
  });

  it('shows raw HTML from the model as text and runs none of it', async () => {
    const r = await render('a <img src=x onerror="window.__pwned=\'img\'"> b <script>window.__pwned="script"</script> <iframe src="javascript:parent.__pwned=1"></iframe> <style>*{display:none}</style> <form action="https://evil.example"><input></form>');
    expect(r.tags.filter((t) => DANGEROUS_TAGS.includes(t))).toEqual([]);
    expect(r.text).toContain('<img src=x onerror=');
    expect(r.text).toContain('<script>');
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  });

  it('never loads images: markdown images become plain links', async () => {
    const r = await render('![chart](https://tracker.example/p.png) ![x](javascript:alert(1))');
    expect(r.tags).not.toContain('img');
    expect(r.links).toEqual([{ href: 'https://tracker.example/p.png', target: '_blank', rel: 'noopener noreferrer', text: 'chart' }]);
    expect(r.text).toContain('x');
  });

  it('keeps only http(s), mailto and tel links, opened safely in a new tab', async () => {
    const r = await render(
      '[a](https://www.nhs.uk/) [b](http://example.com) [c](mailto:gp@example.com) [d](tel:111) ' +
        '[e](javascript:alert(1)) [f](data:text/html,<b>x</b>) [g](/relative) [h](vbscript:x) https://auto.example/link',
    );
    const byText = Object.fromEntries(r.links.map((l) => [l.text, l]));
    for (const t of ['a', 'b', 'c', 'd']) {
      expect(byText[t]).toMatchObject({ target: '_blank', rel: 'noopener noreferrer' });
    }
    expect(byText.a?.href).toBe('https://www.nhs.uk/');
    expect(byText.d?.href).toBe('tel:111');
    for (const t of ['e', 'f', 'g', 'h']) expect(byText[t]?.href ?? null).toBeNull();
    expect(byText['https://auto.example/link']?.href).toBe('https://auto.example/link');
  });

  it('second layer: DOMPurify alone strips scripts, handlers, styles and unsafe URLs', async () => {
    const r = await render(
      '<p style="position:fixed" onclick="window.__pwned=1" class="x" id="y">hi</p>' +
        '<img src=x onerror="window.__pwned=2"><svg><script>window.__pwned=3</script></svg>' +
        '<a href="javascript:window.__pwned=4">j</a><a href="https://ok.example" target="_self">ok</a>' +
        '<math><mi xlink:href="javascript:alert(1)">m</mi></math><form><button formaction="javascript:alert(1)">b</button></form>' +
        '<details open ontoggle="window.__pwned=5">d</details>',
      'html',
    );
    expect(r.tags.filter((t) => DANGEROUS_TAGS.includes(t) || t === 'button' || t === 'details')).toEqual([]);
    expect(r.html).not.toMatch(/\s(on\w+|style|class|id|formaction)=/i);
    expect(r.links).toEqual([
      { href: null, target: null, rel: null, text: 'j' },
      { href: 'https://ok.example', target: '_blank', rel: 'noopener noreferrer', text: 'ok' },
    ]);
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  });

  it('copes with partial markdown mid-stream', async () => {
    const r = await render('Some **bold text that has not closed yet and a [link](https://www.nh');
    expect(r.text).toContain('Some');
    expect(r.tags.filter((t) => DANGEROUS_TAGS.includes(t))).toEqual([]);
  });
});
