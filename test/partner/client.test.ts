import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateClient, OUTPUT_DIR } from '../../partner/codegen.js';
import { createKey } from '../../server/auth/sites.js';
import { gql } from '../support/graphql.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The partner client: operations as .graphql documents, TypeScript generated from schema.graphql
 * by GraphQL Code Generator's client preset, and the runnable example (partner/example.ts) run as
 * a partner would run it, against a real service.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('generated client', () => {
  it('partner/generated/ is what `npm run client:generate` makes from schema.graphql and the operations', async () => {
    const files = await generateClient();
    expect(files.map((f) => f.file).sort()).toEqual(readdirSync(path.join(ROOT, OUTPUT_DIR)).map((f) => `${OUTPUT_DIR}${f}`).sort());
    for (const { file, content } of files) expect(readFileSync(path.join(ROOT, file), 'utf8'), `${file} is stale: npm run client:generate`).toBe(content);
  });

  it('every partner operation is valid against schema.graphql', () => {
    const schema = buildSchema(readFileSync(path.join(ROOT, 'schema.graphql'), 'utf8'));
    const dir = path.join(ROOT, 'partner/operations');
    const names = readdirSync(dir).filter((f) => f.endsWith('.graphql'));
    expect(names.sort()).toEqual(['CancelTurn.graphql', 'SendMessage.graphql', 'StartThread.graphql', 'TurnEvents.graphql', 'TurnResult.graphql']);
    for (const name of names) expect(validate(schema, parse(readFileSync(path.join(dir, name), 'utf8'))).map((e) => e.message), name).toEqual([]);
  });
});

describe('partner/example.ts against the service', () => {
  let server: TestServer;
  let fullKey: string;
  let noTriageKey: string;

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.service.services.db;
    fullKey = (await createKey(db, server.siteId, 'SECRET', 'partner example', ['threads:write', 'threads:read', 'triage:read'])).key;
    noTriageKey = (await createKey(db, server.siteId, 'SECRET', 'partner without triage', ['threads:write', 'threads:read'])).key;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Runs the example the way its header says (`npx tsx partner/example.ts "..."`). */
  function runExample(key: string, text: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'partner/example.ts'), text], {
        cwd: ROOT,
        env: { ...process.env, TRIAGE_ENDPOINT: server.graphqlUrl, TRIAGE_KEY: key },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.once('error', reject);
      child.once('exit', (code) => resolve({ code, stdout, stderr }));
    });
  }

  it('starts a thread, sends a message, streams the turn and prints the prediction it read with triage:read', async () => {
    const run = await runExample(fullKey, 'I have had a sore throat for three days and it hurts to swallow');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const turnId = /^turn (\S+)$/m.exec(run.stdout)?.[1];
    expect(turnId).toBeTruthy();
    expect(run.stdout).toMatch(/^… Reading your message$/m);

    // What it streamed and printed is what the service stored for that turn.
    const stored = await gql(server, `query ($id: ID!) { turn(id: $id) { answer prediction { condition conditionTitle severity } } }`, { id: turnId }, { token: server.staffKey });
    const turn = stored.data!.turn as { answer: string; prediction: { condition: string; conditionTitle: string; severity: string } };
    expect(turn.prediction.condition).toBe('sore-throat');
    expect(run.stdout).toContain(turn.answer);
    expect(run.stdout).toContain(`prediction: ${turn.prediction.conditionTitle} (${turn.prediction.severity}) [${turn.prediction.condition}]`);
  });

  it('an emergency prints the advice (call 999) before anything else the turn streams', async () => {
    const run = await runExample(fullKey, 'I have crushing chest pain spreading to my left arm and I am sweating');
    expect(run.code).toBe(0);
    const advice = run.stdout.indexOf('!! EMERGENCY: ');
    expect(advice).toBeGreaterThan(-1);
    expect(run.stdout).toMatch(/^!! .+: tel:999$/m);
    expect(advice).toBeLessThan(run.stdout.indexOf('… Reading your message'));
    expect(run.stdout).toMatch(/^prediction: .+ \(A_AND_E\)/m);
  });

  it('without triage:read the prediction is refused with a typed error, and the example says so', async () => {
    const run = await runExample(noTriageKey, 'I have had a sore throat for three days');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/request failed: FORBIDDEN/);
  });
});
