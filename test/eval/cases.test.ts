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

  it('reads conversation cases (no kind needed), and the styles, pairs and form fields of single messages', () => {
    const text = [
      '{"id":"c1","turns":["chest tight","now sweating"],"severity":"A&E","condition":"heart-attack","pattern":"split"}',
      '{"id":"s1","kind":"triage","style":"anxious","pair":"p1","modifier":"feared","text":"x","condition":null,"severity":"Self-care","demographics":{"age":30,"history":"asthma","occupation":"nurse","support":"lives alone"}}',
      '{"id":"c2","turns":[],"severity":"A&E","condition":null,"pattern":"split"}',
      '{"id":"c3","turns":["x"],"severity":"A&E","condition":null,"pattern":"sideways"}',
    ].join('\n');
    const rejected: RejectedCase[] = [];
    const cases = parseCases(text, 'f.jsonl', rejected);
    expect(cases[0]).toMatchObject({ id: 'c1', kind: 'conversation', turns: ['chest tight', 'now sweating'], pattern: 'split' });
    expect(cases[1]).toMatchObject({ style: 'anxious', pair: 'p1', modifier: 'feared', demographics: { age: 30, notes: 'asthma; works as nurse; lives alone' } });
    expect(rejected.map((r) => r.line)).toEqual([3, 4]);
  });

  it('throws on the first bad line when no rejection list is given (our own sets must be clean)', () => {
    expect(() => parseCases('{"id":"a","kind":"bogus","text":"x"}', 'f.jsonl')).toThrow(CasesError);
  });
});
