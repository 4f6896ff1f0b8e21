import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKnowledge, parseConditionPage } from '../../server/knowledge/load.js';
import { expectedHeadings, type ConditionPage } from '../../server/knowledge/types.js';

/**
 * Every condition of knowledge/conditions.tsv (a copy of the shared list, so a clone without
 * ../shared still tests) has a valid page, and nothing else is there.
 */

const DIR = path.resolve('knowledge/conditions');
interface Row {
  slug: string;
  title: string;
  nhsPath: string;
}

let rows: Row[];
let pages: ConditionPage[];

beforeAll(async () => {
  const tsv = await readFile(path.resolve('knowledge/conditions.tsv'), 'utf8');
  const [header, ...lines] = tsv.trimEnd().split('\n');
  expect(header?.split('\t')).toEqual(['slug', 'title', 'nhs_path']);
  rows = lines.map((l) => {
    const [slug = '', title = '', nhsPath = ''] = l.split('\t');
    return { slug, title, nhsPath };
  });
  pages = await loadKnowledge(DIR);
});

describe('knowledge pages', () => {
  it('has a page for every condition in conditions.tsv and no other page', async () => {
    expect(rows.length).toBeGreaterThanOrEqual(100);
    const files = (await readdir(DIR)).filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3)).sort();
    expect(files).toEqual(rows.map((r) => r.slug).sort());
  });

  it('all parse (front matter, six sections in order, seven with routine flags) with title and url matching the list', () => {
    const bySlug = new Map(pages.map((p) => [p.slug, p]));
    for (const row of rows) {
      const page = bySlug.get(row.slug);
      expect(page, row.slug).toBeDefined();
      expect(page?.title, row.slug).toBe(row.title);
      expect(page?.url, row.slug).toBe(`https://www.nhs.uk${row.nhsPath}`);
      expect(() => new URL(page!.url)).not.toThrow();
      expect(page?.sections.map((s) => s.heading), row.slug).toEqual(expectedHeadings((page?.routineFlags.length ?? 0) > 0));
    }
  });

  it('has no duplicate slugs or titles', () => {
    expect(new Set(pages.map((p) => p.slug)).size).toBe(pages.length);
    expect(new Set(pages.map((p) => p.title.toLowerCase())).size).toBe(pages.length);
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
  });

  it('has real content in every section and the structured lists the README asks for', () => {
    for (const p of pages) {
      for (const s of p.sections) expect(s.content.trim().length, `${p.slug} / ${s.heading}`).toBeGreaterThanOrEqual(40);
      expect(p.symptoms.length, p.slug).toBeGreaterThanOrEqual(6);
      expect(p.symptoms.length, p.slug).toBeLessThanOrEqual(15);
      expect(p.redFlags.length, p.slug).toBeGreaterThanOrEqual(2);
      expect(p.urgentFlags.length, p.slug).toBeGreaterThanOrEqual(1);
      for (const list of [p.redFlags, p.urgentFlags, p.routineFlags]) expect(list.length, p.slug).toBeLessThanOrEqual(8);
      const phrases = [p.symptoms.flatMap((s) => [s.term, ...s.synonyms]), ...[p.redFlags, p.urgentFlags, p.routineFlags].map((l) => l.flatMap((f) => f.terms))].flat();
      for (const phrase of phrases) expect(phrase, p.slug).toMatch(/^[a-z0-9' -]+$/);
    }
  });

  it('a routine flag (NHS "see a GP when you can") needs its own section, and the section needs the flags', () => {
    const text = `---\nslug: x\ntitle: X\nurl: https://www.nhs.uk/conditions/x/\nlast_reviewed: 2026-11-24\ndefault_severity: Self-care\nsymptoms:\n  - term: itchy eyes\nred_flags:\n  - flag: a\n    terms: [aa, ab]\nurgent_flags:\n  - flag: b\n    terms: [ba, bb]\n`;
    const body = (headings: string[]) => headings.map((h) => `## ${h}\n\n${'Enough words to count as real content here. '.repeat(2)}\n`).join('\n');
    const routine = 'routine_flags:\n  - flag: keeps coming back\n    terms: [keeps coming back, every month]\n';
    const six = expectedHeadings(false);
    expect(parseConditionPage(`${text}---\n${body(six)}`).routineFlags).toEqual([]);
    expect(() => parseConditionPage(`${text}${routine}---\n${body(six)}`)).toThrow(/When to see a GP/);
    const seven = expectedHeadings(true);
    expect(seven.indexOf('When to see a GP')).toBe(seven.indexOf('Self-care') + 1);
    expect(parseConditionPage(`${text}${routine}---\n${body(seven)}`).routineFlags).toEqual([{ flag: 'keeps coming back', terms: ['keeps coming back', 'every month'] }]);
    expect(() => parseConditionPage(`${text}---\n${body(seven)}`)).toThrow(/sections must be exactly/);
  });
});
