import { z } from 'zod';
import type { ReviewVerdict, Severity } from '../generated/prisma/enums.js';
import { badInput } from '../contract/errors.js';
import { characters, checkText } from './inputs.js';

export const MAX_REVIEW_NOTE = 4000;

const RANK: Record<Severity, number> = { SELF_CARE: 0, URGENT_PRIMARY_CARE: 1, A_AND_E: 2 };
const LABEL: Record<Severity, string> = { SELF_CARE: 'Self-care', URGENT_PRIMARY_CARE: 'Urgent Primary Care', A_AND_E: 'A&E' };

export interface ReviewFields {
  verdict: ReviewVerdict;
  severity: Severity;
  condition: string | null;
  note: string | null;
}

const note = z
  .string()
  .trim()
  .refine((v) => characters(v) <= MAX_REVIEW_NOTE, `The note can be up to ${MAX_REVIEW_NOTE} characters.`)
  .transform((s) => s || null);
const slug = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{1,100}$/, 'The condition is a knowledge base slug such as `flu`; leave it empty when none of the pages fits.');

/**
 * Validates a review against the turn's prediction, so the reviewed truth and the verdict agree
 * (an UNDER_TRIAGED review names a higher severity than predicted, a CORRECT one repeats the
 * prediction): these become evaluation cases, and a contradictory one would teach the wrong thing.
 * Without a prediction (a direct reply, a failed turn) only the fields themselves are checked.
 */
export function parseReview(
  input: { verdict: ReviewVerdict; severity: Severity; condition?: string | null; note?: string | null },
  predicted: { condition: string; severity: Severity } | null,
  knownConditions: ReadonlySet<string>,
): ReviewFields {
  if (input.note != null) checkText(input.note, 'input.note');
  const n = note.nullish().safeParse(input.note);
  if (!n.success) throw badInput(n.error.issues[0]!.message, 'input.note');
  let condition: string | null = null;
  if (input.condition != null && input.condition.trim() !== '') {
    const s = slug.safeParse(input.condition);
    if (!s.success) throw badInput(s.error.issues[0]!.message, 'input.condition');
    if (knownConditions.size && !knownConditions.has(s.data)) throw badInput(`"${s.data}" is not a condition of the knowledge base.`, 'input.condition');
    condition = s.data;
  }
  const out: ReviewFields = { verdict: input.verdict, severity: input.severity, condition, note: n.data ?? null };
  if (!predicted) return out;
  const was = `the prediction was ${LABEL[predicted.severity]}`;
  switch (input.verdict) {
    case 'CORRECT':
      if (predicted.condition === 'inconclusive') throw badInput('An inconclusive prediction cannot be CORRECT; use WRONG_CONDITION with the right condition.', 'input.verdict');
      if (input.severity !== predicted.severity) throw badInput(`CORRECT means the severity was right, but ${was}.`, 'input.severity');
      if (condition !== predicted.condition) throw badInput(`CORRECT means the condition was right, but the prediction was ${predicted.condition}.`, 'input.condition');
      break;
    case 'UNDER_TRIAGED':
      if (RANK[input.severity] <= RANK[predicted.severity]) throw badInput(`UNDER_TRIAGED needs a severity higher than predicted (${was}).`, 'input.severity');
      break;
    case 'OVER_TRIAGED':
      if (RANK[input.severity] >= RANK[predicted.severity]) throw badInput(`OVER_TRIAGED needs a severity lower than predicted (${was}).`, 'input.severity');
      break;
    case 'WRONG_CONDITION':
      if (condition === predicted.condition) throw badInput('WRONG_CONDITION needs a different condition than the one predicted (or none, when no page fits).', 'input.condition');
      break;
    case 'UNSAFE_ANSWER':
      break;
  }
  return out;
}
