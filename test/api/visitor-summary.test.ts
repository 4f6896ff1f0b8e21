import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessTurn } from '../../server/safety/turn.js';
import { codeOf, collect, gql, send, startThread, wsClient } from '../support/graphql.js';
import { scriptedRunner } from '../support/scripted-runner.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Thread.summary (issue #33, item 4): the visitor's own token reads a summary of what they said,
 * the advice they were given and when, and the key findings of the case in their words, with no
 * prediction in it, while staff still see the prediction the turns stored.
 */

// Like the pipeline: the case the rules read goes to the trace, and a prediction is made.
const runner = scriptedRunner(async function* (input) {
  const safety = assessTurn(input);
  if (safety.case) yield { type: 'Record', record: { trace: { case: safety.case } } };
  yield { type: 'TriageChunk', condition: 'heart-attack', conditionTitle: 'Heart attack', severity: safety.emergency ? 'A&E' : 'Self-care' };
  yield { type: 'AnswerChunk', delta: 'Here is what to do next.' };
});

const CONVERSATION = [
  "I've had a sore throat for 3 days,   no rash",
  'now my chest is tight and heavy and my left arm aches',
  "no, I'm not short of breath. can I take ibuprofen?",
];
const LONG = `${'my knee has been swollen and stiff since the weekend '.repeat(12)}and it clicks`;

const SUMMARY = /* GraphQL */ `
  query($id: ID!) {
    thread(id: $id) {
      summary {
        startedAt
        about { age sex pregnant notes }
        messages { text sentAt shortened }
        advice { level title text givenAt }
        findings { words status saidAt }
      }
    }
  }`;

interface Summary {
  startedAt: string;
  about: { age: number | null; sex: string | null } | null;
  messages: { text: string; sentAt: string; shortened: boolean }[];
  advice: { level: string; title: string; text: string; givenAt: string[] }[];
  findings: { words: string; status: 'REPORTED' | 'DENIED'; saidAt: string | null }[];
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ runner });
});
afterAll(async () => {
  await server?.close();
});

async function converse(token: string, threadId: string, texts: readonly string[]): Promise<string[]> {
  const turnIds: string[] = [];
  for (const text of texts) {
    const sent = await send(server, token, threadId, text);
    const turnId = sent.data!.sendMessage.turn.id;
    const client = wsClient(server, token);
    try {
      await collect(client, turnId);
    } finally {
      await client.dispose();
    }
    turnIds.push(turnId);
  }
  return turnIds;
}

describe('Thread.summary', () => {
  it('gives the visitor their words, the advice with its times and the key findings, and no prediction', async () => {
    const { threadId, token } = await startThread(server, { age: 58, sex: 'MALE' });
    const turnIds = await converse(token, threadId, CONVERSATION);

    // The turns did store a prediction: staff read it.
    const staff = await gql(server, 'query($id: ID!) { turn(id: $id) { prediction { condition severity } } }', { id: turnIds[1] }, { token: server.staffKey, origin: null });
    expect(staff.data!.turn.prediction).toEqual({ condition: 'heart-attack', severity: 'A_AND_E' });

    const result = await gql<{ thread: { summary: Summary } }>(server, SUMMARY, { id: threadId }, { token });
    expect(result.errors).toBeUndefined();
    const summary = result.data!.thread.summary;

    expect(summary.about).toMatchObject({ age: 58, sex: 'MALE' });
    expect(summary.messages.map((m) => m.text)).toEqual([
      "I've had a sore throat for 3 days, no rash",
      CONVERSATION[1],
      CONVERSATION[2],
    ]);
    expect(summary.messages.every((m) => !m.shortened)).toBe(true);

    // The emergency advice of message 2, held (and so said again) for message 3: one entry, two times.
    expect(summary.advice).toHaveLength(1);
    const [advice] = summary.advice;
    expect(advice).toMatchObject({ level: 'EMERGENCY' });
    expect(advice!.title).toMatch(/999/);
    expect(advice!.givenAt).toHaveLength(2);
    expect(Date.parse(advice!.givenAt[0]!)).toBeGreaterThanOrEqual(Date.parse(summary.messages[1]!.sentAt) - 1000);

    const findings = Object.fromEntries(summary.findings.map((f) => [f.words, f.status]));
    expect(findings).toMatchObject({ 'sore throat': 'REPORTED', rash: 'DENIED', 'short of breath': 'DENIED' });
    expect(summary.findings.some((f) => f.status === 'REPORTED' && /chest/.test(f.words))).toBe(true);
    expect(summary.findings.find((f) => f.words === 'short of breath')?.saidAt).toBe(summary.messages[2]!.sentAt);
    // Each thing said is listed once, though several rules read it.
    expect(new Set(summary.findings.map((f) => f.words)).size).toBe(summary.findings.length);

    const text = JSON.stringify(summary);
    for (const internal of ['heart-attack', 'A_AND_E', 'URGENT_PRIMARY_CARE', 'SELF_CARE', 'Self-care']) expect(text).not.toContain(internal);
    // Nor the rules' concept names (camelCase ids such as chestPain), only words the person used.
    const concepts = await gql(server, 'query($id: ID!) { turn(id: $id) { case { findings { concept } } } }', { id: turnIds[2] }, { token: server.staffKey, origin: null });
    const ids = (concepts.data!.turn.case.findings as { concept: string }[]).map((f) => f.concept).filter((c) => /[A-Z]/.test(c));
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(text).not.toContain(id);
  });

  it('cuts a long message at a word, and refuses another visitor', async () => {
    const mine = await startThread(server);
    await converse(mine.token, mine.threadId, [LONG]);
    const summary = (await gql<{ thread: { summary: Summary } }>(server, SUMMARY, { id: mine.threadId }, { token: mine.token })).data!.thread.summary;
    const [message] = summary.messages;
    expect(message!.shortened).toBe(true);
    expect(message!.text.endsWith('…')).toBe(true);
    expect(Array.from(message!.text).length).toBeLessThanOrEqual(401);
    expect(LONG.startsWith(message!.text.slice(0, -1))).toBe(true);
    expect(summary.advice).toEqual([]);

    const other = await startThread(server);
    const refused = await gql(server, SUMMARY, { id: mine.threadId }, { token: other.token });
    expect(codeOf(refused)).toBe('FORBIDDEN');
  });

  it('reaches no prediction or severity type in the schema', async () => {
    const introspection = await gql<{ __schema: { types: { name: string; fields: { type: unknown }[] | null }[] } }>(
      server,
      '{ __schema { types { name fields { type { name kind ofType { name kind ofType { name kind ofType { name kind } } } } } } } }',
      {},
      { token: server.siteKey },
    );
    const types = new Map(introspection.data!.__schema.types.map((t) => [t.name, t]));
    const named = (t: unknown): string => {
      const x = t as { name: string | null; ofType: unknown };
      return x.name ?? named(x.ofType);
    };
    const seen = new Set<string>();
    const walk = (name: string): void => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const f of types.get(name)?.fields ?? []) walk(named(f.type));
    };
    walk('VisitorSummary');
    expect(seen).toContain('SummaryFinding');
    expect([...seen].filter((n) => ['Prediction', 'Severity', 'ClinicalCase', 'CaseFinding'].includes(n))).toEqual([]);
  });
});
