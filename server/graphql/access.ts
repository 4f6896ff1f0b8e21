import { canReadThread, canSeeTriage, canWriteThread, hasScope } from '../auth/principal.js';
import { forbidden, notFound, unauthenticated } from '../errors.js';
import { findThread, findTurn } from '../store/threads.js';
import type { GraphQLContext } from './builder.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function requireCaller(ctx: GraphQLContext): void {
  if (ctx.principal.kind === 'anonymous') throw unauthenticated();
}

/** Loads a thread the caller may read; NOT_FOUND for unknown ids, FORBIDDEN for others' threads. */
export async function readableThread(ctx: GraphQLContext, id: string) {
  requireCaller(ctx);
  const thread = UUID.test(id) ? await findThread(ctx.services.db, id) : null;
  if (!thread) throw notFound('Thread');
  if (!canReadThread(ctx.principal, thread)) throw forbidden('This thread belongs to someone else.');
  return thread;
}

export async function writableThread(ctx: GraphQLContext, id: string) {
  requireCaller(ctx);
  const thread = UUID.test(id) ? await findThread(ctx.services.db, id) : null;
  if (!thread) throw notFound('Thread');
  if (!canWriteThread(ctx.principal, thread)) throw forbidden('This key may not write to this thread.');
  return thread;
}

export async function readableTurn(ctx: GraphQLContext, id: string) {
  requireCaller(ctx);
  const turn = UUID.test(id) ? await findTurn(ctx.services.db, id) : null;
  if (!turn) throw notFound('Turn');
  await readableThread(ctx, turn.threadId);
  return turn;
}

export async function writableTurn(ctx: GraphQLContext, id: string) {
  requireCaller(ctx);
  const turn = UUID.test(id) ? await findTurn(ctx.services.db, id) : null;
  if (!turn) throw notFound('Turn');
  await writableThread(ctx, turn.threadId);
  return turn;
}

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
