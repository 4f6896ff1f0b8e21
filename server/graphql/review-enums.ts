import { REVIEW_REASONS, type ReviewReason } from '../store/review-queue.js';
import { builder } from './builder.js';

export const FeedbackRatingEnum = builder.enumType('FeedbackRating', {
  description: "The person's rating of an answer (the widget's thumbs).",
  values: {
    HELPFUL: { description: 'Thumbs up.' },
    NOT_HELPFUL: { description: 'Thumbs down: the turn joins the review queue.' },
  } as const,
});

export const ReviewVerdictEnum = builder.enumType('ReviewVerdict', {
  description: "A clinician's finding on a turn. When several apply, give the most serious (UNSAFE_ANSWER, UNDER_TRIAGED first).",
  values: {
    CORRECT: { description: 'Condition and severity were right (the reviewed truth equals the prediction).' },
    UNDER_TRIAGED: { description: 'The severity should have been higher.' },
    OVER_TRIAGED: { description: 'The severity should have been lower.' },
    WRONG_CONDITION: { description: 'The severity was acceptable but the condition was wrong.' },
    UNSAFE_ANSWER: { description: 'What the person read was unsafe, whatever the prediction.' },
  } as const,
});

const REASON_DESCRIPTIONS: Record<ReviewReason, string> = {
  FAILED_AFTER_EMERGENCY_ADVICE: 'The turn failed (or was cancelled) after the person was told to call 999 / go to A&E.',
  SAFETY_FLOOR_RAISED: "The safety rules raised the engine's severity: the engine under-triaged an emergency.",
  EMERGENCY_ON_POSSIBLE_FINDINGS: 'The person was told to call 999 on findings that are all only possible ("I think", "might be"): the cautious reading, for a clinician to check (Turn.case).',
  NEGATIVE_FEEDBACK: 'The person (or partner app) rated the answer NOT_HELPFUL.',
  INCONCLUSIVE: 'The reasoner named none of the retrieved conditions.',
  LOW_RETRIEVAL_SCORE: 'The best knowledge base match scored below REVIEW_LOW_SCORE.',
};

export const ReviewReasonEnum = builder.enumType('ReviewReason', {
  description: 'Why a turn is in the review queue. Listed most serious first.',
  values: Object.fromEntries(REVIEW_REASONS.map((r) => [r, { description: REASON_DESCRIPTIONS[r] }])) as Record<ReviewReason, { description: string }>,
});
