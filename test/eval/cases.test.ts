import { describe, expect, it } from 'vitest';
import { CasesError, parseCases, type RejectedCase } from '../../server/eval/cases.js';

describe('evaluation case loader', () => {
  it('accepts null and missing demographics and fields, null conditions and off-topic cases', () => {
    const text = [
      '{"id":"a","kind":"triage","text":"chest pain","demographics":null,"condition":"heart-attack","severity":"A&E"}',
      '{"id":"b","kind":"triage","text":"bitten by a dog","condition":null,"severity":"Urgent Primary Care"}',
      '{"id":"c","kind":"triage","text":"cough","demographics":{"age":70,"sex":null,"notes":null},"condition":"cough","severity":"Self-care"}',
      '{"id":"d","kind":"offtopic","text":"a lasagne recipe please"}',
    ].join('\n');
    const cases = parseCases(text, 'f.jsonl');
    expect(cases.map((c) => c.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(cases[0]).not.toHaveProperty('demographics.age');
    expect(cases[0]?.demographics).toBeUndefined();
    expect(cases[1]).toMatchObject({ condition: null });
    expect(cases[2]?.demographics).toEqual({ age: 70 });
    expect(cases[3]?.kind).toBe('offtopic');
  });

  it('reports each rejected line with its number and keeps the rest', () => {
    const text = [
      '{"id":"a","kind":"smalltalk","text":"hi"}',
      'not json',
      '{"id":"b","kind":"triage","text":"x","condition":"flu","severity":"Soon"}',
      '',
      '{"id":"a","kind":"vague","text":"meh"}',
      '{"id":"c","kind":"vague","text":"meh"}',
    ].join('\n');
    const rejected: RejectedCase[] = [];
    const cases = parseCases(text, 'f.jsonl', rejected);
    expect(cases.map((c) => c.id)).toEqual(['a', 'c']);
    expect(rejected.map((r) => r.line)).toEqual([2, 3, 5]);
    expect(rejected[0]?.message).toMatch(/not valid JSON/);
    expect(rejected[1]?.message).toMatch(/severity/);
    expect(rejected[2]?.message).toMatch(/appears twice/);
  });

  it('throws on the first bad line when no rejection list is given (our own sets must be clean)', () => {
    expect(() => parseCases('{"id":"a","kind":"bogus","text":"x"}', 'f.jsonl')).toThrow(CasesError);
  });
});
