/**
 * Entry of the staff review page's bundle (dist/review/review.js), served at /review. Registers
 * <triage-review> and its parts.
 */
import { ReviewChart } from './review-chart.js';
import { ReviewTurn } from './review-turn.js';
import { TriageReview } from './triage-review.js';

const elements: [string, CustomElementConstructor][] = [
  ['review-chart', ReviewChart],
  ['review-turn', ReviewTurn],
  ['triage-review', TriageReview],
];
for (const [name, ctor] of elements) if (!customElements.get(name)) customElements.define(name, ctor);

export { ReviewChart, ReviewTurn, TriageReview };
