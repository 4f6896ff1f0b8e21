import { AppError, TurnError } from '../contract/errors.js';
import type { Demographics } from '../contract/turn.js';
import { recentHistory } from '../store/threads.js';
import { retryUserMessage } from '../store/retry.js';
import { writableThread, writableTurn } from './access.js';
import { builder } from './builder.js';
import { TurnRef } from './types.js';

builder.mutationField('retryTurn', (t) =>
  t.field({
    type: TurnRef,
    description:
      'Answers the latest message of a thread again after its turn failed or was stopped: a new turn for the same stored message (no second copy of it). Subscribe to the returned turn.',
    args: { id: t.arg.id({ required: true, description: 'The failed or cancelled turn.' }) },
    resolve: async (_root, { id }, ctx) => {
      const failed = await writableTurn(ctx, String(id));
      const thread = await writableThread(ctx, failed.threadId);
      const { db, turns, historyMessages, limits } = ctx.services;
      await limits.consume('sendMessage', ctx.principal, ctx.clientIp);
      let retried;
      try {
        retried = await retryUserMessage(db, failed.id, turns.engine);
      } catch (error) {
        await limits.refund('sendMessage', ctx.principal, ctx.clientIp); // refused: nothing was sent
        throw error;
      }
      const { message, turn } = retried;
      const history = await recentHistory(db, thread.id, message, historyMessages);
      try {
        await turns.start({
          turnId: turn.id,
          threadId: thread.id,
          text: message.text,
          history,
          demographics: (thread.demographics as Demographics | null) ?? undefined,
        });
      } catch (error) {
        const failure = error instanceof TurnError ? error : new TurnError('INTERNAL', 'The turn could not start.', true);
        await db.turn.update({
          where: { id: turn.id },
          data: { status: 'FAILED', errorCode: failure.code, errorMessage: failure.message, errorRetryable: failure.retryable, endedAt: new Date() },
        });
        throw new AppError(failure.code === 'SHUTTING_DOWN' ? 'SERVICE_UNAVAILABLE' : 'INTERNAL', failure.message, {
          turnCode: failure.code,
          retryable: failure.retryable,
        });
      }
      return turn;
    },
  }),
);
