/**
 * What a site's server does to sign its visitor in to the widget (docs/signed-in-visitors.md).
 * Runs on the site's server only: the visitor secret (`vs_...`, from `npm run admin --
 * visitor-secret:create`) must never reach a browser. Either proof will do:
 *
 *   userHash(secret, userId)         hex HMAC-SHA256 of the user id; put it in `user-hash`
 *   userToken(secret, userId, kid)   an HS256 JWT (sub, iat, exp: 10 minutes); put it in `user-token`
 *
 *   VISITOR_SECRET=vs_... npx tsx partner/visitor-signing.ts alice@example.com
 * prints both for that user id.
 */
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';

/** Intercom-style user hash: the same user id always gives the same hash, until the secret is rotated. */
export function userHash(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(userId, 'utf8').digest('hex');
}

/**
 * A short-lived JWT for the user id. `kid` (the secret's id, as the admin CLI prints it) lets the
 * service check it against that secret alone; without it the service tries each active secret.
 */
export function userToken(secret: string, userId: string, options: { kid?: string; expiresInSeconds?: number } = {}): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...(options.kid ? { kid: options.kid } : {}) })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(`${options.expiresInSeconds ?? 600}s`)
    .sign(new TextEncoder().encode(secret));
}

if (/visitor-signing\.[jt]s$/.test(process.argv[1] ?? '')) {
  const secret = process.env.VISITOR_SECRET;
  const userId = process.argv[2];
  if (!secret || !userId) {
    console.error('usage: VISITOR_SECRET=vs_... [VISITOR_SECRET_ID=uuid] npx tsx partner/visitor-signing.ts USER_ID');
    process.exitCode = 2;
  } else {
    console.log(`user-id:    ${userId}`);
    console.log(`user-hash:  ${userHash(secret, userId)}`);
    console.log(`user-token: ${await userToken(secret, userId, { kid: process.env.VISITOR_SECRET_ID })}`);
  }
}
