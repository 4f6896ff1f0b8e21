import type { TurnEvent } from '../contract/events.js';
import type { TurnLog } from './turn-log.js';

/**
 * Fan-out and replay of turn events. The turn manager publishes each event once, in seq order;
 * subscribers get every event with seq > afterSeq exactly once (replay, then live) and the
 * iteration ends after the terminal event. Finished turns stay replayable for the retention
 * period; after that (or on another backend) the API falls back to the event log on the Turn row.
 */
export interface TurnBus {
  readonly kind: 'memory' | 'redis';
  publish(event: TurnEvent): Promise<void>;
  /**
   * Optional: the publisher keeps the turn's log itself (appending each event before publishing
   * it), and an in-process bus replays from that same log instead of keeping a copy. A bus that
   * replays from elsewhere (Redis) does not implement it.
   */
  share?(turnId: string, log: TurnLog): void;
  /** null when the bus knows nothing of this turn (never seen, or expired). */
  subscribe(turnId: string, afterSeq: number, signal?: AbortSignal): Promise<AsyncIterable<TurnEvent> | null>;
  /**
   * Every event the bus holds for a turn, in seq order; null when it knows nothing of it. Used to
   * close a turn whose instance died: the stream's last seq is the truth for numbering its end.
   */
  history(turnId: string): Promise<TurnEvent[] | null>;
  /** Asks whichever instance runs the turn to cancel it (this one included). */
  requestCancel(turnId: string): Promise<void>;
  /** Registers the handler that receives cancel requests (the turn manager). */
  onCancelRequest(handler: (turnId: string) => void): void;
  /** Drops the replayable events of finished turns now (a visitor deleted their conversation). */
  forget(turnIds: readonly string[]): Promise<void>;
  /**
   * Tells every instance (this one included) that access changed (a key revoked, a site or thread
   * deleted, an origin removed), so each re-checks the credentials its open connections hold.
   */
  publishAccessChange(): Promise<void>;
  onAccessChange(handler: () => void): void;
  /** For /readyz, when the bus is a separate service (Redis). */
  health?(): Promise<{ ok: boolean; detail?: string }>;
  close(): Promise<void>;
}
