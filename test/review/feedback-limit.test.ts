import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../server/auth/sites.js';
import { gql, send, startThread } from '../support/graphql.js';
import { scriptedRunner, triageScript } from '../support/scripted-runner.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ runner: scriptedRunner(triageScript), env: { RATE_LIMIT_FEEDBACK_PER_MINUTE: '2' } });
});
afterAll(async () => {
  await server?.close();
});

const RATE = `mutation($turnId: ID!, $rating: FeedbackRating!) { submitFeedback(turnId: $turnId, rating: $rating) { rating } }`;

async function finishedTurn() {
  const visitor = await startThread(server);
  const sent = await send(server, visitor.token, visitor.threadId, 'fever and cough');
  const turnId = sent.data!.sendMessage.turn.id;
  await server.service.services.turns.settled(turnId);
  return { ...visitor, turnId };
}

describe('feedback rate limit', () => {
  it('limits a visitor’s ratings per site and IP (typed error, retry delay, nothing stored); a partner key has its own budget', async () => {
    const a = await finishedTurn();
    const b = await finishedTurn();
    expect((await gql(server, RATE, { turnId: a.turnId, rating: 'HELPFUL' }, { token: a.token })).errors).toBeUndefined();
    expect((await gql(server, RATE, { turnId: a.turnId, rating: 'NOT_HELPFUL' }, { token: a.token })).errors).toBeUndefined();
    const third = await gql(server, RATE, { turnId: b.turnId, rating: 'NOT_HELPFUL' }, { token: b.token }); // another thread, same IP
    expect(third.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect((third.errors?.[0]?.extensions as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    expect(await server.service.services.db.feedback.count({ where: { turnId: b.turnId } })).toBe(0);

    const partner = (await createKey(server.service.services.db, server.siteId, 'SECRET', 'rater', ['threads:write'])).key;
    for (let i = 0; i < 3; i++) {
      const r = await gql(server, RATE, { turnId: b.turnId, rating: 'HELPFUL' }, { token: partner, origin: null });
      expect(r.errors, `partner rating ${i + 1}`).toBeUndefined();
    }
  });
});
