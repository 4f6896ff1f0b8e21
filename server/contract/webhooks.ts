import type { Advice, Prediction } from './events.js';
import type { Scope } from './keys.js';

/**
 * What a site's webhooks may be told about (docs/webhooks.md), and what each event may say. The
 * turn lifecycle and the review mutation report through `SiteAlerts`; the webhooks module stores
 * the event once and delivers to every webhook of the site that asked for its type.
 */
export const WEBHOOK_EVENT_TYPES = ['advice.emergency', 'advice.urgent', 'turn.failed_after_advice', 'review.verdict'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Everything an event may carry; a delivery carries the part its webhook's key may read (`scopedData`). */
export interface WebhookEventData {
  threadId: string;
  turnId: string;
  /** The advice level (advice events and failures after advice): the event type says it anyway. */
  level?: Advice['level'];
  /** What the visitor was told: thread content, for keys with threads:read. */
  advice?: Advice;
  /** The engine's prediction when known, severity as the GraphQL `Severity` names it (A_AND_E...): for keys with triage:read. */
  prediction?: { condition: string; conditionTitle: string; severity: string };
  /** How the turn ended (turn.failed_after_advice): the public code, as TurnFailed carries it. */
  failure?: { code: string; status: 'FAILED' | 'CANCELLED' };
  /** The clinician's verdict and reviewed truth, as GraphQL's `Review` names them (review.verdict): for keys with triage:read. */
  review?: { verdict: string; severity: string; condition: string | null; replaced: boolean };
  /** When the review was written (review.verdict). */
  reviewedAt?: string;
}

/** The part of an event a key with `scopes` may read: ids and the event's kind always; content by scope. */
export function scopedData(data: WebhookEventData, scopes: ReadonlySet<Scope>): WebhookEventData {
  const { advice, prediction, review, ...always } = data;
  return {
    ...always,
    ...(advice && scopes.has('threads:read') ? { advice } : {}),
    ...(prediction && scopes.has('triage:read') ? { prediction } : {}),
    ...(review && scopes.has('triage:read') ? { review } : {}),
  };
}

/** The turn or review an alert is about. */
export interface AlertSubject {
  turnId: string;
  threadId: string;
}

/**
 * Where the turn lifecycle and the review mutation report what a site may want to hear. Never
 * throws and never changes what the caller decided: a failure to record an alert is logged.
 */
export interface SiteAlerts {
  adviceGiven(subject: AlertSubject, advice: Advice, prediction?: Prediction): Promise<void>;
  failedAfterAdvice(subject: AlertSubject, advice: Advice, failure: { code: string; status: 'FAILED' | 'CANCELLED' }, prediction?: Prediction): Promise<void>;
  reviewed(subject: AlertSubject, review: { verdict: string; severity: string; condition: string | null; replaced: boolean; reviewedAt: Date }): Promise<void>;
}

export const MAX_WEBHOOK_URL = 2000;

/**
 * A webhook URL as stored, or why it cannot be one: http(s) only (https alone when `requireHttps`,
 * as in production), no credentials in it (deliveries are signed), and not too long.
 */
export function parseWebhookUrl(value: string, requireHttps: boolean): { url: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return { problem: 'Not a URL.' };
  }
  if (value.length > MAX_WEBHOOK_URL) return { problem: `The URL can be up to ${MAX_WEBHOOK_URL} characters.` };
  if (url.username || url.password) return { problem: 'Put no credentials in the URL: deliveries are signed.' };
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !requireHttps)) return { problem: requireHttps ? 'Webhook URLs must be https.' : 'Webhook URLs are http or https.' };
  return { url: url.toString() };
}
