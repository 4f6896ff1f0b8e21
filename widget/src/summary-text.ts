import { fill, type Strings } from './i18n.js';
import { markdownToText } from './markdown.js';
import type { Demographics, VisitorSummary } from './types.js';

/**
 * The summary as plain text, for the clipboard: a GP's or pharmacist's system, an email or a
 * message takes it as it is. Same sections and words as the summary view (triage-summary.ts).
 */

/** A date and time the reader of a printout understands out of context ("1 Dec 2026, 21:06"). */
export function when(iso: string | null, locale: string): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale || 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The details the person gave, as label and value pairs (only those given). */
export function aboutLines(about: Demographics | null, t: Strings): [string, string][] {
  if (!about) return [];
  const out: [string, string][] = [];
  if (typeof about.age === 'number') out.push([t.age, String(about.age)]);
  if (about.sex) out.push([t.sex, { FEMALE: t.female, MALE: t.male, OTHER: t.other }[about.sex]]);
  if (typeof about.pregnant === 'boolean') out.push([t.pregnant, about.pregnant ? t.yes : t.no]);
  if (about.notes) out.push([t.notes, about.notes]);
  return out;
}

export function summaryText(s: VisitorSummary, t: Strings, locale: string): string {
  const lines: string[] = [t.summaryTitle, fill(t.summaryMade, { date: when(s.startedAt, locale) })];
  const about = aboutLines(s.about, t);
  if (about.length) lines.push('', t.summaryAbout, ...about.map(([k, v]) => `${k}: ${v}`));
  lines.push('', t.summarySaid);
  for (const m of s.messages) lines.push(`- ${when(m.sentAt, locale)}: ${m.text}${m.shortened ? ` ${t.summaryShortened}` : ''}`);
  lines.push('', t.summaryAdvised);
  if (!s.advice.length) lines.push(t.summaryNoAdvice);
  for (const a of s.advice) {
    const level = a.level === 'EMERGENCY' ? t.emergencyLabel : t.urgentLabel;
    lines.push(`- ${level} (${a.givenAt.map((g) => when(g, locale)).join('; ')}): ${a.title}`, `  ${markdownToText(a.text).replace(/\s*\n+\s*/g, ' ')}`);
  }
  const reported = s.findings.filter((f) => f.status === 'REPORTED').map((f) => f.words);
  const denied = s.findings.filter((f) => f.status === 'DENIED').map((f) => f.words);
  if (reported.length || denied.length) {
    lines.push('', t.summaryFindings);
    if (reported.length) lines.push(`${t.summaryReported}: ${reported.join('; ')}`);
    if (denied.length) lines.push(`${t.summaryDenied}: ${denied.join('; ')}`);
  }
  return `${lines.join('\n')}\n`;
}
