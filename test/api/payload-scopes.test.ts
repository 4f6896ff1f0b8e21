import {
  getNamedType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKey } from '../../server/auth/sites.js';
import { createVisitorSecret, signInVisitor } from '../../server/auth/visitors.js';
import { userHash } from '../../partner/visitor-signing.js';
import type { RunnerEvent } from '../../server/contract/events.js';
import type { TurnInput } from '../../server/contract/turn.js';
import { TurnError } from '../../server/contract/errors.js';
import { schema } from '../../server/graphql/schema.js';
import { gql, send, startThread, type GqlResult } from '../support/graphql.js';
import { Pauses, scriptedRunner } from '../support/scripted-runner.js';
import { ORIGIN, startTestServer, type TestServer } from '../support/server.js';

/**
 * Scopes hold on every payload: every mutation, its payload selected in full (every field the
 * schema reaches, generated from the schema, so a field added later is walked too), called by
 * every kind of key. What a key may not read must not appear anywhere in the response, neither in
 * data nor in an error; what it may read must (so the walk is not vacuous); a hidden field is null
 * alone, with a FORBIDDEN error on its own path.
 */

/** Content only readers of the thread may see, and triage content only triage:read may see. */
const READ_MARKERS = ['SECRET-REASONING', 'SECRET-ANSWER', 'SECRET-NOTES', 'SECRET-PARTIAL', 'SECRET-FEEDBACK'];
const TRIAGE_MARKERS = ['secret-condition', 'SECRET-QUERY', 'SECRET-REASONER-OUTPUT', 'SECRET-TRACE', '0.4242', 'SECRET-DETAIL'];

const pauses = new Pauses();
async function* script(input: TurnInput, signal: AbortSignal): AsyncGenerator<RunnerEvent> {
  yield { type: 'Record', record: { route: 'TRIAGE', searchQuery: 'SECRET-QUERY', trace: { note: 'SECRET-TRACE' } } };
  yield { type: 'SourcesChunk', sources: [{ slug: 'flu', title: 'Flu', url: 'https://www.nhs.uk/conditions/flu/', score: 0.4242 }] };
  yield { type: 'ReasoningChunk', delta: 'SECRET-REASONING ' };
  yield { type: 'AnswerChunk', delta: 'SECRET-PARTIAL ' };
  if (input.text.startsWith('[gated]')) await pauses.pause(input.turnId, signal);
  if (input.text.startsWith('[fail]')) throw new TurnError('MODEL_UNAVAILABLE', 'SECRET-DETAIL: the model server refused', true);
  yield { type: 'Record', record: { prediction: { condition: 'secret-condition', conditionTitle: 'Secret', severity: 'Self-care' }, reasonerOutput: 'SECRET-REASONER-OUTPUT' } };
  yield { type: 'TriageChunk', condition: 'secret-condition', conditionTitle: 'Secret', severity: 'Self-care' };
  yield { type: 'AnswerChunk', delta: 'SECRET-ANSWER' };
}

/** A selection of every field reachable from `type` (fields needing arguments are left out). */
function selectAll(type: GraphQLObjectType, depth: number): string {
  const fields = Object.values(type.getFields()).filter((f: GraphQLField<unknown, unknown>) => f.args.every((a) => !isNonNullType(a.type) || a.defaultValue !== undefined));
  const parts = fields.map((f) => {
    const named = getNamedType(f.type as GraphQLOutputType);
    if (isLeafType(named)) return f.name;
    if (!isObjectType(named) || depth <= 0) return null;
    return `${f.name} { ${selectAll(named, depth - 1)} }`;
  });
  return ['__typename', ...parts.filter(Boolean)].join(' ');
}

function payloadSelection(mutation: string): string {
  const field = schema.getMutationType()!.getFields()[mutation]!;
  let type = field.type;
  while (isNonNullType(type) || isListType(type)) type = type.ofType;
  return selectAll(type as GraphQLObjectType, 6);
}

type Kind =
  | 'anonymous'
  | 'publishable'
  | 'owner thread token'
  | 'other thread token'
  | 'secret threads:write'
  | 'secret threads:read'
  | 'secret threads:read+triage:read'
  | 'secret threads:write+threads:read'
  | 'staff'
  | 'other site staff'
  | 'signed-in visitor';
const KINDS: Kind[] = [
  'anonymous',
  'publishable',
  'owner thread token',
  'other thread token',
  'secret threads:write',
  'secret threads:read',
  'secret threads:read+triage:read',
  'secret threads:write+threads:read',
  'staff',
  'other site staff',
  // Another person, signed in on the same site: the owners here are anonymous visitors.
  'signed-in visitor',
];
const READS = new Set<Kind>(['owner thread token', 'secret threads:read', 'secret threads:read+triage:read', 'secret threads:write+threads:read', 'staff']);
const TRIAGE = new Set<Kind>(['secret threads:read+triage:read', 'staff']);
const WRITES = new Set<Kind>(['owner thread token', 'secret threads:write', 'secret threads:write+threads:read', 'staff']);

let server: TestServer;
let visitorSecret: string;
let keys: Record<Exclude<Kind, 'owner thread token' | 'other thread token' | 'anonymous'>, string>;

beforeAll(async () => {
  // The generated selections are far larger than any real client's; the limits are not under test here.
  server = await startTestServer({
    runner: scriptedRunner(script),
    env: { GRAPHQL_LIMITS_PUBLIC: 'chars=50000,tokens=10000,depth=20,cost=1000000', GRAPHQL_LIMITS_SERVER: 'chars=50000,tokens=10000,depth=20,cost=1000000', GRAPHQL_LIMITS_STAFF: 'chars=50000,tokens=10000,depth=20,cost=1000000' },
  });
  const db = server.service.services.db;
  const other = await db.site.create({ data: { name: 'Other', allowedOrigins: ['https://other.example'] } });
  keys = {
    publishable: server.siteKey,
    'secret threads:write': (await createKey(db, server.siteId, 'SECRET', 'w', ['threads:write'])).key,
    'secret threads:read': (await createKey(db, server.siteId, 'SECRET', 'r', ['threads:read'])).key,
    'secret threads:read+triage:read': (await createKey(db, server.siteId, 'SECRET', 'rt', ['threads:read', 'triage:read'])).key,
    'secret threads:write+threads:read': (await createKey(db, server.siteId, 'SECRET', 'wr', ['threads:write', 'threads:read'])).key,
    staff: server.staffKey,
    'other site staff': (await createKey(db, other.id, 'STAFF', 's')).key,
    'signed-in visitor': '',
  };
  visitorSecret = (await createVisitorSecret(db, server.siteId)).secret;
  keys['signed-in visitor'] = (await signInVisitor(db, server.siteId, { userId: 'someone-else', userHash: userHash(visitorSecret, 'someone-else') })).token;
});
afterAll(async () => {
  await server?.close();
});

/** A visitor's thread with demographics and one turn (completed, failed or paused mid-way). */
async function visitorThread(text: string) {
  const visitor = await startThread(server, { age: 40, notes: 'SECRET-NOTES' });
  const reached = text.startsWith('[gated]') ? pauses.reached.next() : null;
  const sent = await send(server, visitor.token, visitor.threadId, text, { clientMessageId: 'c1' });
  const turnId = sent.data!.sendMessage.turn.id as string;
  if (reached) await reached;
  else {
    await server.service.services.turns.settled(turnId);
    // The visitor rates the answer: their comment is the thread's content too.
    const rated = await gql(server, `mutation($id: ID!) { submitFeedback(turnId: $id, rating: NOT_HELPFUL, comment: "SECRET-FEEDBACK") { turnId } }`, { id: turnId }, { token: visitor.token });
    expect(rated.errors).toBeUndefined();
  }
  return { ...visitor, turnId, text };
}

async function as(kind: Kind, owner: { token: string }, query: string, variables: Record<string, unknown>): Promise<GqlResult> {
  if (kind === 'anonymous') return gql(server, query, variables);
  if (kind === 'owner thread token') return gql(server, query, variables, { token: owner.token });
  if (kind === 'other thread token') return gql(server, query, variables, { token: (await startThread(server)).token });
  return gql(server, query, variables, { token: keys[kind], origin: kind === 'publishable' || kind === 'signed-in visitor' ? ORIGIN : null });
}

function expectNoLeak(kind: Kind, result: GqlResult, mutation: string): void {
  const json = JSON.stringify(result);
  const hidden = [...(READS.has(kind) ? [] : READ_MARKERS), ...(TRIAGE.has(kind) ? [] : TRIAGE_MARKERS)];
  for (const marker of hidden) expect(json, `${kind} read ${marker} through ${mutation}`).not.toContain(marker);
  for (const error of result.errors ?? []) {
    expect(error.extensions?.code, `${kind} ${mutation}: ${error.message}`).toBeTruthy();
    expect(error.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
  }
}

/** A hidden field is null alone: every error sits on a field path below the mutation's payload. */
function expectHiddenFieldsAlone(result: GqlResult, mutation: string): void {
  expect(result.data?.[mutation], JSON.stringify(result.errors?.[0])).toBeTruthy();
  for (const error of result.errors ?? []) {
    expect(error.extensions?.code).toBe('FORBIDDEN');
    expect(error.path?.length).toBeGreaterThan(1);
  }
}

/** Every mutation of the schema has a walk below: a new mutation fails this until it gets one. */
const WALKED = [
  'cancelTurn',
  'clearThread',
  'createWebhook',
  'deleteThread',
  'deleteWebhook',
  'redeliverWebhook',
  'retryTurn',
  'reviewTurn',
  'rotateWebhookSecret',
  'sendMessage',
  'signInVisitor',
  'startThread',
  'submitFeedback',
  'updateWebhook',
];

describe('every mutation payload, with every key kind', () => {
  it('walks every mutation the schema has', () => {
    expect(Object.keys(schema.getMutationType()!.getFields()).sort()).toEqual(WALKED);
  });

  it('submitFeedback and reviewTurn payloads show no one else’s content', async () => {
    for (const kind of KINDS) {
      const owner = await visitorThread('my head hurts');
      const feedback = await as(kind, owner, `mutation($id: ID!) { submitFeedback(turnId: $id, rating: HELPFUL) { ${payloadSelection('submitFeedback')} } }`, { id: owner.turnId });
      expectNoLeak(kind, feedback, 'submitFeedback');
      const review = await as(
        kind,
        owner,
        `mutation($id: ID!) { reviewTurn(turnId: $id, input: { verdict: UNDER_TRIAGED, severity: A_AND_E }) { ${payloadSelection('reviewTurn')} } }`,
        { id: owner.turnId },
      );
      expectNoLeak(kind, review, 'reviewTurn');
      if (kind === 'staff') expectHiddenFieldsAlone(review, 'reviewTurn');
      else expect(review.data?.reviewTurn ?? null, kind).toBeNull();
    }
  });

  it('sendMessage replaying the visitor’s clientMessageId (idempotency) shows the turn only to readers', async () => {
    const selection = payloadSelection('sendMessage');
    const query = `mutation($input: SendMessageInput!) { sendMessage(input: $input) { ${selection} } }`;
    for (const kind of KINDS) {
      const owner = await visitorThread('my head hurts');
      const result = await as(kind, owner, query, { input: { threadId: owner.threadId, text: owner.text, clientMessageId: 'c1' } });
      expectNoLeak(kind, result, 'sendMessage');
      if (!WRITES.has(kind)) {
        expect(result.data?.sendMessage ?? null, kind).toBeNull();
        continue;
      }
      expectHiddenFieldsAlone(result, 'sendMessage');
      const json = JSON.stringify(result.data);
      if (READS.has(kind)) expect(json, kind).toContain('SECRET-ANSWER');
      if (TRIAGE.has(kind)) expect(json, kind).toContain('secret-condition');
    }
  });

  it('sendMessage with a reused clientMessageId and another text is refused, handing back nothing', async () => {
    for (const kind of KINDS.filter((k) => WRITES.has(k))) {
      const owner = await visitorThread('my head hurts');
      const result = await as(kind, owner, `mutation($input: SendMessageInput!) { sendMessage(input: $input) { message { text } } }`, {
        input: { threadId: owner.threadId, text: 'something else', clientMessageId: 'c1' },
      });
      expect(result.errors?.[0]?.extensions, kind).toMatchObject({ code: 'BAD_USER_INPUT', field: 'clientMessageId' });
      expect(JSON.stringify(result)).not.toContain('my head hurts');
    }
  });

  it('cancelTurn on a running turn (its partial answer stored) shows the turn only to readers', async () => {
    const query = `mutation($id: ID!) { cancelTurn(id: $id) { ${payloadSelection('cancelTurn')} } }`;
    for (const kind of KINDS) {
      const owner = await visitorThread('[gated] my head hurts');
      // The first checkpoint holds the partial answer: wait until it is stored.
      await expectStored(owner.turnId);
      const result = await as(kind, owner, query, { id: owner.turnId });
      expectNoLeak(kind, result, 'cancelTurn');
      if (!WRITES.has(kind)) expect(result.data?.cancelTurn ?? null, kind).toBeNull();
      else {
        expectHiddenFieldsAlone(result, 'cancelTurn');
        if (READS.has(kind)) expect(JSON.stringify(result.data), kind).toContain('SECRET-REASONING');
      }
      if (!WRITES.has(kind)) pauses.open(owner.turnId);
      await server.service.services.turns.settled(owner.turnId);
    }
  });

  it('cancelTurn on a finished turn and on a failed one: the refusal names no content', async () => {
    const query = `mutation($id: ID!) { cancelTurn(id: $id) { ${payloadSelection('cancelTurn')} } }`;
    for (const kind of KINDS) {
      for (const text of ['my head hurts', '[fail] my head hurts']) {
        const owner = await visitorThread(text);
        const result = await as(kind, owner, query, { id: owner.turnId });
        expectNoLeak(kind, result, 'cancelTurn');
        expect(result.data?.cancelTurn ?? null).toBeNull();
      }
    }
  });

  it('retryTurn of a failed turn shows the new turn only to readers; of a finished one, refuses naming no content', async () => {
    const query = `mutation($id: ID!) { retryTurn(id: $id) { ${payloadSelection('retryTurn')} } }`;
    for (const kind of KINDS) {
      const failed = await visitorThread('[fail] my head hurts');
      const result = await as(kind, failed, query, { id: failed.turnId });
      expectNoLeak(kind, result, 'retryTurn');
      if (!WRITES.has(kind)) expect(result.data?.retryTurn ?? null, kind).toBeNull();
      else {
        expectHiddenFieldsAlone(result, 'retryTurn');
        const turnId = (result.data!.retryTurn as { id: string }).id;
        await server.service.services.turns.settled(turnId);
      }
      const done = await visitorThread('my head hurts');
      const refused = await as(kind, done, query, { id: done.turnId });
      expectNoLeak(kind, refused, 'retryTurn');
      expect(refused.data?.retryTurn ?? null).toBeNull();
    }
  });

  it('clearThread shows the thread’s demographics only to readers', async () => {
    const query = `mutation($id: ID!) { clearThread(id: $id) { ${payloadSelection('clearThread')} } }`;
    for (const kind of KINDS) {
      const owner = await visitorThread('my head hurts');
      const result = await as(kind, owner, query, { id: owner.threadId });
      expectNoLeak(kind, result, 'clearThread');
      if (!WRITES.has(kind)) expect(result.data?.clearThread ?? null, kind).toBeNull();
      else {
        expectHiddenFieldsAlone(result, 'clearThread');
        if (READS.has(kind)) expect(JSON.stringify(result.data), kind).toContain('SECRET-NOTES');
      }
    }
  });

  it('signInVisitor payloads carry nothing of anyone else’s, and only the publishable key gets one', async () => {
    const query = `mutation($input: SignInVisitorInput!) { signInVisitor(input: $input) { ${payloadSelection('signInVisitor')} } }`;
    const input = { userId: 'owner', userHash: userHash(visitorSecret, 'owner') };
    for (const kind of KINDS) {
      const owner = await visitorThread('my head hurts');
      const result = await as(kind, owner, query, { input });
      expectNoLeak(kind, result, 'signInVisitor');
      if (kind === 'publishable') expect(result.data?.signInVisitor).toMatchObject({ userId: 'owner', visitorToken: expect.stringMatching(/^vt_/) });
      else expect(result.data?.signInVisitor ?? null, kind).toBeNull();
    }
  });

  it('deleteThread and startThread payloads carry nothing of anyone else’s', async () => {
    for (const kind of KINDS) {
      const owner = await visitorThread('my head hurts');
      const deleted = await as(kind, owner, `mutation($id: ID!) { deleteThread(id: $id) { ${payloadSelection('deleteThread')} } }`, { id: owner.threadId });
      expectNoLeak(kind, deleted, 'deleteThread');
      expect(deleted.data?.deleteThread ?? null, kind).toEqual(WRITES.has(kind) ? { __typename: 'DeleteThreadPayload', id: owner.threadId } : null);
      const started = await as(kind, owner, `mutation { startThread { ${payloadSelection('startThread')} } }`, {});
      expectNoLeak(kind, started, 'startThread');
    }
  });
});

describe('webhook mutations, with every key kind', () => {
  it('only the site’s staff manage webhooks, and only they see the signing secret', async () => {
    const db = server.service.services.db;
    const key = await createKey(db, server.siteId, 'SECRET', 'hook key', ['threads:read']);
    // A closed local port: a delivery sent again fails fast and reaches nothing outside.
    const input = { url: 'http://127.0.0.1:9/hook', events: ['URGENT_ADVICE'], keyId: key.id };
    const create = `mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { ${payloadSelection('createWebhook')} } }`;
    let webhookId = '';
    for (const kind of KINDS) {
      const owner = await startThread(server);
      const result = await as(kind, owner, create, { input });
      expectNoLeak(kind, result, 'createWebhook');
      if (kind !== 'staff') {
        expect(result.data?.createWebhook ?? null, kind).toBeNull();
        expect(JSON.stringify(result)).not.toContain('whsec_');
        continue;
      }
      expect(result.errors).toBeUndefined();
      webhookId = (result.data!.createWebhook as { webhook: { id: string } }).webhook.id;
    }
    const webhook = await db.webhook.findUniqueOrThrow({ where: { id: webhookId } });
    const { threadId } = await startThread(server);
    const event = await db.webhookEvent.create({ data: { id: crypto.randomUUID(), siteId: server.siteId, threadId, type: 'advice.urgent', data: { threadId, turnId: crypto.randomUUID() } } });
    const delivery = await db.webhookDelivery.create({ data: { eventId: event.id, webhookId, status: 'FAILED', attempts: 1, lastError: 'HTTP 500' } });
    const calls: [string, string, Record<string, unknown>][] = [
      ['updateWebhook', `mutation($id: ID!) { updateWebhook(id: $id, input: { description: "on call" }) { ${payloadSelection('updateWebhook')} } }`, { id: webhookId }],
      ['rotateWebhookSecret', `mutation($id: ID!) { rotateWebhookSecret(id: $id) { ${payloadSelection('rotateWebhookSecret')} } }`, { id: webhookId }],
      ['redeliverWebhook', `mutation($id: ID!) { redeliverWebhook(deliveryId: $id) { ${payloadSelection('redeliverWebhook')} } }`, { id: delivery.id }],
      ['deleteWebhook', `mutation($id: ID!) { deleteWebhook(id: $id) { ${payloadSelection('deleteWebhook')} } }`, { id: webhookId }],
    ];
    for (const [mutation, query, variables] of calls) {
      for (const kind of KINDS.filter((k) => k !== 'staff')) {
        const result = await as(kind, await startThread(server), query, variables);
        expectNoLeak(kind, result, mutation);
        expect(result.data?.[mutation] ?? null, `${kind} ${mutation}`).toBeNull();
        expect(JSON.stringify(result)).not.toContain(webhook.url);
      }
      const own = await as('staff', await startThread(server), query, variables);
      expect(own.errors, mutation).toBeUndefined();
      expect(own.data?.[mutation], mutation).toBeTruthy();
    }
    expect(await db.webhook.count({ where: { id: webhookId } })).toBe(0);
  });
});

async function expectStored(turnId: string): Promise<void> {
  const db = server.service.services.db;
  await vi.waitFor(
    async () => {
      const turn = await db.turn.findUniqueOrThrow({ where: { id: turnId } });
      expect(turn.answerDraft && turn.reasoning).toBeTruthy();
    },
    { timeout: 5_000, interval: 20 },
  );
}
