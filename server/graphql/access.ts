import { canReadThread, canSeeTriage, canWriteThread, hasScope } from '../auth/principal.js';
import { forbidden, notFound, unauthenticated } from '../contract/errors.js';
import { findThread, findTurn } from '../store/threads.js';
import type { GraphQLContext } from './builder.js';
import { auditReads } from './audit.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function requireCaller(ctx: GraphQLContext): void {
  if (ctx.principal.kind === 'anonymous') throw unauthenticated();
}

type ThreadAccess = 'read' | 'write';
const ALLOWED = { read: canReadThread, write: canWriteThread };
const REFUSAL = { read: 'This thread belongs to someone else.', write: 'This key may not write to this thread.' };

/**
 * Loads a thread the caller may read or write: NOT_FOUND for unknown (or malformed) ids, FORBIDDEN
 * for others'. A staff or partner read is written to the audit log before anything is returned.
 */
async function threadFor(ctx: GraphQLContext, id: string, access: ThreadAccess, via: string, turnId?: string) {
  requireCaller(ctx);
  const thread = UUID.test(id) ? await findThread(ctx.services.db, id) : null;
  if (!thread) throw notFound('Thread');
  if (!ALLOWED[access](ctx.principal, thread)) throw forbidden(REFUSAL[access]);
  if (access === 'read') {
    await auditReads(ctx, [{ threadId: thread.id, siteId: thread.siteId, turnId }], via);
    checksOf(ctx).set(thread.id, Promise.resolve(true));
  }
  return thread;
}

/** Loads a turn whose thread the caller may read or write. */
async function turnFor(ctx: GraphQLContext, id: string, access: ThreadAccess, via: string) {
  requireCaller(ctx);
  const turn = UUID.test(id) ? await findTurn(ctx.services.db, id) : null;
  if (!turn) throw notFound('Turn');
  // A visitor's token names its one thread, and a turn cannot outlive its thread (ON DELETE
  // CASCADE): nothing to read or audit. This is every widget subscription, one query less a turn.
  if (ctx.principal.kind === 'thread') {
    if (ctx.principal.threadId !== turn.threadId) throw forbidden(REFUSAL[access]);
    return turn;
  }
  await threadFor(ctx, turn.threadId, access, via, turn.id);
  return turn;
}

export const readableThread = (ctx: GraphQLContext, id: string, via = 'thread') => threadFor(ctx, id, 'read', via);
export const writableThread = (ctx: GraphQLContext, id: string) => threadFor(ctx, id, 'write', 'write');
export const readableTurn = (ctx: GraphQLContext, id: string, via = 'turn') => turnFor(ctx, id, 'read', via);
export const writableTurn = (ctx: GraphQLContext, id: string) => turnFor(ctx, id, 'write', 'write');

export function requireTriage(ctx: GraphQLContext): void {
  requireCaller(ctx);
  if (!canSeeTriage(ctx.principal)) throw forbidden('This field needs the triage:read scope.');
}

/** Staff and partner keys with threads:read browse a site's threads. */
export function requireBrowse(ctx: GraphQLContext): string {
  requireCaller(ctx);
  const p = ctx.principal;
  if ((p.kind !== 'staff' && p.kind !== 'secret') || !hasScope(p, 'threads:read')) {
    throw forbidden('Browsing threads needs a staff key or a secret key with threads:read.');
  }
  return p.siteId;
}

/**
 * Whether the caller may read a thread's content, asked by fields reachable without a read check
 * (mutation payloads: a threads:write key writes but may not read). Answered once per request
 * and thread.
 */
const readChecks = new WeakMap<GraphQLContext, Map<string, Promise<boolean>>>();

function checksOf(ctx: GraphQLContext): Map<string, Promise<boolean>> {
  let checks = readChecks.get(ctx);
  if (!checks) readChecks.set(ctx, (checks = new Map()));
  return checks;
}

export function mayReadThread(ctx: GraphQLContext, threadId: string): Promise<boolean> {
  const p = ctx.principal;
  if (p.kind === 'thread') return Promise.resolve(p.threadId === threadId);
  if (p.kind !== 'staff' && p.kind !== 'visitor' && !(p.kind === 'secret' && hasScope(p, 'threads:read'))) return Promise.resolve(false);
  const checks = checksOf(ctx);
  let check = checks.get(threadId);
  if (!check) {
    // Content read through a mutation payload is a read like any other: audited before it is shown
    // (a signed-in visitor reading their own thread is not audited, as with thread tokens).
    check = findThread(ctx.services.db, threadId).then(async (thread) => {
      if (!thread || !canReadThread(p, thread)) return false;
      await auditReads(ctx, [{ threadId: thread.id, siteId: thread.siteId }], 'payload');
      return true;
    });
    checks.set(threadId, check);
  }
  return check;
}

/** FORBIDDEN on this field alone (it is nullable) when the caller may not read the thread. */
export async function requireThreadRead(ctx: GraphQLContext, threadId: string): Promise<void> {
  if (!(await mayReadThread(ctx, threadId))) throw forbidden("Reading this needs read access to the thread (a thread token or threads:read).");
}
