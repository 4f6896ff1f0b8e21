import { describe, expect, it } from 'vitest';
import { parseDemographics } from '../../server/graphql/inputs.js';
import { demographicsValue, validateDemographics, type DemographicsDraft } from '../../widget/src/validation.js';

/**
 * The widget checks demographics in the form with the server's rules: for every case the widget
 * must refuse exactly what the server refuses (and send nothing it would clamp or reject).
 */

const draft = (d: Partial<DemographicsDraft>): DemographicsDraft => ({ ageText: '', sex: null, pregnant: null, notes: '', ...d });

const CASES: DemographicsDraft[] = [
  draft({}),
  draft({ ageText: '0' }),
  draft({ ageText: '34' }),
  draft({ ageText: '120' }),
  draft({ ageText: '121' }),
  draft({ ageText: '150' }),
  draft({ ageText: '999' }),
  draft({ sex: 'MALE', pregnant: true }),
  draft({ sex: 'MALE', pregnant: false }),
  draft({ sex: 'FEMALE', pregnant: true }),
  draft({ sex: 'OTHER', pregnant: true }),
  draft({ pregnant: true }),
  draft({ notes: 'asthma' }),
  draft({ notes: 'x'.repeat(500) }),
  draft({ notes: 'x'.repeat(501) }),
  draft({ notes: `  ${'x'.repeat(500)}  ` }),
];

function serverAccepts(d: DemographicsDraft): boolean {
  try {
    parseDemographics(demographicsValue(d));
    return true;
  } catch {
    return false;
  }
}

describe('demographics rules', () => {
  it.each(CASES.map((c) => [JSON.stringify({ ...c, notes: c.notes.length > 20 ? `${c.notes.length} chars` : c.notes }), c] as const))(
    'widget and server agree on %s',
    (_label, c) => {
      const widgetAccepts = Object.keys(validateDemographics(c)).length === 0;
      expect(widgetAccepts).toBe(serverAccepts(c));
    },
  );

  it('never clamps: a refused age is reported, not changed', () => {
    expect(validateDemographics(draft({ ageText: '150' }))).toEqual({ age: 'ageRange' });
    expect(validateDemographics(draft({ ageText: '-3' }))).toEqual({ age: 'ageNotWhole' });
    expect(validateDemographics(draft({ ageText: '3.5' }))).toEqual({ age: 'ageNotWhole' });
    expect(validateDemographics(draft({ sex: 'MALE', pregnant: true }))).toEqual({ pregnant: 'pregnantMale' });
  });
});
