import { asAdvice } from '../contract/events.js';
import { adviceMarkdown } from '../safety/index.js';
import type { Db } from '../store/db.js';
import { markInterrupted } from '../store/threads.js';

/**
 * Ends turns whose instance stopped mid-turn (a crash, a kill) as FAILED/INTERRUPTED, keeping the
 * advice they had given in the conversation. `staleBefore`: only turns whose heartbeat is older
 * (with several instances); without it, every running turn (one instance starting up).
 */
export function closeOrphanedTurns(db: Db, staleBefore?: Date): Promise<number> {
  return markInterrupted(
    db,
    (stored) => {
      const advice = asAdvice(stored);
      return advice ? adviceMarkdown(advice) : null;
    },
    staleBefore,
  );
}
