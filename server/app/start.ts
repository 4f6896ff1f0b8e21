import { mkdir, writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config.js';
import { log as defaultLog, type Logger } from '../log.js';
import { ensureDevSite } from '../auth/sites.js';
import { createBus } from '../bus/index.js';
import { createRateLimits } from '../auth/rate-limit.js';
import { Metrics } from '../metrics/index.js';
import { createDb, type Db } from '../store/db.js';
import { migrate } from '../store/migrate.js';
import { startPostgres, type PostgresHandle } from '../store/postgres.js';
import { purgeOldThreads } from '../store/retention.js';
import { purgeAudit } from '../store/audit.js';
import { feedbackSnapshot } from '../store/feedback.js';
import { loadKnowledge } from '../knowledge/load.js';
import type { TurnRunner } from '../contract/turn.js';
import { TurnManager } from '../turns/manager.js';
import { closeOrphanedTurns } from '../turns/orphans.js';
import { createSiteAlerts } from '../webhooks/alerts.js';
import { WebhookWorker, type WebhookWorkerOptions } from '../webhooks/worker.js';
import { checkHealth, shareInFlight } from './health.js';
import { createLiveAccess } from './live-access.js';
import { createCredentialCache } from '../auth/credential-cache.js';
import { createHttpServer, type HttpServer } from './http.js';
import { loadAssets } from './static.js';
import type { Pipeline } from './pipeline.js';
import type { ReadinessCheck, Services } from './services.js';

export interface StartOptions {
  config: Config;
  log?: Logger;
  /** Use this runner instead of the configured pipeline (tests script turns with it). */
  runner?: TurnRunner;
  /** Start listening (default true). */
  listen?: boolean;
  /** How long shutdown waits for running turns before aborting them. */
  shutdownGraceMs?: number;
  /** The webhook worker's timings (tests shorten the backoff). */
  webhooks?: Omit<WebhookWorkerOptions, 'db' | 'log'>;
}

export interface RunningService {
  url: string;
  services: Services;
  /** Set on the first start of the development site: printed once, then only in DATA_DIR/dev-keys.json. */
  devKeys: { publishableKey: string; staffKey: string; secretKey: string } | null;
  /** Whether `/` serves the widget demo page (development, with the page present). */
  demoPage: boolean;
  /** Whether GraphiQL answers browsers at `/graphql`. */
  graphiql: boolean;
  close(): Promise<void>;
}

const DEV_KEYS_FILE = 'dev-keys.json';

/**
 * Starts the service: Postgres (embedded unless DATABASE_URL), migrations, crash recovery, the
 * development site, the event bus, the pipeline (Chroma + engine) and the HTTP/WebSocket server.
 * Every part says in the log whether it is embedded or remote.
 */
export async function startService(options: StartOptions): Promise<RunningService> {
  const { config } = options;
  const log = options.log ?? defaultLog;
  const cleanup: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const step of cleanup.reverse()) {
      await step().catch((error: unknown) => log.error({ err: error }, 'shutdown step failed'));
    }
  };

  try {
    const postgres: PostgresHandle = await startPostgres({ url: config.DATABASE_URL, dataDir: config.dataDir, log });
    cleanup.push(() => postgres.stop());
    const applied = await migrate(postgres.url, log);
    const db: Db = createDb(postgres.url, config.DATABASE_POOL_SIZE);
    cleanup.push(() => db.$disconnect());

    const bus = await createBus(config, log);
    cleanup.push(() => bus.close());
    // Webhook deliveries are rows: this instance's worker sends those that are due (and, told of a
    // new event, at once); other instances' workers share the same rows without double-sending.
    const webhookWorker = new WebhookWorker({ db, log, ...options.webhooks });
    const alerts = createSiteAlerts(db, log, () => webhookWorker.nudge());
    // One instance owns every turn with the in-process bus; with Redis, other instances may be
    // running turns, so only those whose heartbeat stopped are orphans.
    const staleBefore = () => new Date(Date.now() - config.TURN_ORPHAN_AFTER_MS);
    const interrupted = await closeOrphanedTurns(db, bus, log, bus.kind === 'memory' ? undefined : staleBefore(), alerts);
    if (interrupted) log.warn({ turns: interrupted }, 'marked turns left running by an earlier crash as INTERRUPTED');
    if (bus.kind !== 'memory') {
      // Many instances: one that dies mid-turn leaves a stale heartbeat; any survivor closes the
      // turn within TURN_ORPHAN_AFTER_MS and a third of it.
      const sweep = setInterval(() => {
        closeOrphanedTurns(db, bus, log, staleBefore(), alerts).then(
          (n) => n && log.warn({ turns: n }, 'marked turns orphaned by another instance as INTERRUPTED'),
          (error: unknown) => log.warn({ err: error }, 'orphan sweep failed'),
        );
      }, Math.max(100, Math.round(config.TURN_ORPHAN_AFTER_MS / 3)));
      cleanup.push(async () => clearInterval(sweep));
    }

    if (config.THREAD_RETENTION_DAYS > 0) {
      const purge = () =>
        purgeOldThreads(db, config.THREAD_RETENTION_DAYS).then(
          async (n) => {
            if (!n) return;
            log.info({ threads: n, days: config.THREAD_RETENTION_DAYS }, 'deleted threads past their retention');
            await bus.publishAccessChange(); // their tokens' open connections close
          },
          (error: unknown) => log.warn({ err: error }, 'retention purge failed'),
        );
      await purge();
      const timer = setInterval(() => void purge(), 3_600_000);
      timer.unref();
      cleanup.push(async () => clearInterval(timer));
    }

    if (config.AUDIT_RETENTION_DAYS > 0) {
      const purge = () =>
        purgeAudit(db, config.AUDIT_RETENTION_DAYS).then(
          (n) => n && log.info({ entries: n, days: config.AUDIT_RETENTION_DAYS }, 'deleted audit log entries past their retention'),
          (error: unknown) => log.warn({ err: error }, 'audit retention purge failed'),
        );
      await purge();
      const timer = setInterval(() => void purge(), 3_600_000);
      timer.unref();
      cleanup.push(async () => clearInterval(timer));
    }

    const origins = [config.publicUrl, 'http://localhost:*', 'http://127.0.0.1:*'];
    const devKeys = config.DEV_SEED && config.NODE_ENV === 'development' ? await devSite(db, config, [...new Set(origins)]) : null;

    let pipeline: Pipeline | null = null;
    if (!options.runner) {
      // Loaded on demand: a service given a runner (tests) needs neither Chroma nor model clients.
      const { buildPipeline } = await import('./pipeline.js');
      pipeline = await buildPipeline(config, log);
      cleanup.push(() => pipeline!.close());
    }
    const runner = options.runner ?? pipeline!.runner;

    const readiness: ReadinessCheck[] = [
      {
        name: 'database',
        check: async () => {
          await db.$queryRaw`SELECT 1`;
          return { ok: true, detail: postgres.embedded ? 'embedded' : 'remote' };
        },
      },
      ...(bus.health ? [{ name: 'redis', check: () => bus.health!() }] : []),
      ...(pipeline?.readiness ?? []),
    ];
    const limits = await createRateLimits(config);
    cleanup.push(() => limits.close());
    const metrics = new Metrics();
    const access = createLiveAccess({ db, bus, log, intervalMs: config.ACCESS_RECHECK_MS });
    const credentials = createCredentialCache(db, { ttlMs: config.CREDENTIAL_CACHE_MS });
    bus.onAccessChange(() => credentials.clear());
    cleanup.push(async () => access.close());
    metrics.watchModelQueues(pipeline?.capacity ?? []);
    const turns = new TurnManager({
      db,
      bus,
      runner,
      log,
      checkpointMs: config.TURN_CHECKPOINT_MS,
      // A third of the orphan threshold: two missed heartbeats are not yet a dead instance.
      heartbeatMs: Math.min(config.TURN_CHECKPOINT_MS, Math.floor(config.TURN_ORPHAN_AFTER_MS / 3)),
      coalesceMs: 8,
      metrics,
      alerts,
    });
    const services: Services = {
      config,
      log,
      db,
      bus,
      turns,
      readiness,
      health: shareInFlight(() => checkHealth(readiness)),
      limits,
      metrics,
      access,
      credentials,
      historyMessages: config.HISTORY_LOAD_MESSAGES,
      conditions: conditionsOf(config.KNOWLEDGE_DIR, log),
      reviewLowScore: config.REVIEW_LOW_SCORE,
      webhooks: { alerts, requireHttps: config.NODE_ENV === 'production', nudge: () => webhookWorker.nudge() },
    };
    metrics.useFeedbackSnapshot(() => feedbackSnapshot(db));

    const assets = loadAssets({
      publicUrl: config.publicUrl,
      siteKey: devKeys?.publishableKey ?? null,
      development: config.NODE_ENV === 'development',
      reviewPage: config.reviewPage,
    });
    const http: HttpServer = createHttpServer(services, assets);
    // Closed after the turns have drained (cleanup runs in reverse): their last alerts are recorded by then.
    webhookWorker.start();
    cleanup.push(() => webhookWorker.close());
    // Shutdown drains first, with the server still up: new turns are refused (SERVICE_UNAVAILABLE,
    // retryable) and /readyz says 503 so a load balancer stops sending; running turns finish within
    // the grace period and their subscribers receive the end; only then do sockets close (1012).
    cleanup.push(async () => {
      await turns.drain(options.shutdownGraceMs ?? config.SHUTDOWN_GRACE_MS);
      await http.close();
    });
    let url = config.publicUrl;
    if (options.listen !== false) {
      await new Promise<void>((resolve, reject) => {
        http.server.once('error', reject);
        http.server.listen(config.PORT, config.HOST, () => resolve());
      });
      const port = (http.server.address() as AddressInfo).port;
      url = config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}`;
      assets.publicUrl = url;
    }

    log.info(
      {
        url,
        graphql: `${url}/graphql`,
        postgres: postgres.embedded ? 'embedded' : 'remote',
        migrationsApplied: applied.length,
        bus: bus.kind === 'memory' ? 'in-process' : 'redis',
        engine: pipeline?.engineDescription ?? (runner.engine === 'OFFLINE' ? 'offline (given runner)' : 'model (given runner)'),
        chroma: pipeline ? (pipeline.chromaEmbedded ? 'embedded' : 'remote') : 'not started',
        embeddings: config.embedded.embeddings ? 'offline lexical' : 'remote',
        widget: assets.widget ? `/widget.${assets.widget.hash}.js` : 'not built',
        reviewPage: assets.review ? (assets.review.code ? '/review' : '/review (not built)') : 'off',
      },
      'service started',
    );
    return {
      url,
      services,
      devKeys: devKeys?.fresh ? devKeys : null,
      demoPage: assets.demoPage !== null,
      graphiql: config.NODE_ENV === 'development' && config.GRAPHIQL,
      close: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * The development site's keys are shown once, at creation; the publishable one is also kept in
 * DATA_DIR so the demo page keeps working across restarts (it is public by design).
 */
async function devSite(db: Db, config: Config, origins: string[]) {
  const file = path.join(config.dataDir, DEV_KEYS_FILE);
  const created = await ensureDevSite(db, origins);
  if (created) {
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(created, null, 2), { mode: 0o600 });
    return { ...created, fresh: true };
  }
  try {
    const saved = JSON.parse(await readFile(file, 'utf8')) as { publishableKey: string; staffKey: string; secretKey: string };
    return { ...saved, fresh: false };
  } catch (error) {
    // The database outlived the key file (e.g. DATABASE_URL with a new DATA_DIR): the keys are
    // unknowable now (only hashes are stored), so the demo page has no key to embed.
    defaultLog.warn({ file, err: error }, 'development keys file missing; create a site key to use the demo page');
    return null;
  }
}

/**
 * The knowledge base's condition names, read once when first asked (review forms and reviewed
 * conditions need them; a service given a test runner may never ask). A failed read is retried.
 */
function conditionsOf(dir: string, log: Logger): () => Promise<readonly { slug: string; title: string }[]> {
  let loaded: Promise<readonly { slug: string; title: string }[]> | null = null;
  return () =>
    (loaded ??= loadKnowledge(dir).then(
      (pages) => pages.map((p) => ({ slug: p.slug, title: p.title })),
      (error: unknown) => {
        loaded = null;
        log.error({ err: error, dir }, 'could not read the knowledge base for the list of conditions');
        throw error;
      },
    ));
}
