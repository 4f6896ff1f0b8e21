import type { TurnBus } from '../bus/types.js';
import { asAdvice, TERMINAL_EVENTS, type TurnEvent } from '../contract/events.js';
import type { Logger } from '../log.js';
import type { SiteAlerts } from '../contract/webhooks.js';
import { adviceMarkdown } from '../safety/index.js';
import type { Db } from '../store/db.js';
import { markInterrupted, storeInterruptedEnd, type InterruptedTurn } from '../store/threads.js';
import { publicMessage } from './public-errors.js';

/**
 * A terminal event stored for a turn whose live tail was lost with its process (the in-process bus
 * of a killed single instance): what the last few seconds streamed is unknown, so a subscriber
 * resuming past this seq still gets the end, numbered right after what it has.
 */
export type StoredTerminal = TurnEvent & { tailLost?: true };

/** How many interrupted turns are closed at once (a crash can leave hundreds). */
const PARALLEL = 16;

/**
 * Ends turns whose instance stopped mid-turn (a crash, a kill) with exactly one TurnFailed
 * INTERRUPTED, keeping the advice they had given (on the event, and in the conversation).
 * `staleBefore`: only turns whose heartbeat is older (with several instances); without it, every
 * running turn (one instance starting up).
 *
 * Numbering: with Redis the turn's stream is the truth, so the TurnFailed follows its last seq and
 * is published there (subscribers on any instance receive it) and the whole stream is stored as
 * the turn's log, so replay after the stream expires is exact. With the in-process bus the events
 * died with the process; the TurnFailed follows the last checkpointed seq and is marked `tailLost`.
 */
export async function closeOrphanedTurns(db: Db, bus: TurnBus, log: Logger, staleBefore?: Date, alerts?: SiteAlerts): Promise<number> {
  const turns = await markInterrupted(db, staleBefore);
  for (let i = 0; i < turns.length; i += PARALLEL) {
    await Promise.all(
      turns.slice(i, i + PARALLEL).map(async (turn) => {
        await endInterrupted(db, bus, turn, log).catch((error: unknown) => log.error({ err: error, turnId: turn.id }, 'could not store the end of an interrupted turn'));
        // markInterrupted took each turn for this sweep alone, so the alert is raised once.
        const advice = asAdvice(turn.advice);
        if (advice) await alerts?.failedAfterAdvice({ turnId: turn.id, threadId: turn.threadId }, advice, { code: 'INTERRUPTED', status: 'FAILED' });
      }),
    );
  }
  return turns.length;
}

async function endInterrupted(db: Db, bus: TurnBus, turn: InterruptedTurn, log: Logger): Promise<void> {
  const advice = asAdvice(turn.advice);
  // The stream may still grow under us (an event its instance sent as it died, reaching Redis
  // late): if the end's seq is taken, read the stream again and number after it.
  for (let attempt = 1; ; attempt++) {
    const history = await bus.history(turn.id);
    const last = history?.at(-1);
    if (history && last && TERMINAL_EVENTS.has(last.type)) {
      // Its instance published the end but died before storing it: store what was said.
      await storeInterruptedEnd(db, turn, { events: history, lastSeq: last.seq, adviceText: null });
      return;
    }
    const seq = (last?.seq ?? turn.lastSeq) + 1;
    const terminal: StoredTerminal = {
      type: 'TurnFailed',
      code: 'INTERRUPTED',
      message: publicMessage('INTERRUPTED', advice),
      retryable: true,
      advice,
      turnId: turn.id,
      seq,
      ...(history ? {} : { tailLost: true as const }),
    };
    if (history) {
      try {
        await bus.publish(terminal);
      } catch (error) {
        if (attempt >= 3) throw error;
        log.warn({ err: error, turnId: turn.id, seq, attempt }, 'the end of an interrupted turn lost its seq; numbering it again');
        continue;
      }
    }
    await storeInterruptedEnd(db, turn, {
      events: [...(history ?? []), terminal],
      lastSeq: seq,
      adviceText: advice ? adviceMarkdown(advice) : null,
    });
    return;
  }
}
