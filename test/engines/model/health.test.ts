import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkModelServer } from '../../../server/openai-compat/health.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../support/fake-openai.js';
import { fakeClients } from './helpers.js';

let fake: FakeOpenAI;
beforeEach(async () => {
  fake = await startFakeOpenAI({ models: ['router-model', 'reasoner-model'] });
});
afterEach(async () => {
  await fake.close();
});

const target = (baseURL: string, model = 'router-model') => ({ role: 'router', baseURL, apiKey: 'secret', model });

describe('model server health', () => {
  it('is ok when GET /models answers, and says whether our model is listed', async () => {
    await expect(checkModelServer(target(fake.baseURL))).resolves.toMatchObject({ ok: true, modelListed: true, role: 'router' });
    await expect(checkModelServer(target(fake.baseURL, 'other'))).resolves.toMatchObject({ ok: true, modelListed: false });
    expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models' });
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer secret');
  });

  it('reports an unreachable server', async () => {
    await fake.stopListening();
    await expect(checkModelServer(target(fake.baseURL))).resolves.toMatchObject({ ok: false, code: 'UNREACHABLE', error: 'ECONNREFUSED' });
  });

  it('reports a timeout when the server never answers', async () => {
    const silent = createServer(() => undefined); // accepts, never responds
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      await expect(checkModelServer(target(`http://127.0.0.1:${port}/v1`), { timeoutMs: 100 })).resolves.toMatchObject({ ok: false, code: 'TIMEOUT' });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('reports HTTP errors and non-list answers', async () => {
    const server = createServer((req, res) => {
      if (req.url === '/bad/models') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"hello":1}');
      } else {
        res.writeHead(401);
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await expect(checkModelServer(target(`${origin}/v1`))).resolves.toMatchObject({ ok: false, code: 'HTTP_ERROR' });
      await expect(checkModelServer(target(`${origin}/bad`))).resolves.toMatchObject({ ok: false, code: 'BAD_RESPONSE' });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('createModelClients().health() checks router and reasoner', async () => {
    const { clients } = fakeClients(fake);
    const health = await clients.health();
    expect(health.ok).toBe(true);
    expect(health.router).toMatchObject({ ok: true, role: 'router', model: 'router-model' });
    expect(health.reasoner).toMatchObject({ ok: true, role: 'reasoner', model: 'reasoner-model' });
  });
});
