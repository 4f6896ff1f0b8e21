import { describe, expect, it } from 'vitest';
import type { ConditionPage } from '../../server/knowledge/types.js';
import type { Prediction } from '../../server/contract/events.js';
import { applySafetyFloor, assessSafety, emergencyNotice } from '../../server/safety/index.js';
import { isNegated } from '../../server/clinical/context.js';
import { toClauses } from '../../server/clinical/text.js';
import { NEGATIVE, POSITIVE } from './phrasings.js';

describe('assessSafety', () => {
  it('has a broad test set', () => {
    expect(POSITIVE.length).toBeGreaterThanOrEqual(60);
    expect(NEGATIVE.length).toBeGreaterThanOrEqual(30);
    const kinds = new Set(POSITIVE.map(([, k]) => k));
    for (const k of ['suicide', 'cardiac', 'stroke', 'anaphylaxis', 'sepsis', 'meningitis', 'child', 'bleeding', 'breathing']) {
      expect(kinds.has(k as never)).toBe(true);
    }
  });

  it.each(POSITIVE)('flags %j as %s', (text, kind) => {
    const a = assessSafety(text);
    expect(a.emergency).toBe(true);
    expect(a.kinds).toContain(kind);
    expect(a.matched.length).toBeGreaterThan(0);
  });

  it.each(NEGATIVE.map((t) => [t]))('does not flag %j', (text) => {
    const a = assessSafety(text);
    expect(a, JSON.stringify(a)).toMatchObject({ emergency: false, kinds: [], matched: [] });
  });

  it('gives condition hints for clear emergencies', () => {
    expect(assessSafety('i wanna end it all').conditionHint).toBe('suicidal-thoughts');
    expect(assessSafety('crushing chest pain going down my left arm').conditionHint).toBe('heart-attack');
    expect(assessSafety('his face has dropped and his speech is slurred').conditionHint).toBe('stroke');
    expect(assessSafety('lips swelling and wheezing after peanuts').conditionHint).toBe('anaphylaxis');
    expect(assessSafety('fever and a stiff neck').conditionHint).toBe('meningitis');
    expect(assessSafety('chest infection and now very confused, not weeing').conditionHint).toBe('sepsis');
    expect(assessSafety('sudden thunderclap headache').conditionHint).toBe('subarachnoid-haemorrhage');
  });

  it('uses demographics: a young child with a non-fading rash', () => {
    const a = assessSafety('rash that doesnt fade with a glass', { age: 2 });
    expect(a.kinds).toEqual(expect.arrayContaining(['meningitis', 'child']));
  });

  it('a negation does not reach past "but" or a new statement', () => {
    expect(assessSafety('no fever but chest pain spreading to my arm').kinds).toContain('cardiac');
    expect(assessSafety('not breathless and I have crushing chest pain').kinds).toContain('cardiac');
  });

  it('is case and punctuation insensitive', () => {
    expect(assessSafety('I CANT BREATHE!!!').emergency).toBe(true);
    expect(assessSafety('can’t breathe').emergency).toBe(true);
  });
});

describe('negation helper', () => {
  const neg = (text: string, phrase: string): boolean => {
    const clause = toClauses(text).find((c) => c.text.includes(phrase));
    if (!clause) throw new Error(`no clause with ${phrase}`);
    const start = clause.text.slice(0, clause.text.indexOf(phrase)).split(' ').length - 1;
    return isNegated(clause, start, start + phrase.split(' ').length);
  };
  it('handles common forms', () => {
    expect(neg('no fever', 'fever')).toBe(true);
    expect(neg('I am not breathless', 'breathless')).toBe(true);
    expect(neg('a cough without a rash', 'rash')).toBe(true);
    expect(neg("he hasn't been sick", 'been sick')).toBe(true);
    expect(neg('no fever, rash or vomiting', 'vomiting')).toBe(true);
    expect(neg('breathing is fine', 'breathing')).toBe(true);
    expect(neg('I have a fever', 'fever')).toBe(false);
    expect(neg('no energy', 'no energy')).toBe(false);
    expect(neg('not sure if I have a fever', 'fever')).toBe(false);
    expect(neg('no cough and I have been sick', 'been sick')).toBe(false);
  });
});

describe('emergencyNotice', () => {
  it('tells the person to call 999 or go to A&E now', () => {
    const text = emergencyNotice(assessSafety('chest pain and sweating'));
    expect(text).toMatch(/999/);
    expect(text).toMatch(/A&E/);
    expect(text).toMatch(/heart attack/);
  });
  it('adds NHS 111 option 2 and Samaritans for suicidal thoughts, kindly', () => {
    const text = emergencyNotice(assessSafety("i dont want to be here anymore"));
    expect(text).toMatch(/999/);
    expect(text).toMatch(/A&E/);
    expect(text).toMatch(/111.*option 2/);
    expect(text).toMatch(/116 123/);
    expect(text).toMatch(/free/i);
    expect(text).toMatch(/any time/i);
    expect(text).toMatch(/sorry|not alone|on your own/i);
  });
});

describe('applySafetyFloor', () => {
  const page = (slug: string, title: string, redTerms: string[] = []): Pick<ConditionPage, 'slug' | 'title' | 'redFlags'> => ({
    slug,
    title,
    redFlags: [{ flag: 'x', terms: redTerms }],
  });
  const pages = [
    page('heart-attack', 'Heart attack'),
    page('heartburn-and-acid-reflux', 'Heartburn and acid reflux'),
    page('angina', 'Angina'),
    page('croup', 'Croup', ['blue lips', 'struggling to breathe']),
    page('suicidal-thoughts', 'Suicidal thoughts'),
  ];
  const pred = (condition: string, severity: Prediction['severity'], conditionTitle = condition): Prediction => ({ condition, conditionTitle, severity });

  it('leaves predictions alone when there is no emergency', () => {
    const r = applySafetyFloor(pred('common-cold', 'Self-care'), assessSafety('runny nose'), pages);
    expect(r).toEqual({ prediction: pred('common-cold', 'Self-care'), overridden: false, trace: null });
  });

  it('raises severity and swaps an unrelated condition for the hint', () => {
    const r = applySafetyFloor(pred('heartburn-and-acid-reflux', 'Self-care'), assessSafety('chest pain spreading to my jaw and sweating'), pages);
    expect(r.prediction).toEqual({ condition: 'heart-attack', conditionTitle: 'Heart attack', severity: 'A&E' });
    expect(r.overridden).toBe(true);
    expect(r.trace?.changed).toEqual(['severity', 'condition']);
    expect(r.trace?.from.condition).toBe('heartburn-and-acid-reflux');
  });

  it('keeps a related condition and only raises severity', () => {
    const r = applySafetyFloor(pred('angina', 'Urgent Primary Care', 'Angina'), assessSafety('chest pain and breathless'), pages);
    expect(r.prediction).toEqual({ condition: 'angina', conditionTitle: 'Angina', severity: 'A&E' });
    expect(r.trace?.changed).toEqual(['severity']);
  });

  it('keeps a condition whose page lists the trigger as a red flag', () => {
    const r = applySafetyFloor(pred('croup', 'Self-care', 'Croup'), assessSafety('my toddler has a barking cough and blue lips'), pages);
    expect(r.prediction.condition).toBe('croup');
    expect(r.prediction.severity).toBe('A&E');
  });

  it('replaces inconclusive with the hint, even when a model said self-care', () => {
    const r = applySafetyFloor(pred('inconclusive', 'Self-care', 'Inconclusive'), assessSafety('wanna end it all'), pages);
    expect(r.prediction).toEqual({ condition: 'suicidal-thoughts', conditionTitle: 'Suicidal thoughts', severity: 'A&E' });
  });

  it('reports no change when the prediction already meets the floor', () => {
    const r = applySafetyFloor(pred('heart-attack', 'A&E', 'Heart attack'), assessSafety('crushing chest pain'), pages);
    expect(r.overridden).toBe(false);
    expect(r.trace?.changed).toEqual([]);
  });
});
