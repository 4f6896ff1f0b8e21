import { AppError, badInput, forbidden, notFound, unauthenticated } from '../contract/errors.js';
import { TurnError } from '../contract/errors.js';
import { createThread, findThread, findTurn, recentHistory, storeUserMessage, type MessageRow, type ThreadRow, type TurnRow } from '../store/threads.js';
import type { Demographics } from '../contract/turn.js';
import { builder } from './builder.js';
import { publicMessage } from '../turns/public-errors.js';
import type { TurnBus } from '../bus/types.js';
import { writableThread, writableTurn } from './access.js';
import { DemographicsInput, parseClientMessageId, parseDemographics, parseMessageText } from './inputs.js';
import { MessageRef, ThreadRef, TurnRef } from './types.js';
import { auditChange } from './audit.js';

/** A row that existed when access was checked but was deleted by a concurrent request. */
function gone(what: string): never {
  throw notFound(what);
}

const StartThreadPayload = builder.objectRef<{ thread: ThreadRow; threadToken: string }>('StartThreadPayload').implement({
  description: 'A new thread and the token that grants access to it.',
  fields: (t) => ({
    thread: t.field({ type: ThreadRef, description: 'The thread.', resolve: (p) => p.thread }),
    threadToken: t.exposeString('threadToken', {
      description: 'Bearer token for this thread only (`Authorization: Bearer tt_...`). Keep it; it is shown once.',
    }),
  }),
});

builder.mutationField('startThread', (t) =>
  t.field({
    type: StartThreadPayload,
    description:
      "Starts a conversation. Widget visitors call it with the publishable key, or a signed-in visitor's token (the thread is then that user's); partners with threads:write.",
    args: {
      input: t.arg({
        type: builder.inputType('StartThreadInput', {
          description: 'Optional details for the new thread.',
          fields: (f) => ({ demographics: f.field({ type: DemographicsInput, description: 'What the person shares about themselves.' }) }),
        }),
        required: false,
        description: 'Optional details for the thread.',
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const p = ctx.principal;
      if (p.kind === 'anonymous') throw unauthenticated('startThread needs a publishable key (widget) or a secret key.');
      if (p.kind === 'thread') throw forbidden('A thread token cannot start threads; use the publishable key.');
      if (p.kind === 'secret' && !p.scopes.has('threads:write')) throw forbidden('Starting threads needs the threads:write scope.');
      // Input is checked first: a refused request does not spend the caller's rate-limit budget.
      const demographics = parseDemographics(input?.demographics);
      await ctx.services.limits.consume('startThread', p, ctx.clientIp);
      // A signed-in visitor's thread is theirs: it shows in myThreads on any device.
      const { thread, token } = await createThread(ctx.services.db, p.siteId, demographics, true, p.kind === 'visitor' ? p.userId : null);
      return { thread, threadToken: token! };
    },
  }),
);

const SendMessagePayload = builder.objectRef<{ message: MessageRow; turn: TurnRow }>('SendMessagePayload').implement({
  description: 'The stored user message and the turn now answering it.',
  fields: (t) => ({
    message: t.field({ type: MessageRef, description: 'The stored USER message.', resolve: (p) => p.message }),
    turn: t.field({ type: TurnRef, description: 'The turn; subscribe to `turn(id)` for its events.', resolve: (p) => p.turn }),
  }),
});

builder.mutationField('sendMessage', (t) =>
  t.field({
    type: SendMessagePayload,
    description:
      'Stores a user message and starts a turn, returning at once. Idempotent on clientMessageId. Fails with THREAD_BUSY while a turn is running on the thread.',
    args: {
      input: t.arg({
        required: true,
        description: 'The message.',
        type: builder.inputType('SendMessageInput', {
          description: 'A message from the person.',
          fields: (f) => ({
            threadId: f.id({ required: true, description: 'The thread.' }),
            text: f.string({ required: true, description: 'What they wrote (1-4,000 characters).' }),
            clientMessageId: f.string({ description: 'Idempotency key: resending with the same key returns the original message and turn.' }),
            demographics: f.field({ type: DemographicsInput, description: 'Updated details; replaces those on the thread.' }),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const thread = await writableThread(ctx, String(input.threadId));
      const text = parseMessageText(input.text);
      const clientMessageId = parseClientMessageId(input.clientMessageId);
      const demographics = parseDemographics(input.demographics);
      const { db, turns, historyMessages, limits } = ctx.services;
      await limits.consume('sendMessage', ctx.principal, ctx.clientIp);
      let sent;
      try {
        sent = await storeUserMessage(db, { threadId: thread.id, text, clientMessageId, demographics, engine: turns.engine });
      } catch (error) {
        await limits.refund('sendMessage', ctx.principal, ctx.clientIp); // THREAD_BUSY: nothing was sent
        throw error;
      }
      if (!sent.created) {
        // A replay spends budget like a send: each costs a database round trip, and refunding it
        // let one visitor repeat a clientMessageId without limit (a widget's resend after a lost
        // response is one point of a per-minute budget). It returns what the caller itself sent;
        // a different text under the same key is a mistake (and must not hand back someone else's
        // message).
        if (sent.message.text !== text) {
          throw badInput('This clientMessageId was already used for a different message.', 'clientMessageId');
        }
        return { message: sent.message, turn: (await findTurn(db, sent.turn.id)) ?? sent.turn };
      }
      const history = await recentHistory(db, thread.id, sent.message, historyMessages);
      const turnInput = {
        turnId: sent.turn.id,
        threadId: thread.id,
        text,
        history,
        demographics: demographics ?? ((thread.demographics as Demographics | null) ?? undefined),
      };
      try {
        await turns.start(turnInput);
      } catch (error) {
        // The user message stays; the turn records why it never ran, and any advice the message
        // calls for travels with the error (an emergency is never told only "try again").
        let failure: TurnError;
        if (error instanceof TurnError) {
          failure = error;
        } else {
          failure = new TurnError('INTERNAL', 'The turn could not start.', true, { cause: error });
          await turns.recordRefusal(turnInput, failure);
        }
        throw new AppError(['SHUTTING_DOWN', 'UNAVAILABLE'].includes(failure.code) ? 'SERVICE_UNAVAILABLE' : 'INTERNAL', publicMessage(failure.code, failure.advice), {
          turnCode: failure.code,
          retryable: failure.retryable,
          ...(failure.advice ? { advice: failure.advice } : {}),
        });
      }
      return { message: sent.message, turn: sent.turn };
    },
  }),
);

builder.mutationField('cancelTurn', (t) =>
  t.field({
    type: TurnRef,
    description: 'Stops a running turn (its model requests are aborted); it ends with TurnFailed code CANCELLED.',
    args: { id: t.arg.id({ required: true, description: 'The turn.' }) },
    resolve: async (_root, { id }, ctx) => {
      const turn = await writableTurn(ctx, String(id));
      if (turn.status !== 'RUNNING') throw new AppError('TURN_NOT_RUNNING', `The turn is already ${turn.status.toLowerCase()}.`);
      const { turns, db, bus } = ctx.services;
      if (turns.cancel(turn.id)) await turns.settled(turn.id);
      else if (await cancelElsewhere(bus, turn.id)) {
        // Another instance ran it and has now published its terminal event.
      } else {
        // Not running in this process (an orphan from a crash): record the cancellation directly.
        await db.turn.updateMany({
          where: { id: turn.id, status: 'RUNNING' },
          data: { status: 'CANCELLED', errorCode: 'CANCELLED', errorMessage: 'Cancelled by request.', errorRetryable: false, endedAt: new Date() },
        });
      }
      // The thread may have been deleted meanwhile (by another request): then the turn is gone.
      return (await db.turn.findUnique({ where: { id: turn.id } })) ?? gone('Turn');
    },
  }),
);

builder.mutationField('clearThread', (t) =>
  t.field({
    type: ThreadRef,
    description: 'Deletes the messages and turns of a thread, keeping the thread and its token (a fresh start).',
    args: { id: t.arg.id({ required: true, description: 'The thread.' }) },
    resolve: async (_root, { id }, ctx) => {
      const thread = await writableThread(ctx, String(id));
      const { db } = ctx.services;
      const running = await db.turn.findFirst({ where: { threadId: thread.id, status: 'RUNNING' } });
      if (running) throw new AppError('THREAD_BUSY', 'Wait for the current answer (or cancel it) before clearing.', { turnId: running.id });
      const turnIds = (await db.turn.findMany({ where: { threadId: thread.id }, select: { id: true } })).map((t) => t.id);
      // Feedback and reviews go with their turns (ON DELETE CASCADE); replayable events from the bus;
      // webhook events (they may hold the advice given) with their deliveries still pending.
      await db.$transaction([
        db.message.deleteMany({ where: { threadId: thread.id } }),
        db.turn.deleteMany({ where: { threadId: thread.id } }),
        db.webhookEvent.deleteMany({ where: { threadId: thread.id } }),
      ]);
      await ctx.services.bus.forget(turnIds);
      await auditChange(ctx, 'thread.clear', { siteId: thread.siteId, threadId: thread.id, detail: { turns: turnIds.length } });
      // The thread may have been deleted meanwhile by a concurrent request.
      const { count } = await db.thread.updateMany({ where: { id: thread.id }, data: { updatedAt: new Date() } });
      return (count && (await findThread(db, thread.id))) || gone('Thread');
    },
  }),
);

/**
 * With a shared bus, the turn may be running on another instance: ask it to cancel, then follow
 * the turn's events until its terminal one (bounded). False when no instance is running it.
 */
async function cancelElsewhere(bus: TurnBus, turnId: string): Promise<boolean> {
  const controller = new AbortController();
  const events = await bus.subscribe(turnId, 0, controller.signal);
  if (!events) return false;
  await bus.requestCancel(turnId);
  const timer = setTimeout(() => controller.abort(), 15_000);
  try {
    for await (const event of events) if (event.type === 'TurnCompleted' || event.type === 'TurnFailed') return true;
    return false;
  } finally {
    clearTimeout(timer);
  }
}

const DeleteThreadPayload = builder.objectRef<{ id: string }>('DeleteThreadPayload').implement({
  description: 'The thread that was deleted.',
  fields: (t) => ({ id: t.exposeID('id', { description: 'Its id.' }) }),
});

builder.mutationField('deleteThread', (t) =>
  t.field({
    type: DeleteThreadPayload,
    description:
      'Deletes a thread with all its messages, turns, stored events, feedback and reviews (a running turn is cancelled first); only an audit log entry (who, when, from where; no content) remains. Its token stops working.',
    args: { id: t.arg.id({ required: true, description: 'The thread.' }) },
    resolve: async (_root, { id }, ctx) => {
      const thread = await writableThread(ctx, String(id));
      const { db, turns } = ctx.services;
      const running = await db.turn.findMany({ where: { threadId: thread.id, status: 'RUNNING' } });
      for (const turn of running) if (turns.cancel(turn.id, 'The thread was deleted.')) await turns.settled(turn.id);
      const turnIds = (await db.turn.findMany({ where: { threadId: thread.id }, select: { id: true } })).map((t) => t.id);
      // Messages, turns (with their stored events), feedback and reviews go by ON DELETE CASCADE;
      // the bus's replay copies are dropped too. Only the audit entry below remains.
      const { count } = await db.thread.deleteMany({ where: { id: thread.id } });
      if (!count) gone('Thread'); // deleted by a concurrent request
      await ctx.services.bus.forget(turnIds);
      await auditChange(ctx, 'thread.delete', { siteId: thread.siteId, threadId: thread.id, detail: { turns: turnIds.length } });
      // Its token's open connections, on every instance, close (and run nothing more).
      await ctx.services.bus.publishAccessChange();
      return { id: thread.id };
    },
  }),
);
