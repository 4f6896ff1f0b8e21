import type { Db } from '../store/db.js';
import type { KeyKind } from '../generated/prisma/enums.js';
import { displayPrefix, hashToken, KEY_PREFIX, newToken, type Scope } from '../contract/keys.js';
import { appendAudit } from '../store/audit.js';

export interface CreatedKey {
  id: string;
  kind: KeyKind;
  key: string;
}

/** Creates a key and returns the plain text once; only its hash is stored. */
export async function createKey(db: Db, siteId: string, kind: KeyKind, name: string, scopes: Scope[] = []): Promise<CreatedKey> {
  const key = newToken(KEY_PREFIX[kind]);
  const row = await db.apiKey.create({
    data: { siteId, kind, name, prefix: displayPrefix(key), hash: hashToken(key), scopes },
  });
  return { id: row.id, kind, key };
}

export interface DevSite {
  siteId: string;
  publishableKey: string;
  staffKey: string;
  secretKey: string;
}

/**
 * On first start with embedded defaults: a development site whose allowed origins are this
 * service's own pages, with a publishable, a staff and a full-scope secret key. Keys are only
 * known at creation, so they are returned for printing and never again.
 */
export async function ensureDevSite(db: Db, origins: string[]): Promise<DevSite | null> {
  const existing = await db.site.findFirst({ where: { name: 'Development site' } });
  if (existing) {
    const missing = origins.filter((o) => !existing.allowedOrigins.includes(o));
    if (missing.length) {
      await db.site.update({ where: { id: existing.id }, data: { allowedOrigins: [...existing.allowedOrigins, ...missing] } });
    }
    return null;
  }
  const site = await db.site.create({ data: { name: 'Development site', allowedOrigins: origins } });
  const publishable = await createKey(db, site.id, 'PUBLISHABLE', 'Development widget');
  const staff = await createKey(db, site.id, 'STAFF', 'Development staff');
  const secret = await createKey(db, site.id, 'SECRET', 'Development partner', ['threads:write', 'threads:read', 'triage:read']);
  await appendAudit(
    db,
    [publishable, staff, secret].map((k) => ({ actorKind: 'system' as const, action: 'key.create' as const, siteId: site.id, detail: { keyId: k.id, kind: k.kind.toLowerCase(), seed: 'development' } })),
  );
  return { siteId: site.id, publishableKey: publishable.key, staffKey: staff.key, secretKey: secret.key };
}
