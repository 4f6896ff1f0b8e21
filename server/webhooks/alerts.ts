import type { Advice, Prediction } from '../contract/events.js';
import type { AlertSubject, SiteAlerts, WebhookEventData, WebhookEventType } from '../contract/webhooks.js';
import type { Logger } from '../log.js';
import type { Db } from '../store/db.js';
import { recordEvent } from '../store/webhooks.js';
import { severityToDb } from '../store/severity.js';

/**
 * The alerts the turn lifecycle and reviews raise, recorded as webhook events (one row, and a
 * delivery per interested webhook, in one statement). `recorded` is told when there is something
 * to send (the local worker then sends at once rather than at its next poll).
 */
export function createSiteAlerts(db: Db, log: Logger, recorded: () => void = () => {}): SiteAlerts {
  const record = async (type: WebhookEventType, data: WebhookEventData) => {
    try {
      if (await recordEvent(db, type, data)) recorded();
    } catch (error) {
      // An alert must never cost the visitor their turn or the clinician their review.
      log.error({ err: error, type, turnId: data.turnId }, 'could not record a webhook event');
    }
  };
  const base = (s: AlertSubject) => ({ threadId: s.threadId, turnId: s.turnId });
  const prediction = (p: Prediction | undefined) => (p ? { prediction: { condition: p.condition, conditionTitle: p.conditionTitle, severity: severityToDb(p.severity) } } : {});
  return {
    adviceGiven: (subject, advice: Advice, p) =>
      record(advice.level === 'EMERGENCY' ? 'advice.emergency' : 'advice.urgent', { ...base(subject), level: advice.level, advice, ...prediction(p) }),
    failedAfterAdvice: (subject, advice, failure, p) => record('turn.failed_after_advice', { ...base(subject), level: advice.level, advice, failure, ...prediction(p) }),
    reviewed: (subject, review) => {
      const { reviewedAt, ...rest } = review;
      return record('review.verdict', { ...base(subject), review: rest, reviewedAt: reviewedAt.toISOString() });
    },
  };
}
