import { sourceHosts } from '../../widget/src/links.js';
import { renderMarkdown } from '../../widget/src/markdown.js';

/**
 * Assistant text as the widget shows it: the widget's own renderer (streaming-markdown into DOM
 * built with createElement and text nodes, never HTML parsing), and the widget's link policy for an
 * answer (NHS pages and the hosts of the turn's sources; anything else stays as its label).
 *
 * Rendered nodes are kept per slot and text so a re-render of the page (typing in the review form)
 * reuses them rather than rebuilding, and each slot gets its own node: one DOM node cannot be
 * shown in two places, and the answer is often the same text as the last assistant message.
 */
export class MarkdownPanes {
  private nodes = new Map<string, HTMLElement>();

  render(slot: string, text: string, sourceUrls: readonly string[]): HTMLElement {
    const key = JSON.stringify([slot, text, sourceUrls]);
    let node = this.nodes.get(key);
    if (!node) {
      node = renderMarkdown(text, { hosts: sourceHosts(sourceUrls), domains: [] });
      node.className = 'markdown';
      this.nodes.set(key, node);
    }
    return node;
  }

  /** Another turn is shown: what was rendered for the last one is let go. */
  clear(): void {
    this.nodes.clear();
  }
}
