import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ConditionPage } from '../knowledge/types.js';
import { parseJsonLines } from '../jsonl.js';

/**
 * Source documents (a condition page, or one record of a JSONL corpus) and the chunks they are
 * split into: one chunk per section, plus for condition pages a summary chunk made of the title and
 * the lay symptom terms and synonyms, so that patients' everyday words ("tummy", "throwing up")
 * match the page even where its prose uses other words.
 */

/** Bump when chunking changes: every document hash changes with it, so ingest redoes all chunks. */
export const CHUNKING_VERSION = 'chunks-v2';

/** Section name of the summary chunk. */
export const SUMMARY_SECTION = 'Key symptoms';

/** Long sections (JSONL corpora) are split at paragraph boundaries to about this size. */
const MAX_CHUNK_CHARS = 2_000;

export interface SourceDocument {
  slug: string;
  title: string;
  url: string;
  sections: { heading: string; content: string }[];
  /** Lay wording for the summary chunk (condition pages); absent for plain corpora. */
  summary?: string;
  /** Content hash (with CHUNKING_VERSION): ingest replaces a document whose hash changed. */
  hash: string;
}

export interface Chunk {
  id: string;
  slug: string;
  title: string;
  url: string;
  section: string;
  /** Position within the document; also the id suffix. */
  ordinal: number;
  /**
   * What is embedded, stored in Chroma and shown in the reasoner's context. Section chunks do not
   * repeat the title: the summary chunk carries it (measured: adding it to every chunk does not help).
   */
  text: string;
  /** Document hash, repeated on every chunk so ingest can compare without re-reading pages. */
  hash: string;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function documentFromPage(page: ConditionPage): SourceDocument {
  const symptoms = page.symptoms.map((s) => (s.synonyms.length ? `${s.term} (${s.synonyms.join(', ')})` : s.term));
  const summary = [`${page.title}.`, `Symptoms: ${symptoms.join('; ')}.`, page.bodyAreas.length ? `Body areas: ${page.bodyAreas.join(', ')}.` : '']
    .filter(Boolean)
    .join('\n');
  return {
    slug: page.slug,
    title: page.title,
    url: page.url,
    sections: page.sections,
    summary,
    hash: sha256(`${CHUNKING_VERSION}\n${page.hash}`),
  };
}

export function chunkDocument(doc: SourceDocument): Chunk[] {
  const chunks: Chunk[] = [];
  const push = (section: string, text: string) => {
    const ordinal = chunks.length;
    chunks.push({ id: `${doc.slug}::${ordinal}`, slug: doc.slug, title: doc.title, url: doc.url, section, ordinal, text, hash: doc.hash });
  };
  if (doc.summary) push(SUMMARY_SECTION, doc.summary);
  for (const s of doc.sections) {
    for (const part of splitLong(s.content)) if (part.trim()) push(s.heading, part.trim());
  }
  return chunks;
}

function splitLong(content: string): string[] {
  if (content.length <= MAX_CHUNK_CHARS) return [content];
  const parts: string[] = [];
  let current = '';
  for (const para of content.split(/\n\s*\n/)) {
    if (current && current.length + para.length + 2 > MAX_CHUNK_CHARS) {
      parts.push(current);
      current = '';
    }
    current = current ? `${current}\n\n${para}` : para;
  }
  if (current) parts.push(current);
  return parts;
}

// ---------------------------------------------------------------------------------------------
// JSONL corpora: one `{slug, title, url, content}` per line, content split on Markdown headings.

const jsonlRecord = z.object({
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes'),
  title: z.string().min(1),
  url: z.string().url(),
  content: z.string().min(1),
});

export class CorpusError extends Error {
  override name = 'CorpusError';
}

/** Parses a JSONL corpus; throws CorpusError naming the line for bad JSON, bad fields or repeated slugs. */
export function parseJsonlCorpus(text: string, file = '<jsonl>'): SourceDocument[] {
  const records = parseJsonLines(text, { file, schema: jsonlRecord, uniqueKey: (r) => r.slug, keyName: 'slug', fail: (m) => new CorpusError(m) });
  return records.map(({ record: r, line }) => ({
    slug: r.slug,
    title: r.title,
    url: r.url,
    sections: splitMarkdownSections(r.content, 'Overview'),
    hash: sha256(`${CHUNKING_VERSION}\n${line}`),
  }));
}

/** Splits Markdown on headings (any level); text before the first heading goes under `lead`. */
export function splitMarkdownSections(markdown: string, lead: string): { heading: string; content: string }[] {
  const sections: { heading: string; content: string }[] = [];
  let heading = lead;
  let lines: string[] = [];
  const flush = () => {
    const content = lines.join('\n').trim();
    if (content) sections.push({ heading, content });
    lines = [];
  };
  let inFence = false;
  for (const line of markdown.split('\n')) {
    // A "# comment" inside a code block is not a heading.
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const m = inFence ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (m?.[1]) {
      flush();
      heading = m[1];
    } else {
      lines.push(line);
    }
  }
  flush();
  return sections;
}
