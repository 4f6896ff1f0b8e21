import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { parseJsonLines } from '../jsonl.js';
import { SEVERITIES } from '../contract/events.js';

/**
 * Evaluation cases: JSONL, one per line. `triage` cases name the expected condition and severity;
 * `smalltalk` and `vague` cases test that the assistant answers directly or asks for details.
 */

const demographics = z
  .object({
    age: z.number().min(0).max(120).optional(),
    sex: z.enum(['female', 'male']).optional(),
    pregnant: z.boolean().optional(),
    notes: z.string().optional(),
  })
  .strict();

const evalCase = z.discriminatedUnion('kind', [
  z.object({
    id: z.string().min(1),
    kind: z.literal('triage'),
    text: z.string().min(1),
    demographics: demographics.optional(),
    condition: z.string().regex(/^[a-z0-9-]+$/),
    severity: z.enum(SEVERITIES),
  }),
  z.object({ id: z.string().min(1), kind: z.enum(['smalltalk', 'vague']), text: z.string().min(1), demographics: demographics.optional() }),
]);

export type EvalCase = z.infer<typeof evalCase>;
export type TriageCase = Extract<EvalCase, { kind: 'triage' }>;

export class CasesError extends Error {
  override name = 'CasesError';
}

export function parseCases(text: string, file = '<cases>'): EvalCase[] {
  return parseJsonLines(text, { file, schema: evalCase, uniqueKey: (c) => c.id, keyName: 'id', fail: (m) => new CasesError(m) }).map(
    (r) => r.record,
  );
}

export async function loadCases(file: string): Promise<EvalCase[]> {
  return parseCases(await readFile(file, 'utf8'), file);
}

export function isTriage(c: EvalCase): c is TriageCase {
  return c.kind === 'triage';
}

/** Nearest-rank percentile of a list of numbers (p in 0..100). */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}
