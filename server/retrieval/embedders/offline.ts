import { stemmer } from 'stemmer';
import { charNgrams, editDistance, fnv1a, isStopword, tokenize, type Token } from './text.js';
import type { RetrievalEmbedder } from './types.js';

/**
 * The offline default: a lexical embedder that needs no model. Text becomes weighted features
 * (stemmed words, stemmed word pairs, character n-grams), hashed with a sign bit into a fixed
 * number of dimensions. The default (`bm25`) gives documents BM25's saturated, length-normalised
 * term weights and queries IDF weights, so Chroma's inner-product search computes a BM25 score.
 *
 * Asymmetric on purpose: a document's vector never depends on the rest of the corpus (ingest stays
 * incremental: an unchanged page keeps its vectors). Corpus statistics are used on the query side
 * only, from `fitCorpus()`: IDF, dropping query features the corpus never has (they could only hit
 * hash collisions), and spelling correction against the corpus vocabulary. Words denied in the
 * query ("no fever", "not itchy") are dropped.
 */

export interface LexicalOptions {
  /** Name used in the embedder id (one per variant measured in the evaluation). */
  name: string;
  dimensions: number;
  /** Feature-family weights; 0 turns a family off. */
  words: number;
  bigrams: number;
  chars: number;
  /** Drop negated query words. */
  negation: boolean;
  /** Replace query words unknown to the corpus by the most frequent corpus word one or two edits away. */
  spelling: boolean;
  /**
   * `cosine`: documents weighted 1+ln(tf) and L2-normalised (cosine space). `bm25`: documents carry
   * BM25's saturated, length-normalised term weights unnormalised, queries carry IDF, and Chroma's
   * inner-product space then computes the BM25 score itself.
   */
  weighting: 'cosine' | 'bm25';
}

/** BM25 constants; AVG_LENGTH is a fixed typical chunk length (content words) rather than a corpus
 * statistic, so a document's vector never depends on the others. Measured on the pages: mean 46. */
const BM25_K1 = 1.2;
const BM25_B = 0.75;
const BM25_AVG_LENGTH = 46;

/**
 * Candidates compared by `npm run eval -- --mode retrieval --embedder NAME` (results in the report
 * of the issue and in docs/evaluation.md); `lexical` is the default and an alias of the winner, `hybrid-bm25`.
 */
export const LEXICAL_VARIANTS = {
  'words-cosine': { name: 'words-cosine', dimensions: 4096, words: 1, bigrams: 0, chars: 0, negation: true, spelling: true, weighting: 'cosine' },
  'hybrid-cosine': { name: 'hybrid-cosine', dimensions: 4096, words: 1, bigrams: 0.7, chars: 0.5, negation: true, spelling: true, weighting: 'cosine' },
  'words-bm25': { name: 'words-bm25', dimensions: 4096, words: 1, bigrams: 0, chars: 0, negation: true, spelling: true, weighting: 'bm25' },
  'hybrid-bm25': { name: 'hybrid-bm25', dimensions: 4096, words: 1, bigrams: 0.7, chars: 0.5, negation: true, spelling: true, weighting: 'bm25' },
  lexical: { name: 'lexical', dimensions: 4096, words: 1, bigrams: 0.7, chars: 0.5, negation: true, spelling: true, weighting: 'bm25' },
} satisfies Record<string, LexicalOptions>;

export type LexicalVariant = keyof typeof LEXICAL_VARIANTS;

export function isLexicalVariant(name: string): name is LexicalVariant {
  return Object.hasOwn(LEXICAL_VARIANTS, name);
}

/**
 * A variant by name, optionally with overrides for experiments: `lexical?b=0.3&c=0&neg=0&d=2048`
 * (w, b, c: family weights; neg: 0/1; d: dimensions). Undefined for an unknown name.
 */
export function lexicalOptions(spec: string): LexicalOptions | undefined {
  const [name = '', query = ''] = spec.split('?', 2);
  if (!isLexicalVariant(name)) return undefined;
  const base: LexicalOptions = { ...LEXICAL_VARIANTS[name] };
  if (!query) return base;
  const p = new URLSearchParams(query);
  const num = (key: string, fallback: number) => (p.has(key) ? Number(p.get(key)) : fallback);
  const o: LexicalOptions = {
    name: `${name}-${[...p].map(([k, v]) => `${k}${v}`).join('-')}`,
    dimensions: num('d', base.dimensions),
    words: num('w', base.words),
    bigrams: num('b', base.bigrams),
    chars: num('c', base.chars),
    negation: num('neg', base.negation ? 1 : 0) === 1,
    spelling: num('spell', base.spelling ? 1 : 0) === 1,
    weighting: p.get('weighting') === 'bm25' ? 'bm25' : p.get('weighting') === 'cosine' ? 'cosine' : base.weighting,
  };
  return [o.dimensions, o.words, o.bigrams, o.chars].every((x) => Number.isFinite(x) && x >= 0) && o.dimensions >= 1 ? o : undefined;
}

/** Bump when feature extraction changes in a way that changes document vectors. */
const FEATURE_VERSION = 1;

/** Feature → weight, and the number of content words it came from (BM25 length normalisation). */
type Features = Map<string, number>;

export class LexicalEmbedder implements RetrievalEmbedder {
  readonly id: string;
  readonly dimensions: number;
  readonly space: 'cosine' | 'ip';
  private idf: Map<string, number> | undefined;
  /** Corpus words by length, each with its frequency, for spelling correction of queries. */
  private vocabulary = new Map<number, Map<string, number>>();

  constructor(private readonly options: LexicalOptions = LEXICAL_VARIANTS.lexical) {
    this.dimensions = options.dimensions;
    this.space = options.weighting === 'bm25' ? 'ip' : 'cosine';
    const o = options;
    this.id = `offline-${o.name}-v${FEATURE_VERSION}:w${o.words}b${o.bigrams}c${o.chars}n${o.negation ? 1 : 0}d${o.dimensions}${o.weighting === 'bm25' ? 'bm25' : ''}`;
  }

  async embed(texts: string[]): Promise<number[][]> {
    return texts.map((t) => {
      const { counts, length } = this.features(tokenize(t), false);
      if (this.options.weighting === 'cosine') return this.vector(this.sublinear(counts), undefined, true);
      const norm = BM25_K1 * (1 - BM25_B + (BM25_B * length) / BM25_AVG_LENGTH);
      const weights: Features = new Map();
      for (const [f, tf] of counts) weights.set(f, this.family(f) * ((tf * (BM25_K1 + 1)) / (tf + norm)));
      return this.vector(weights, undefined, false);
    });
  }

  async embedQueries(texts: string[]): Promise<number[][]> {
    return texts.map((t) => {
      const tokens = this.options.spelling ? tokenize(t).map((tok) => this.correct(tok)) : tokenize(t);
      return this.vector(this.sublinear(this.features(tokens, this.options.negation).counts), this.idf, true);
    });
  }

  /** Document frequencies over the chunk texts, for query-side IDF (BM25's formula). */
  fitCorpus(documents: string[]): void {
    const df = new Map<string, number>();
    for (const doc of documents) {
      for (const f of this.features(tokenize(doc), false).counts.keys()) df.set(f, (df.get(f) ?? 0) + 1);
    }
    const n = documents.length;
    this.idf = new Map([...df].map(([f, d]) => [f, Math.log(1 + (n - d + 0.5) / (d + 0.5))]));
    this.vocabulary = new Map();
    for (const doc of documents) {
      for (const { word } of tokenize(doc)) {
        if (isStopword(word) || /\d/.test(word)) continue;
        const bucket = this.vocabulary.get(word.length) ?? new Map<string, number>();
        bucket.set(word, (bucket.get(word) ?? 0) + 1);
        this.vocabulary.set(word.length, bucket);
      }
    }
  }

  /**
   * "diarea" → "diarrhea": a query word the corpus does not know (its stem has no IDF) becomes the
   * most frequent corpus word with the same first letter within 1 edit (2 for words of 9+ letters).
   * The guards keep real words that the corpus lacks from being "fixed" ("telly" → "belly"): short
   * words are left alone, and people rarely mistype a word's first letter.
   */
  private correct(token: Token): Token {
    const w = token.word;
    if (!this.idf || w.length < 5 || /\d/.test(w) || isStopword(w) || this.idf.has(`w:${token.stem}`)) return token;
    const max = w.length >= 9 ? 2 : 1;
    let best: { word: string; distance: number; count: number } | undefined;
    for (let len = w.length - max; len <= w.length + max; len++) {
      for (const [candidate, count] of this.vocabulary.get(len) ?? []) {
        if (candidate[0] !== w[0]) continue;
        const distance = editDistance(w, candidate, max);
        if (distance > max) continue;
        // Ties go to the alphabetically first word: the corpus comes from a store listing, whose order
        // is not promised, and the same query must always get the same vector.
        const better = !best || distance < best.distance || (distance === best.distance && (count > best.count || (count === best.count && candidate < best.word)));
        if (better) best = { word: candidate, distance, count };
      }
    }
    return best ? { ...token, word: best.word, stem: stemmer(best.word) } : token;
  }

  /** Feature counts (a word's char n-grams share one count) and the number of content words. */
  private features(tokens: Token[], dropNegated: boolean): { counts: Features; length: number } {
    const o = this.options;
    const counts: Features = new Map();
    const add = (f: string, w: number) => counts.set(f, (counts.get(f) ?? 0) + w);
    let prev: Token | undefined;
    let length = 0;
    for (const t of tokens) {
      if (isStopword(t.word) || (dropNegated && t.negated)) {
        // Pairs skip stopwords within a clause ("short of breath" → short+breath), not across clauses.
        if (prev && prev.clause !== t.clause) prev = undefined;
        continue;
      }
      length++;
      if (o.words) add(`w:${t.stem}`, 1);
      if (o.bigrams && prev && prev.clause === t.clause) add(`b:${prev.stem}_${t.stem}`, 1);
      if (o.chars) {
        const grams = charNgrams(t.word);
        for (const g of grams) add(`c:${g}`, 1 / grams.length);
      }
      prev = t;
    }
    return { counts, length };
  }

  private family(feature: string): number {
    const o = this.options;
    return feature[0] === 'w' ? o.words : feature[0] === 'b' ? o.bigrams : o.chars;
  }

  /** 1 + ln(tf) times the family weight. */
  private sublinear(counts: Features): Features {
    const weights: Features = new Map();
    for (const [f, tf] of counts) weights.set(f, this.family(f) * (tf >= 1 ? 1 + Math.log(tf) : tf));
    return weights;
  }

  private vector(features: Features, idf: Map<string, number> | undefined, normalise: boolean): number[] {
    const v = new Float64Array(this.dimensions);
    for (const [f, w] of features) {
      const rarity = idf ? idf.get(f) : 1;
      if (!rarity) continue;
      const h = fnv1a(f);
      // One hash picks the slot, an independent bit picks the sign, so collisions cancel on average.
      const sign = fnv1a(f, 0x9747b28c) & 1 ? 1 : -1;
      v[h % this.dimensions]! += sign * w * rarity;
    }
    let norm = 0;
    if (normalise) for (const x of v) norm += x * x;
    norm = Math.sqrt(norm) || 1;
    return Array.from(v, (x) => x / norm);
  }
}
