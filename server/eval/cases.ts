import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { SEVERITIES } from '../contract/events.js';
import type { Demographics } from '../contract/turn.js';
import { parseJsonLines } from '../jsonl.js';

/**
 * Evaluation cases: JSONL, one per line. `triage` cases name the expected condition (a page slug,
 * or null when none of our pages fits) and severity; `smalltalk` and `offtopic` cases expect a
 * direct reply, `vague` ones a clarifying question. Cases written by people outside the team
 * arrive in many shapes, so absent and null fields are the same thing, and a case that cannot be
 * read is reported with its line number while the others still run.
 */

/** null and absent mean the same: "not given". */
const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined);

/**
 * A triage form's fields. Occupation, support and past history (as outside sets write them, after
 * a published protocol) reach the service the way a form would send them: in the notes.
 */
const demographics = z
  .object({
    age: optional(z.number().min(0).max(120)),
    sex: optional(z.enum(['female', 'male', 'other'])),
    pregnant: optional(z.boolean()),
    notes: optional(z.string()),
    history: optional(z.string()),
    occupation: optional(z.string()),
    support: optional(z.string()),
  })
  .strict()
  .transform(({ history, occupation, support, notes, ...rest }) => {
    const written = [notes, history, occupation ? `works as ${occupation}` : undefined, support].filter((v): v is string => !!v);
    const d: Demographics = { ...rest, ...(written.length ? { notes: written.join('; ') } : {}) };
    return Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined)) as Demographics;
  });

/** The conversation patterns a conversation case is written in (`npm run eval` reports each). */
export const CONVERSATION_PATTERNS = ['escalates', 'split', 'vague-then-detail', 'follow-up', 'reassuring', 'other-person', 'denial', 'topic-change'] as const;
export type ConversationPattern = (typeof CONVERSATION_PATTERNS)[number];

export const ROUTE_KINDS = ['smalltalk', 'vague', 'offtopic'] as const;

export const REVIEW_VERDICTS = ['CORRECT', 'UNDER_TRIAGED', 'OVER_TRIAGED', 'WRONG_CONDITION', 'UNSAFE_ANSWER'] as const;

/**
 * Where a case exported from a clinician's review came from (`npm run eval -- --export-reviews`):
 * the verdict, what the service predicted then, and the day of the review. The report scores
 * these cases again, by verdict, so reviewed mistakes become regression cases.
 */
const reviewOrigin = z.object({
  verdict: z.enum(REVIEW_VERDICTS),
  predicted: z.object({ condition: z.string(), severity: z.enum(SEVERITIES) }).nullable(),
  reviewedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type ReviewOrigin = z.infer<typeof reviewOrigin>;

/** A page slug, or null when none of our pages fits. */
const conditionSlug = z
  .string()
  .regex(/^[a-z0-9-]+$/)
  .nullable();

const evalCase = z.discriminatedUnion('kind', [
  z.object({
    id: z.string().min(1),
    kind: z.literal('triage'),
    text: z.string().min(1),
    demographics: optional(demographics),
    condition: conditionSlug,
    severity: z.enum(SEVERITIES),
    review: optional(reviewOrigin),
    /** The writing style of a single message (basic, anxious, downplay): reported separately. */
    style: z.string().min(1).optional(),
    /** Minimal pairs: two cases with the same `pair` id differing in one respect (`modifier`). */
    pair: z.string().min(1).optional(),
    modifier: z.string().min(1).optional(),
  }),
  z.object({ id: z.string().min(1), kind: z.enum(ROUTE_KINDS), text: z.string().min(1), demographics: optional(demographics) }),
]);

/**
 * A whole conversation: the person's messages in order, scored on the level after the last one
 * (each message is sent as a live turn, with the earlier messages and answers as history).
 */
const conversationCase = z.object({
  id: z.string().min(1),
  kind: z.literal('conversation'),
  turns: z.array(z.string().min(1)).min(1).max(20),
  demographics: optional(demographics),
  condition: conditionSlug,
  severity: z.enum(SEVERITIES),
  pattern: z.enum(CONVERSATION_PATTERNS),
});
const anyCase = z.discriminatedUnion('kind', [...evalCase.options, conversationCase]);

/** A conversation line needs no `kind`: its `turns` say what it is. */
const withKind = (value: unknown): unknown =>
  typeof value === 'object' && value !== null && !('kind' in value) && 'turns' in value ? { ...value, kind: 'conversation' } : value;
const evalLine = z.preprocess(withKind, anyCase);

export type EvalCase = z.infer<typeof evalCase>;
export type TriageCase = Extract<EvalCase, { kind: 'triage' }>;
/** A case file's line: one message (`EvalCase`) or a whole conversation. */
export type ConversationCase = z.infer<typeof conversationCase>;
export type AnyCase = EvalCase | ConversationCase;

export class CasesError extends Error {
  override name = 'CasesError';
}

/** A line of a case file that could not be read, and why. */
export interface RejectedCase {
  line: number;
  message: string;
}

/**
 * Parses a case file. Without `rejected`, the first unreadable line throws (our own sets must be
 * clean); with it, unreadable lines are collected there and the rest returned.
 */
export function parseCases(text: string, file = '<cases>', rejected?: RejectedCase[]): AnyCase[] {
  return parseJsonLines(text, {
    file,
    schema: evalLine,
    uniqueKey: (c) => c.id,
    keyName: 'id',
    fail: (m) => new CasesError(m),
    ...(rejected ? { reject: (problem: RejectedCase) => rejected.push(problem) } : {}),
  }).map((r) => r.record);
}

/** Every case of a file, conversations included (the triage evaluation). */
export async function loadAllCases(file: string, rejected?: RejectedCase[]): Promise<AnyCase[]> {
  return parseCases(await readFile(file, 'utf8'), file, rejected);
}

/** The single-message cases of a file (what retrieval and the urgency model are scored on). */
export async function loadCases(file: string, rejected?: RejectedCase[]): Promise<EvalCase[]> {
  return (await loadAllCases(file, rejected)).filter((c): c is EvalCase => !isConversation(c));
}

export function isTriage(c: AnyCase): c is TriageCase {
  return c.kind === 'triage';
}

export function isConversation(c: AnyCase): c is ConversationCase {
  return c.kind === 'conversation';
}

/** A triage case whose expected condition is one of our pages (what retrieval can be scored on). */
export function hasCondition(c: AnyCase): c is TriageCase & { condition: string } {
  return c.kind === 'triage' && c.condition !== null;
}

/** Nearest-rank percentile of a list of numbers (p in 0..100). */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** The single-message cases of a parsed file. */
export const messageCases = (cases: AnyCase[]): EvalCase[] => cases.filter((c): c is EvalCase => !isConversation(c));
