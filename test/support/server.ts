import { loadConfig, type Config } from '../../server/config.js';
import { startService, type RunningService, type StartOptions } from '../../server/app/start.js';
import type { TurnRunner } from '../../server/contract/turn.js';
import { createKey } from '../../server/auth/sites.js';
import { inject } from 'vitest';
import { createTestDatabase } from './db.js';

export interface TestServer {
  url: string;
  graphqlUrl: string;
  wsUrl: string;
  service: RunningService;
  siteId: string;
  /** Publishable key of the test site (allowed origin: the server's own URL and ORIGIN). */
  siteKey: string;
  staffKey: string;
  databaseUrl: string;
  /** Stops the service (letting running turns finish) and starts it again on the same port and database. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export const ORIGIN = 'https://clinic.example';

export interface TestServerOptions {
  runner?: TurnRunner;
  env?: Record<string, string>;
  databaseUrl?: string;
  shutdownGraceMs?: number;
  /** The webhook worker's timings (test/webhooks shortens the backoff). */
  webhooks?: StartOptions['webhooks'];
}

/** A real service (HTTP + WebSocket + Postgres) on a free port with its own database. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase());
  const makeConfig = (port: number): Config =>
    loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEV_SEED: 'false',
      LOG_LEVEL: 'silent',
      TURN_CHECKPOINT_MS: '200',
      // Tests send many messages from one IP; test/api/rate-limit.test.ts turns the limits on.
      RATE_LIMIT_MESSAGES_PER_MINUTE: '0',
      RATE_LIMIT_THREADS_PER_HOUR: '0',
      RATE_LIMIT_FEEDBACK_PER_MINUTE: '0',
      // The run's one Chroma (test/support/chroma-global.ts), never an embedded one on the checkout's
      // .data/chroma: two files doing that at once collide. A caller that needs its own collection says so.
      CHROMA_URL: inject('chromaUrl'),
      CHROMA_COLLECTION: 'test-server-default',
      ...options.env,
    });
  let service = await startService({ config: makeConfig(0), runner: options.runner, shutdownGraceMs: options.shutdownGraceMs, webhooks: options.webhooks });
  const port = Number(new URL(service.url).port);
  const db = service.services.db;
  const site = await db.site.create({ data: { name: 'Test site', allowedOrigins: [ORIGIN, service.url] } });
  const siteKey = (await createKey(db, site.id, 'PUBLISHABLE', 'test widget')).key;
  const staffKey = (await createKey(db, site.id, 'STAFF', 'test staff')).key;
  const server: TestServer = {
    url: service.url,
    graphqlUrl: `${service.url}/graphql`,
    wsUrl: `${service.url.replace(/^http/, 'ws')}/graphql`,
    service,
    siteId: site.id,
    siteKey,
    staffKey,
    databaseUrl,
    restart: async () => {
      await service.close();
      service = await startService({ config: makeConfig(port), runner: options.runner, shutdownGraceMs: options.shutdownGraceMs, webhooks: options.webhooks });
      server.service = service;
    },
    close: () => service.close(),
  };
  return server;
}
