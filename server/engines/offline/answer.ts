import { ROUTINE_SECTION, type ConditionPage } from '../../knowledge/types.js';
import type { Prediction } from '../../contract/events.js';
import type { Candidate } from './score.js';
import { ANSWER, GENTLE_CONDITIONS, type Known } from './templates.js';
import { answerFromPage } from './follow-up.js';

/**
 * The patient-facing answer: built from the predicted condition's page (its sections summarised,
 * never pasted whole) and the severity's next action, ending with a question.
 */

const MAX_POINTS = 3;
const MAX_POINT_LENGTH = 160;

export function composeAnswer(
  prediction: Prediction,
  page: ConditionPage | undefined,
  candidate: Candidate | undefined,
  safetyNotice: string | null,
  seeGp = false,
  known: Known = { age: false, duration: false },
  followUp?: string,
): string {
  const parts: string[] = [];
  if (safetyNotice) parts.push(safetyNotice);
  // A follow-up question is answered first, in the complaint's context (the page it is about).
  if (followUp && page && prediction.condition !== 'inconclusive') {
    const said = answerFromPage(followUp, page);
    parts.push(said ? ANSWER.followUpFromPage(page.title, said) : ANSWER.followUpNotOnPage(page.title));
  }
  if (prediction.condition === 'inconclusive' || !page) {
    // The notice already gives the emergency action; the 111 advice would contradict it.
    const [sorry, next] = ANSWER.inconclusive as [string, string];
    const ask = ANSWER.inconclusiveAsk(known);
    if (safetyNotice) parts.push(sorry, ask);
    else parts.push(sorry, prediction.severity === 'Self-care' ? ANSWER.inconclusiveNotUrgent : next, ask);
    return parts.join('\n\n');
  }
  const severity = prediction.severity;
  // The page's own words for what matched read better than the person's fragments.
  const matched = [...new Set((candidate?.symptoms ?? []).slice(0, 3).map((s) => s.label))];
  if (GENTLE_CONDITIONS.has(page.slug)) parts.push(ANSWER.gentleOpening);
  else parts.push([ANSWER.opening(page.title), matched.length ? ANSWER.because(matched) : '', ANSWER.uncertain].filter(Boolean).join(' '));
  const routineGp = severity === 'Self-care' && seeGp;
  if (!(severity === 'A&E' && safetyNotice)) parts.push(routineGp ? ANSWER.seeGpAction : ANSWER.nextAction[severity]);

  const selfCare = summarise(section(page, 'Self-care'), severity === 'Self-care' ? MAX_POINTS : 2);
  if (severity === 'Self-care') {
    const gp = routineGp ? summarise(section(page, ROUTINE_SECTION), 2) : undefined;
    if (gp?.points.length) parts.push(render(ANSWER.seeGpHeading, gp));
    if (selfCare.points.length) parts.push(render(ANSWER.selfCareHeading, selfCare));
  } else {
    const why = summarise(section(page, severity === 'A&E' ? 'When to call 999 or go to A&E' : 'When to get urgent help'), MAX_POINTS);
    if (why.points.length) parts.push(render(severity === 'A&E' ? ANSWER.emergencyHeading : ANSWER.urgentHeading, why));
    // An emergency notice already says what to do while waiting; don't bury it under more.
    if (selfCare.points.length && !safetyNotice) parts.push(render(ANSWER.whileWaitingHeading, selfCare));
  }
  if (severity !== 'A&E') {
    const signs = page.redFlags.slice(0, 3).map((f) => f.flag.toLowerCase());
    if (signs.length) parts.push(ANSWER.safetyNet(signs));
  }
  parts.push(question(severity, page, candidate, known));
  return parts.join('\n\n');
}

function question(severity: Prediction['severity'], page: ConditionPage, candidate: Candidate | undefined, known: Known): string {
  if (severity === 'Self-care') return ANSWER.question['Self-care'](known);
  if (severity === 'A&E') return ANSWER.question['A&E'];
  const seen = new Set((candidate?.symptoms ?? []).map((s) => s.label));
  const missing = page.symptoms.slice(0, 4).find((s) => !seen.has(s.term))?.term;
  return ANSWER.question['Urgent Primary Care'](missing);
}

function section(page: ConditionPage, heading: string): string {
  return page.sections.find((s) => s.heading === heading)?.content ?? '';
}

/** A section, shortened: its first few bullet points, or its first sentences when it has none. */
export interface Summary {
  points: string[];
  asList: boolean;
}

export function summarise(markdown: string, max: number): Summary {
  const lines = markdown.split('\n').map((l) => l.trim()).filter(Boolean);
  const items = lines.filter((l) => /^[-*] /.test(l)).map((l) => firstSentence(plain(l.slice(2))));
  if (items.length) return { points: items.slice(0, max), asList: true };
  const sentences = lines.filter((l) => !l.startsWith('#')).join(' ').match(/[^.!?]+[.!?]+/g) ?? [];
  return { points: sentences.slice(0, Math.min(max, 2)).map((s) => firstSentence(plain(s))), asList: false };
}

function render(heading: string, summary: Summary): string {
  return summary.asList ? `${heading}\n${summary.points.map((p) => `- ${p}`).join('\n')}` : `${heading} ${summary.points.join(' ')}`;
}

function plain(s: string): string {
  return s
    .replace(/\*\*|__/g, '')
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

function firstSentence(s: string): string {
  const m = /^(.+?[.!?])(\s|$)/.exec(s);
  const sentence = m ? (m[1] as string) : s;
  return sentence.length > MAX_POINT_LENGTH ? `${sentence.slice(0, MAX_POINT_LENGTH).replace(/\s+\S*$/, '')}...` : sentence;
}


