import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import { z } from 'zod';
import { SEVERITIES } from '../contract/events.js';
import { expectedHeadings, type ConditionPage } from './types.js';

const phrase = z.string().trim().min(1).transform((s) => s.toLowerCase());
const frontMatter = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  url: z.string().url().startsWith('https://www.nhs.uk/'),
  last_reviewed: z.union([z.string(), z.date()]).transform((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v)),
  default_severity: z.enum(SEVERITIES),
  body_areas: z.array(phrase).default([]),
  affects: z
    .object({
      sex: z.enum(['female', 'male']).optional(),
      min_age: z.number().optional(),
      max_age: z.number().optional(),
      pregnancy: z.boolean().optional(),
    })
    .default({}),
  symptoms: z.array(z.object({ term: phrase, synonyms: z.array(phrase).default([]) })).min(1),
  red_flags: z.array(z.object({ flag: z.string().min(1), terms: z.array(phrase).min(1) })).min(1),
  urgent_flags: z.array(z.object({ flag: z.string().min(1), terms: z.array(phrase).min(1) })).min(1),
  routine_flags: z.array(z.object({ flag: z.string().min(1), terms: z.array(phrase).min(1) })).default([]),
});

export class KnowledgeError extends Error {
  override name = 'KnowledgeError';
}

/** Parses one condition page; throws KnowledgeError naming the file and what is wrong. */
export function parseConditionPage(text: string, file = '<inline>'): ConditionPage {
  const parsed = matter(text);
  const fm = frontMatter.safeParse(parsed.data);
  if (!fm.success) {
    throw new KnowledgeError(`${file}: ${fm.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const sections: ConditionPage['sections'] = [];
  for (const part of parsed.content.split(/^## /m).slice(1)) {
    const newline = part.indexOf('\n');
    const heading = (newline === -1 ? part : part.slice(0, newline)).trim();
    const content = newline === -1 ? '' : part.slice(newline + 1).trim();
    sections.push({ heading, content });
  }
  const headings = sections.map((s) => s.heading);
  const expected = expectedHeadings(fm.data.routine_flags.length > 0);
  if (headings.join('|') !== expected.join('|')) {
    throw new KnowledgeError(`${file}: sections must be exactly ${expected.join(', ')}; found ${headings.join(', ')}`);
  }
  const empty = sections.find((s) => s.content.length < 40);
  if (empty) throw new KnowledgeError(`${file}: section "${empty.heading}" is empty or too short`);
  const d = fm.data;
  return {
    slug: d.slug,
    title: d.title,
    url: d.url,
    lastReviewed: d.last_reviewed,
    defaultSeverity: d.default_severity,
    bodyAreas: d.body_areas,
    affects: {
      sex: d.affects.sex,
      minAge: d.affects.min_age,
      maxAge: d.affects.max_age,
      pregnancy: d.affects.pregnancy,
    },
    symptoms: d.symptoms,
    redFlags: d.red_flags,
    urgentFlags: d.urgent_flags,
    routineFlags: d.routine_flags,
    sections,
    hash: createHash('sha256').update(text).digest('hex'),
  };
}

/** Loads every `*.md` page in a folder, sorted by slug; the file name must match the slug. */
export async function loadKnowledge(dir: string): Promise<ConditionPage[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.md')).sort();
  const pages = await Promise.all(
    files.map(async (f) => {
      const page = parseConditionPage(await readFile(path.join(dir, f), 'utf8'), f);
      if (`${page.slug}.md` !== f) throw new KnowledgeError(`${f}: slug "${page.slug}" does not match the file name`);
      return page;
    }),
  );
  return pages;
}
