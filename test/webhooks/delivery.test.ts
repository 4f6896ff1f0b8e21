import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWebhookReceiver, type WebhookEvent } from '../../partner/webhook-receiver.js';
import { createKey } from '../../server/auth/sites.js';
import { AdminUsageError, runAdmin } from '../../server/auth/cli.js';
import { TurnError } from '../../server/contract/errors.js';
import type { RunnerEvent } from '../../server/contract/events.js';
import type { TurnInput } from '../../server/contract/turn.js';
import { createDb } from '../../server/store/db.js';
import { createSiteAlerts } from '../../server/webhooks/alerts.js';
import { backoffMs, WebhookWorker } from '../../server/webhooks/worker.js';
import { log } from '../../server/log.js';
import { gql, send, startThread } from '../support/graphql.js';
import { scriptedRunner } from '../support/scripted-runner.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { startSink } from '../support/webhook-sink.js';

/**
 * Webhooks end to end: a real service, real HTTP receivers, deliveries through Postgres. The
 * receivers fail on purpose to see retries, verify signatures with the Standard Webhooks library
 * (and through the partner example's receiver), and read what each key's scopes let through.
 */

const EMERGENCY = "crushing chest pain spreading to my left arm and I'm sweating";

async function* script(input: TurnInput): AsyncGenerator<RunnerEvent> {
  yield { type: 'Record', record: { route: 'TRIAGE', prediction: { condition: 'secret-condition', conditionTitle: 'Secret', severity: 'Self-care' } } };
  yield { type: 'TriageChunk', condition: 'secret-condition', conditionTitle: 'Secret', severity: 'Self-care' };
  if (input.text.includes('[fail]')) throw new TurnError('MODEL_UNAVAILABLE', 'SECRET-DETAIL: the model server refused', true);
  yield { type: 'AnswerChunk', delta: 'Call 999 now.' };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ runner: scriptedRunner(script), webhooks: { pollMs: 50, retryBaseMs: 20, retryMaxMs: 100 } });
});
afterAll(async () => {
  await server?.close();
});

const staff = <T = Record<string, any>>(query: string, variables: Record<string, unknown> = {}) => gql<T>(server, query, variables, { token: server.staffKey, origin: null });

async function secretKey(scopes: ('threads:read' | 'threads:write' | 'triage:read')[]) {
  return createKey(server.service.services.db, server.siteId, 'SECRET', `webhook key ${scopes.join('+')}`, scopes);
}

async function addWebhook(url: string, events: string[], keyId: string): Promise<{ id: string; secret: string }> {
  const result = await staff(
    `mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { secret webhook { id url events enabled key { id scopes } } } }`,
    { input: { url, events, keyId } },
  );
  expect(result.errors).toBeUndefined();
  const created = result.data!.createWebhook;
  expect(created.webhook).toMatchObject({ url, events, enabled: true, key: { id: keyId } });
  expect(created.secret).toMatch(/^whsec_/);
  return { id: created.webhook.id, secret: created.secret };
}

const DELIVERIES = `query($id: ID!) { webhook(id: $id) { deliveries { id eventId event status attempts deliveredAt lastError attemptLog { attempt outcome statusCode error durationMs at } } } }`;
type Delivery = {
  id: string;
  eventId: string;
  event: string;
  status: string;
  attempts: number;
  deliveredAt: string | null;
  lastError: string | null;
  attemptLog: { attempt: number; outcome: string; statusCode: number | null; error: string | null; durationMs: number; at: string }[];
};
async function deliveries(webhookId: string): Promise<Delivery[]> {
  const result = await staff<{ webhook: { deliveries: Delivery[] } }>(DELIVERIES, { id: webhookId });
  expect(result.errors).toBeUndefined();
  return result.data!.webhook.deliveries;
}

async function removeWebhook(id: string) {
  const result = await staff(`mutation($id: ID!) { deleteWebhook(id: $id) { id } }`, { id });
  expect(result.data?.deleteWebhook).toEqual({ id });
}

async function visitorSays(text: string) {
  const visitor = await startThread(server);
  const sent = await send(server, visitor.token, visitor.threadId, text);
  expect(sent.errors).toBeUndefined();
  const turnId = sent.data!.sendMessage.turn.id;
  await server.service.services.turns.settled(turnId);
  return { ...visitor, turnId };
}

describe('a receiver that fails twice, then succeeds', () => {
  let secret: string;
  let sink: Awaited<ReturnType<typeof startSink>>;
  let webhookId: string;

  beforeAll(async () => {
    sink = await startSink((n) => (n <= 2 ? 500 : 200));
    const key = await secretKey(['threads:read']);
    ({ id: webhookId, secret } = await addWebhook(sink.url, ['EMERGENCY_ADVICE'], key.id));
  });
  afterAll(async () => {
    await removeWebhook(webhookId);
    await sink.close();
  });

  it('is sent the event three times with one event id, and the delivery logs 3 attempts, one delivered', async () => {
    const visitor = await visitorSays(EMERGENCY);
    await sink.until(3);
    await vi.waitFor(async () => expect((await deliveries(webhookId))[0]?.status).toBe('DELIVERED'), { timeout: 10_000, interval: 50 });

    const [delivery, ...others] = await deliveries(webhookId);
    expect(others).toEqual([]);
    expect(delivery).toMatchObject({ event: 'EMERGENCY_ADVICE', status: 'DELIVERED', attempts: 3, lastError: null });
    expect(delivery!.attemptLog.map((a) => [a.attempt, a.outcome, a.statusCode])).toEqual([
      [1, 'HTTP_ERROR', 500],
      [2, 'HTTP_ERROR', 500],
      [3, 'DELIVERED', 200],
    ]);
    expect(delivery!.attemptLog[0]!.error).toBe('HTTP 500: try again later');
    expect(sink.received.map((r) => r.status)).toEqual([500, 500, 200]);

    // Idempotent: the same event id (header and body) and the same body on every attempt.
    const ids = new Set(sink.received.map((r) => r.headers['webhook-id']));
    expect([...ids]).toEqual([delivery!.eventId]);
    expect(new Set(sink.received.map((r) => r.body)).size).toBe(1);
    const body = JSON.parse(sink.received[0]!.body) as WebhookEvent;
    expect(body).toMatchObject({ id: delivery!.eventId, type: 'advice.emergency', siteId: server.siteId, data: { threadId: visitor.threadId, turnId: visitor.turnId, level: 'EMERGENCY' } });
    expect(body.data.advice?.actions.map((a) => a.href)).toContain('tel:999');

    // Each attempt is signed: the library verifies every one with the webhook's secret.
    for (const r of sink.received) expect(new Webhook(secret).verify(r.body, r.headers as Record<string, string>)).toEqual(body);
  });
});

describe('backoff', () => {
  it('doubles from the base after each failure, up to the cap, within ±10% jitter', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffMs(n, 30_000, 600_000, () => 0.5))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 600_000]);
    expect(backoffMs(1, 30_000, 600_000, () => 0)).toBe(27_000);
    expect(backoffMs(1, 30_000, 600_000, () => 1)).toBe(33_000);
  });
});

describe('signatures', () => {
  let sink: Awaited<ReturnType<typeof startSink>>;
  let webhookId: string;
  let secret: string;

  beforeAll(async () => {
    sink = await startSink();
    const key = await secretKey(['threads:read']);
    ({ id: webhookId, secret } = await addWebhook(sink.url, ['EMERGENCY_ADVICE'], key.id));
  });
  afterAll(async () => {
    await removeWebhook(webhookId);
    await sink.close();
  });

  it('verify with the secret; a tampered body, another secret or another event id is refused, by the library and by the partner receiver', async () => {
    await visitorSays(EMERGENCY);
    await sink.until(1);
    const { body, headers } = sink.received[0]!;
    const h = headers as Record<string, string>;
    expect(h['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(Number(h['webhook-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 60);

    const tampered = body.replace('"EMERGENCY"', '"URGENT"');
    expect(tampered).not.toBe(body);
    expect(() => new Webhook(secret).verify(tampered, h)).toThrow(/signature/i);
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(body, h)).toThrow(/signature/i);
    expect(() => new Webhook(secret).verify(body, { ...h, 'webhook-id': 'another-id' })).toThrow(/signature/i);

    // The partner example's receiver, over real HTTP: 200 once per event, 400 to the tampered body.
    const handled: WebhookEvent[] = [];
    const receiver = createWebhookReceiver([secret], (event) => void handled.push(event));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
    const post = (payload: string) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...pick(h, ['webhook-id', 'webhook-timestamp', 'webhook-signature']) }, body: payload });
    try {
      expect((await post(tampered)).status).toBe(400);
      expect(handled).toEqual([]);
      expect((await post(body)).status).toBe(200);
      expect((await post(body)).status).toBe(200); // a retry of the same event
      expect(handled.map((e) => e.id)).toEqual([h['webhook-id']]);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it('after a rotation, deliveries carry a signature with each secret until the overlap ends', async () => {
    const rotated = await staff(`mutation($id: ID!) { rotateWebhookSecret(id: $id, overlapHours: 1) { secret webhook { secretRotationEndsAt } } }`, { id: webhookId });
    expect(rotated.errors).toBeUndefined();
    const fresh = rotated.data!.rotateWebhookSecret.secret as string;
    expect(fresh).not.toBe(secret);
    expect(rotated.data!.rotateWebhookSecret.webhook.secretRotationEndsAt).toBeTruthy();
    const before = sink.received.length;
    await visitorSays(EMERGENCY);
    await sink.until(before + 1);
    const { body, headers } = sink.received[before]!;
    expect(String(headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const s of [secret, fresh]) expect(new Webhook(s).verify(body, headers as Record<string, string>)).toMatchObject({ type: 'advice.emergency' });
  });
});

describe('what a delivery carries follows the scopes of the webhook’s key', () => {
  const SCOPES = { write: ['threads:write'], read: ['threads:read'], triage: ['threads:read', 'triage:read'] } as const;
  type Which = keyof typeof SCOPES;
  const sinks = {} as Record<Which, Awaited<ReturnType<typeof startSink>>>;
  const hooks: string[] = [];

  beforeAll(async () => {
    for (const which of Object.keys(SCOPES) as Which[]) {
      sinks[which] = await startSink();
      const key = await secretKey([...SCOPES[which]]);
      hooks.push((await addWebhook(sinks[which].url, ['EMERGENCY_ADVICE', 'TURN_FAILED_AFTER_ADVICE', 'REVIEW_VERDICT'], key.id)).id);
    }
  });
  afterAll(async () => {
    for (const id of hooks) await removeWebhook(id);
    for (const sink of Object.values(sinks)) await sink.close();
  });

  it('advice text with threads:read, the prediction and the verdict with triage:read, ids and the kind of event always', async () => {
    const visitor = await visitorSays(`[fail] ${EMERGENCY}`);
    const review = await staff(`mutation($id: ID!) { reviewTurn(turnId: $id, input: { verdict: UNDER_TRIAGED, severity: A_AND_E }) { verdict } }`, { id: visitor.turnId });
    expect(review.errors).toBeUndefined();
    const got = {} as Record<Which, Record<string, WebhookEvent>>;
    for (const which of Object.keys(SCOPES) as Which[]) {
      await sinks[which].until(3);
      got[which] = Object.fromEntries(sinks[which].received.map((r) => JSON.parse(r.body) as WebhookEvent).map((e) => [e.type, e]));
      expect(Object.keys(got[which]).sort()).toEqual(['advice.emergency', 'review.verdict', 'turn.failed_after_advice']);
      for (const e of Object.values(got[which])) expect(e.data).toMatchObject({ threadId: visitor.threadId, turnId: visitor.turnId });
      // The internal error detail reaches no one.
      for (const r of sinks[which].received) expect(r.body).not.toContain('SECRET-DETAIL');
    }
    // One event, one id, whichever webhook receives it.
    for (const type of ['advice.emergency', 'turn.failed_after_advice', 'review.verdict']) {
      expect(new Set((Object.keys(SCOPES) as Which[]).map((w) => got[w][type]!.id)).size, type).toBe(1);
    }

    const { write, read, triage } = got;
    expect(write['advice.emergency']!.data).toEqual({ threadId: visitor.threadId, turnId: visitor.turnId, level: 'EMERGENCY' });
    expect(write['turn.failed_after_advice']!.data).toEqual({ threadId: visitor.threadId, turnId: visitor.turnId, level: 'EMERGENCY', failure: { code: 'MODEL_UNAVAILABLE', status: 'FAILED' } });
    expect(Object.keys(write['review.verdict']!.data).sort()).toEqual(['reviewedAt', 'threadId', 'turnId']);

    expect(read['advice.emergency']!.data.advice?.level).toBe('EMERGENCY');
    expect(read['turn.failed_after_advice']!.data.advice?.title).toBeTruthy();
    expect(read['turn.failed_after_advice']!.data.prediction).toBeUndefined();
    expect(read['review.verdict']!.data.review).toBeUndefined();
    for (const which of ['write', 'read'] as const) {
      for (const r of sinks[which].received) {
        expect(r.body, which).not.toContain('secret-condition');
        expect(r.body, which).not.toContain('UNDER_TRIAGED');
      }
    }

    expect(triage['turn.failed_after_advice']!.data.prediction).toEqual({ condition: 'secret-condition', conditionTitle: 'Secret', severity: 'SELF_CARE' });
    expect(triage['review.verdict']!.data.review).toEqual({ verdict: 'UNDER_TRIAGED', severity: 'A_AND_E', condition: null, replaced: false });
    expect(triage['advice.emergency']!.data.advice?.title).toBe(read['advice.emergency']!.data.advice?.title);
  });
});

describe('deliveries live in Postgres', () => {
  it('two workers on one database send each of 30 events once', async () => {
    const sink = await startSink();
    const key = await secretKey(['threads:read']);
    const { id: webhookId } = await addWebhook(sink.url, ['URGENT_ADVICE'], key.id);
    const db = createDb(server.databaseUrl, 4);
    // A second instance's worker, claiming small batches often, against the service's own.
    const other = new WebhookWorker({ db, log, pollMs: 5, batch: 2 });
    try {
      const { threadId } = await startThread(server);
      const alerts = createSiteAlerts(db, log);
      const advice = { level: 'URGENT' as const, title: 'Speak to NHS 111 today', text: 'Call 111.', actions: [{ label: 'Call 111', href: 'tel:111' }] };
      other.start();
      for (let i = 0; i < 30; i++) await alerts.adviceGiven({ threadId, turnId: crypto.randomUUID() }, advice);
      await sink.until(30);
      await vi.waitFor(
        async () => {
          const rows = await db.webhookDelivery.findMany({ where: { webhookId } });
          expect(rows.map((r) => r.status)).toEqual(Array(30).fill('DELIVERED'));
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(sink.received).toHaveLength(30);
      expect(new Set(sink.received.map((r) => r.headers['webhook-id'])).size).toBe(30);
      expect(await db.webhookAttempt.count({ where: { delivery: { webhookId } } })).toBe(30);
    } finally {
      await other.close();
      await db.$disconnect();
      await removeWebhook(webhookId);
      await sink.close();
    }
  });

  it('a delivery still pending when the service restarts is sent by the new instance, with the same event id', async () => {
    let down = true;
    const sink = await startSink(() => (down ? 503 : 200));
    const key = await secretKey(['threads:read']);
    const { id: webhookId } = await addWebhook(sink.url, ['EMERGENCY_ADVICE'], key.id);
    await visitorSays(EMERGENCY);
    await sink.until(1);
    await vi.waitFor(async () => expect((await deliveries(webhookId))[0]?.attemptLog.length).toBeGreaterThan(0), { timeout: 5_000, interval: 20 });
    await server.restart();
    const restartedAt = Date.now();
    down = false;
    await vi.waitFor(async () => expect((await deliveries(webhookId))[0]?.status).toBe('DELIVERED'), { timeout: 10_000, interval: 50 });
    const [delivery] = await deliveries(webhookId);
    expect(delivery!.attemptLog[0]).toMatchObject({ outcome: 'HTTP_ERROR', statusCode: 503 });
    expect(new Date(delivery!.attemptLog.at(-1)!.at).getTime()).toBeGreaterThanOrEqual(restartedAt - 5);
    expect(delivery!.attemptLog.at(-1)).toMatchObject({ outcome: 'DELIVERED', statusCode: 200 });
    expect(new Set(sink.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([delivery!.eventId]));
    await removeWebhook(webhookId);
    await sink.close();
  });
});

describe('a visitor’s deletion', () => {
  it('clearing or deleting a thread takes its webhook events and their deliveries along', async () => {
    const db = server.service.services.db;
    const sink = await startSink(() => 500);
    const key = await secretKey(['threads:read']);
    const { id: webhookId } = await addWebhook(sink.url, ['EMERGENCY_ADVICE'], key.id);
    const cleared = await visitorSays(EMERGENCY);
    const deleted = await visitorSays(EMERGENCY);
    const events = (threadId: string) => db.webhookEvent.count({ where: { threadId } });
    expect([await events(cleared.threadId), await events(deleted.threadId)]).toEqual([1, 1]);
    const clear = await gql(server, `mutation($id: ID!) { clearThread(id: $id) { id } }`, { id: cleared.threadId }, { token: cleared.token });
    expect(clear.errors).toBeUndefined();
    const del = await gql(server, `mutation($id: ID!) { deleteThread(id: $id) { id } }`, { id: deleted.threadId }, { token: deleted.token });
    expect(del.errors).toBeUndefined();
    expect([await events(cleared.threadId), await events(deleted.threadId)]).toEqual([0, 0]);
    expect(await db.webhookDelivery.count({ where: { webhookId } })).toBe(0);
    await removeWebhook(webhookId);
    await sink.close();
  });
});

describe('managing webhooks', () => {
  it('only staff keys of the site, a secret key of the site, and a usable URL', async () => {
    const key = await secretKey(['threads:read']);
    const create = `mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { secret } }`;
    const input = { url: 'http://127.0.0.1:9/hook', events: ['URGENT_ADVICE'], keyId: key.id };
    const partner = await gql(server, create, { input }, { token: key.key, origin: null });
    expect(partner.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await gql(server, create, { input }, { origin: null })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const refusals: [Record<string, unknown>, string][] = [
      [{ url: 'ftp://example.com/x' }, 'url'],
      [{ url: 'https://user:pw@example.com/x' }, 'url'],
      [{ events: [] }, 'events'],
      [{ keyId: crypto.randomUUID() }, 'keyId'],
      [{ keyId: (await createKey(server.service.services.db, server.siteId, 'PUBLISHABLE', 'widget')).id }, 'keyId'],
    ];
    for (const [change, field] of refusals) {
      const result = await staff(create, { input: { ...input, ...change } });
      expect(result.errors?.[0]?.extensions, JSON.stringify(change)).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    const other = await server.service.services.db.site.create({ data: { name: 'Other', allowedOrigins: [] } });
    const otherStaff = await createKey(server.service.services.db, other.id, 'STAFF', 'other staff');
    const mine = await addWebhook('http://127.0.0.1:9/hook', ['URGENT_ADVICE'], key.id);
    const seen = await gql(server, `query($id: ID!) { webhook(id: $id) { id } }`, { id: mine.id }, { token: otherStaff.key, origin: null });
    expect(seen.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const listed = await gql(server, `{ webhooks { id } }`, {}, { token: otherStaff.key, origin: null });
    expect(listed.data?.webhooks).toEqual([]);
    const off = await staff(`mutation($id: ID!) { updateWebhook(id: $id, input: { enabled: false, events: [URGENT_ADVICE, REVIEW_VERDICT] }) { enabled events } }`, { id: mine.id });
    expect(off.data?.updateWebhook).toEqual({ enabled: false, events: ['URGENT_ADVICE', 'REVIEW_VERDICT'] });
    const audit = await staff(`{ auditLog(filter: { actions: ["webhook.create", "webhook.update"] }) { edges { node { action } } } }`);
    expect(audit.data?.auditLog.edges.map((e: { node: { action: string } }) => e.node.action)).toContain('webhook.update');
    await removeWebhook(mine.id);
  });
});

describe('npm run admin -- webhook:*', () => {
  it('creates a webhook whose printed secret verifies its deliveries, lists it and its deliveries, deletes it', async () => {
    const db = server.service.services.db;
    const lines: string[] = [];
    const admin = (...args: string[]) => runAdmin(db, args, (l) => lines.push(l));
    const sink = await startSink();
    const key = await secretKey(['threads:read']);
    await expect(admin('webhook:create', '--site', server.siteId, '--url', sink.url, '--key', key.id)).rejects.toThrow(AdminUsageError);
    await expect(admin('webhook:create', '--site', server.siteId, '--url', sink.url, '--key', key.id, '--event', 'advice.sometimes')).rejects.toThrow();
    await admin('webhook:create', '--site', server.siteId, '--url', sink.url, '--key', key.id, '--event', 'advice.emergency');
    const webhookId = /^webhook (\S+)/.exec(lines[0]!)![1]!;
    const secret = /shown once\): (whsec_\S+)/.exec(lines[1]!)![1]!;
    await visitorSays(EMERGENCY);
    await sink.until(1);
    expect(new Webhook(secret).verify(sink.received[0]!.body, sink.received[0]!.headers as Record<string, string>)).toMatchObject({ type: 'advice.emergency' });
    lines.length = 0;
    await admin('webhook:list', '--site', server.siteId);
    expect(lines.find((l) => l.startsWith(webhookId))).toContain('events=advice.emergency');
    lines.length = 0;
    await vi.waitFor(async () => {
      lines.length = 0;
      await admin('webhook:deliveries', '--webhook', webhookId);
      expect(lines[0]).toMatch(/advice\.emergency .* DELIVERED {2}attempts=1/);
    }, { timeout: 5_000, interval: 50 });
    await admin('webhook:delete', '--webhook', webhookId);
    expect(await db.webhook.count({ where: { id: webhookId } })).toBe(0);
    await sink.close();
  });
});

function pick(h: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, h[n]!]));
}
