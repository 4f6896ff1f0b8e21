import os from 'node:os';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config.js';
import { log } from '../log.js';
import { createDb, type Db } from '../store/db.js';
import { migrate } from '../store/migrate.js';
import { startPostgres } from '../store/postgres.js';
import { SCOPES, type Scope } from '../contract/keys.js';
import { appendAudit, type AuditAction } from '../store/audit.js';
import { RedisBus } from '../bus/redis.js';
import { createKey } from './sites.js';
import { parseWebhookUrl, WEBHOOK_EVENT_TYPES } from '../contract/webhooks.js';
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks } from '../store/webhooks.js';
import { createVisitorSecret, MAX_ACTIVE_SECRETS, retireVisitorSecret, VisitorSecretError } from './visitors.js';

/**
 * `npm run admin -- <command>`: manage sites and keys (keys are printed once, stored hashed).
 *   site:create --name NAME --origin https://a.example [--origin ...]
 *   site:list
 *   site:origins --site ID --origin https://a.example [--origin ...]   (replaces the list)
 *   site:persisted-operations --site ID --only | --any
 *       (--only: the site's browser keys may run only the widget's own operations)
 *   key:create --site ID --kind publishable|secret|staff [--name NAME] [--scope threads:read ...]
 *   key:list --site ID
 *   key:revoke --key ID
 *   site:delete --site ID   (with its keys, threads, messages and turns)
 *   webhook:create --site ID --url URL --key SECRET_KEY_ID --event advice.emergency [--event ...]
 *       (prints the signing secret once; events: advice.emergency, advice.urgent,
 *        turn.failed_after_advice, review.verdict; docs/webhooks.md)
 *   webhook:list --site ID
 *   webhook:deliveries --webhook ID   (the last 20, with each attempt)
 *   webhook:delete --webhook ID
 *   visitor-secret:create --site ID   (signs visitors in: docs/signed-in-visitors.md; at most two active)
 *   visitor-secret:list --site ID
 *   visitor-secret:retire --secret ID   (its proofs stop verifying and its visitors' sessions end)
 * Rotating a visitor secret: create a second one, move the site's server to it, retire the first.
 * Uses DATABASE_URL, or the embedded Postgres under DATA_DIR (stop `npm start` first: one server
 * per data folder). Revoking a key, deleting a site or changing origins closes the connections
 * that used them: at once through Redis when REDIS_URL is set, otherwise at the services' next
 * periodic re-check (ACCESS_RECHECK_MS).
 */

export class AdminUsageError extends Error {
  override name = 'AdminUsageError';
}

/** A refusal of the visitor-secret rules (two active at most, retire once) is a usage error here. */
const usage = (error: unknown): never => {
  if (error instanceof VisitorSecretError) throw new AdminUsageError(error.message);
  throw error;
};

const origin = z
  .string()
  .regex(/^(https?:\/\/[^/\s]+|\*)$/, 'origins look like https://clinic.example or http://localhost:*');

export async function runAdmin(
  db: Db,
  argv: string[],
  out: (line: string) => void,
  /** Tells running services that access changed (the bus's publishAccessChange), when one is reachable. */
  accessChanged: () => Promise<void> = async () => {},
): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      origin: { type: 'string', multiple: true },
      site: { type: 'string' },
      kind: { type: 'string' },
      scope: { type: 'string', multiple: true },
      key: { type: 'string' },
      url: { type: 'string' },
      event: { type: 'string', multiple: true },
      webhook: { type: 'string' },
      secret: { type: 'string' },
      'persisted-only': { type: 'boolean' },
      only: { type: 'boolean' },
      any: { type: 'boolean' },
    },
  });
  const need = (value: string | undefined, flag: string) => {
    if (!value) throw new AdminUsageError(`--${flag} is required`);
    return value;
  };
  const origins = () => (values.origin ?? []).map((o) => origin.parse(o));
  // Key and site changes are audited like API changes: who (the OS user), from where (this host).
  const audit = (action: AuditAction, siteId: string, detail: Record<string, string>) =>
    appendAudit(db, { actorKind: 'admin', action, siteId, ip: 'cli', detail: { ...detail, user: os.userInfo().username, host: os.hostname() } });

  switch (positionals[0]) {
    case 'site:create': {
      const site = await db.site.create({
        data: { name: need(values.name, 'name'), allowedOrigins: origins(), persistedOperationsOnly: values['persisted-only'] === true },
      });
      out(`site ${site.id} "${site.name}" origins: ${site.allowedOrigins.join(' ') || '(none: add some with site:origins)'}`);
      if (site.persistedOperationsOnly) out('browser keys may run only the widget\'s persisted operations');
      const key = await createKey(db, site.id, 'PUBLISHABLE', 'Widget');
      await audit('site.create', site.id, { origins: site.allowedOrigins.join(' ') });
      await audit('key.create', site.id, { keyId: key.id, kind: 'publishable' });
      out(`publishable key (shown once): ${key.key}`);
      return;
    }
    case 'site:list': {
      for (const s of await db.site.findMany({ orderBy: { createdAt: 'asc' }, include: { _count: { select: { threads: true } } } })) {
        out(`${s.id}  ${s.name}  threads=${s._count.threads}  origins=${s.allowedOrigins.join(',')}${s.persistedOperationsOnly ? '  persisted-operations-only' : ''}`);
      }
      return;
    }
    case 'site:origins': {
      const site = await db.site.update({ where: { id: need(values.site, 'site') }, data: { allowedOrigins: origins() } });
      await audit('site.origins', site.id, { origins: site.allowedOrigins.join(' ') });
      await accessChanged();
      out(`site ${site.id} origins: ${site.allowedOrigins.join(' ')}`);
      return;
    }
    case 'site:persisted-operations': {
      if (values.only === values.any) throw new AdminUsageError('give exactly one of --only (widget operations only) or --any');
      const site = await db.site.update({ where: { id: need(values.site, 'site') }, data: { persistedOperationsOnly: values.only === true } });
      await accessChanged(); // services forget the credentials they resolved with the old setting
      out(
        `site ${site.id}: ${site.persistedOperationsOnly ? "browser keys may run only the widget's persisted operations" : 'browser keys may run any operation their access allows'}`,
      );
      return;
    }
    case 'site:delete': {
      const siteId = need(values.site, 'site');
      // A turn still running would lose its rows mid-write: wait for it (turns end within minutes).
      const running = await db.turn.count({ where: { status: 'RUNNING', thread: { siteId } } });
      if (running) throw new AdminUsageError(`${running} turn(s) of this site are still running; try again when they have ended`);
      const site = await db.site.delete({ where: { id: siteId } });
      await audit('site.delete', site.id, { name: site.name });
      await accessChanged();
      out(`deleted site ${site.id} "${site.name}" with its keys and threads`);
      return;
    }
    case 'key:create': {
      const kind = z.enum(['publishable', 'secret', 'staff']).parse(need(values.kind, 'kind'));
      const scopes = (values.scope ?? []).map((s) => z.enum(SCOPES).parse(s)) as Scope[];
      if (kind !== 'secret' && scopes.length) throw new AdminUsageError('only secret keys take --scope (staff keys have every scope)');
      if (kind === 'secret' && !scopes.length) throw new AdminUsageError(`secret keys need at least one --scope (${SCOPES.join(', ')})`);
      const key = await createKey(db, need(values.site, 'site'), kind.toUpperCase() as 'SECRET', values.name ?? `${kind} key`, scopes);
      await audit('key.create', need(values.site, 'site'), { keyId: key.id, kind, scopes: scopes.join(' ') });
      out(`${kind} key ${key.id} (shown once): ${key.key}`);
      return;
    }
    case 'key:list': {
      for (const k of await db.apiKey.findMany({ where: { siteId: need(values.site, 'site') }, orderBy: { createdAt: 'asc' } })) {
        out(`${k.id}  ${k.kind.toLowerCase()}  ${k.prefix}…  ${k.name}  scopes=${k.scopes.join(',') || '-'}  ${k.revokedAt ? 'REVOKED' : 'active'}`);
      }
      return;
    }
    case 'key:revoke': {
      const key = await db.apiKey.update({ where: { id: need(values.key, 'key') }, data: { revokedAt: new Date() } });
      await audit('key.revoke', key.siteId, { keyId: key.id, kind: key.kind.toLowerCase() });
      await accessChanged();
      out(`revoked ${key.id} (${key.prefix}…)`);
      return;
    }
    case 'webhook:create': {
      const siteId = need(values.site, 'site');
      // The CLI is for operators: plain http is allowed (a receiver on a private network), as outside production.
      const parsed = parseWebhookUrl(need(values.url, 'url'), false);
      if ('problem' in parsed) throw new AdminUsageError(parsed.problem);
      const events = (values.event ?? []).map((e) => z.enum(WEBHOOK_EVENT_TYPES).parse(e));
      if (!events.length) throw new AdminUsageError(`give at least one --event (${WEBHOOK_EVENT_TYPES.join(', ')})`);
      const key = await db.apiKey.findFirst({ where: { id: need(values.key, 'key'), siteId } });
      if (!key || key.kind !== 'SECRET' || key.revokedAt) throw new AdminUsageError('--key must be an active secret key of the site (its scopes bound what deliveries carry)');
      const { webhook, secret } = await createWebhook(db, { siteId, url: parsed.url, events: [...new Set(events)], keyId: key.id, description: values.name ?? null });
      await audit('webhook.create', siteId, { webhookId: webhook.id, events: webhook.events.join(' '), keyId: key.id });
      out(`webhook ${webhook.id} ${webhook.url} events: ${webhook.events.join(' ')}`);
      out(`signing secret (shown once): ${secret}`);
      return;
    }
    case 'webhook:list': {
      for (const w of await listWebhooks(db, need(values.site, 'site'))) {
        out(`${w.id}  ${w.url}  events=${w.events.join(',')}  key=${w.key.prefix}… (${w.key.scopes.join(',')})  ${w.enabled ? 'enabled' : 'disabled'}`);
      }
      return;
    }
    case 'webhook:deliveries': {
      const webhookId = need(values.webhook, 'webhook');
      for (const d of await listDeliveries(db, webhookId, { limit: 20 })) {
        out(`${d.createdAt.toISOString()}  ${d.event.type}  event=${d.eventId}  ${d.status}  attempts=${d.attempts}${d.lastError ? `  last error: ${d.lastError}` : ''}`);
      }
      return;
    }
    case 'webhook:delete': {
      const webhook = await deleteWebhook(db, need(values.webhook, 'webhook'));
      await audit('webhook.delete', webhook.siteId, { webhookId: webhook.id });
      out(`deleted webhook ${webhook.id} (${webhook.url}) with its deliveries`);
      return;
    }
    case 'visitor-secret:create': {
      const siteId = need(values.site, 'site');
      const created = await createVisitorSecret(db, siteId).catch(usage);
      await audit('visitor-secret.create', siteId, { secretId: created.id });
      out(`visitor secret ${created.id} (shown once; give it to the site's server, never to a browser): ${created.secret}`);
      out(`JWTs may name it in their header: "kid": "${created.id}"`);
      return;
    }
    case 'visitor-secret:list': {
      const secrets = await db.visitorSecret.findMany({ where: { siteId: need(values.site, 'site') }, orderBy: { createdAt: 'asc' } });
      for (const s of secrets) {
        out(`${s.id}  created=${s.createdAt.toISOString()}  ${s.retiredAt ? `RETIRED ${s.retiredAt.toISOString()}` : `active ${s.secret.slice(0, 8)}…`}`);
      }
      const active = secrets.filter((s) => !s.retiredAt).length;
      out(`${active} of ${MAX_ACTIVE_SECRETS} active${active === 0 ? ' (visitors cannot sign in)' : ''}`);
      return;
    }
    case 'visitor-secret:retire': {
      const secretId = need(values.secret, 'secret');
      const retired = await retireVisitorSecret(db, secretId).catch(usage);
      await audit('visitor-secret.retire', retired.siteId, { secretId, sessions: String(retired.sessions) });
      await accessChanged(); // open sockets of the sessions it ended close
      out(`retired visitor secret ${secretId}; ${retired.sessions} signed-in session(s) ended`);
      return;
    }
    default:
      throw new AdminUsageError(
        'commands: site:create, site:list, site:origins, site:persisted-operations, site:delete, key:create, key:list, key:revoke, webhook:create, webhook:list, webhook:deliveries, webhook:delete, visitor-secret:create, visitor-secret:list, visitor-secret:retire',
      );
  }
}

// Run as a program: `npm run admin` (the source, through tsx) or `node dist/auth/cli.js` (the build).
if (/auth[/\\]cli\.[jt]s$/.test(process.argv[1] ?? '')) {
  const config = loadConfig();
  const postgres = await startPostgres({ url: config.DATABASE_URL, dataDir: config.dataDir, log });
  await migrate(postgres.url, log);
  const db = createDb(postgres.url);
  const bus = config.REDIS_URL ? await RedisBus.connect(config.REDIS_URL, config.EVENT_RETENTION_SECONDS, log) : null;
  try {
    await runAdmin(db, process.argv.slice(2), (line) => process.stdout.write(`${line}\n`), async () => bus?.publishAccessChange());
  } catch (error) {
    process.exitCode = 1;
    if (error instanceof AdminUsageError || error instanceof z.ZodError) process.stderr.write(`${error.message}\n`);
    else throw error;
  } finally {
    await bus?.close();
    await db.$disconnect();
    await postgres.stop();
  }
}
