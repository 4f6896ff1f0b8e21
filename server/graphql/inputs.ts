import { z } from 'zod';
import type { Demographics } from '../contract/turn.js';
import { badInput } from '../contract/errors.js';
import { builder } from './builder.js';
import { SexEnum } from './types.js';

export const MAX_MESSAGE_LENGTH = 4000;
export const MAX_NOTES_LENGTH = 500;

/** A lone UTF-16 surrogate: not text, and not storable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Lengths are counted in characters (Unicode code points), as people count them, not UTF-16 units. */
export const characters = (text: string): number => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

/**
 * Text from a client: NUL (which Postgres cannot store) and lone surrogates (not Unicode text)
 * are refused with BAD_USER_INPUT naming the field, before anything reaches the database.
 */
export function checkText(text: string, field: string): string {
  if (text.includes('\u0000')) throw badInput('Text may not contain NUL characters.', field);
  if (LONE_SURROGATE.test(text)) throw badInput('Text must be valid Unicode (it has a lone surrogate).', field);
  return text;
}

export const DemographicsInput = builder.inputType('DemographicsInput', {
  description: 'Optional details that make triage more accurate. All fields optional.',
  fields: (t) => ({
    age: t.int({ description: 'Age in years (0-120).' }),
    sex: t.field({ type: SexEnum, description: 'Sex.' }),
    pregnant: t.boolean({ description: 'Whether they are pregnant.' }),
    notes: t.string({ description: 'Long-term conditions, medicines, anything else (up to 500 characters).' }),
  }),
});

const demographicsSchema = z
  .object({
    age: z.number().int().min(0, 'Age must be between 0 and 120.').max(120, 'Age must be between 0 and 120.').nullish(),
    sex: z.enum(['FEMALE', 'MALE', 'OTHER']).nullish(),
    pregnant: z.boolean().nullish(),
    notes: z
      .string()
      .trim()
      .refine((v) => characters(v) <= MAX_NOTES_LENGTH, `Notes can be up to ${MAX_NOTES_LENGTH} characters.`)
      .nullish(),
  })
  .strict();

type DemographicsIn = { age?: number | null; sex?: 'FEMALE' | 'MALE' | 'OTHER' | null; pregnant?: boolean | null; notes?: string | null };

/** Validates and normalises demographics; BAD_USER_INPUT names the field that is wrong. */
export function parseDemographics(input: DemographicsIn | null | undefined): Demographics | undefined {
  if (!input) return undefined;
  if (typeof input.notes === 'string') checkText(input.notes, 'demographics.notes');
  const parsed = demographicsSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badInput(issue.message, `demographics.${issue.path.join('.')}`);
  }
  const d = parsed.data;
  if (d.pregnant && d.sex === 'MALE') throw badInput('Pregnancy was set for sex MALE; please check the details.', 'demographics.pregnant');
  const out: Demographics = {};
  if (d.age != null) out.age = d.age;
  if (d.sex != null) out.sex = d.sex.toLowerCase() as Demographics['sex'];
  if (d.pregnant != null) out.pregnant = d.pregnant;
  if (d.notes) out.notes = d.notes;
  return out;
}

export function parseMessageText(text: string): string {
  const trimmed = checkText(text, 'text').trim();
  if (!trimmed) throw badInput('The message is empty.', 'text');
  const length = characters(trimmed);
  if (length > MAX_MESSAGE_LENGTH) {
    throw badInput(`The message is ${length} characters; the limit is ${MAX_MESSAGE_LENGTH}.`, 'text');
  }
  return trimmed;
}

export function parseClientMessageId(id: string | null | undefined): string | undefined {
  if (id == null) return undefined;
  if (!/^[\w.:-]{1,100}$/.test(id)) {
    throw badInput('clientMessageId must be 1-100 characters of letters, digits, _ . : -', 'clientMessageId');
  }
  return id;
}
