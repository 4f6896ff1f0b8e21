import type { Logger } from '../log.js';
import type { Db } from '../store/db.js';
import { cancelClaimed, claimDeliveries, recordAttempt, type AttemptResult, type ClaimedDelivery } from '../store/webhooks.js';
import { deliveryBody, signedHeaders } from './payload.js';

export interface WebhookWorkerOptions {
  db: Db;
  log: Logger;
  /** How often it looks for due deliveries when nothing told it to (default 2 s). */
  pollMs?: number;
  /** Deliveries claimed per round (default 10); they are sent in parallel. */
  batch?: number;
  /** How long one HTTP attempt may take (default 10 s). */
  timeoutMs?: number;
  /** Attempts before a delivery is FAILED (default 12: about 14.5 hours with the default backoff). */
  maxAttempts?: number;
  /** The wait after the first failure; it doubles with each further one (default 30 s). */
  retryBaseMs?: number;
  /** The longest wait between two attempts (default 6 h). */
  retryMaxMs?: number;
}

/** The wait before attempt `attempt + 1`: base, doubling, capped, with ±10% jitter so a burst of failures spreads out. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const wait = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(wait * (0.9 + 0.2 * random()));
}

const excerpt = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

/**
 * Sends due deliveries. Every instance runs one; Postgres decides which takes what (the claim in
 * store/webhooks.ts), so a delivery is sent by one instance at a time, and a restart loses nothing
 * (pending deliveries are rows; one claimed by an instance that died is taken again after its lease).
 */
export class WebhookWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly o: Required<Omit<WebhookWorkerOptions, 'db' | 'log'>>;

  constructor(private readonly options: WebhookWorkerOptions) {
    this.o = {
      pollMs: options.pollMs ?? 2000,
      batch: options.batch ?? 10,
      timeoutMs: options.timeoutMs ?? 10_000,
      maxAttempts: options.maxAttempts ?? 12,
      retryBaseMs: options.retryBaseMs ?? 30_000,
      retryMaxMs: options.retryMaxMs ?? 6 * 3_600_000,
    };
  }

  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => this.nudge(), this.o.pollMs);
    this.timer.unref();
    this.nudge();
  }

  /** Looks for due deliveries now (an event was just recorded), without waiting for the next poll. */
  nudge(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'webhook round failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /** Stops claiming and waits for the attempts under way to be recorded. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await Promise.all([...this.inFlight]);
  }

  /** Claims and sends rounds until nothing is due. */
  private async drain(): Promise<void> {
    while (!this.closed) {
      // The lease outlasts the attempt, so no other instance takes a delivery still being sent.
      const claimed = await claimDeliveries(this.options.db, this.o.batch, this.o.timeoutMs + 30_000);
      if (!claimed.length) return;
      await Promise.all(claimed.map((c) => this.track(this.deliver(c))));
    }
  }

  private track(work: Promise<void>): Promise<void> {
    this.inFlight.add(work);
    return work.finally(() => this.inFlight.delete(work));
  }

  private async deliver(claim: ClaimedDelivery): Promise<void> {
    const { db, log } = this.options;
    if (!claim.webhook.enabled || claim.key.revoked) {
      await cancelClaimed(db, claim, claim.key.revoked ? 'the webhook’s key was revoked' : 'webhook disabled');
      return;
    }
    const result = await this.send(claim);
    const retryAt = result.outcome !== 'DELIVERED' && claim.attempt < this.o.maxAttempts ? new Date(Date.now() + backoffMs(claim.attempt, this.o.retryBaseMs, this.o.retryMaxMs)) : null;
    const recorded = await recordAttempt(db, claim, result, retryAt);
    const fields = { webhookId: claim.webhook.id, deliveryId: claim.id, eventId: claim.event.id, type: claim.event.type, attempt: claim.attempt, outcome: result.outcome, status: result.statusCode, ms: result.durationMs };
    if (!recorded) log.warn(fields, 'webhook attempt outlived its claim; another worker took the delivery over');
    else if (result.outcome === 'DELIVERED') log.info(fields, 'webhook delivered');
    else log.warn({ ...fields, error: result.error, retryAt: retryAt?.toISOString() ?? null }, retryAt ? 'webhook attempt failed; will retry' : 'webhook delivery failed after its last attempt');
  }

  /** One signed POST; anything but a 2xx (redirects included: they are not followed) is a failure. */
  private async send(claim: ClaimedDelivery): Promise<AttemptResult> {
    const at = new Date();
    const t0 = performance.now();
    const body = deliveryBody(claim.event, claim.key.scopes);
    const took = () => Math.round(performance.now() - t0);
    try {
      const response = await fetch(claim.webhook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'triage-assistant-webhooks/1', ...signedHeaders(claim.webhook.secrets, claim.event.id, at, body) },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.o.timeoutMs),
      });
      const text = await response.text().catch(() => '');
      if (response.ok) return { outcome: 'DELIVERED', statusCode: response.status, error: null, durationMs: took(), at };
      return { outcome: 'HTTP_ERROR', statusCode: response.status, error: excerpt(`HTTP ${response.status}${text ? `: ${text}` : ''}`), durationMs: took(), at };
    } catch (error) {
      const timeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
      return { outcome: timeout ? 'TIMEOUT' : 'NETWORK_ERROR', statusCode: null, error: excerpt(timeout ? `no answer within ${this.o.timeoutMs} ms` : cause), durationMs: took(), at };
    }
  }
}
