import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { modelEngineSettings } from '../../server/engines/model/engine.js';
import { gql, wsClient } from '../support/graphql.js';
import { scriptedRunner, triageScript } from '../support/scripted-runner.js';
import { startTestServer, type TestServer } from '../support/server.js';

// The environment table itself: test/config/generated-docs.test.ts (docs/configuration.md).
const GPU_DOC = readFileSync(path.resolve(import.meta.dirname, '../../docs/models-on-gpu.md'), 'utf8');

describe('configuration', () => {
  it('defaults to every embedded part when nothing is set', () => {
    const config = loadConfig({});
    expect(config.embedded).toEqual({ postgres: true, chroma: true, bus: true, models: true, embeddings: true });
  });

  it('rejects bad values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({ REASONER_MODE: 'magic' })).toThrow(/REASONER_MODE/);
    expect(() => loadConfig({ ROUTER_BASE_URL: 'http://localhost:8000/v1' })).toThrow(/both ROUTER_BASE_URL and REASONER_BASE_URL/);
  });

  it("docs/models-on-gpu.md's model parameter table states the defaults config.ts has", () => {
    const section = GPU_DOC.slice(GPU_DOC.indexOf('## Model parameters and where they come from'), GPU_DOC.indexOf('## How much of the conversation'));
    expect(section.length).toBeGreaterThan(100);
    const rows = section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| setting') && !l.startsWith('| ---'));
    const loaded = loadConfig({});
    // REASONER_PROMPT's default follows REASONER_MODE: the engine settings say which it is.
    const config = { ...loaded, REASONER_PROMPT: modelEngineSettings(loaded).reasonerPrompt } as unknown as Record<string, unknown>;
    const checked: string[] = [];
    for (const row of rows) {
      const [, shown = '', variable = ''] = row.split(' | ');
      for (const name of variable.match(/`([A-Z_]+)`/g) ?? []) {
        const key = name.replaceAll('`', '');
        const value = config[key];
        // "not sent" rows document an unset optional; the others name the value first.
        if (value === undefined) expect(shown).toMatch(/^not sent/);
        else expect(shown.replace(/`/g, '')).toMatch(new RegExp(`^${String(value)}\\b`));
        checked.push(key);
      }
    }
    expect(checked).toEqual(expect.arrayContaining(['REASONER_PROMPT', 'BUDGET_THINKING_TOKENS', 'BUDGET_STOP_SKIPS', 'REASONER_ANSWER_TOKENS', 'REASONER_TEMPERATURE', 'REASONER_TOP_P', 'REASONER_SEED', 'ROUTER_TEMPERATURE', 'ROUTER_TOP_P', 'ROUTER_SEED', 'ROUTER_MAX_TOKENS', 'ROUTER_TOOL_ROUNDS', 'RETRIEVAL_K']));
  });

  it("docs/models-on-gpu.md's history table states the defaults config.ts has", () => {
    const section = GPU_DOC.slice(GPU_DOC.indexOf('## How much of the conversation'), GPU_DOC.indexOf('## Serving T0'));
    const config = loadConfig({}) as unknown as Record<string, unknown>;
    const found = [...section.matchAll(/^\| \w+ \| `([A-Z_]+)` \| (\d+) \|/gm)].map((m) => [m[1], Number(m[2])]);
    expect(found).toEqual([
      ['ROUTER_HISTORY_EXCHANGES', config.ROUTER_HISTORY_EXCHANGES],
      ['RESPONDER_HISTORY_EXCHANGES', config.RESPONDER_HISTORY_EXCHANGES],
      ['REASONER_HISTORY_TOKENS', config.REASONER_HISTORY_TOKENS],
    ]);
    expect(section).toContain(`\`HISTORY_LOAD_MESSAGES\` (${String(config.HISTORY_LOAD_MESSAGES)})`);
  });

  it('accepts `none` for the seeds and keeps unset router sampling unsent', () => {
    const config = loadConfig({ REASONER_SEED: 'none', ROUTER_SEED: 'none' });
    expect(config.REASONER_SEED).toBeUndefined();
    expect(config.ROUTER_SEED).toBeUndefined();
    expect(loadConfig({}).ROUTER_TEMPERATURE).toBeUndefined();
    expect(loadConfig({ ROUTER_TEMPERATURE: '0' }).ROUTER_TEMPERATURE).toBe(0);
    expect(() => loadConfig({ ROUTER_TOP_P: '0' })).toThrow(/ROUTER_TOP_P/);
    expect(() => loadConfig({ REASONER_SEED: 'abc' })).toThrow(/REASONER_SEED/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).embedded.postgres).toBe(true);
  });
});

/**
 * The README as a front door: at most 250 lines, every local link resolves, and "the API in ten
 * lines" runs as written against a real service (each `…` filled with the id the line before
 * returned): the visitor's two mutations and subscription, then the staff listing.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

describe('README.md', () => {
  it('is at most 250 lines, and its local links resolve', () => {
    expect(README.split('\n').length).toBeLessThanOrEqual(250);
    const targets = [...README.matchAll(/\]\(((?!https?:)[^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!);
    expect(targets.length).toBeGreaterThan(10);
    // docs/safety.md is written on another branch at the same time (issue #31).
    const missing = targets.filter((t) => t !== 'docs/safety.md' && !existsSync(path.join(ROOT, t)));
    expect(missing).toEqual([]);
    for (const page of readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md'))) {
      expect(README, `docs/${page} is in the README's table of contents`).toContain(`](docs/${page})`);
    }
  });

  it('every page of docs/ links only to files that exist', () => {
    for (const page of readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md'))) {
      const text = readFileSync(path.join(ROOT, 'docs', page), 'utf8');
      const targets = [...text.matchAll(/\]\(((?!https?:)[^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!);
      const missing = targets.filter((t) => t !== 'safety.md' && !existsSync(path.join(ROOT, 'docs', t)));
      expect(missing, page).toEqual([]);
    }
  });

  describe('the API in ten lines', () => {
    const section = README.slice(README.indexOf('## The API in ten lines'));
    const block = /```graphql\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    const lines = block.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ runner: scriptedRunner(triageScript) });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('has ten lines at most: mutations, a subscription and a staff query', () => {
      expect(block.trim().split('\n').length).toBeLessThanOrEqual(10);
      expect(lines.map((l) => l.split(' ')[0])).toEqual(['mutation', 'mutation', 'subscription', 'query']);
    });

    it('runs as written', async () => {
      const [start, sendLine, subscribe, staff] = lines as [string, string, string, string];
      const started = await gql<{ startThread: { thread: { id: string }; threadToken: string } }>(server, start, {}, { token: server.siteKey });
      expect(started.errors).toBeUndefined();
      const { thread, threadToken } = started.data!.startThread;
      const sent = await gql<{ sendMessage: { turn: { id: string } } }>(server, sendLine.replace('…', thread.id), {}, { token: threadToken });
      expect(sent.errors).toBeUndefined();
      const turnId = sent.data!.sendMessage.turn.id;
      const client = wsClient(server, threadToken);
      try {
        const events = await new Promise<{ __typename: string; assistantMessage?: { text: string } }[]>((resolve, reject) => {
          const seen: { __typename: string; assistantMessage?: { text: string } }[] = [];
          client.subscribe<{ turn: { __typename: string } }>(
            { query: subscribe.replace('…', turnId) },
            { next: (v) => (v.errors ? reject(new Error(JSON.stringify(v.errors))) : seen.push(v.data!.turn)), error: reject, complete: () => resolve(seen) },
          );
        });
        expect(events.map((e) => e.__typename)).toContain('AnswerChunk');
        expect(events.at(-1)).toMatchObject({ __typename: 'TurnCompleted', assistantMessage: { text: expect.stringContaining('flu') } });
      } finally {
        await client.dispose();
      }
      const listed = await gql<{ threads: { edges: { node: { id: string; messages: { edges: { node: { turn: { status: string } | null } }[] } } }[] } }>(server, staff, {}, { token: server.staffKey, origin: null });
      expect(listed.errors, JSON.stringify(listed.errors)).toBeUndefined();
      const mine = listed.data!.threads.edges.find((e) => e.node.id === thread.id)!;
      expect(mine.node.messages.edges.at(-1)!.node.turn).toMatchObject({ status: 'COMPLETED', prediction: { condition: 'flu', severity: 'SELF_CARE' } });
    });
  });
});
