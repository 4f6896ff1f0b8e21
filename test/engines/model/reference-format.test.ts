import { describe, expect, it } from 'vitest';
import { distanceOf, formatReferenceContext, formatReferenceDemographics } from '../../../server/engines/model/reference-format.js';

describe('reference format', () => {
  it('shows distances (1 - similarity), lower is better, three decimals, never negative', () => {
    expect(distanceOf(0.813)).toBe('0.187');
    expect(distanceOf(1)).toBe('0.000');
    expect(distanceOf(1.2)).toBe('0.000');
    expect(distanceOf(0)).toBe('1.000');
  });

  it('writes one Source block per page and the closing list, in retrieval order', () => {
    const context = formatReferenceContext([
      { slug: 'flu', title: 'Flu', url: 'u', score: 0.9, sections: [{ section: 'Symptoms', content: ' Fever. ', score: 0.9 }, { section: 'Treatment', content: 'Rest.', score: 0.5 }] },
      { slug: 'cough', title: 'Cough', url: 'u', score: 0.5, sections: [{ section: 'Symptoms', content: 'A cough.', score: 0.5 }] },
    ]);
    expect(context).toBe(
      '\nSource: flu, similarity score: 0.100. Content:\nSymptoms: Fever.\nTreatment: Rest.\n' +
        '\nSource: cough, similarity score: 0.500. Content:\nSymptoms: A cough.\n' +
        'Sources and similarity scores (lower is better): [(flu, 0.100), (cough, 0.500)]',
    );
  });

  it('with nothing retrieved, still gives the closing list (empty)', () => {
    expect(formatReferenceContext([])).toBe('Sources and similarity scores (lower is better): []');
  });

  it('writes demographics as a one-line record, or None', () => {
    expect(formatReferenceDemographics(undefined)).toBe('None');
    expect(formatReferenceDemographics({})).toBe('None');
    expect(formatReferenceDemographics({ age: 30, sex: 'female', pregnant: true, notes: ' asthma, "salbutamol" ' })).toBe(
      `{'age': 30, 'sex': 'female', 'pregnant': True, 'notes': "asthma, \\"salbutamol\\""}`,
    );
  });
});
