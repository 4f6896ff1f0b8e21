import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import { createEmbedder } from '../retrieval/embedders/index.js';
import { startRetrieval, type StartRetrievalOptions } from '../retrieval/index.js';
import type { Retriever } from '../contract/retrieval.js';
import { hasCondition, percentile, type EvalCase, type TriageCase } from './cases.js';

/**
 * Retrieval evaluation: for each triage case, is the expected condition among the top k
 * (p@k, i.e. hit rate), at what rank (MRR), and how long did the search take.
 */

export interface RetrievalEvalOptions {
  cases: EvalCase[];
  ks: number[];
  /** Offline variant name or `remote`; default: what the configuration picks. */
  embedder?: string;
  tuning?: StartRetrievalOptions['tuning'];
  /** Append the case's demographics to the query (default true). */
  demographics?: boolean;
  /** Misspell this share of the words of each query (seeded, reproducible): a robustness check. */
  typos?: number;
  /** Collection to use; default one per embedder, so evaluation never touches the service's. */
  collection?: string;
}

export interface CaseOutcome {
  id: string;
  expected: string;
  rank: number | null;
  top: string[];
  ms: number;
}

export interface RetrievalEvalReport {
  embedder: string;
  cases: number;
  precisionAt: Record<string, number>;
  mrr: number;
  latencyMs: { p50: number; p95: number };
  ingestMs: number;
  outcomes: CaseOutcome[];
}

/** What the search sees for a case: the text, plus who it is about when the case says so. */
export function caseQuery(c: EvalCase): string {
  const d = c.demographics;
  if (!d) return c.text;
  const who = [d.age !== undefined ? `age ${d.age}` : '', d.sex ?? '', d.pregnant ? 'pregnant' : '', d.notes ?? ''].filter(Boolean);
  return who.length ? `${c.text}\n(${who.join(', ')})` : c.text;
}

export async function runRetrievalEval(config: Config, log: Logger, options: RetrievalEvalOptions): Promise<RetrievalEvalReport> {
  const triage = options.cases.filter(hasCondition);
  const embedder = await createEmbedder(config, options.embedder);
  const collection = options.collection ?? `eval-${embedder.id.replace(/[^a-zA-Z0-9._-]+/g, '-')}`.slice(0, 60).replace(/[^a-zA-Z0-9]+$/, '');
  const service = await startRetrieval(config, log, { embedder, collection, tuning: options.tuning, reuseRunning: true });
  try {
    const maxK = Math.max(...options.ks);
    // One warm-up search so the first case does not pay for connection set-up.
    await service.retriever.search('warm up', { k: maxK });
    const outcomes: CaseOutcome[] = [];
    for (const c of triage) outcomes.push(await runCase(service.retriever, c, maxK, options.demographics ?? true, options.typos ?? 0));
    const n = outcomes.length || 1;
    const precisionAt: Record<string, number> = {};
    for (const k of options.ks) precisionAt[`p@${k}`] = outcomes.filter((o) => o.rank !== null && o.rank <= k).length / n;
    const mrr = outcomes.reduce((s, o) => s + (o.rank ? 1 / o.rank : 0), 0) / n;
    const times = outcomes.map((o) => o.ms);
    return {
      embedder: embedder.id,
      cases: outcomes.length,
      precisionAt,
      mrr,
      latencyMs: { p50: percentile(times, 50), p95: percentile(times, 95) },
      ingestMs: service.ingest.tookMs,
      outcomes,
    };
  } finally {
    await service.close();
  }
}

async function runCase(retriever: Retriever, c: TriageCase & { condition: string }, k: number, withDemographics: boolean, typos: number): Promise<CaseOutcome> {
  const started = performance.now();
  const text = withDemographics ? caseQuery(c) : c.text;
  const result = await retriever.search(typos > 0 ? misspell(text, typos, c.id) : text, { k });
  const ms = performance.now() - started;
  const top = result.conditions.map((x) => x.slug);
  const index = top.indexOf(c.condition);
  return { id: c.id, expected: c.condition, rank: index === -1 ? null : index + 1, top, ms: Math.round(ms * 10) / 10 };
}

/**
 * Deterministic typos (seeded by the case id): in words of 4+ letters, with probability `rate`,
 * drop, double, swap or replace one letter, the mistakes people make typing on a phone.
 */
export function misspell(text: string, rate: number, seed: string): string {
  let state = [...seed].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0, 0x811c9dc5) || 1;
  const random = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x100000000;
  };
  return text.replace(/[a-z]{4,}/gi, (word) => {
    if (random() >= rate) return word;
    const i = 1 + Math.floor(random() * (word.length - 2));
    const kind = Math.floor(random() * 4);
    if (kind === 0) return word.slice(0, i) + word.slice(i + 1);
    if (kind === 1) return word.slice(0, i) + word[i] + word.slice(i);
    if (kind === 2) return word.slice(0, i) + (word[i + 1] ?? '') + word[i] + word.slice(i + 2);
    return word.slice(0, i) + 'aeiou'[Math.floor(random() * 5)] + word.slice(i + 1);
  });
}
