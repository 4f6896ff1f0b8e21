import { beforeAll, describe, expect, it } from 'vitest';
import type { ConditionPage } from '../../../server/knowledge/types.js';
import { createAnalyser, isThinEmergency, type Analyser } from '../../../server/engines/offline/analyse.js';
import { flagAge } from '../../../server/engines/offline/conditions.js';
import { readFacts } from '../../../server/engines/offline/facts.js';
import { matchPhrase, phraseOf, reassuredStems, type Reader } from '../../../server/engines/offline/lexicon.js';
import { pages, retrievalOf } from './helpers.js';

/**
 * General rules that keep the offline engine from over-triaging: a phrase's own "not" must govern
 * its word; "X is fine" denies symptoms built on X; one common symptom does not choose an
 * emergency page over an everyday one it fits as well. Phrasings here are made up for the tests.
 */

let all: ConditionPage[];
let analyser: Analyser;
let reader: Reader;
beforeAll(async () => {
  all = await pages();
  analyser = createAnalyser(all);
  reader = analyser.reader;
});

const analyse = (text: string, slugs: string[], demographics?: Parameters<Analyser['analyse']>[1]) =>
  analyser.analyse([text], demographics, retrievalOf(all, slugs));
const match = (phrase: string, text: string) => matchPhrase(phraseOf(phrase, reader.fix), reader.read([text]));
const fine = (text: string) => [...reassuredStems(reader.read([text]))].sort();

describe('a phrase that carries its own negation', () => {
  it('matches when its "not" governs the word', () => {
    expect(match('not drinking', 'he is not drinking anything today')).toMatchObject({ negated: false, quality: 1 });
    expect(match('not drinking', "she won't really drink")).toMatchObject({ negated: false });
    expect(match("can't pee at all", "i can't pee at all since lunchtime")).toMatchObject({ negated: false, quality: 1 });
  });
  it('does not match a "not" that belongs to another word', () => {
    // The "no" denies the cough, it does not make "drinking" into "not drinking".
    expect(match('not drinking', 'eating and drinking happily, no cough')).toBeNull();
    // "cant" is about sitting still, not about weeing.
    expect(match("can't pee at all", "can't sit still at all and my wee is dark")).toBeNull();
  });
});

describe('reassurance read as denial', () => {
  it('finds the parts and functions said to be fine', () => {
    expect(fine('my eyes and mouth are fine')).toEqual(['eyes', 'mouth'].map((s) => reader.read([s])[0]?.stems[0] as string).sort());
    expect(fine('swallowing ok, no trouble walking')).toHaveLength(2);
    expect(fine('speech is normal')).toHaveLength(1);
  });
  it('leaves alone what is not a reassurance', () => {
    expect(fine('breathing is not normal')).toEqual([]);
    expect(fine("breathing isn't normal")).toEqual([]);
    expect(fine('my voice has gone')).toEqual([]);
    // Only body parts and functions: "the pain is ok" does not deny every kind of pain.
    expect(fine('the pain is ok now')).toEqual([]);
  });
  it('an itchy rash with the airway said to be fine is not anaphylaxis', () => {
    const a = analyse('raised itchy welts on my legs after gardening. throat and tongue feel fine, breathing is ok', ['anaphylaxis', 'hives']);
    expect(a.best?.condition.page.slug).toBe('hives');
    expect(a.severity.severity).not.toBe('A&E');
    expect(a.ranked.find((c) => c.condition.page.slug === 'anaphylaxis')?.denied.length).toBeGreaterThan(0);
  });
  it('the same rash with a swelling tongue is still an emergency', () => {
    const a = analyse('raised itchy welts on my legs after gardening and now my tongue is swelling up and I am wheezing', ['anaphylaxis', 'hives']);
    expect(a.severity.severity).toBe('A&E');
  });
  it('arms and speech said to be normal count against a stroke; a weak arm still makes it one', () => {
    const face = 'woke with one side of my face drooping and my eye will not close';
    const stroke = (a: ReturnType<typeof analyse>) => a.ranked.find((c) => c.condition.page.slug === 'stroke');
    const plain = analyse(face, ['stroke', 'bells-palsy']);
    const reassured = analyse(`${face}. both arms are fine and my speech is normal`, ['stroke', 'bells-palsy']);
    expect(reassured.best?.condition.page.slug).toBe('bells-palsy');
    expect(stroke(reassured)?.denied.length).toBeGreaterThanOrEqual(2);
    expect(stroke(reassured)?.score ?? 0).toBeLessThan((stroke(plain)?.score ?? 0) - 0.5);
    const weakArm = analyse('my face has dropped on one side and my arm feels weak', ['stroke', 'bells-palsy']);
    expect(weakArm.severity.severity).toBe('A&E');
  });
});

describe('an emergency page resting on one common symptom', () => {
  it('does not outrank an everyday condition the words fit as well', () => {
    const a = analyse('my neck is stiff after sleeping on it funny', ['meningitis', 'neck-pain']);
    expect(a.best?.condition.page.slug).toBe('neck-pain');
    expect(a.severity.severity).toBe('Self-care');
  });
  it('still wins with a second symptom or a red flag', () => {
    const a = analyse('stiff neck, a high temperature and a rash that does not fade under a glass', ['meningitis', 'neck-pain']);
    expect(a.best?.condition.page.slug).toBe('meningitis');
    expect(a.severity.severity).toBe('A&E');
    expect(isThinEmergency(a.best as NonNullable<typeof a.best>)).toBe(false);
  });
  it('is kept when nothing less urgent fits, but one common symptom is never 999 (and with nothing urgent in the words, not today either)', () => {
    const a = analyse('my neck is stiff after sleeping on it funny', ['meningitis']);
    expect(a.best?.condition.page.slug).toBe('meningitis');
    expect(a.severity.severity).not.toBe('A&E');
    expect(a.severity.reason).toMatch(/only one of its signs was mentioned/);
  });
});

describe('facts that had over-counted', () => {
  it('reads "under 16 or over 60" as two ages, not "16 or over"', () => {
    expect(flagAge('under 16 or over 60')).toEqual({ maxAge: 16, minAge: 60 });
  });
  it('counts "a couple of weeks now" as 2 weeks, "weeks now" as 3', () => {
    expect(readFacts(['sore for a couple of weeks now']).durationDays).toBe(14);
    expect(readFacts(['been like this for weeks now']).durationDays).toBe(21);
  });
});

describe("a page's warning sign needs other evidence for the page", () => {
  it('is not an emergency when the only symptom is the warning sign\'s own words', () => {
    // "a temperature" is both a pancreatitis symptom and its "high temperature with severe tummy pain" sign.
    const a = analyse('my little boy has had a temperature of 38.6 since this morning', ['acute-pancreatitis']);
    expect(a.severity.severity).not.toBe('A&E');
  });
  it('is an emergency when other words fit the page as well', () => {
    const a = analyse('severe pain in the top of my tummy going through to my back, and a temperature of 38.6', ['acute-pancreatitis']);
    expect(a.severity.severity).toBe('A&E');
  });
});
