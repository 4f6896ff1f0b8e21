import { z } from 'zod';
import type { Demographics } from '../contract/turn.js';
import { badInput } from '../contract/errors.js';
import { builder } from './builder.js';
import { SexEnum } from './types.js';

export const MAX_MESSAGE_LENGTH = 4000;

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
    notes: z.string().trim().max(500, 'Notes can be up to 500 characters.').nullish(),
  })
  .strict();

type DemographicsIn = { age?: number | null; sex?: 'FEMALE' | 'MALE' | 'OTHER' | null; pregnant?: boolean | null; notes?: string | null };

/** Validates and normalises demographics; BAD_USER_INPUT names the field that is wrong. */
export function parseDemographics(input: DemographicsIn | null | undefined): Demographics | undefined {
  if (!input) return undefined;
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
  const trimmed = text.trim();
  if (!trimmed) throw badInput('The message is empty.', 'text');
  if (trimmed.length > MAX_MESSAGE_LENGTH) {
    throw badInput(`The message is ${trimmed.length} characters; the limit is ${MAX_MESSAGE_LENGTH}.`, 'text');
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
