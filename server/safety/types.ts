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
  | 'airway'
  | 'clot'
  | 'head'
  | 'pregnancy'
  | 'abdominal'
  | 'other';

export interface SafetyAssessment {
  /** An EMERGENCY rule fired: call 999 or go to A&E. */
  emergency: boolean;
  /** The kinds of emergency (empty when none). */
  kinds: EmergencyKind[];
  /** The phrases in the text that triggered the emergency rules (for staff traces). */
  matched: string[];
  /** Most likely condition slug for the emergency, if one is clear (e.g. suicidal-thoughts, stroke). */
  conditionHint?: string;
  /** An URGENT rule fired (and no emergency): speak to NHS 111 or a GP today. */
  urgent: boolean;
  /** The kinds of the URGENT rules that fired (suicidal thoughts get their own urgent advice). */
  urgentKinds?: EmergencyKind[];
  /** Every rule that fired, with the NHS page it follows (for staff traces and reviews). */
  fired: { label: string; level: 'EMERGENCY' | 'URGENT'; source: string; matched: string[] }[];
  /** The urgency model's probabilities (A&E; at least 111 or a GP today), whether or not they fired. */
  urgency?: { emergency: number; urgent: number };
  /** The conversation's case the verdict rests on (a turn's assessment; absent for a bare text). */
  case?: CaseView;
}

/** One finding of the case, as staff see it. */
export interface CaseFindingView {
  concept: string;
  /** present, absent, possible, hypothetical (asked about), feared, historical, other (someone else's). */
  assertion: string;
  /** The words it came from. */
  words: string;
  /** Which of the conversation's user messages (0 = the first). */
  message: number;
  /** The modifier's cue that changed the assertion. */
  cue?: string;
  /** Taken back by a later correction. */
  retracted?: boolean;
  /** Answered by a later message that denied it (the message's index). */
  supersededBy?: number;
  /** The rules this finding fired in the verdict. */
  rules: string[];
}

export interface CaseView {
  findings: CaseFindingView[];
  corrections: { message: number; by: number }[];
}

/** Signature of the rule set every engine passes through. */
export type AssessSafety = (text: string, demographics?: Demographics) => SafetyAssessment;
