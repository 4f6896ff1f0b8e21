import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, gql, TURN_EVENTS_STAFF, wsClient, type EventOut } from '../support/graphql.js';

/**
 * `npm start`'s configuration, end to end: the real entry point (scripts/start.mjs) as a child
 * process with nothing configured — embedded Postgres, embedded Chroma, offline engine, dev site —
 * driven through GraphQL like the widget would.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
let child: ChildProcess;
let dataDir: string;
let url = '';
let keys: { publishableKey: string; staffKey: string };
let output = '';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'triage-start-'));
  await chmod(dataDir, 0o777); // embedded Postgres runs as the postgres user when we are root
  // Reuse the C library runtime the test run's Chroma already fetched (Debian 12 only).
  const runtime = path.join(ROOT, '.data/runtime');
  if (existsSync(runtime)) await symlink(runtime, path.join(dataDir, 'runtime'));
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|CHROMA_URL|REDIS_URL|ROUTER_|REASONER_|EMBEDDINGS_|PORT|VITEST|NODE_ENV)/.test(k)),
  );
  child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  keys = JSON.parse(await readFile(path.join(dataDir, 'dev-keys.json'), 'utf8'));
}, 180_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm start with nothing configured', () => {
  it('prints the development keys and the embedded parts, and serves the widget and its demo page', async () => {
    expect(output).toContain(keys.publishableKey);
    expect(output).toMatch(/offline triage engine, no language model/);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ok: true, engine: 'OFFLINE' });
    const page = await (await fetch(`${url}/`)).text();
    expect(page).toContain('<triage-chat');
    expect(page).toContain(keys.publishableKey);
    const widget = await fetch(`${url}/widget.js`);
    expect(widget.status).toBe(200);
    expect(widget.headers.get('content-type')).toContain('javascript');
  });

  it('answers "I have fever and a cough since last week" with reasoning, sources, an answer and TurnCompleted', async () => {
    const server = { graphqlUrl: `${url}/graphql`, wsUrl: `${url.replace('http', 'ws')}/graphql` };
    const origin = url;
    const started = await gql(server, `mutation { startThread { thread { id } threadToken } }`, {}, { token: keys.publishableKey, origin });
    const { thread, threadToken } = started.data!.startThread;
    const text = 'I have fever and a cough since last week';
    const sent = await gql(
      server,
      `mutation($input: SendMessageInput!) { sendMessage(input: $input) { turn { id engine } } }`,
      { input: { threadId: thread.id, text } },
      { token: threadToken, origin },
    );
    expect(sent.data!.sendMessage.turn.engine).toBe('OFFLINE');
    const turnId = sent.data!.sendMessage.turn.id;

    const staff = wsClient(server, keys.staffKey, null);
    const events: EventOut[] = await collect(staff, turnId, 0, { query: TURN_EVENTS_STAFF });
    await staff.dispose();
    const types = events.map((e) => e.__typename);
    expect(types[0]).toBe('TurnStarted');
    expect(types.at(-1)).toBe('TurnCompleted');
    expect(types.indexOf('SourcesChunk')).toBeLessThan(types.indexOf('ReasoningChunk'));
    expect(types.lastIndexOf('ReasoningChunk')).toBeLessThan(types.indexOf('AnswerChunk'));
    const reasoning = events.filter((e) => e.__typename === 'ReasoningChunk').map((e) => e.delta).join('');
    const answer = events.filter((e) => e.__typename === 'AnswerChunk').map((e) => e.delta).join('');
    expect(reasoning.length).toBeGreaterThan(100);
    expect(answer).toMatch(/\?\s*$/); // ends with a follow-up question
    const sources = events.find((e) => e.__typename === 'SourcesChunk')!.sources as { slug: string; url: string }[];
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.every((s) => s.url.startsWith('https://www.nhs.uk/conditions/'))).toBe(true);
    const triage = events.find((e) => e.__typename === 'TriageChunk')!;
    expect(['flu', 'cough', 'chest-infection', 'covid-19', 'common-cold', 'pneumonia']).toContain(triage.condition);

    const history = await gql(
      server,
      `query($id: ID!) { thread(id: $id) { messages { edges { node { role text turn { engine } } } } } }`,
      { id: thread.id },
      { token: threadToken, origin },
    );
    expect(history.data!.thread.messages.edges.map((e: { node: { role: string; text: string } }) => [e.node.role, e.node.text])).toEqual([
      ['USER', text],
      ['ASSISTANT', answer],
    ]);
    expect(history.data!.thread.messages.edges[1].node.turn.engine).toBe('OFFLINE');
  });
});
