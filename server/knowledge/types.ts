import type { Severity } from '../contract/events.js';

export interface SymptomTerm {
  term: string;
  synonyms: string[];
}

export interface Flag {
  flag: string;
  terms: string[];
}

export interface ConditionPage {
  slug: string;
  title: string;
  url: string;
  lastReviewed: string;
  defaultSeverity: Severity;
  bodyAreas: string[];
  affects: { sex?: 'female' | 'male'; minAge?: number; maxAge?: number; pregnancy?: boolean };
  symptoms: SymptomTerm[];
  redFlags: Flag[];
  urgentFlags: Flag[];
  /** NHS "non-urgent advice": see a GP (or a pharmacist) when you can. They do not raise severity. */
  routineFlags: Flag[];
  /** The six sections in order (seven with ROUTINE_SECTION), heading and Markdown body. */
  sections: { heading: string; content: string }[];
  /** sha256 of the file's text: ingest replaces a page whose hash changed. */
  hash: string;
}

export const SECTION_HEADINGS = [
  'Overview',
  'Symptoms',
  'Self-care',
  'When to get urgent help',
  'When to call 999 or go to A&E',
  'Who is at higher risk',
] as const;

/**
 * NHS pages give advice in three tiers: see a GP when you can, get urgent help (111, an urgent GP
 * appointment), call 999. A page with `routine_flags` has this section for the first tier, right
 * after "Self-care".
 */
export const ROUTINE_SECTION = 'When to see a GP';

/** The headings a page must have, in order: the six, with the routine section when it lists routine flags. */
export function expectedHeadings(hasRoutineFlags: boolean): string[] {
  const headings: string[] = [...SECTION_HEADINGS];
  if (hasRoutineFlags) headings.splice(headings.indexOf('Self-care') + 1, 0, ROUTINE_SECTION);
  return headings;
}
