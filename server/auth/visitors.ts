import { AppError } from '../contract/errors.js';
import { hashToken, KEY_PREFIX, newToken } from '../contract/keys.js';
import type { Db } from '../store/db.js';
import { verifyVisitorProof, type VisitorProof } from './visitor-proof.js';

/**
 * Signed-in visitors: a site's visitor secrets (at most two active, for rotation with an overlap)
 * and the sessions a verified proof opens. The session token (`vt_`) is the widget's bearer
 * credential for that user's threads; the proof itself is checked once, here.
 */

/** How long a session lasts; the widget proves the visitor again on each page load. */
export const VISITOR_SESSION_SECONDS = 8 * 3600;
/** Two at once: the one the site signs with now and the one it is moving to (or away from). */
export const MAX_ACTIVE_SECRETS = 2;

export class VisitorSecretError extends Error {
  override name = 'VisitorSecretError';
}

export interface VisitorSession {
  token: string;
  userId: string;
  expiresAt: Date;
}

/** Verifies the proof with the site's active secrets and opens a session for that user. */
export async function signInVisitor(db: Db, siteId: string, proof: VisitorProof, now = new Date()): Promise<VisitorSession> {
  const secrets = await db.visitorSecret.findMany({ where: { siteId, retiredAt: null }, select: { id: true, secret: true } });
  if (!secrets.length) {
    throw new AppError('VISITOR_IDENTITY_DISABLED', 'This site has no visitor secret, so visitors cannot sign in; the widget works anonymously.');
  }
  const verified = await verifyVisitorProof(secrets, proof, now);
  const token = newToken(KEY_PREFIX.VISITOR);
  const expiresAt = new Date(now.getTime() + VISITOR_SESSION_SECONDS * 1000);
  // Expired sessions of the site go as new ones come (one indexed statement), not in a sweeper.
  await db.$transaction([
    db.visitorSession.deleteMany({ where: { siteId, expiresAt: { lt: now } } }),
    db.visitorSession.create({ data: { siteId, secretId: verified.secretId, userId: verified.userId, tokenHash: hashToken(token), expiresAt } }),
  ]);
  return { token, userId: verified.userId, expiresAt };
}

/** A new secret for the site (shown once); refused while two are active. */
export async function createVisitorSecret(db: Db, siteId: string): Promise<{ id: string; secret: string }> {
  const active = await db.visitorSecret.count({ where: { siteId, retiredAt: null } });
  if (active >= MAX_ACTIVE_SECRETS) {
    throw new VisitorSecretError(`The site already has ${active} active visitor secrets; retire one first (visitor-secret:retire --secret ID).`);
  }
  const secret = newToken(KEY_PREFIX.VISITOR_SECRET);
  const row = await db.visitorSecret.create({ data: { siteId, secret } });
  return { id: row.id, secret };
}

/**
 * Retires a secret: proofs it made stop verifying, and the sessions they opened end (deleted, so
 * their tokens fail at once). The secret's text is wiped; the row stays to say when it was retired.
 */
export async function retireVisitorSecret(db: Db, secretId: string, now = new Date()): Promise<{ siteId: string; sessions: number }> {
  const secret = await db.visitorSecret.findUnique({ where: { id: secretId } });
  if (!secret) throw new VisitorSecretError(`No visitor secret ${secretId}.`);
  if (secret.retiredAt) throw new VisitorSecretError(`Visitor secret ${secretId} was already retired at ${secret.retiredAt.toISOString()}.`);
  const [{ count }] = await db.$transaction([
    db.visitorSession.deleteMany({ where: { secretId } }),
    db.visitorSecret.update({ where: { id: secretId }, data: { retiredAt: now, secret: '' } }),
  ]);
  return { siteId: secret.siteId, sessions: count };
}
