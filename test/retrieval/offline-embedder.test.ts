import { describe, expect, it } from 'vitest';
import { createEmbedder, EmbedderConfigError } from '../../server/retrieval/embedders/index.js';
import { LEXICAL_VARIANTS, LexicalEmbedder, lexicalOptions } from '../../server/retrieval/embedders/offline.js';
import { editDistance, tokenize } from '../../server/retrieval/embedders/text.js';

const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * (b[i] ?? 0), 0);
const norm = (a: number[]) => Math.sqrt(dot(a, a));

describe('tokenize', () => {
  it('folds case and apostrophes and marks denied words', () => {
    const tokens = tokenize("Can't sleep, NO fever or rash but a cough. Not short of breath");
    expect(tokens.map((t) => t.word)).toEqual(['cant', 'sleep', 'fever', 'or', 'rash', 'but', 'a', 'cough', 'short', 'of', 'breath']);
    const denied = tokens.filter((t) => t.negated).map((t) => t.word);
    expect(denied).toEqual(['fever', 'or', 'rash', 'short', 'of', 'breath']);
  });
  it('does not treat a lost function or a verb after "not" as denied', () => {
    expect(tokenize('no appetite, not eating').filter((t) => t.negated)).toEqual([]);
    expect(tokenize('rash does not fade').filter((t) => t.negated)).toEqual([]);
  });
});

describe('editDistance', () => {
  it('counts swaps as one edit and gives up past the limit', () => {
    expect(editDistance('migrane', 'migraine', 2)).toBe(1);
    expect(editDistance('stomahc', 'stomach', 2)).toBe(1);
    expect(editDistance('abc', 'xyz123', 2)).toBe(3);
  });
});

describe('LexicalEmbedder', () => {
  const corpus = [
    'Diarrhoea and vomiting: runny poo and being sick, usually from a tummy bug.',
    'Migraine: a throbbing headache on one side with feeling sick and sensitivity to light.',
    'Sunburn: red, hot, sore skin after too much sun.',
  ];

  it('is deterministic and sized as declared', async () => {
    const e = new LexicalEmbedder();
    const [a] = await e.embed(['throbbing headache']);
    const [b] = await new LexicalEmbedder().embed(['throbbing headache']);
    expect(a).toEqual(b);
    expect(a).toHaveLength(e.dimensions);
  });

  it('normalises cosine vectors and queries to unit length', async () => {
    const cosine = new LexicalEmbedder(LEXICAL_VARIANTS['words-cosine']);
    const [d] = await cosine.embed([corpus[1]!]);
    expect(norm(d!)).toBeCloseTo(1, 6);
    const bm25 = new LexicalEmbedder(LEXICAL_VARIANTS.lexical);
    bm25.fitCorpus(corpus);
    const [q] = await bm25.embedQueries(['throbbing headache']);
    expect(norm(q!)).toBeCloseTo(1, 6);
    expect(bm25.space).toBe('ip');
  });

  it('ranks the right document first, through typos and despite a denied word', async () => {
    const e = new LexicalEmbedder();
    e.fitCorpus(corpus);
    const docs = await e.embed(corpus);
    const best = async (q: string) => {
      const [v] = await e.embedQueries([q]);
      const scores = docs.map((d) => dot(v!, d));
      return scores.indexOf(Math.max(...scores));
    };
    expect(await best('pounding headache, light hurts my eyes')).toBe(1);
    expect(await best('diarhoea and vommiting since last night')).toBe(0);
    expect(await best('sore red skin after the sun, no headache')).toBe(2);
  });

  it('corrects spelling the same whatever order the store returns the corpus in', async () => {
    // "plaxter" is one edit from both "plaster" and "planter", each seen once: a tie the corpus
    // order must not break (Chroma does not promise the order of a listing).
    const docs = ['Keep a plaster over the cut.', 'A planter wart grows on the sole.', 'Sunburn: red, hot, sore skin.'];
    const query = async (order: string[]) => {
      const e = new LexicalEmbedder();
      e.fitCorpus(order);
      return (await e.embedQueries(['put a plaxter on it']))[0];
    };
    expect(await query([...docs].reverse())).toEqual(await query(docs));
  });

  it('gives a zero query vector when nothing in it is known to the corpus', async () => {
    const e = new LexicalEmbedder();
    e.fitCorpus(corpus);
    const [v] = await e.embedQueries(['hello there, thanks!']);
    expect(v!.every((x) => x === 0)).toBe(true);
  });

  it('has an id that changes with every option that changes vectors', () => {
    const ids = new Set(Object.values(LEXICAL_VARIANTS).map((o) => new LexicalEmbedder(o).id));
    expect(ids.size).toBe(Object.keys(LEXICAL_VARIANTS).length);
    expect(new LexicalEmbedder(lexicalOptions('lexical?d=1024')).id).not.toBe(new LexicalEmbedder().id);
  });
});

describe('createEmbedder', () => {
  const config = { EMBEDDINGS_BASE_URL: undefined, EMBEDDINGS_MODEL: 'm', EMBEDDINGS_API_KEY: 'k', MODEL_RETRIES: 0 };
  it('defaults to the offline lexical embedder and picks variants by name', async () => {
    expect((await createEmbedder(config)).id).toMatch(/^offline-lexical-/);
    expect((await createEmbedder(config, 'words-cosine')).id).toMatch(/^offline-words-cosine-/);
  });
  it('rejects unknown names and remote without a server', async () => {
    await expect(createEmbedder(config, 'nope')).rejects.toBeInstanceOf(EmbedderConfigError);
    await expect(createEmbedder(config, 'remote')).rejects.toBeInstanceOf(EmbedderConfigError);
  });
});
