import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scrubPersonalDetails } from '../../server/eval/scrub.js';

describe('scrubPersonalDetails', () => {
  it.each([
    ['my name is Sarah Jones and I have chest pain', 'my name is [name] and I have chest pain'],
    ['im dave, 45, chest pain since 2pm', 'im [name], 45, chest pain since 2pm'],
    ['My son Oliver has a rash. Call me on 07700 900123 or email jo.bloggs@example.co.uk', 'My son [name] has a rash. Call me on [phone] or email [email]'],
    ['I live at 12 Baker Street, London NW1 6XE. NHS number 943 476 5919', 'I live at [address], London [postcode]. NHS number [number]'],
    ['seeing Dr Patel tomorrow, mum Margaret has dementia', 'seeing Dr [name] tomorrow, mum [name] has dementia'],
    ['born 12/03/1980, rash since 3 March 2026', 'born [date], rash since [date]'],
    ['call +44 20 7946 0958 or see https://example.com/me', 'call [phone] or see [link]'],
  ])('%s', (input, output) => expect(scrubPersonalDetails(input)).toBe(output));

  it('keeps clinical words that look like names, ages, durations and countries', () => {
    for (const text of ["I have Crohn's disease and Addison's", 'a black mark on his fingers', 'back from Kenya 2 weeks ago with a fever, age 34', "Bell's palsy: my face droops"]) {
      expect(scrubPersonalDetails(text)).toBe(text);
    }
  });

  it('changes none of the 600+ evaluation texts (no false positives on how people describe symptoms)', () => {
    const files = ['dev-cases', 'holdout-cases', 'blind-a-cases'].map((f) => readFileSync(`test/eval/${f}.jsonl`, 'utf8'));
    const texts = files.flatMap((f) => f.split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { text: string }).text));
    expect(texts.length).toBeGreaterThan(600);
    expect(texts.filter((t) => scrubPersonalDetails(t) !== t)).toEqual([]);
  });
});
