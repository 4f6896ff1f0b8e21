import type { Engine } from '../generated/prisma/enums.js';
import { AppError, badInput } from '../contract/errors.js';
import type { Db } from './db.js';
import { isUniqueViolation, type MessageRow, type TurnRow } from './threads.js';

/**
 * A new RUNNING turn for the user message of a failed or cancelled turn: the message is stored
 * once and now points at the new turn (the failed turn keeps its record, and any advice message it
 * stored). Only the thread's latest user message can be retried, so the conversation stays in order.
 * The thread row is locked against another retry, and the one-running-turn index stops a retry
 * and a send from both starting a turn.
 */
export async function retryUserMessage(db: Db, failedTurnId: string, engine: Engine): Promise<{ message: MessageRow; turn: TurnRow }> {
  try {
    return await retryInTransaction(db, failedTurnId, engine);
  } catch (error) {
    // A send takes no lock (one statement): one that started a turn after the check below meets
    // the one-running-turn index here.
    if (!isUniqueViolation(error)) throw error;
    throw new AppError('THREAD_BUSY', 'The assistant is still answering a message on this thread.');
  }
}

function retryInTransaction(db: Db, failedTurnId: string, engine: Engine): Promise<{ message: MessageRow; turn: TurnRow }> {
  return db.$transaction(async (tx) => {
    const failed = await tx.turn.findUniqueOrThrow({ where: { id: failedTurnId } });
    await tx.$queryRaw`SELECT id FROM threads WHERE id = ${failed.threadId}::uuid FOR UPDATE`;
    if (failed.status !== 'FAILED' && failed.status !== 'CANCELLED') {
      throw badInput(`Only a failed or stopped turn can be retried; this one is ${failed.status.toLowerCase()}.`, 'id');
    }
    const busy = await tx.turn.findFirst({ where: { threadId: failed.threadId, status: 'RUNNING' }, select: { id: true } });
    if (busy) throw new AppError('THREAD_BUSY', 'The assistant is still answering a message on this thread.', { turnId: busy.id });
    const message = await tx.message.findFirst({ where: { turnId: failed.id, role: 'USER' } });
    if (!message) throw badInput('This turn was already retried, or has no message of its own.', 'id');
    const latest = await tx.message.findFirst({
      where: { threadId: failed.threadId, role: 'USER' },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: { id: true },
    });
    if (latest?.id !== message.id) throw badInput('Only the latest message of a thread can be retried.', 'id');
    const turn = await tx.turn.create({ data: { threadId: failed.threadId, engine } });
    const updated = await tx.message.update({ where: { id: message.id }, data: { turnId: turn.id } });
    await tx.thread.update({ where: { id: failed.threadId }, data: { updatedAt: new Date() } });
    return { message: updated, turn };
  });
}
