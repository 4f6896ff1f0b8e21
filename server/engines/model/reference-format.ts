import type { RetrievedCondition } from '../../contract/retrieval.js';
import type { Demographics } from '../../contract/turn.js';

/**
 * The retrieved context and the demographics as the reference deployment wrote them for T0 (the
 * format its training prompts had, so the one it reads best):
 *
 *   (blank line)
 *   Source: flu, similarity score: 0.187. Content:
 *   <the page's text>
 *   (blank line)
 *   Source: common-cold, similarity score: 0.234. Content:
 *   <the page's text>
 *   Sources and similarity scores (lower is better): [(flu, 0.187), (common-cold, 0.234)]
 *
 * The scores are distances, lower is better, with three decimals. Our retriever scores
 * similarity in [0, 1] (higher is better), so the distance shown is `1 - similarity`: exactly the
 * cosine distance Chroma reports for a cosine collection, which is what the reference printed.
 */

/** `1 - similarity`, never negative, three decimals. */
export function distanceOf(similarity: number): string {
  return Math.max(0, 1 - similarity).toFixed(3);
}

/** A page's matching sections as plain text: `Heading: text`, one section a paragraph. */
function pageText(condition: RetrievedCondition): string {
  return condition.sections.map((s) => `${s.section}: ${s.content.trim()}`).join('\n');
}

export function formatReferenceContext(conditions: readonly RetrievedCondition[]): string {
  const blocks = conditions.map((c) => `\nSource: ${c.slug}, similarity score: ${distanceOf(c.score)}. Content:\n${pageText(c)}`);
  const list = conditions.map((c) => `(${c.slug}, ${distanceOf(c.score)})`).join(', ');
  return [...blocks, `Sources and similarity scores (lower is better): [${list}]`].join('\n');
}

/**
 * Demographics as the reference passed them: a one-line record of the fields given, or `None`
 * when there are none (its prompts print Python's `None`).
 */
export function formatReferenceDemographics(d: Demographics | undefined): string {
  const fields: string[] = [];
  if (d?.age !== undefined) fields.push(`'age': ${d.age}`);
  if (d?.sex) fields.push(`'sex': '${d.sex}'`);
  if (d?.pregnant !== undefined) fields.push(`'pregnant': ${d.pregnant ? 'True' : 'False'}`);
  if (d?.notes?.trim()) fields.push(`'notes': ${JSON.stringify(d.notes.trim())}`);
  return fields.length > 0 ? `{${fields.join(', ')}}` : 'None';
}
