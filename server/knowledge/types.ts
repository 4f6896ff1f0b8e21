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
  /** The six sections in order, heading and Markdown body. */
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
