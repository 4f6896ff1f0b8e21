import type { Demographics } from './types.js';

/**
 * The server's input rules (server/graphql/inputs.ts), checked in the form so a visitor sees what
 * is wrong next to the field instead of a refused message. test/widget/validation.test.ts runs the
 * same cases through both and fails when they disagree. Lengths are in characters (code points),
 * as the server counts them.
 */

export const MAX_MESSAGE_CHARS = 4000;
export const MAX_NOTES_CHARS = 500;
export const MIN_AGE = 0;
export const MAX_AGE = 120;

/** Characters as a person counts them (an emoji is one), not UTF-16 units. */
export const charCount = (s: string): number => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

/** A catalogue key for each problem (see i18n.ts). */
export type DemographicsProblem = 'ageNotWhole' | 'ageRange' | 'notesTooLong' | 'pregnantMale';

export interface DemographicsDraft {
  /** What is typed in the age box (validated here, never clamped). */
  ageText: string;
  sex: Demographics['sex'];
  pregnant: Demographics['pregnant'];
  notes: string;
}

export type DemographicsErrors = Partial<Record<'age' | 'notes' | 'pregnant', DemographicsProblem>>;

export function validateDemographics(d: DemographicsDraft): DemographicsErrors {
  const errors: DemographicsErrors = {};
  const age = d.ageText.trim();
  if (age !== '') {
    if (!/^\d+$/.test(age)) errors.age = 'ageNotWhole';
    else if (Number(age) < MIN_AGE || Number(age) > MAX_AGE) errors.age = 'ageRange';
  }
  if (charCount(d.notes.trim()) > MAX_NOTES_CHARS) errors.notes = 'notesTooLong';
  if (d.pregnant === true && d.sex === 'MALE') errors.pregnant = 'pregnantMale';
  return errors;
}

/** The draft as the API takes it; only call when `validateDemographics` found nothing. */
export function demographicsValue(d: DemographicsDraft): Demographics {
  const age = d.ageText.trim();
  return {
    age: age === '' ? null : Number(age),
    sex: d.sex ?? null,
    pregnant: d.pregnant ?? null,
    notes: d.notes.trim() || null,
  };
}
