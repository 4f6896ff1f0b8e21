import { stillValid, type HeldCredential } from '../auth/revalidate.js';
import type { TurnBus } from '../bus/types.js';
import type { Logger } from '../log.js';
import type { Db } from '../store/db.js';

/** One long-lived connection and what ends it when its credential no longer holds. */
interface Held extends HeldCredential {
  revoke(): void;
}

export interface LiveAccess {
  /** Follows a connection's credential until the returned function is called (the connection closed). */
  hold(credential: HeldCredential, revoke: () => void): () => void;
  /** Re-checks every held credential now (concurrent calls share one check, and one more follows). */
  recheck(): Promise<void>;
  close(): void;
}

/**
 * Revocation reaches connections opened before it. Every credential held by an open WebSocket is
 * re-checked (two queries for all of them) every `intervalMs`, and at once when any instance says
 * on the bus that access changed; one that no longer holds is revoked (its socket closed 4403).
 * The timer also catches changes made where there is no bus to tell (the admin CLI without Redis).
 */
export function createLiveAccess(options: { db: Db; bus: TurnBus; log: Logger; intervalMs: number }): LiveAccess {
  const { db, log } = options;
  const held = new Set<Held>();
  let running: Promise<void> | null = null;
  let again = false;

  const check = async (): Promise<void> => {
    const current = [...held];
    if (!current.length) return;
    const valid = await stillValid(db, current);
    current.forEach((h, i) => {
      if (valid[i] || !held.has(h)) return;
      held.delete(h);
      log.info({ kind: h.principal.kind, origin: h.origin }, 'closing a connection whose credential was revoked');
      h.revoke();
    });
  };

  const recheck = (): Promise<void> => {
    if (running) {
      again = true; // a change during a check gets a check of its own
      return running;
    }
    running = check()
      .catch((error: unknown) => log.warn({ err: error }, 'access re-check failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void recheck();
        }
      });
    return running;
  };

  options.bus.onAccessChange(() => void recheck());
  const timer = setInterval(() => void recheck(), options.intervalMs);
  timer.unref();

  return {
    hold(credential, revoke) {
      const entry: Held = { ...credential, revoke };
      held.add(entry);
      return () => held.delete(entry);
    },
    recheck,
    close: () => clearInterval(timer),
  };
}
