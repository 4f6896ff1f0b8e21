import type { OfflineAnalysis } from './analyse.js';
import { describeAge, describeDays } from './facts.js';
import type { Candidate } from './score.js';
import { REASONING } from './templates.js';

/**
 * The offline engine's reasoning as readable paragraphs: what was read, what was ruled out,
 * which conditions were weighed and why one was preferred, and why this severity.
 */

const MAX_SAID = 6;
const MAX_ALTERNATIVES = 2;

export function reasoningParagraphs(a: OfflineAnalysis): string[] {
  const paragraphs: string[] = [];
  const top = a.ranked.filter((c) => !c.excluded).slice(0, 3);
  const said = unique([...(a.best?.symptoms ?? []).map((s) => s.said), ...(a.best?.flags ?? []).filter((f) => f.via === 'text').map((f) => f.said), ...top.flatMap((c) => c.symptoms.map((s) => s.said))]).slice(0, MAX_SAID);

  const reading = [said.length ? REASONING.reading(said) : REASONING.readingNothing];
  if (a.facts.durationDays !== undefined) reading.push(REASONING.duration(describeDays(a.facts.durationDays)));
  if (a.facts.age !== undefined) reading.push(REASONING.age(who(a.facts.age)));
  if (a.facts.pregnant) reading.push(REASONING.pregnant);
  else if (a.facts.maybePregnant) reading.push(REASONING.maybePregnant);
  paragraphs.push(reading.join(' '));

  const denied = unique(a.ranked.slice(0, 5).flatMap((c) => c.denied)).slice(0, 5);
  if (denied.length) paragraphs.push(REASONING.denied(denied));

  if (!a.best) {
    paragraphs.push(REASONING.inconclusive(top[0]?.condition.page.title));
    paragraphs.push(REASONING.inconclusiveSeverity);
    return paragraphs;
  }
  const best = a.best;
  const weighing = [REASONING.best(best.condition.page.title, best.symptoms.slice(0, 4).map((s) => s.said))];
  if (best.namedInText) weighing.push(REASONING.named(best.condition.page.title));
  if (!best.retrieval) weighing.push(REASONING.notRetrieved);
  const matchedLabels = new Set(best.symptoms.map((s) => s.label));
  const missing = best.condition.symptoms.slice(0, 4).map((s) => s.label).filter((l) => !matchedLabels.has(l)).slice(0, 2);
  if (missing.length) weighing.push(REASONING.notMentioned(missing));
  // Only alternatives the person's words speak for; a search hit alone is not worth discussing.
  for (const alt of top.filter((c) => c !== best && c.symptoms.length > 0).slice(0, MAX_ALTERNATIVES)) {
    weighing.push(REASONING.alternative(alt.condition.page.title, alt.symptoms.slice(0, 2).map((s) => s.said), whyNot(alt)));
  }
  const excluded = a.ranked.filter((c) => c.excluded && (c.retrieval?.rank ?? 99) <= 5).slice(0, 2);
  for (const ex of excluded) weighing.push(REASONING.excluded(ex.condition.page.title, ex.excluded ?? ''));
  paragraphs.push(weighing.join(' '));

  paragraphs.push(REASONING.severity(a.severity.severity, a.severity.reason));
  return paragraphs;
}

function whyNot(c: Candidate): string {
  const hallmark = c.condition.symptoms[0];
  if (hallmark && !c.symptoms.some((s) => s.label === hallmark.label)) return REASONING.missingHallmark(hallmark.label);
  return REASONING.fewerSigns;
}

function who(age: number): string {
  if (age < 2) return `a baby ${describeAge(age)}`;
  if (age < 16) return `a child aged ${Math.round(age)}`;
  return `someone aged ${Math.round(age)}`;
}

/** Distinct phrases, dropping any contained in a longer one ("cough" beside "cough for 4 weeks"). */
function unique(items: string[]): string[] {
  const distinct = [...new Set(items.filter(Boolean))];
  return distinct.filter((s) => !distinct.some((o) => o !== s && o.includes(s)));
}
