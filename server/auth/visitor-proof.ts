import { createHmac, timingSafeEqual } from 'node:crypto';
import { decodeProtectedHeader, errors as joseErrors, jwtVerify } from 'jose';
import { AppError, badInput } from '../contract/errors.js';

/**
 * Checking what a site's server says about its signed-in visitor, before the service believes
 * the user id. Two proofs, each made with one of the site's visitor secrets:
 *  - a user hash: hex HMAC-SHA256 of the user id (Intercom's "identity verification" user_hash,
 *    Chatwoot's identifier_hash). It never expires: rotating the secret is how it stops working.
 *  - a JWT (HS256, verified with `jose`) whose `sub` is the user id, with `iat` and `exp`, at most
 *    JWT_MAX_AGE_SECONDS old: short-lived, so a copied token soon stops working.
 * Any active secret may have made the proof (a rotation keeps two for a while); a JWT whose
 * header names a secret (`kid`) is checked against that one only.
 */

export interface ActiveSecret {
  id: string;
  secret: string;
}

export interface VisitorProof {
  userId?: string | null;
  userHash?: string | null;
  userToken?: string | null;
}

export interface VerifiedVisitor {
  userId: string;
  /** The secret that made the proof (its sessions end when it is retired). */
  secretId: string;
  via: 'hash' | 'jwt';
}

export const USER_ID_MAX = 200;
/** A JWT is refused once its `iat` is older than this, whatever its `exp` says. */
export const JWT_MAX_AGE_SECONDS = 3600;
/** Clock difference allowed between the site's server and ours. */
const CLOCK_TOLERANCE_SECONDS = 30;
const CONTROL = /[\u0000-\u001f\u007f]/;

const invalid = (message: string) => new AppError('VISITOR_PROOF_INVALID', message);
const expired = (message: string) => new AppError('VISITOR_PROOF_EXPIRED', message);

/** The user hash a site's server computes: hex HMAC-SHA256 of the user id under the secret. */
export function userHashOf(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(userId, 'utf8').digest('hex');
}

function checkUserId(userId: string, field: string): string {
  if (!userId || userId.length > USER_ID_MAX || CONTROL.test(userId) || userId.trim() !== userId) {
    throw badInput(`The user id must be 1-${USER_ID_MAX} characters, without control characters or surrounding spaces.`, field);
  }
  return userId;
}

function verifyHash(secrets: readonly ActiveSecret[], userId: string, hash: string): VerifiedVisitor {
  const given = Buffer.from(hash.toLowerCase(), 'utf8');
  for (const s of secrets) {
    const expected = Buffer.from(userHashOf(s.secret, userId), 'utf8');
    // Same length first: timingSafeEqual throws on different lengths (which tells nothing secret).
    if (given.length === expected.length && timingSafeEqual(given, expected)) return { userId, secretId: s.id, via: 'hash' };
  }
  throw invalid('The user hash does not match this user id for any of the site\'s visitor secrets.');
}

async function verifyJwt(secrets: readonly ActiveSecret[], token: string, claimedUserId: string | null, now: Date): Promise<VerifiedVisitor> {
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    throw invalid('The user token is not a JWT.');
  }
  const candidates = kid ? secrets.filter((s) => s.id === kid) : secrets;
  if (kid && !candidates.length) throw invalid('The user token names a visitor secret (kid) that is not active for this site.');
  for (const s of candidates) {
    try {
      const { payload } = await jwtVerify(token, new TextEncoder().encode(s.secret), {
        algorithms: ['HS256'],
        requiredClaims: ['sub', 'iat', 'exp'],
        maxTokenAge: JWT_MAX_AGE_SECONDS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: now,
      });
      const userId = checkUserId(String(payload.sub), 'userToken');
      if (claimedUserId !== null && claimedUserId !== userId) throw invalid('The user token is for a different user id.');
      return { userId, secretId: s.id, via: 'jwt' };
    } catch (error) {
      // Claims are checked only once the signature holds, so these come from a genuine token.
      if (error instanceof joseErrors.JWTExpired) throw expired(`The user token has expired (${error.message}); the site should sign a fresh one.`);
      if (error instanceof joseErrors.JWTClaimValidationFailed) throw invalid(`The user token was refused: ${error.message}.`);
      if (error instanceof joseErrors.JWSSignatureVerificationFailed) continue; // maybe the other secret
      if (error instanceof AppError) throw error;
      throw invalid('The user token is not a valid HS256 JWT.');
    }
  }
  throw invalid('The user token\'s signature does not verify with any of the site\'s visitor secrets.');
}

/** Who the proof says the visitor is; VISITOR_PROOF_INVALID or VISITOR_PROOF_EXPIRED otherwise. */
export async function verifyVisitorProof(secrets: readonly ActiveSecret[], proof: VisitorProof, now = new Date()): Promise<VerifiedVisitor> {
  const userId = proof.userId == null ? null : checkUserId(proof.userId, 'userId');
  const hash = proof.userHash ?? null;
  const token = proof.userToken ?? null;
  if ((hash === null) === (token === null)) throw badInput('Give exactly one proof: userHash (with userId) or userToken.', hash === null ? 'userToken' : 'userHash');
  if (token !== null) return verifyJwt(secrets, token, userId, now);
  if (userId === null) throw badInput('A user hash needs the userId it was made for.', 'userId');
  return verifyHash(secrets, userId, hash ?? '');
}
