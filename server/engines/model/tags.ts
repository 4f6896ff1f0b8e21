/**
 * Splits a token stream on `<open>...</close>` sections when the tags can arrive split across
 * chunks (`<thi` + `nk>`): text that might be the start of a tag is held back until it is known.
 * Used for `<think>` in hosted reasoning models' content and for Hermes-style `<tool_call>`
 * blocks that a server without a tool parser leaves in the content.
 */

export interface Segment {
  /** True for text between the tags. */
  inside: boolean;
  text: string;
  /** True on the (possibly empty) segment that ends an inside section at its closing tag. */
  closed?: boolean;
}

export class TagSplitter {
  private pending = '';
  private inside = false;

  constructor(
    private readonly open: string,
    private readonly close: string,
  ) {}

  /** Whether the stream is currently inside a section. */
  get isInside(): boolean {
    return this.inside;
  }

  push(chunk: string): Segment[] {
    this.pending += chunk;
    const out: Segment[] = [];
    for (;;) {
      const tag = this.inside ? this.close : this.open;
      const at = this.pending.indexOf(tag);
      if (at !== -1) {
        const before = this.pending.slice(0, at);
        if (this.inside) out.push({ inside: true, text: before, closed: true });
        else if (before) out.push({ inside: false, text: before });
        this.pending = this.pending.slice(at + tag.length);
        this.inside = !this.inside;
        continue;
      }
      const keep = partialSuffix(this.pending, tag);
      const ready = this.pending.slice(0, this.pending.length - keep);
      if (ready) out.push({ inside: this.inside, text: ready });
      this.pending = this.pending.slice(this.pending.length - keep);
      return out;
    }
  }

  /** Flushes what was held back (an unterminated section stays inside, without `closed`). */
  end(): Segment[] {
    const rest = this.pending;
    this.pending = '';
    return rest ? [{ inside: this.inside, text: rest }] : [];
  }
}

/** Length of the longest suffix of `text` that is a proper prefix of `tag`. */
function partialSuffix(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
    if (text.endsWith(tag.slice(0, n))) return n;
  }
  return 0;
}
