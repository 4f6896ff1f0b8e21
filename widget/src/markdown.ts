import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import { Marked, type Tokens } from 'marked';

/**
 * Model output → safe DOM. The answer is written by a language model that read user text, so it is
 * treated as hostile: it must never run script, load anything remote (images, styles, frames,
 * fonts), submit a form or restyle the widget. Two layers:
 *  1. marked renders raw HTML as visible escaped text and images as plain links, so nothing
 *     executable or remote is produced in the first place (and the user sees what the model wrote);
 *  2. DOMPurify, with an allow-list of inert formatting tags, is the guarantee if layer 1 ever
 *     misses something (a marked bug, a new token type).
 * The result is a DocumentFragment, not a string, so the sanitised tree is never parsed again
 * (re-parsing sanitised HTML is where mutation-XSS lives).
 */

const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'strong', 'em', 'b', 'i', 'del', 's', 'code', 'pre', 'blockquote',
  'ul', 'ol', 'li', 'a', 'h3', 'h4', 'h5', 'h6',
  'table', 'thead', 'tbody', 'tr', 'th', 'td',
];
const ALLOWED_ATTR = ['href', 'title', 'start', 'align'];
/** Link schemes a patient may reasonably be sent to; everything else (javascript:, data:, relative) loses its href. */
const SAFE_URL = /^(?:https?:|mailto:|tel:)/i;

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const marked = new Marked({
  gfm: true,
  // Chat text uses single newlines as line breaks; without this a list of symptoms collapses.
  breaks: true,
  async: false,
  renderer: {
    // Raw HTML in model output is shown, not interpreted.
    html({ text }: Tokens.HTML | Tokens.Tag): string {
      return escapeHtml(text);
    },
    // Never fetch an image; keep the information as a link the user chooses to follow.
    image({ href, text }: Tokens.Image): string {
      const label = escapeHtml(text || href);
      return SAFE_URL.test(href) ? `<a href="${escapeHtml(href)}">${label}</a>` : label;
    },
    // The widget's own title is an h2, so answer headings start at h3 to keep the outline sane.
    heading({ tokens, depth }: Tokens.Heading): string {
      const level = Math.min(6, depth + 2);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
  },
});

const PURIFY_CONFIG: Config & { RETURN_DOM_FRAGMENT: true } = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOWED_URI_REGEXP: SAFE_URL,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // Belt and braces: these are already outside the allow-list, but naming them documents intent.
  FORBID_TAGS: ['script', 'style', 'img', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'svg', 'math', 'link', 'meta', 'base', 'video', 'audio', 'source'],
  FORBID_ATTR: ['style', 'srcset', 'src', 'action', 'formaction', 'id', 'name', 'class'],
  RETURN_DOM_FRAGMENT: true,
};

let purifier: Purifier | undefined;

/** Our own DOMPurify instance, so our hook never leaks into (or picks up) a host page's copy. */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    // Links leave the host page in a new tab that cannot reach back (opener) or learn where it came from.
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = p;
  return p;
}

/** The second layer on its own: any HTML → a fragment of inert, allow-listed formatting. */
export function sanitizeHtml(html: string): DocumentFragment {
  return getPurifier().sanitize(html, PURIFY_CONFIG);
}

/** Markdown (possibly partial, mid-stream) → sanitised fragment ready to insert. */
export function renderMarkdown(source: string): DocumentFragment {
  return sanitizeHtml(marked.parse(source, { async: false }));
}

/** What a screen reader should hear for an answer: its text, without markup. */
export function markdownToText(source: string): string {
  return (renderMarkdown(source).textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Only http(s) URLs become links for sources; anything else is shown as text. */
export function safeHttpUrl(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}
