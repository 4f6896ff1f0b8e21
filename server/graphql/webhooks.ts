import { z } from 'zod';
import { AppError, badInput, notFound } from '../contract/errors.js';
import { parseWebhookUrl, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../contract/webhooks.js';
import {
  createWebhook,
  deleteWebhook,
  findDelivery,
  findWebhook,
  listAttempts,
  listDeliveries,
  listWebhooks,
  redeliver,
  rotateWebhookSecret,
  updateWebhook,
  type AttemptRow,
  type DeliveryRow,
  type WebhookWithKey,
} from '../store/webhooks.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { auditChange } from './audit.js';
import { requireStaff } from './review.js';

/**
 * Webhooks, managed by the site's staff keys (docs/webhooks.md): where the site's backend is told
 * of emergency and urgent advice, turns that failed after advice and review verdicts, with every
 * delivery and attempt visible. The signing secret is shown once, on creation and on rotation.
 */

const EVENT_NAMES = {
  EMERGENCY_ADVICE: 'advice.emergency',
  URGENT_ADVICE: 'advice.urgent',
  TURN_FAILED_AFTER_ADVICE: 'turn.failed_after_advice',
  REVIEW_VERDICT: 'review.verdict',
} as const satisfies Record<string, WebhookEventType>;
type EventEnum = keyof typeof EVENT_NAMES;
const ENUM_OF = Object.fromEntries(Object.entries(EVENT_NAMES).map(([k, v]) => [v, k])) as Record<WebhookEventType, EventEnum>;
const toEnum = (type: string): EventEnum | null => ENUM_OF[type as WebhookEventType] ?? null;

const WebhookEventEnum = builder.enumType('WebhookEvent', {
  description: 'What a webhook may be told about; the `type` in the delivered JSON is given with each.',
  values: {
    EMERGENCY_ADVICE: { description: '`advice.emergency`: the visitor was told to call 999 or go to A&E now.' },
    URGENT_ADVICE: { description: '`advice.urgent`: the visitor was told to speak to NHS 111 or their GP today.' },
    TURN_FAILED_AFTER_ADVICE: { description: '`turn.failed_after_advice`: a turn that had given advice then failed, was cancelled or was interrupted.' },
    REVIEW_VERDICT: { description: "`review.verdict`: a clinician reviewed a turn (the verdict itself only for keys with triage:read)." },
  } as const,
});
if (Object.keys(EVENT_NAMES).length !== WEBHOOK_EVENT_TYPES.length) throw new Error('every webhook event type needs a GraphQL name');

const DeliveryStatusEnum = builder.enumType('WebhookDeliveryStatus', {
  description: 'Where a delivery stands.',
  values: {
    PENDING: { description: 'Waiting for its next attempt.' },
    DELIVERED: { description: 'The endpoint answered 2xx.' },
    FAILED: { description: 'Every attempt failed; `redeliverWebhook` tries again.' },
    CANCELLED: { description: 'Not sent: the webhook was turned off or its key revoked.' },
  } as const,
});

const AttemptOutcomeEnum = builder.enumType('WebhookAttemptOutcome', {
  description: 'How one HTTP attempt went.',
  values: {
    DELIVERED: { description: 'A 2xx answer.' },
    HTTP_ERROR: { description: 'Another status (redirects are not followed).' },
    NETWORK_ERROR: { description: 'No connection (refused, reset, DNS).' },
    TIMEOUT: { description: 'No answer in time.' },
  } as const,
});

const WebhookAttemptRef = builder.objectRef<AttemptRow>('WebhookAttempt').implement({
  description: 'One HTTP attempt of a delivery.',
  fields: (t) => ({
    attempt: t.exposeInt('attempt', { description: '1 for the first.' }),
    at: t.expose('at', { type: 'DateTime', description: 'When it was sent.' }),
    durationMs: t.exposeInt('durationMs', { description: 'How long it took.' }),
    outcome: t.field({ type: AttemptOutcomeEnum, description: 'How it went.', resolve: (a) => a.outcome as 'DELIVERED' }),
    statusCode: t.exposeInt('statusCode', { nullable: true, description: 'The HTTP status, when there was an answer.' }),
    error: t.exposeString('error', { nullable: true, description: 'What went wrong: the status and the start of the body, or the network error.' }),
  }),
});

const WebhookDeliveryRef = builder.objectRef<DeliveryRow>('WebhookDelivery').implement({
  description: 'One event sent (or to be sent) to one webhook, with each attempt.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The delivery (for `redeliverWebhook`).' }),
    eventId: t.exposeID('eventId', { description: 'The event id: the `webhook-id` header and the body\'s `id`, the same on every attempt.' }),
    event: t.field({ type: WebhookEventEnum, nullable: true, description: 'What it is about.', resolve: (d) => toEnum(d.event.type) }),
    status: t.field({ type: DeliveryStatusEnum, description: 'Where it stands.', resolve: (d) => d.status }),
    attempts: t.exposeInt('attempts', { description: 'Attempts made so far.' }),
    nextAttemptAt: t.field({ type: 'DateTime', nullable: true, description: 'When the next attempt is due (PENDING only).', resolve: (d) => (d.status === 'PENDING' ? d.nextAttemptAt : null) }),
    deliveredAt: t.expose('deliveredAt', { type: 'DateTime', nullable: true, description: 'When the endpoint accepted it.' }),
    lastError: t.exposeString('lastError', { nullable: true, description: 'Why the last attempt failed, or why it was cancelled.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the event happened.' }),
    attemptLog: t.field({ type: [WebhookAttemptRef], description: 'Every attempt, first first.', resolve: (d, _a, ctx) => listAttempts(ctx.services.db, d.id) }),
  }),
});

const WebhookKeyRef = builder.objectRef<WebhookWithKey['key']>('WebhookKey').implement({
  description: "The site's secret key whose scopes bound what a webhook's deliveries carry.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The key id (`npm run admin -- key:list`).' }),
    name: t.exposeString('name', { description: "The key's name." }),
    scopes: t.exposeStringList('scopes', { description: 'threads:read adds the advice text; triage:read adds the prediction and the review verdict.' }),
    revoked: t.boolean({ description: 'A revoked key sends nothing more.', resolve: (k) => k.revokedAt !== null }),
  }),
});

const WebhookRef = builder.objectRef<WebhookWithKey>('Webhook').implement({
  description: "An endpoint of the site's backend told about events, each delivery signed (Standard Webhooks) and retried with backoff.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The webhook.' }),
    url: t.exposeString('url', { description: 'Where deliveries are POSTed.' }),
    events: t.field({ type: [WebhookEventEnum], description: 'What it is told about.', resolve: (w) => w.events.flatMap((e) => toEnum(e) ?? []) }),
    key: t.field({ type: WebhookKeyRef, description: 'The key that bounds what deliveries carry.', resolve: (w) => w.key }),
    enabled: t.exposeBoolean('enabled', { description: 'Off: nothing is sent (pending deliveries are cancelled).' }),
    description: t.exposeString('description', { nullable: true, description: 'A note for the team.' }),
    secretRotationEndsAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'After a rotation, until when the previous secret also signs deliveries.',
      resolve: (w) => (w.previousSecretUntil && w.previousSecretUntil > new Date() ? w.previousSecretUntil : null),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'Created.' }),
    deliveries: t.field({
      type: [WebhookDeliveryRef],
      description: 'Its deliveries, newest first.',
      args: {
        first: t.arg.int({ defaultValue: 20, description: 'How many (1-100).' }),
        status: t.arg({ type: DeliveryStatusEnum, description: 'Only these.' }),
      },
      resolve: (w, args, ctx) => {
        const limit = args.first ?? 20;
        if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw badInput('first must be between 1 and 100.', 'first');
        return listDeliveries(ctx.services.db, w.id, { limit, status: args.status ?? undefined });
      },
    }),
  }),
});

function parseUrl(value: string, ctx: GraphQLContext): string {
  const parsed = parseWebhookUrl(value, ctx.services.webhooks.requireHttps);
  if ('problem' in parsed) throw badInput(parsed.problem, 'url');
  return parsed.url;
}

const description = z
  .string()
  .trim()
  .max(500, 'The description can be up to 500 characters.')
  .transform((s) => s || null);

function parseEvents(events: readonly EventEnum[]): WebhookEventType[] {
  if (!events.length) throw badInput('Choose at least one event.', 'events');
  return [...new Set(events.map((e) => EVENT_NAMES[e]))];
}

function parseDescription(value: string | null | undefined): string | null {
  const parsed = description.safeParse(value ?? '');
  if (!parsed.success) throw badInput(parsed.error.issues[0]?.message ?? 'Invalid description.', 'description');
  return parsed.data;
}

/** The webhook of the caller's site (staff), or NOT_FOUND: another site's webhook is not named. */
async function ownWebhook(ctx: GraphQLContext, id: string | number): Promise<{ siteId: string; webhook: WebhookWithKey }> {
  const siteId = requireStaff(ctx, 'Webhooks');
  const webhook = /^[0-9a-f-]{36}$/i.test(String(id)) ? await findWebhook(ctx.services.db, siteId, String(id)) : null;
  if (!webhook) throw notFound('Webhook');
  return { siteId, webhook };
}

builder.queryField('webhooks', (t) =>
  t.field({
    type: [WebhookRef],
    description: "Your site's webhooks, oldest first. Staff keys.",
    resolve: (_root, _a, ctx) => listWebhooks(ctx.services.db, requireStaff(ctx, 'Webhooks')),
  }),
);

builder.queryField('webhook', (t) =>
  t.field({
    type: WebhookRef,
    nullable: true,
    description: 'One of your webhooks, with its deliveries. Staff keys.',
    args: { id: t.arg.id({ required: true, description: 'The webhook.' }) },
    resolve: async (_root, { id }, ctx) => (await ownWebhook(ctx, id)).webhook,
  }),
);

const CreateWebhookInput = builder.inputType('CreateWebhookInput', {
  description: 'A new webhook.',
  fields: (t) => ({
    url: t.string({ required: true, description: 'Where to POST (https; http too outside production).' }),
    events: t.field({ type: [WebhookEventEnum], required: true, description: 'What to be told about.' }),
    keyId: t.id({ required: true, description: "A secret key of your site: its scopes bound what deliveries carry (see `WebhookKey.scopes`)." }),
    description: t.string({ description: 'A note for the team.' }),
  }),
});

const WebhookSecretPayload = builder.objectRef<{ webhook: WebhookWithKey; secret: string }>('WebhookSecretPayload').implement({
  description: 'A webhook and its signing secret, shown this once.',
  fields: (t) => ({
    webhook: t.field({ type: WebhookRef, description: 'The webhook.', resolve: (p) => p.webhook }),
    secret: t.exposeString('secret', { description: 'The signing secret (whsec_...): keep it on your server; it is not shown again.' }),
  }),
});

builder.mutationField('createWebhook', (t) =>
  t.field({
    type: WebhookSecretPayload,
    description: 'Adds a webhook to your site and returns its signing secret (shown once). Staff keys.',
    args: { input: t.arg({ type: CreateWebhookInput, required: true, description: 'The webhook.' }) },
    resolve: async (_root, { input }, ctx) => {
      const siteId = requireStaff(ctx, 'Webhooks');
      const url = parseUrl(input.url, ctx);
      const events = parseEvents(input.events);
      const keyId = String(input.keyId);
      const key = /^[0-9a-f-]{36}$/i.test(keyId) ? await ctx.services.db.apiKey.findFirst({ where: { id: keyId, siteId } }) : null;
      if (!key) throw badInput('No such key on your site.', 'keyId');
      if (key.kind !== 'SECRET') throw badInput('A webhook takes a secret key (its scopes say what deliveries may carry).', 'keyId');
      if (key.revokedAt) throw badInput('That key is revoked.', 'keyId');
      const created = await createWebhook(ctx.services.db, { siteId, url, events, keyId, description: parseDescription(input.description) });
      await auditChange(ctx, 'webhook.create', { siteId, detail: { webhookId: created.webhook.id, events: events.join(' '), keyId } });
      return created;
    },
  }),
);

const UpdateWebhookInput = builder.inputType('UpdateWebhookInput', {
  description: 'What to change (what is left out stays).',
  fields: (t) => ({
    url: t.string({ description: 'Where to POST.' }),
    events: t.field({ type: [WebhookEventEnum], description: 'What to be told about.' }),
    enabled: t.boolean({ description: 'false: send nothing more (pending deliveries are cancelled).' }),
    description: t.string({ description: 'A note for the team (empty clears it).' }),
  }),
});

builder.mutationField('updateWebhook', (t) =>
  t.field({
    type: WebhookRef,
    description: 'Changes a webhook of your site. Staff keys.',
    args: { id: t.arg.id({ required: true, description: 'The webhook.' }), input: t.arg({ type: UpdateWebhookInput, required: true, description: 'The changes.' }) },
    resolve: async (_root, { id, input }, ctx) => {
      const { siteId, webhook } = await ownWebhook(ctx, id);
      const patch = {
        ...(input.url != null ? { url: parseUrl(input.url, ctx) } : {}),
        ...(input.events != null ? { events: parseEvents(input.events) } : {}),
        ...(input.enabled != null ? { enabled: input.enabled } : {}),
        ...(input.description !== undefined ? { description: parseDescription(input.description) } : {}),
      };
      const updated = await updateWebhook(ctx.services.db, webhook.id, patch);
      await auditChange(ctx, 'webhook.update', { siteId, detail: { webhookId: webhook.id, changed: Object.keys(patch).join(' ') } });
      return updated;
    },
  }),
);

const DeleteWebhookPayload = builder.objectRef<{ id: string }>('DeleteWebhookPayload').implement({
  description: 'What was deleted.',
  fields: (t) => ({ id: t.exposeID('id', { description: 'The webhook deleted (with its deliveries and their log).' }) }),
});

builder.mutationField('deleteWebhook', (t) =>
  t.field({
    type: DeleteWebhookPayload,
    description: 'Deletes a webhook of your site with its deliveries. Staff keys.',
    args: { id: t.arg.id({ required: true, description: 'The webhook.' }) },
    resolve: async (_root, { id }, ctx) => {
      const { siteId, webhook } = await ownWebhook(ctx, id);
      await deleteWebhook(ctx.services.db, webhook.id);
      await auditChange(ctx, 'webhook.delete', { siteId, detail: { webhookId: webhook.id } });
      return { id: webhook.id };
    },
  }),
);

builder.mutationField('rotateWebhookSecret', (t) =>
  t.field({
    type: WebhookSecretPayload,
    description:
      'Gives a webhook a new signing secret (shown once). For `overlapHours` deliveries carry a signature with each secret, so the receiver can switch without a gap. Staff keys.',
    args: {
      id: t.arg.id({ required: true, description: 'The webhook.' }),
      overlapHours: t.arg.int({ defaultValue: 24, description: 'How long the old secret still signs (0-168; 0 ends it now).' }),
    },
    resolve: async (_root, { id, overlapHours }, ctx) => {
      const { siteId, webhook } = await ownWebhook(ctx, id);
      const hours = overlapHours ?? 24;
      if (!Number.isInteger(hours) || hours < 0 || hours > 168) throw badInput('overlapHours must be between 0 and 168.', 'overlapHours');
      const rotated = await rotateWebhookSecret(ctx.services.db, webhook.id, hours * 3_600_000);
      await auditChange(ctx, 'webhook.rotate', { siteId, detail: { webhookId: webhook.id, overlapHours: hours } });
      return rotated;
    },
  }),
);

builder.mutationField('redeliverWebhook', (t) =>
  t.field({
    type: WebhookDeliveryRef,
    description: 'Sends a FAILED or CANCELLED delivery again (one more attempt, same event id). Staff keys.',
    args: { deliveryId: t.arg.id({ required: true, description: 'The delivery.' }) },
    resolve: async (_root, { deliveryId }, ctx) => {
      const siteId = requireStaff(ctx, 'Webhooks');
      const id = String(deliveryId);
      const delivery = /^[0-9a-f-]{36}$/i.test(id) ? await findDelivery(ctx.services.db, siteId, id) : null;
      if (!delivery) throw notFound('Delivery');
      const again = await redeliver(ctx.services.db, delivery.id);
      if (!again) throw new AppError('BAD_USER_INPUT', `The delivery is ${delivery.status}: only FAILED or CANCELLED deliveries are sent again.`, { field: 'deliveryId' });
      ctx.services.webhooks.nudge();
      await auditChange(ctx, 'webhook.redeliver', { siteId, detail: { deliveryId: delivery.id, eventId: delivery.eventId } });
      return again;
    },
  }),
);
