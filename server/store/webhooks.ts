import { randomBytes, randomUUID } from 'node:crypto';
import { Prisma } from '../generated/prisma/client.js';
import type { WebhookEventData, WebhookEventType } from '../contract/webhooks.js';
import type { Db } from './db.js';

/**
 * Webhooks, their events, deliveries and attempts in Postgres. Pending deliveries live here, not in
 * memory, so they survive a restart; any instance's worker claims a batch with FOR UPDATE SKIP
 * LOCKED, so two instances never take the same delivery at once.
 */

export type WebhookRow = Prisma.WebhookGetPayload<object>;
export type WebhookWithKey = Prisma.WebhookGetPayload<{ include: { key: true } }>;
export type DeliveryRow = Prisma.WebhookDeliveryGetPayload<{ include: { event: true } }>;
export type AttemptRow = Prisma.WebhookAttemptGetPayload<object>;

/** A Standard Webhooks secret: `whsec_` and base64 of 32 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export interface NewWebhook {
  siteId: string;
  url: string;
  events: WebhookEventType[];
  keyId: string;
  description: string | null;
}

export async function createWebhook(db: Db, input: NewWebhook): Promise<{ webhook: WebhookWithKey; secret: string }> {
  const secret = newWebhookSecret();
  const webhook = await db.webhook.create({ data: { ...input, secret }, include: { key: true } });
  return { webhook, secret };
}

export const listWebhooks = (db: Db, siteId: string) =>
  db.webhook.findMany({ where: { siteId }, orderBy: { createdAt: 'asc' }, include: { key: true } });

export const findWebhook = (db: Db, siteId: string, id: string) => db.webhook.findFirst({ where: { id, siteId }, include: { key: true } });

export async function updateWebhook(
  db: Db,
  id: string,
  patch: { url?: string; events?: WebhookEventType[]; enabled?: boolean; description?: string | null },
): Promise<WebhookWithKey> {
  return db.$transaction(async (tx) => {
    const webhook = await tx.webhook.update({ where: { id }, data: patch, include: { key: true } });
    // A webhook turned off sends nothing more, not even what was waiting.
    if (patch.enabled === false) await cancelPending(tx, { webhookId: id }, 'webhook disabled');
    return webhook;
  });
}

export const deleteWebhook = (db: Db, id: string) => db.webhook.delete({ where: { id } });

/** A new secret; the old one also signs deliveries for `overlapMs` so receivers can switch without a gap. */
export async function rotateWebhookSecret(db: Db, id: string, overlapMs: number): Promise<{ webhook: WebhookWithKey; secret: string }> {
  const current = await db.webhook.findUniqueOrThrow({ where: { id } });
  const secret = newWebhookSecret();
  const webhook = await db.webhook.update({
    where: { id },
    data: overlapMs > 0 ? { secret, previousSecret: current.secret, previousSecretUntil: new Date(Date.now() + overlapMs) } : { secret, previousSecret: null, previousSecretUntil: null },
    include: { key: true },
  });
  return { webhook, secret };
}

type Tx = Prisma.TransactionClient | Db;

async function cancelPending(db: Tx, where: Prisma.WebhookDeliveryWhereInput, reason: string): Promise<number> {
  const { count } = await db.webhookDelivery.updateMany({ where: { ...where, status: 'PENDING' }, data: { status: 'CANCELLED', lastError: reason } });
  return count;
}

/**
 * Records one event of a thread's site and a delivery to every enabled webhook of that site that
 * asked for its type and whose key is not revoked: one statement, and no row at all when no
 * webhook wants it (the turn path pays one indexed lookup). Returns the number of deliveries.
 */
export async function recordEvent(db: Db, type: WebhookEventType, data: WebhookEventData): Promise<number> {
  const eventId = randomUUID();
  const wanted = Prisma.sql`w.enabled AND k.revoked_at IS NULL AND ${type} = ANY(w.events)`;
  const rows = await db.$queryRaw<{ id: string }[]>`
    WITH ev AS (
      INSERT INTO webhook_events (id, site_id, thread_id, type, data)
      SELECT ${eventId}::uuid, th.site_id, th.id, ${type}, ${JSON.stringify(data)}::jsonb FROM threads th
      WHERE th.id = ${data.threadId}::uuid
        AND EXISTS (SELECT 1 FROM webhooks w JOIN api_keys k ON k.id = w.key_id WHERE w.site_id = th.site_id AND ${wanted})
      RETURNING id, site_id
    )
    INSERT INTO webhook_deliveries (id, event_id, webhook_id)
    SELECT gen_random_uuid(), ev.id, w.id FROM ev JOIN webhooks w ON w.site_id = ev.site_id JOIN api_keys k ON k.id = w.key_id
    WHERE ${wanted}
    RETURNING id`;
  return rows.length;
}

/** A delivery a worker has claimed, with what it needs to send it. `attempt` is this attempt's number. */
export interface ClaimedDelivery {
  id: string;
  attempt: number;
  event: { id: string; type: string; data: WebhookEventData; createdAt: Date; siteId: string };
  webhook: { id: string; url: string; enabled: boolean; secrets: string[] };
  key: { scopes: string[]; revoked: boolean };
}

/**
 * Takes up to `limit` deliveries that are due. The claim itself is the lock: it adds one to
 * `attempts` and moves `next_attempt_at` past `leaseMs`, in the statement whose inner SELECT
 * skips rows another instance is claiming at that moment. A worker that dies mid-send leaves the
 * delivery to be taken again once the lease runs out (the receiver dedupes on the event id).
 */
export async function claimDeliveries(db: Db, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const claimed = await db.$queryRaw<{ id: string; attempts: number }[]>`
    UPDATE webhook_deliveries d SET attempts = d.attempts + 1, next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
    WHERE d.id IN (
      SELECT id FROM webhook_deliveries WHERE status = 'PENDING' AND next_attempt_at <= now()
      ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
    )
    RETURNING d.id, d.attempts`;
  if (!claimed.length) return [];
  const rows = await db.webhookDelivery.findMany({ where: { id: { in: claimed.map((c) => c.id) } }, include: { event: true, webhook: { include: { key: true } } } });
  const attempts = new Map(claimed.map((c) => [c.id, c.attempts]));
  const now = Date.now();
  return rows.map((r) => ({
    id: r.id,
    attempt: attempts.get(r.id) ?? r.attempts,
    event: { id: r.event.id, type: r.event.type, data: r.event.data as unknown as WebhookEventData, createdAt: r.event.createdAt, siteId: r.event.siteId },
    webhook: {
      id: r.webhook.id,
      url: r.webhook.url,
      enabled: r.webhook.enabled,
      secrets: [r.webhook.secret, ...(r.webhook.previousSecret && r.webhook.previousSecretUntil && r.webhook.previousSecretUntil.getTime() > now ? [r.webhook.previousSecret] : [])],
    },
    key: { scopes: r.webhook.key.scopes, revoked: r.webhook.key.revokedAt !== null },
  }));
}

export type AttemptOutcome = 'DELIVERED' | 'HTTP_ERROR' | 'NETWORK_ERROR' | 'TIMEOUT';

export interface AttemptResult {
  outcome: AttemptOutcome;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  at: Date;
}

/**
 * Logs an attempt and moves the delivery on: DELIVERED, back to PENDING at `retryAt`, or FAILED
 * (no `retryAt`). Written only if the delivery is still at this attempt (a worker that outlived its
 * lease does not overwrite the one that took over); false then.
 */
export async function recordAttempt(db: Db, claim: Pick<ClaimedDelivery, 'id' | 'attempt'>, result: AttemptResult, retryAt: Date | null): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const status = result.outcome === 'DELIVERED' ? 'DELIVERED' : retryAt ? 'PENDING' : 'FAILED';
    const { count } = await tx.webhookDelivery.updateMany({
      where: { id: claim.id, attempts: claim.attempt, status: 'PENDING' },
      data: {
        status,
        lastError: result.error,
        ...(status === 'DELIVERED' ? { deliveredAt: result.at } : {}),
        ...(status === 'PENDING' && retryAt ? { nextAttemptAt: retryAt } : {}),
      },
    });
    if (!count) return false;
    await tx.webhookAttempt.create({
      data: { deliveryId: claim.id, attempt: claim.attempt, at: result.at, durationMs: result.durationMs, outcome: result.outcome, statusCode: result.statusCode, error: result.error },
    });
    return true;
  });
}

/** A claimed delivery that must not be sent (its webhook was turned off or its key revoked): no attempt is counted. */
export async function cancelClaimed(db: Db, claim: Pick<ClaimedDelivery, 'id' | 'attempt'>, reason: string): Promise<void> {
  await db.webhookDelivery.updateMany({
    where: { id: claim.id, attempts: claim.attempt, status: 'PENDING' },
    data: { status: 'CANCELLED', lastError: reason, attempts: { decrement: 1 } },
  });
}

/** A webhook's deliveries, newest first, with their attempts. */
export const listDeliveries = (db: Db, webhookId: string, options: { limit: number; status?: DeliveryRow['status'] }) =>
  db.webhookDelivery.findMany({
    where: { webhookId, ...(options.status ? { status: options.status } : {}) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: options.limit,
    include: { event: true },
  });

export const listAttempts = (db: Db, deliveryId: string) => db.webhookAttempt.findMany({ where: { deliveryId }, orderBy: { attempt: 'asc' } });

/** The delivery if it belongs to a webhook of `siteId`. */
export const findDelivery = (db: Db, siteId: string, id: string) =>
  db.webhookDelivery.findFirst({ where: { id, webhook: { siteId } }, include: { event: true } });

/** Sends a FAILED or CANCELLED delivery again, now: one more attempt (numbered after the earlier ones), same event id. */
export async function redeliver(db: Db, id: string): Promise<DeliveryRow | null> {
  const { count } = await db.webhookDelivery.updateMany({
    where: { id, status: { in: ['FAILED', 'CANCELLED'] } },
    data: { status: 'PENDING', nextAttemptAt: new Date(), lastError: null },
  });
  return count ? db.webhookDelivery.findUnique({ where: { id }, include: { event: true } }) : null;
}
