import { TERMINAL_EVENTS, type TurnEvent } from '../contract/events.js';
import { badInput, notFound, unauthenticated } from '../contract/errors.js';
import type { GraphQLContext } from './builder.js';
import { builder } from './builder.js';
import { readableTurn } from './access.js';
import type { TurnRow } from '../store/threads.js';
import { TurnEventRef } from './events.js';
import type { StoredTerminal } from '../turns/orphans.js';

/** How often a subscriber polls a turn that runs somewhere this process cannot hear (no shared bus). */
const ORPHAN_POLL_MS = 1000;

/**
 * Replay, then live: the bus delivers every event after `afterSeq` once. When the bus no longer
 * has the turn (expired, or the process restarted) the event log stored on the Turn row replays
 * it. Every caller gets every event, so seq is gap-free for all; what a caller may not see
 * (TriageChunk's fields without triage:read) is nulled by the field resolvers.
 */
async function turnEvents(ctx: GraphQLContext, id: string, afterSeq: number): Promise<AsyncIterable<TurnEvent>> {
  if (afterSeq < 0) throw badInput('afterSeq must be 0 or more.', 'afterSeq');
  const turn = await readableTurn(ctx, id, 'subscription');
  // A subscription outlives the request that checked its credential (SSE especially): it follows
  // the credential and ends with UNAUTHENTICATED when it is revoked.
  const revoked = new AbortController();
  const release = ctx.services.access.hold({ principal: ctx.principal, origin: ctx.origin }, () => revoked.abort());
  const signal = AbortSignal.any([ctx.signal, revoked.signal]);
  try {
    const live = await ctx.services.bus.subscribe(turn.id, afterSeq, signal);
    return endOnRevocation(live ?? storedEvents(ctx, turn, afterSeq, signal), revoked.signal, release);
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Hands the bus's iterator over without wrapping it in a generator (whose return() would wait for
 * the next event), so a client that unsubscribes ends it, and frees what it holds, at once.
 */
function endOnRevocation(events: AsyncIterable<TurnEvent>, revoked: AbortSignal, release: () => void): AsyncIterableIterator<TurnEvent> {
  const inner = events[Symbol.asyncIterator]();
  const iterator: AsyncIterableIterator<TurnEvent> = {
    [Symbol.asyncIterator]: () => iterator,
    next: async () => {
      const result = await inner.next();
      if (revoked.aborted) {
        release();
        throw unauthenticated('Access to this turn was revoked.');
      }
      if (result.done) release();
      return result;
    },
    return: async () => {
      release();
      return (await inner.return?.()) ?? { value: undefined, done: true };
    },
  };
  return iterator;
}

async function* storedEvents(ctx: GraphQLContext, row: TurnRow, afterSeq: number, signal: AbortSignal): AsyncGenerator<TurnEvent> {
  const { db } = ctx.services;
  let turn = row;
  while (turn.status === 'RUNNING' && !signal.aborted) {
    await new Promise((resolve) => setTimeout(resolve, ORPHAN_POLL_MS));
    const current = await db.turn.findUnique({ where: { id: turn.id } });
    if (!current) throw notFound('Turn'); // its thread was deleted while we waited
    turn = current;
  }
  const stored = Array.isArray(turn.events) ? (turn.events as unknown as StoredTerminal[]) : [];
  for (const event of stored) {
    if (event.seq > afterSeq) yield event;
    else if (event.tailLost) yield { ...event, seq: afterSeq + 1 }; // it saw live events that died with their process
    if (TERMINAL_EVENTS.has(event.type)) return;
  }
}

builder.subscriptionField('turn', (t) =>
  t.field({
    type: TurnEventRef,
    description:
      "A turn's events: everything after `afterSeq` (replayed), then live, ending after TurnCompleted or TurnFailed. Works over graphql-ws and GraphQL over SSE.",
    args: {
      id: t.arg.id({ required: true, description: 'Turn id (from sendMessage).' }),
      afterSeq: t.arg.int({ required: false, defaultValue: 0, description: 'The last seq you have; 0 for all.' }),
    },
    subscribe: (_root, { id, afterSeq }, ctx) => turnEvents(ctx, String(id), afterSeq ?? 0),
    resolve: (event) => event,
  }),
);
