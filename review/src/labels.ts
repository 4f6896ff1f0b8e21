import type { Reason, Severity, Verdict } from './api.js';

/** Plain words for the codes the API uses. */
export const REASON_LABEL: Record<Reason, string> = {
  FAILED_AFTER_EMERGENCY_ADVICE: 'Failed after emergency advice',
  SAFETY_FLOOR_RAISED: 'Safety floor raised the severity',
  EMERGENCY_ON_POSSIBLE_FINDINGS: '999 on possible findings only',
  NEGATIVE_FEEDBACK: 'Rated not helpful',
  INCONCLUSIVE: 'Inconclusive prediction',
  LOW_RETRIEVAL_SCORE: 'Low retrieval score',
};

export const SEVERITY_LABEL: Record<Severity, string> = {
  SELF_CARE: 'Self-care',
  URGENT_PRIMARY_CARE: 'Urgent primary care (GP / 111)',
  A_AND_E: 'A&E / 999',
};

export const VERDICT_LABEL: Record<Verdict, string> = {
  CORRECT: 'Correct',
  UNDER_TRIAGED: 'Under-triaged (should be more urgent)',
  OVER_TRIAGED: 'Over-triaged (should be less urgent)',
  WRONG_CONDITION: 'Wrong condition',
  UNSAFE_ANSWER: 'Unsafe answer',
};

export const REASONS = Object.keys(REASON_LABEL) as Reason[];
export const SEVERITIES = Object.keys(SEVERITY_LABEL) as Severity[];
export const VERDICTS = Object.keys(VERDICT_LABEL) as Verdict[];
