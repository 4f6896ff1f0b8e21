import type { Demographics } from '../contract/turn.js';

export type EmergencyKind =
  | 'suicide'
  | 'cardiac'
  | 'stroke'
  | 'anaphylaxis'
  | 'sepsis'
  | 'meningitis'
  | 'child'
  | 'bleeding'
  | 'breathing'
  | 'clot'
  | 'head'
  | 'pregnancy'
  | 'abdominal'
  | 'other';

export interface SafetyAssessment {
  emergency: boolean;
  kinds: EmergencyKind[];
  /** The phrases in the text that triggered it (for staff traces). */
  matched: string[];
  /** Most likely condition slug for the emergency, if one is clear (e.g. suicidal-thoughts, stroke). */
  conditionHint?: string;
}

/** Signature of the rule set every engine passes through. */
export type AssessSafety = (text: string, demographics?: Demographics) => SafetyAssessment;
