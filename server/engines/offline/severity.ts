import type { Severity } from '../../contract/events.js';
import type { PatientFacts } from './facts.js';
import type { Candidate, FlagHit } from './score.js';

/**
 * Severity for the chosen condition, from its page: any red flag -> A&E; else any urgent flag ->
 * Urgent Primary Care; else the page's `default_severity` (the level when the condition fits
 * with no flags, e.g. appendicitis is A&E). Durations, ages and pregnancy meet flags through
 * the flag's own wording ("cough lasting more than 3 weeks", "aged 65 or over"). Two general
 * rules sit on top, NHS advice that holds across conditions: a baby under 3 months with a high
 * temperature needs checking urgently, and symptoms that have gone on for 3 weeks or more
 * should be seen by a GP (a routine appointment, not an urgent one).
 */

export interface SeverityDecision {
  severity: Severity;
  /** Why, in one plain sentence fragment, for the reasoning text. */
  reason: string;
  /** The flags that decided it. */
  flags: FlagHit[];
  /**
   * Self-care that should still see a GP when they can (NHS "non-urgent advice"): a page's routine
   * flag. Not urgent; the answer says so.
   */
  seeGp?: boolean;
}

/** Measured on the development cases: helps more (ulcers, rashes, ringing ears) than it costs. */
const LONG_RUNNING_DAYS = 21;
/** Symptoms of an emergency page that must be matched before its default A&E applies. */
const STRONG_EVIDENCE = 2;
const FEVER = /\b(?:temperature|fever|feverish|hot|38|39|40)\b/;

export function decideSeverity(candidate: Candidate, facts: PatientFacts, text: string): SeverityDecision {
  const page = candidate.condition.page;
  const red = candidate.flags.filter((f) => f.level === 'red');
  // A page's warning sign means 999 when the page fits: some of its own symptoms were described, or
  // the condition was named. A warning sign alone on a page nothing else points to ("on warfarin"
  // on the head injury page, "cold hands" on the meningitis page) is a doubt for a doctor today;
  // the safety rules catch the emergency signs themselves, whatever page the search lands on.
  // The symptom must be other words than the warning sign's own: "a temperature of 38.4" is both a
  // symptom and the warning sign "high temperature with severe tummy pain" of acute pancreatitis,
  // and is no evidence that a feverish toddler has pancreatitis.
  const flagWords = new Set(red.flatMap((f) => f.tokens ?? []));
  const fits = candidate.symptoms.some((s) => !s.tokens.some((t) => flagWords.has(t))) || candidate.namedInText;
  if (red.length > 0 && fits) {
    return { severity: 'A&E', reason: `the page lists ${quoteFlags(red)} as a reason to call 999 or go to A&E`, flags: red };
  }
  if (red.length > 0) {
    return { severity: 'Urgent Primary Care', reason: `the page lists ${quoteFlags(red)} as a reason for urgent care, but none of ${page.title.toLowerCase()}'s own symptoms was mentioned, so a doctor should check today`, flags: red };
  }
  if (page.defaultSeverity === 'A&E') {
    // An emergency page on one matched symptom is a guess: the safety rules catch the emergency
    // signs themselves, so a weak match means "see someone today", not "call 999".
    if (candidate.symptoms.length >= STRONG_EVIDENCE || candidate.namedInText) {
      return { severity: 'A&E', reason: `${page.title.toLowerCase()} itself needs to be assessed in hospital straight away`, flags: [] };
    }
    return {
      severity: 'Urgent Primary Care',
      reason: `${page.title.toLowerCase()} would need hospital care, but only one of its signs was mentioned, so a doctor should check today`,
      flags: [],
    };
  }
  const urgent = candidate.flags.filter((f) => f.level === 'urgent');
  if (urgent.length > 0) {
    return { severity: 'Urgent Primary Care', reason: `the page lists ${quoteFlags(urgent)} as a reason to get seen soon`, flags: urgent };
  }
  if (page.defaultSeverity === 'Urgent Primary Care') {
    return { severity: 'Urgent Primary Care', reason: `${page.title.toLowerCase()} usually needs a GP or pharmacist to assess and treat it`, flags: [] };
  }
  if (facts.age !== undefined && facts.age < 0.25 && FEVER.test(text)) {
    return { severity: 'Urgent Primary Care', reason: 'a baby under 3 months with a high temperature should always be checked urgently', flags: [] };
  }
  const routine = candidate.flags.filter((f) => f.level === 'routine');
  if (routine.length > 0) {
    return { severity: 'Self-care', reason: `the page lists ${quoteFlags(routine)} as a reason to see a GP when you can, which is not urgent`, flags: routine, seeGp: true };
  }
  if (facts.durationDays !== undefined && facts.durationDays >= LONG_RUNNING_DAYS) {
    // NHS "see a GP if it lasts more than 3 weeks" is its non-urgent tier: book an appointment.
    // Long-running symptoms with a warning sign are caught by the flags above and the safety rules.
    return { severity: 'Self-care', reason: `symptoms that have lasted ${facts.durationText ?? 'several weeks'} should be checked by a GP when you can, which is not urgent`, flags: [], seeGp: true };
  }
  return { severity: 'Self-care', reason: `${page.title.toLowerCase()} usually gets better with self-care and none of the warning signs on the page were mentioned`, flags: [] };
}

function quoteFlags(flags: FlagHit[]): string {
  const labels = [...new Set(flags.map((f) => `"${f.label}"`))].slice(0, 3);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}` : (labels[0] ?? '');
}
