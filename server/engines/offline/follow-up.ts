import type { ConditionPage } from '../../knowledge/types.js';
import { normalise } from '../../clinical/text.js';
import { STOPWORDS } from './lexicon.js';

/**
 * A question about the complaint already described ("can I take ibuprofen?", "can he go to
 * school?", "is it catching?") is answered from the predicted page where the page speaks to it:
 * the sentences of its sections that hold the question's own words. Nothing is made up: when the
 * page says nothing about it, the answer says so and names who can (a pharmacist, 111).
 */

/** A question about looking after a complaint: medicines, school or work, how long, catching, what to do. */
export const CARE_QUESTION =
  /\b(?:take|taking|give|giving|use|using|medicine|medication|tablets?|pills?|paracetamol|ibuprofen|calpol|nurofen|antihistamines?|cream|spray|drops|antibiotics?|school|nursery|work|college|uni|catching|contagious|infectious|spread|last|better|worry|worried|normal|serious|eat|drink|shower|bath|exercise|gym|swim|fly|flying|drive|driving|sleep|go back|how long|safe|ok to|okay to|should (?:i|he|she|we)|do (?:i|we) need|need to|what (?:can|should|do)|anything (?:i|we) can)\b/;

const IS_QUESTION = /\?\s*$|^(?:can|could|should|shall|is|are|will|would|how|what|when|do|does|may|which|why|where)\b/;

// Question words that say nothing about the topic.
const QUESTION_WORDS = new Set(['can', 'could', 'should', 'would', 'will', 'take', 'taking', 'give', 'use', 'okay', 'safe', 'need', 'still', 'any', 'anything', 'best', 'good', 'long', 'much']);

export function isCareQuestion(text: string): boolean {
  const t = normalise(text).trim();
  return IS_QUESTION.test(t) && CARE_QUESTION.test(t);
}

/** The page's sentences that speak to the question, or null when none does. */
export function answerFromPage(question: string, page: ConditionPage): string[] | null {
  const words = normalise(question)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 3 && !STOPWORDS.has(w) && !QUESTION_WORDS.has(w))
    .map((w) => w.replace(/s$/, ''));
  if (!words.length) return null;
  const sentences = page.sections.flatMap((s) =>
    s.content
      .replace(/^\s*[-*]\s+/gm, '')
      .split(/(?<=[.!?])\s+|\n+/)
      .map((x) => x.trim())
      .filter(Boolean),
  );
  const hits = sentences.filter((s) => {
    const said = normalise(s);
    return words.some((w) => new RegExp(`\\b${w}`).test(said));
  });
  return hits.length ? [...new Set(hits)].slice(0, 2) : null;
}
