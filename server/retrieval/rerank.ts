import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../log.js';
import type { RetrievedCondition } from '../contract/retrieval.js';

/**
 * Optional LLM rerank (RERANK=llm): the router model reads the query and the vector search's
 * candidates and returns the ids of the best k. Its answer is parsed tolerantly (a JSON array,
 * else slugs or list numbers in the order they appear); an unusable answer or a failed call keeps
 * the vector order, because a rerank is an improvement, never a reason to fail a search.
 */

/** The one thing rerank needs from a chat model; the service wires the router client in. */
export interface Completer {
  complete(prompt: string, signal?: AbortSignal): Promise<string>;
}

export interface Reranker {
  rerank(query: string, candidates: RetrievedCondition[], k: number, signal?: AbortSignal): Promise<RetrievedCondition[]>;
}

const PROMPT_FILE = fileURLToPath(new URL('../../prompts/rerank.txt', import.meta.url));
const EXCERPT_CHARS = 240;

export async function loadRerankPrompt(file = PROMPT_FILE): Promise<string> {
  return readFile(file, 'utf8');
}

export function renderRerankPrompt(template: string, query: string, candidates: RetrievedCondition[], k: number): string {
  const list = candidates
    .map((c) => {
      const excerpt = (c.sections[0]?.content ?? '').replace(/\s+/g, ' ').slice(0, EXCERPT_CHARS);
      return `- ${c.slug}: ${c.title}: ${excerpt}`;
    })
    .join('\n');
  // One pass over the placeholders, so text inside the query can never be taken for one.
  const values: Record<string, string> = { query, candidates: list, k: String(k) };
  return template.replace(/\{(query|candidates|k)\}/g, (_, key: string) => values[key] ?? '');
}

/**
 * The candidate slugs named in `answer`, best first, without repeats. Accepts a JSON array of slugs
 * or 1-based numbers anywhere in the text, else slugs as they appear, else numbers as they appear.
 */
export function parseRerankAnswer(answer: string, slugs: string[]): string[] {
  const valid = new Set(slugs);
  const pick = (items: unknown[]): string[] => {
    const out: string[] = [];
    for (const item of items) {
      const slug = typeof item === 'number' ? slugs[item - 1] : typeof item === 'string' ? normaliseSlug(item, slugs) : undefined;
      if (slug && valid.has(slug) && !out.includes(slug)) out.push(slug);
    }
    return out;
  };
  for (const match of answer.matchAll(/\[[^[\]]*\]/g)) {
    try {
      const parsed: unknown = JSON.parse(match[0]);
      if (Array.isArray(parsed)) {
        const got = pick(parsed);
        if (got.length) return got;
      }
    } catch {
      // Not JSON (e.g. "[1] Flu"); the scans below handle free text.
    }
  }
  const lower = answer.toLowerCase();
  const bySlug = slugs
    .map((s) => ({ s, at: lower.search(new RegExp(`(^|[^a-z0-9-])${s.replace(/[-]/g, '\\-')}($|[^a-z0-9-])`)) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((x) => x.s);
  if (bySlug.length) return bySlug;
  return pick([...answer.matchAll(/\b(\d{1,3})\b/g)].map((m) => Number(m[1])));
}

function normaliseSlug(raw: string, slugs: string[]): string | undefined {
  const s = raw.trim().toLowerCase().replace(/^["'`]|["'`]$/g, '');
  if (slugs.includes(s)) return s;
  // Models sometimes answer with the title or a near spelling ("Heart attack", "heart_attack").
  const dashed = s.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return slugs.find((x) => x === dashed);
}

export class LlmReranker implements Reranker {
  constructor(
    private readonly completer: Completer,
    private readonly template: string,
    private readonly log?: Logger,
  ) {}

  async rerank(query: string, candidates: RetrievedCondition[], k: number, signal?: AbortSignal): Promise<RetrievedCondition[]> {
    if (candidates.length <= 1) return candidates.slice(0, k);
    let answer: string;
    try {
      answer = await this.completer.complete(renderRerankPrompt(this.template, query, candidates, k), signal);
    } catch (err) {
      if (signal?.aborted) throw err;
      this.log?.warn({ err: (err as Error).message }, 'rerank call failed; keeping vector order');
      return candidates.slice(0, k);
    }
    const chosen = parseRerankAnswer(answer, candidates.map((c) => c.slug));
    if (!chosen.length) {
      this.log?.warn({ answer: answer.slice(0, 200) }, 'rerank answer named no candidate; keeping vector order');
      return candidates.slice(0, k);
    }
    const bySlug = new Map(candidates.map((c) => [c.slug, c]));
    const ordered = chosen.map((s) => bySlug.get(s)).filter((c): c is RetrievedCondition => c !== undefined);
    // Fewer than k named: fill from the vector order.
    for (const c of candidates) if (ordered.length < k && !chosen.includes(c.slug)) ordered.push(c);
    return ordered.slice(0, k);
  }
}
