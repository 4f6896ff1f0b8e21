import { z } from 'zod';
import { builder } from './builder.js';

/**
 * `Turn.case`: the conversation's case as the safety rules read it for that turn (each finding,
 * what its context says of it, the words it came from, which rules it fired), stored in the turn's
 * trace by the pipeline. Read back through a schema, so a trace written by an older version that
 * lacks it, or has another shape, gives null rather than a broken field.
 */

const findingShape = z.object({
  concept: z.string(),
  assertion: z.string(),
  words: z.string(),
  message: z.number().int(),
  cue: z.string().optional(),
  retracted: z.boolean().optional(),
  supersededBy: z.number().int().optional(),
  rules: z.array(z.string()),
});
const caseShape = z.object({
  findings: z.array(findingShape),
  corrections: z.array(z.object({ message: z.number().int(), by: z.number().int() })),
});
type CaseFinding = z.infer<typeof findingShape>;
type StoredCase = z.infer<typeof caseShape>;

/** The case kept in a turn's trace, or null. */
export function caseOfTrace(trace: unknown): StoredCase | null {
  const stored = trace && typeof trace === 'object' ? (trace as Record<string, unknown>).case : undefined;
  const parsed = caseShape.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

const CaseFindingRef = builder.objectRef<CaseFinding>('CaseFinding').implement({
  description: 'One finding of the case: a clinical concept found in what the person wrote, with its context.',
  fields: (t) => ({
    concept: t.exposeString('concept', { description: 'The concept (a sign, symptom, measurement or fact about the person).' }),
    assertion: t.exposeString('assertion', {
      description: 'What the words say of it: present, absent, resolved, possible, hypothetical (asked about), feared, historical or other (someone else).',
    }),
    words: t.exposeString('words', { description: 'The words it came from (normalised).' }),
    message: t.exposeInt('message', { description: "Which of the conversation's user messages, up to this turn's (0 = the first)." }),
    cue: t.exposeString('cue', { nullable: true, description: 'The modifier cue that changed the assertion ("terrified its", "last year").' }),
    retracted: t.boolean({ description: 'Taken back by a later correction.', resolve: (f) => f.retracted === true }),
    supersededBy: t.exposeInt('supersededBy', { nullable: true, description: 'The later message that denied it, if one did.' }),
    rules: t.exposeStringList('rules', { description: 'The safety rules it fired in this turn.' }),
  }),
});

export const ClinicalCaseRef = builder.objectRef<StoredCase>('ClinicalCase').implement({
  description: "The conversation's case: every finding accumulated over its messages, as the safety rules read it.",
  fields: (t) => ({
    findings: t.field({ type: [CaseFindingRef], description: 'Every finding, oldest message first.', resolve: (c) => c.findings }),
    correctedMessages: t.field({
      type: ['Int'],
      description: 'Messages a later correction ("sorry, I meant...") took findings back from.',
      resolve: (c) => [...new Set(c.corrections.map((x) => x.message))],
    }),
  }),
});
