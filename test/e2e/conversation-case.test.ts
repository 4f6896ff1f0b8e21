import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gql, startThread } from '../support/graphql.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { answerOf, knowledgeSubset, runTurn, staffEvents } from './helpers.js';

/**
 * A case per conversation, through the live API (issue #30): an emergency said earlier keeps its
 * level on a follow-up question, the answer says the advice again, and staff read the case the
 * rules used (`Turn.case`). (The model pipeline's side: test/e2e/model-pipeline.test.ts.)
 */

const KNOWLEDGE = ['heart-attack', 'angina', 'chest-pain', 'heartburn-and-acid-reflux', 'flu', 'common-cold'];
const CONVERSATION = [
  'probably just indigestion but wanted to ask',
  'my chest has been tight and heavy for an hour and my left arm aches',
  'im sweaty and feel sick, dont want to make a fuss',
];
const CASE_QUERY = /* GraphQL */ `
  query($id: ID!) { turn(id: $id) { case { correctedMessages findings { concept assertion words message cue retracted supersededBy rules } } } }`;

let knowledge: Awaited<ReturnType<typeof knowledgeSubset>>;
beforeAll(async () => {
  knowledge = await knowledgeSubset(KNOWLEDGE);
});
afterAll(async () => {
  await knowledge?.remove();
});

const adviceLevels = (events: { __typename: string; advice?: unknown }[]) =>
  events.filter((e) => e.__typename === 'AdviceChunk').map((e) => (e.advice as { level: string }).level);

describe('offline engine: the level holds over the conversation', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { CHROMA_URL: inject('chromaUrl'), CHROMA_COLLECTION: 'e2e-case-offline', KNOWLEDGE_DIR: knowledge.dir } });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('a follow-up question after an emergency is answered with the 999 advice again, and staff see the case', async () => {
    const { threadId, token } = await startThread(server);
    let last = { turnId: '', events: [] as Awaited<ReturnType<typeof runTurn>>['events'] };
    for (const text of [...CONVERSATION, 'can i take ibuprofen for it?']) last = await runTurn(server, token, threadId, text);
    expect(adviceLevels(last.events)).toContain('EMERGENCY');
    expect(answerOf(last.events)).toMatch(/999/);
    const triage = (await staffEvents(server, last.turnId)).find((e) => e.__typename === 'TriageChunk');
    expect(triage).toMatchObject({ severity: 'A_AND_E' });

    const visitor = await gql(server, CASE_QUERY, { id: last.turnId }, { token });
    expect(visitor.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const staff = await gql(server, CASE_QUERY, { id: last.turnId }, { token: server.staffKey, origin: null });
    const findings = staff.data!.turn.case.findings as { concept: string; assertion: string; message: number; rules: string[] }[];
    // The signs came from messages 1 and 2, and fired the rule in the turn of message 3.
    expect(findings).toEqual(expect.arrayContaining([expect.objectContaining({ concept: 'chestPain', assertion: 'present', message: 1 })]));
    expect(findings.find((f) => f.concept === 'chestPain')?.rules.length).toBeGreaterThan(0);
    expect(findings.find((f) => f.concept === 'sweating')?.message).toBe(2);
  }, 120_000);

  it('a fear is not evidence: "terrified its meningitis" with a rash that fades under a glass gets no 999 advice', async () => {
    const { threadId, token } = await startThread(server);
    const run = await runTurn(server, token, threadId, "I'm terrified it's meningitis, the spots fade when I press a glass on them");
    expect(adviceLevels(run.events)).not.toContain('EMERGENCY');
    const staff = await gql(server, CASE_QUERY, { id: run.turnId }, { token: server.staffKey, origin: null });
    expect(staff.data!.turn.case.findings).toEqual(expect.arrayContaining([expect.objectContaining({ concept: 'meningitisMention', assertion: 'feared', rules: [] })]));
  }, 120_000);
});
