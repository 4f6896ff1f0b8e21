import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, send, startThread, type GqlResult } from '../support/graphql.js';
import { scriptedRunner, triageScript } from '../support/scripted-runner.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * docs/api-and-access.md's staff walkthrough runs as written: each `graphql` block of the
 * section is sent verbatim with a staff key, in the doc's order, its variables taken from the
 * step before (as the doc says), and the `curl` line is run by a shell against the service.
 */

const DOC = readFileSync(path.resolve(import.meta.dirname, '../../docs/api-and-access.md'), 'utf8');
const SECTION = DOC.slice(DOC.indexOf('## Staff walkthrough'));
const blocks = (lang: string) => [...SECTION.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
const STEPS = Object.fromEntries(blocks('graphql').map((doc) => [/^(?:query|mutation) (\w+)/.exec(doc)?.[1] ?? '', doc]));

let server: TestServer;
let threadId: string;
let turnId: string;

beforeAll(async () => {
  server = await startTestServer({ runner: scriptedRunner(triageScript) });
  const visitor = await startThread(server, { age: 34 });
  threadId = visitor.threadId;
  const sent = await send(server, visitor.token, threadId, 'fever and a cough for a week');
  turnId = sent.data!.sendMessage.turn.id;
  await server.service.services.turns.settled(turnId);
  // A visitor's thumbs-down puts the turn in the review queue (NEGATIVE_FEEDBACK).
  const rated = await gql(server, 'mutation { submitFeedback(turnId: "' + turnId + '", rating: NOT_HELPFUL) { rating } }', {}, { token: visitor.token });
  expect(rated.errors).toBeUndefined();
});
afterAll(async () => {
  await server?.close();
});

async function step<T>(name: string, variables: Record<string, unknown> = {}): Promise<T> {
  const doc = STEPS[name];
  expect(doc, `step ${name} is in the doc`).toBeDefined();
  const result: GqlResult<T> = await gql<T>(server, doc!, variables, { token: server.staffKey, origin: null });
  expect(result.errors, `${name}: ${JSON.stringify(result.errors)}`).toBeUndefined();
  return result.data!;
}

describe('the staff walkthrough in docs/api-and-access.md', () => {
  it('has its steps in the order the doc gives them', () => {
    expect(Object.keys(STEPS)).toEqual(['Queue', 'Conversation', 'TurnDetail', 'Conditions', 'Review', 'Audit', 'Stats']);
  });

  it('runs step by step with a staff key', async () => {
    const queue = await step<{ reviewQueue: { totalCount: number; edges: { node: { reasons: string[]; thread: { id: string }; turn: { id: string } } }[] } }>('Queue');
    expect(queue.reviewQueue.totalCount).toBe(1);
    const item = queue.reviewQueue.edges[0]!.node;
    expect(item).toMatchObject({ reasons: ['NEGATIVE_FEEDBACK'], thread: { id: threadId }, turn: { id: turnId } });

    const conversation = await step<{ thread: { demographics: { age: number }; messages: { edges: { node: { role: string; turn: { id: string } | null } }[] } } }>('Conversation', { threadId: item.thread.id });
    expect(conversation.thread.demographics.age).toBe(34);
    expect(conversation.thread.messages.edges.map((e) => e.node.role)).toEqual(['USER', 'ASSISTANT']);

    const detail = await step<{ turn: { status: string; answer: string; prediction: { condition: string; severity: string }; sources: { score: number }[]; reviewReasons: string[]; trace: unknown } }>('TurnDetail', { turnId: item.turn.id });
    expect(detail.turn).toMatchObject({ status: 'COMPLETED', prediction: { condition: 'flu', severity: 'SELF_CARE' }, reviewReasons: ['NEGATIVE_FEEDBACK'] });
    expect(detail.turn.answer).toContain('flu');
    expect(detail.turn.sources[0]!.score).toBeGreaterThan(0);

    const conditions = await step<{ conditions: { slug: string }[] }>('Conditions');
    expect(conditions.conditions.map((c) => c.slug)).toContain(detail.turn.prediction.condition);

    const { prediction } = detail.turn;
    const review = await step<{ reviewTurn: { verdict: string; severity: string; condition: string; reviewer: { name: string } } }>('Review', {
      turnId: item.turn.id,
      input: { verdict: 'CORRECT', severity: prediction.severity, condition: prediction.condition, note: 'Fine' },
    });
    expect(review.reviewTurn).toEqual(expect.objectContaining({ verdict: 'CORRECT', severity: 'SELF_CARE', condition: 'flu', reviewer: { name: 'test staff' } }));

    const audit = await step<{ auditLog: { edges: { node: { action: string; actorKind: string } }[] } }>('Audit', { threadId: item.thread.id });
    const actions = audit.auditLog.edges.map((e) => e.node.action);
    expect(actions[0]).toBe('review.submit');
    expect(actions).toEqual(expect.arrayContaining(['thread.read', 'feedback.submit']));

    const stats = await step<{ reviewStats: { day: string; notHelpful: number }[] }>('Stats');
    expect(stats.reviewStats).toHaveLength(7);
    expect(stats.reviewStats.at(-1)!.notHelpful).toBe(1);
  });

  it("runs the doc's curl line", async () => {
    const [shell] = blocks('sh');
    expect(shell).toMatch(/^curl /);
    const command = shell!.replaceAll('http://127.0.0.1:4000', server.url);
    // Asynchronously: the service answering it runs in this process.
    const run = await promisify(execFile)('bash', ['-c', command], { encoding: 'utf8', env: { ...process.env, STAFF_KEY: server.staffKey }, timeout: 30_000 });
    const body = JSON.parse(run.stdout) as { data: { reviewQueue: { totalCount: number } } };
    expect(body.data.reviewQueue.totalCount).toBeGreaterThanOrEqual(0);
  });
});
