import type { RetrievedCondition } from '../contract/retrieval.js';

/**
 * The text the reasoner prompt gets: one block per condition (source title and url, score, the
 * content of its matching sections), then a "Sources:" list with scores. Numbered so the model can
 * cite "[2]"; scores with two decimals (more digits are noise to a model).
 */
export function formatContext(conditions: RetrievedCondition[]): string {
  if (!conditions.length) return 'No matching conditions were found in the knowledge base.\n\nSources:\n(none)';
  const blocks = conditions.map((c, i) => {
    const sections = c.sections.map((s) => `### ${s.section}\n${s.content.trim()}`).join('\n\n');
    return `[${i + 1}] ${c.title}\nSource: ${c.url}\nScore: ${c.score.toFixed(2)}\n\n${sections}`;
  });
  const sources = conditions.map((c, i) => `[${i + 1}] ${c.title} (${c.slug}): ${c.url} (score ${c.score.toFixed(2)})`);
  return `${blocks.join('\n\n---\n\n')}\n\nSources:\n${sources.join('\n')}`;
}
