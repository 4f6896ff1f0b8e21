import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCases } from '../../server/eval/cases.js';
import { evaluateTriage, formatReport } from '../../server/eval/triage.js';
import { createOfflineEngine } from '../../server/engines/offline/engine.js';
import type { RetrievalService } from '../../server/retrieval/index.js';
import { gql, send, startThread } from '../support/graphql.js';
import { scriptedRunner } from '../support/scripted-runner.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { config, realRetrieval } from '../engines/offline/helpers.js';
import { reviewScript } from './fixtures.js';

/**
 * Reviewed turns back into the evaluation: `npm run eval -- --export-reviews FILE` (the real CLI,
 * against this test's database) writes them as cases with personal details stripped, and the
 * triage evaluation (the real offline engine and retriever) reports on them by verdict.
 */

const run = promisify(execFile);
let server: TestServer;
let dir: string;
let retrieval: RetrievalService;

beforeAll(async () => {
  [server, dir, retrieval] = await Promise.all([
    startTestServer({ runner: scriptedRunner(reviewScript) }),
    mkdtemp(path.join(tmpdir(), 'triage-export-')),
    realRetrieval('export'),
  ]);
});
afterAll(async () => {
  await server?.close();
  await retrieval?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const REVIEW = `mutation($turnId: ID!, $input: ReviewInput!) { reviewTurn(turnId: $turnId, input: $input) { verdict } }`;
const staff = () => ({ token: server.staffKey, origin: null });

async function say(token: string, threadId: string, text: string): Promise<string> {
  const sent = await send(server, token, threadId, text);
  const turnId = sent.data!.sendMessage.turn.id;
  await server.service.services.turns.settled(turnId);
  return turnId;
}

describe('npm run eval -- --export-reviews', () => {
  it('writes reviewed turns as cases without personal details, keys or tokens; the triage eval reports on them by verdict', async () => {
    const a = await startThread(server, { age: 97, sex: 'FEMALE', notes: 'takes ramipril, my GP is Dr Hughes on 0161 496 0000' });
    await say(a.token, a.threadId, "hello, I'm Sarah Jones, ring me on 07700 900123");
    const missed = await say(a.token, a.threadId, 'crushing chest pain spreading to my left arm and I feel sweaty and sick');
    const b = await startThread(server);
    const fine = await say(b.token, b.threadId, 'came on suddenly this morning, aching all over, shivery, temp 38.9 and my head is pounding');
    const c = await startThread(server);
    const chat = await say(c.token, c.threadId, 'hello there');

    const reviews: [string, Record<string, unknown>][] = [
      [missed, { verdict: 'UNDER_TRIAGED', severity: 'A_AND_E', condition: 'heart-attack', note: 'Sarah needed 999 - secret note' }],
      [fine, { verdict: 'CORRECT', severity: 'SELF_CARE', condition: 'flu' }],
      [chat, { verdict: 'CORRECT', severity: 'SELF_CARE' }],
    ];
    for (const [turnId, input] of reviews) expect((await gql(server, REVIEW, { turnId, input }, staff())).errors).toBeUndefined();

    const file = path.join(dir, 'reviewed.jsonl');
    const cli = await run(process.execPath, ['--import', 'tsx', 'server/eval/cli.ts', '--export-reviews', file], {
      env: { ...process.env, DATABASE_URL: server.databaseUrl, LOG_LEVEL: 'silent' },
    });
    expect(cli.stdout).toContain('exported 2 reviewed turns');
    expect(cli.stdout).toMatch(/skipped 1: a direct reply/);

    const text = await readFile(file, 'utf8');
    const secrets = [server.siteKey, server.staffKey, a.token, b.token, a.threadId, b.threadId, missed, fine, server.siteId, 'Sarah', 'Jones', '07700', 'Hughes', '0161', 'secret note', 'tt_', 'sk_', 'st_', 'pk_'];
    for (const s of secrets) expect(text, s).not.toContain(s);

    const cases = await loadCases(file);
    expect(cases).toHaveLength(2);
    const [first, second] = cases;
    expect(first).toMatchObject({
      kind: 'triage',
      text: "hello, I'm [name], ring me on [phone]\ncrushing chest pain spreading to my left arm and I feel sweaty and sick",
      demographics: { age: 90, sex: 'female', notes: 'takes ramipril, my GP is Dr [name] on [phone]' },
      condition: 'heart-attack',
      severity: 'A&E',
      review: { verdict: 'UNDER_TRIAGED', predicted: { condition: 'flu', severity: 'Self-care' }, reviewedOn: new Date().toISOString().slice(0, 10) },
    });
    expect(first!.id).toMatch(/^review-[0-9a-f]{12}$/);
    expect(second).toMatchObject({ condition: 'flu', severity: 'Self-care', review: { verdict: 'CORRECT' } });

    // Exports are reads of the conversations: in the audit log, by the export.
    const audit = await server.service.services.db.auditEntry.findMany({ where: { action: 'thread.export' } });
    expect(audit.map((e) => [e.turnId, e.actorKind, e.ip]).sort()).toEqual([[fine, 'export', 'cli'], [missed, 'export', 'cli']].sort());

    // Re-exporting gives the same ids (a case file can be refreshed without duplicates).
    await run(process.execPath, ['--import', 'tsx', 'server/eval/cli.ts', '--export-reviews', file], { env: { ...process.env, DATABASE_URL: server.databaseUrl, LOG_LEVEL: 'silent' } });
    expect((await loadCases(file)).map((x) => x.id)).toEqual(cases.map((x) => x.id));

    // The evaluation scores them again, with the real offline engine.
    const engine = createOfflineEngine({ pages: retrieval.pages, retriever: retrieval.retriever, historyExchanges: config.ROUTER_HISTORY_EXCHANGES });
    const report = await evaluateTriage({ engine, retriever: retrieval.retriever, pages: retrieval.pages, k: config.RETRIEVAL_K }, cases);
    expect(report.reviewed).toMatchObject({ cases: 2, byVerdict: { UNDER_TRIAGED: { cases: 1 }, CORRECT: { cases: 1 } } });
    expect(report.reviewed!.nowRight + report.reviewed!.stillWrong.length).toBe(2);
    expect(report.outcomes.find((o) => o.id === first!.id)?.predicted?.severity).toBe('A&E'); // the safety floor, at least
    const printed = formatReport(report);
    expect(printed).toMatch(/reviewed cases \(from clinicians' reviews\): \d\/2 now right/);
    expect(printed).toMatch(/reviewed UNDER_TRIAGED\s+\d\/1 now right/);
  }, 120_000);
});
