import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTriage, loadCases, parseCases, percentile } from '../../server/eval/cases.js';
import { misspell } from '../../server/eval/retrieval.js';

describe('dev cases (test/eval/dev-cases.jsonl)', () => {
  it('parse, and cover the corpus with the intended mix', async () => {
    const cases = await loadCases('test/eval/dev-cases.jsonl');
    const triage = cases.filter(isTriage);
    expect(triage.length).toBeGreaterThanOrEqual(100);
    expect(cases.filter((c) => c.kind === 'smalltalk').length).toBeGreaterThanOrEqual(12);
    expect(cases.filter((c) => c.kind === 'vague').length).toBeGreaterThanOrEqual(12);
    const emergencies = triage.filter((c) => c.severity === 'A&E').length / triage.length;
    expect(emergencies).toBeGreaterThanOrEqual(0.18);
    expect(emergencies).toBeLessThanOrEqual(0.3);

    const tsv = await readFile(path.resolve('knowledge/conditions.tsv'), 'utf8');
    const slugs = new Set(tsv.trim().split('\n').slice(1).map((l) => l.split('\t')[0]));
    for (const c of triage) expect(slugs.has(c.condition ?? ''), `${c.id}: ${c.condition}`).toBe(true);
    expect(new Set(triage.map((c) => c.condition)).size / slugs.size).toBeGreaterThanOrEqual(0.8);
  });

  it('reject malformed lines with the line number', () => {
    expect(() => parseCases('{"id":"a","kind":"triage","text":"x","condition":"flu","severity":"Soon"}', 'f.jsonl')).toThrow(/f\.jsonl:1: severity/);
    expect(() => parseCases('{"id":"a","kind":"smalltalk","text":"hi"}\n{"id":"a","kind":"vague","text":"meh"}')).toThrow(/appears twice/);
  });
});

describe('evaluation helpers', () => {
  it('percentile uses nearest rank', () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10);
    expect(percentile([], 50)).toBe(0);
  });
  it('misspell is reproducible and changes only some longer words', () => {
    const text = 'burning when passing urine and needing the toilet constantly';
    expect(misspell(text, 0.5, 'x')).toBe(misspell(text, 0.5, 'x'));
    expect(misspell(text, 0, 'x')).toBe(text);
    expect(misspell(text, 1, 'x')).not.toBe(text);
  });
});
