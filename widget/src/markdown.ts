import * as smd from 'streaming-markdown';
import { linkTarget, type LinkPolicy } from './links.js';

/**
 * Model output → DOM, safely and incrementally. The answer is written by a language model that
 * read user text, so it is hostile: it must never run script, load anything remote, submit a form,
 * restyle the widget or send the visitor to a site nobody chose.
 *
 * streaming-markdown parses the markdown (as it streams, appending only the new characters) and
 * calls this renderer for each token. The renderer never parses HTML: it creates elements from a
 * fixed allow-list with `createElement` and puts every piece of text in a text node, so raw HTML in
 * the answer is shown as the characters the model wrote, and there is nothing to sanitise
 * afterwards. The only values that reach attributes are link targets, which pass `linkTarget`
 * (tel:, mailto:, https: on an allowed host) or are dropped, leaving the label as plain text.
 */

/** Token → element name. Headings start at h3 (the widget's title is an h2). */
const TAG: Partial<Record<smd.Token, string>> = {
  [smd.BLOCKQUOTE]: 'blockquote',
  [smd.PARAGRAPH]: 'p',
  [smd.LINE_BREAK]: 'br',
  [smd.RULE]: 'hr',
  [smd.HEADING_1]: 'h3',
  [smd.HEADING_2]: 'h4',
  [smd.HEADING_3]: 'h5',
  [smd.HEADING_4]: 'h6',
  [smd.HEADING_5]: 'h6',
  [smd.HEADING_6]: 'h6',
  [smd.ITALIC_AST]: 'em',
  [smd.ITALIC_UND]: 'em',
  [smd.STRONG_AST]: 'strong',
  [smd.STRONG_UND]: 'strong',
  [smd.STRIKE]: 's',
  [smd.CODE_INLINE]: 'code',
  // Links and images start without a target; set_attr gives them one only if it passes the policy.
  // An image is never loaded: it becomes a link labelled with its alt text.
  [smd.LINK]: 'a',
  [smd.RAW_URL]: 'a',
  [smd.IMAGE]: 'a',
  [smd.LIST_UNORDERED]: 'ul',
  [smd.LIST_ORDERED]: 'ol',
  [smd.LIST_ITEM]: 'li',
  [smd.TABLE]: 'table',
  [smd.TABLE_ROW]: 'tr',
};

interface RenderState {
  nodes: Element[];
  policy: LinkPolicy;
}

function addToken(data: RenderState, type: smd.Token): void {
  if (type === smd.DOCUMENT) return;
  let parent = data.nodes.at(-1)!;
  let tag = TAG[type] ?? 'span';
  if (type === smd.CODE_BLOCK || type === smd.CODE_FENCE) {
    parent = parent.appendChild(document.createElement('pre'));
    tag = 'code';
  } else if (type === smd.TABLE_ROW) {
    // First row is the header; later rows go to one tbody.
    const section = parent.children.length === 0 ? 'thead' : 'tbody';
    parent = parent.querySelector(`:scope > ${section}`) ?? parent.appendChild(document.createElement(section));
  } else if (type === smd.TABLE_CELL) {
    tag = parent.parentElement?.tagName === 'THEAD' ? 'th' : 'td';
  } else if (type === smd.CHECKBOX) {
    // A task-list box is shown as a character; an <input> would be a form control in an answer.
    parent.appendChild(document.createTextNode('☐ '));
  }
  data.nodes.push(parent.appendChild(document.createElement(tag)));
}

function endToken(data: RenderState): void {
  if (data.nodes.length > 1) data.nodes.pop();
}

function addText(data: RenderState, text: string): void {
  data.nodes.at(-1)!.appendChild(document.createTextNode(text));
}

function setAttr(data: RenderState, type: smd.Attr, value: string): void {
  const node = data.nodes.at(-1)!;
  if ((type === smd.HREF || type === smd.SRC) && node.tagName === 'A') {
    const target = linkTarget(value, data.policy);
    if (!target) return;
    node.setAttribute('href', target.href);
    if (target.newTab) {
      node.setAttribute('target', '_blank');
      // The new tab cannot reach back into the page (opener) or learn where it came from.
      node.setAttribute('rel', 'noopener noreferrer');
    }
  } else if (type === smd.START && node.tagName === 'OL' && /^\d{1,6}$/.test(value)) {
    node.setAttribute('start', value);
  }
}

/**
 * One answer's rendering. `update` is called with the whole text so far; when it extends what was
 * rendered, only the new characters are parsed (streaming); otherwise (the stored answer differs
 * from the stream, e.g. a safety rewrite) it starts again.
 */
export class MarkdownView {
  private parser!: smd.Parser;
  private written = '';
  private ended = false;

  constructor(
    readonly root: HTMLElement,
    private readonly policy: LinkPolicy,
  ) {
    this.reset();
  }

  private reset(): void {
    this.root.replaceChildren();
    this.written = '';
    this.ended = false;
    const data: RenderState = { nodes: [this.root], policy: this.policy };
    this.parser = smd.parser({ data, add_token: addToken, end_token: endToken, add_text: addText, set_attr: setAttr });
  }

  /** Renders `text`; `final` flushes what the parser holds back while it waits for more. */
  update(text: string, final: boolean): void {
    if (this.ended || !text.startsWith(this.written)) {
      if (text === this.written && this.ended) return;
      this.reset();
    }
    const rest = text.slice(this.written.length);
    if (rest) smd.parser_write(this.parser, rest);
    this.written = text;
    if (final) {
      smd.parser_end(this.parser);
      this.ended = true;
    }
  }
}

/** Renders a complete markdown text into a new element (history, plain-text extraction, tests). */
export function renderMarkdown(text: string, policy: LinkPolicy): HTMLElement {
  const root = document.createElement('div');
  new MarkdownView(root, policy).update(text, true);
  return root;
}

/** What a screen reader should hear, or the clipboard get, for an answer: its text without markup. */
export function markdownToText(text: string): string {
  const root = renderMarkdown(text, { hosts: [], domains: [] });
  // Block elements end with a line break so list items and paragraphs do not run together.
  for (const el of Array.from(root.querySelectorAll('p, li, h3, h4, h5, h6, blockquote, pre, tr, br'))) el.after('\n');
  return (root.textContent ?? '').replace(/[ \t]+/g, ' ').replace(/\n{3,}/g, '\n\n').trim();
}
