import { Webhook } from 'standardwebhooks';
import { SCOPES, type Scope } from '../contract/keys.js';
import { scopedData, type WebhookEventData } from '../contract/webhooks.js';

/** What a receiver gets: the event's id (dedupe on it), its type and time, and what the key may read. */
export interface WebhookBody {
  id: string;
  type: string;
  createdAt: string;
  siteId: string;
  data: WebhookEventData;
}

/** The JSON body of a delivery, built for the key's scopes at the time of sending. */
export function deliveryBody(event: { id: string; type: string; createdAt: Date; siteId: string; data: WebhookEventData }, keyScopes: readonly string[]): string {
  const scopes = new Set(keyScopes.filter((s): s is Scope => (SCOPES as readonly string[]).includes(s)));
  const body: WebhookBody = { id: event.id, type: event.type, createdAt: event.createdAt.toISOString(), siteId: event.siteId, data: scopedData(event.data, scopes) };
  return JSON.stringify(body);
}

/**
 * The Standard Webhooks headers (the signing scheme Svix and others share, like Stripe's): the
 * event id, the time of sending in seconds, and `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`,
 * once per secret in force (two during a rotation's overlap, separated by a space).
 */
export function signedHeaders(secrets: readonly string[], eventId: string, at: Date, body: string): Record<string, string> {
  const signature = secrets.map((secret) => new Webhook(secret).sign(eventId, at, body)).join(' ');
  return { 'webhook-id': eventId, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature };
}
