import path from 'node:path';
import type { Page } from 'playwright-core';
import { build, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, launchBrowser, type Browser } from './browser.js';

/**
 * The markdown renderer (widget/src/markdown.ts) on its own, in Chromium: streaming-markdown
 * tokens become allow-listed elements and text nodes (HTML is never parsed), and links pass the
 * link policy. The module is bundled on its own and called on a blank page.
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
      renderMarkdown(src: string, policy: { hosts: string[]; domains: string[] }): HTMLElement;
      MarkdownView: new (root: HTMLElement, policy: { hosts: string[]; domains: string[] }) => { update(text: string, final: boolean): void };
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

/** Renders in the page (whole, or streamed in small chunks), inserts into the live document (so handlers would fire), and describes it. */
async function render(source: string, via: 'whole' | 'stream' = 'whole'): Promise<Rendered> {
  return page.evaluate(
    async ([src, mode]) => {
      const out = document.getElementById('out')!;
      const policy = { hosts: [], domains: ['clinic.example'] };
      if (mode === 'stream') {
        const root = document.createElement('div');
        const view = new window.TriageMarkdown.MarkdownView(root, policy);
        for (let i = 1; i <= src.length; i += 3) view.update(src.slice(0, i), false);
        view.update(src, true);
        out.replaceChildren(...Array.from(root.childNodes));
      } else {
        out.replaceChildren(...Array.from(window.TriageMarkdown.renderMarkdown(src, policy).childNodes));
      }
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

  it('never loads images: an image becomes a link (when its host is allowed) or its alt text', async () => {
    const r = await render('![NHS chart](https://www.nhs.uk/p.png) ![tracker](https://tracker.example/p.png) ![x](javascript:alert(1))');
    expect(r.tags).not.toContain('img');
    expect(r.links).toEqual([
      { href: 'https://www.nhs.uk/p.png', target: '_blank', rel: 'noopener noreferrer', text: 'NHS chart' },
      { href: null, target: null, rel: null, text: 'tracker' },
      { href: null, target: null, rel: null, text: 'x' },
    ]);
  });

  it('links only to allowed https hosts (new tab), tel: and mailto: (in place); everything else stays text', async () => {
    const r = await render(
      '[a](https://www.nhs.uk/) [b](http://www.nhs.uk/) [c](mailto:gp@example.com) [d](tel:111) [e](javascript:alert(1)) ' +
        '[f](data:text/html,<b>x</b>) [g](/relative) [h](vbscript:x) [i](https://sub.clinic.example/x) [j](https://evil.example/) ' +
        '[k](https://user:pw@www.nhs.uk/) https://auto.example/link',
    );
    const byText = Object.fromEntries(r.links.map((l) => [l.text, l]));
    expect(byText.a).toMatchObject({ href: 'https://www.nhs.uk/', target: '_blank', rel: 'noopener noreferrer' });
    expect(byText.i).toMatchObject({ href: 'https://sub.clinic.example/x', target: '_blank' });
    expect(byText.c).toMatchObject({ href: 'mailto:gp@example.com', target: null, rel: null });
    expect(byText.d).toMatchObject({ href: 'tel:111', target: null, rel: null });
    for (const t of ['b', 'e', 'f', 'g', 'h', 'j', 'k', 'https://auto.example/link']) expect(byText[t]?.href ?? null, t).toBeNull();
  });

  it('never carries attributes from the text: no handlers, styles, classes or ids, whatever the markdown says', async () => {
    const r = await render('# Title {onclick=x}\n\n*a* **b** `c` [d](https://www.nhs.uk/ "title onclick=alert(1)")\n\n| h |\n|---|\n| <b onclick=x>c</b> |');
    // Inside tags only (the text itself may say "onclick=").
    expect(r.html).not.toMatch(/<[^>]*\s(on\w+|style|class|id|title)=/i);
    expect(r.tags.filter((t) => DANGEROUS_TAGS.includes(t))).toEqual([]);
    expect(r.tags).toEqual(expect.arrayContaining(['h3', 'em', 'strong', 'code', 'table']));
  });

  it('streams: chunk by chunk gives the same result as the whole text', async () => {
    const source = 'It sounds like a **sore throat**, which gets better.\n\n- fluids\n- rest\n\nSee the [NHS page](https://www.nhs.uk/conditions/sore-throat/).';
    const whole = await render(source);
    const streamed = await render(source, 'stream');
    expect(streamed.html).toBe(whole.html);
  });

  it('copes with partial markdown mid-stream', async () => {
    const r = await render('Some **bold text that has not closed yet and a [link](https://www.nh');
    expect(r.text).toContain('Some');
    expect(r.tags.filter((t) => DANGEROUS_TAGS.includes(t))).toEqual([]);
  });
});
