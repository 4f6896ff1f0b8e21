import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRateLimits } from '../../server/auth/rate-limit.js';
import type { Principal } from '../../server/auth/principal.js';

/** With REDIS_URL the budget is shared by every instance (CI provides Redis). */
const redisUrl = process.env.REDIS_TEST_URL;

describe.skipIf(!redisUrl)('rate limits through Redis', () => {
  it('two instances share one visitor budget', async () => {
    const config = { REDIS_URL: redisUrl, RATE_LIMIT_MESSAGES_PER_MINUTE: 2, RATE_LIMIT_THREADS_PER_HOUR: 5, RATE_LIMIT_FEEDBACK_PER_MINUTE: 5 };
    const a = await createRateLimits(config);
    const b = await createRateLimits(config);
    const visitor: Principal = { kind: 'thread', siteId: randomUUID(), threadId: randomUUID() };
    try {
      await a.consume('sendMessage', visitor, '10.0.0.1');
      await b.consume('sendMessage', visitor, '10.0.0.1');
      await expect(a.consume('sendMessage', visitor, '10.0.0.1')).rejects.toMatchObject({ extensions: { code: 'RATE_LIMITED' } });
      await b.consume('sendMessage', visitor, '10.0.0.2'); // another IP has its own budget
    } finally {
      await a.close();
      await b.close();
    }
  });
});
