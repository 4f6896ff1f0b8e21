import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../server/auth/sites.js';
import { loadConfig, type OperationLimits } from '../../server/config.js';
import { codeOf, gql, send, startThread, type GqlResult } from '../support/graphql.js';
import { scriptedRunner, triageScript } from '../support/scripted-runner.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Limits per caller kind (docs/api-and-access.md): the staff listing the doc shows (20 threads with their
 * last 20 messages and turn fields) runs for staff keys and secret keys with triage:read, and is
 * refused on cost for public callers and for secret keys without triage:read, whose limits stay
 * as they were. The doc's table is checked against the defaults in config.ts.
 */

const DOC = readFileSync(path.resolve(import.meta.dirname, '../../docs/api-and-access.md'), 'utf8');
const LISTING = /```graphql\n(query RecentThreads[\s\S]*?)```/.exec(DOC)?.[1] ?? '';

let server: TestServer;
let keys: { triage: string; partner: string };
let threadId: string;

beforeAll(async () => {
  server = await startTestServer({ runner: scriptedRunner(triageScript) });
  const db = server.service.services.db;
  keys = {
    triage: (await createKey(db, server.siteId, 'SECRET', 'triage reader', ['threads:read', 'triage:read'])).key,
    partner: (await createKey(db, server.siteId, 'SECRET', 'partner', ['threads:read'])).key,
  };
  const visitor = await startThread(server);
  threadId = visitor.threadId;
  const sent = await send(server, visitor.token, visitor.threadId, 'sore throat for two days');
  await server.service.services.turns.settled(sent.data!.sendMessage.turn.id);
});
afterAll(async () => {
  await server?.close();
});

const limitsOf = (result: GqlResult) => (result.errors ?? []).map((e) => (e.extensions as { limit?: string } | undefined)?.limit);

interface Listing {
  threads: { edges: { node: { id: string; messages: { edges: { node: { role: string; turn: { status: string; prediction: unknown } | null } }[] } } }[] };
}

describe('the staff listing from docs/api-and-access.md', () => {
  it('is in the doc', () => {
    expect(LISTING).toMatch(/threads\(first: 20\)[\s\S]*messages\(last: 20\)[\s\S]*turn \{/);
  });

  it.each(['staff', 'triage'] as const)('runs for a %s key, turns and predictions included', async (who) => {
    const token = who === 'staff' ? server.staffKey : keys.triage;
    const result = await gql<Listing>(server, LISTING, {}, { token, origin: null });
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
    const thread = result.data!.threads.edges.find((e) => e.node.id === threadId)!.node;
    expect(thread.messages.edges.map((e) => e.node.role)).toEqual(['USER', 'ASSISTANT']);
    expect(thread.messages.edges[1]!.node.turn).toMatchObject({ status: 'COMPLETED', prediction: expect.anything() });
  });

  it('is refused on cost for public callers and for secret keys without triage:read', async () => {
    for (const [who, token] of [['anonymous', undefined], ['publishable', server.siteKey], ['partner', keys.partner]] as const) {
      const refused = await gql(server, LISTING, {}, { token, origin: token === keys.partner ? null : undefined });
      expect(codeOf(refused), who).toBe('GRAPHQL_VALIDATION_FAILED');
      // Public callers are also past their depth limit; every caller here is past its cost limit.
      expect(limitsOf(refused), who).toContain('cost');
      expect(refused.data ?? null).toBeNull();
    }
  });
});

describe('the limits table in docs/api-and-access.md', () => {
  it('states the defaults of every caller kind', () => {
    const defaults = loadConfig({}).limits;
    const rows: Record<string, keyof typeof defaults> = { GRAPHQL_LIMITS_PUBLIC: 'public', GRAPHQL_LIMITS_SERVER: 'server', GRAPHQL_LIMITS_STAFF: 'staff' };
    const number = (cell: string) => (cell.endsWith(' KB') ? Number.parseInt(cell, 10) * 1024 : cell.endsWith(' MB') ? Number.parseInt(cell, 10) * 1024 * 1024 : Number(cell.replaceAll(',', '')));
    for (const [variable, tier] of Object.entries(rows)) {
      const cells = DOC.split('\n').find((line) => line.includes(`| \`${variable}\` |`))?.split('|').map((c) => c.trim()).slice(3, -1);
      expect(cells, variable).toBeDefined();
      const [chars, tokens, depth, aliases, directives, cost, body] = cells!.map(number);
      expect({ chars, tokens, depth, aliases, directives, cost, body } satisfies Record<keyof OperationLimits, number | undefined>, variable).toEqual(defaults[tier]);
    }
  });
});
