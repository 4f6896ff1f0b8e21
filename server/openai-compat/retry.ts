import { setTimeout as sleep } from 'node:timers/promises';
import { log } from '../log.js';
import { TurnError } from '../contract/errors.js';
import { classifyModelError, DeadlineExceeded } from './errors.js';
import { trace, type Attributes } from '@opentelemetry/api';
import { tokenAttributes, traceGenerator, tracingEnabled } from '../telemetry/index.js';
import type { ModelCapacity } from './capacity.js';
import { inheritTurnScope } from '../contract/turn-scope.js';

/**
 * Timeouts and retries around one streamed model request.
 *
 * Rule: a request that fails before its first token is retried (bounded, exponential backoff),
 * because nothing of it reached the user. Once a token arrived, a failure is final: retrying
 * would re-stream text the user has already seen, or silently produce a different one.
 */
export interface CallPolicy {
  /** Extra attempts after the first (MODEL_RETRIES). */
  retries: number;
  /** No token for this long, before the first or between two, abandons the attempt. */
  firstTokenTimeoutMs: number;
  /** Limit for one attempt from request to last token; `Infinity` for none. */
  callTimeoutMs: number;
  /** Backoff before retry n (0-based) is about base * 2^n, capped at max, with jitter. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** The server's stream limit: each attempt waits here for a free stream (not counted as model silence). */
  capacity?: ModelCapacity;
}

export const DEFAULT_BACKOFF = { backoffBaseMs: 250, backoffMaxMs: 4_000 } as const;

/**
 * One attempt: makes the HTTP request with `signal`, calls `onToken` whenever model output arrives
 * (whether or not it is yielded), yields what the caller should see, returns the result.
 */
export type Attempt<T, R> = (signal: AbortSignal, onToken: () => void) => AsyncGenerator<T, R>;

type AttemptOutcome<R> = { ok: true; value: R } | { ok: false; error: TurnError; received: boolean };

/**
 * Runs `attempt` under `policy`, retrying failures that happened before the first token.
 * Every failure surfaces as a TurnError (errors unrelated to the model, i.e. bugs, pass unchanged).
 * `what` names the call in messages and logs (e.g. "router", "reasoner thinking round 2").
 */
export function streamWithRetry<T, R>(what: string, policy: CallPolicy, signal: AbortSignal, attempt: Attempt<T, R>): AsyncGenerator<T, R> {
  // With tracing on, one span per model call (its HTTP attempts nest under it), with its tokens.
  if (!tracingEnabled()) return retrying(what, policy, signal, attempt);
  return traceGenerator(what, modelCallAttributes(what), () => retrying(what, policy, signal, attempt), {
    onReturn: (span, result) => span.setAttributes(tokenAttributes(result)),
  });
}

async function* retrying<T, R>(what: string, policy: CallPolicy, signal: AbortSignal, attempt: Attempt<T, R>): AsyncGenerator<T, R> {
  for (let n = 0; ; n++) {
    // Waiting for a stream is not the model being silent: the idle and call timers start after.
    const slot = await policy.capacity?.acquire(signal);
    let outcome: AttemptOutcome<R>;
    try {
      outcome = yield* runAttempt(what, policy, signal, attempt);
    } finally {
      slot?.release();
    }
    if (outcome.ok) return outcome.value;
    const { error, received } = outcome;
    // A caller's abort (cancel, or its stage deadline) ends the call whatever the error says.
    if (received || !error.retryable || n >= policy.retries || signal.aborted) {
      const fields = { call: what, attempt: n + 1, code: error.code, afterFirstToken: received, err: error.message };
      // A cancellation is the caller's choice, not a model problem.
      if (error.code === 'CANCELLED') log.debug(fields, 'model call cancelled');
      else log.warn(fields, 'model call failed');
      throw error;
    }
    const delayMs = backoffDelay(n, policy);
    trace.getActiveSpan()?.addEvent('retry', { attempt: n + 1, 'error.type': error.code, 'triage.retry_in_ms': delayMs });
    log.warn({ call: what, attempt: n + 1, code: error.code, retryInMs: delayMs, err: error.message }, 'model call failed before its first token; retrying');
    await abortableSleep(delayMs, signal, what);
  }
}

async function* runAttempt<T, R>(
  what: string,
  policy: CallPolicy,
  signal: AbortSignal,
  attempt: Attempt<T, R>,
): AsyncGenerator<T, AttemptOutcome<R>> {
  const controller = new AbortController();
  const forward = (): void => controller.abort(signal.reason);
  if (signal.aborted) forward();
  else signal.addEventListener('abort', forward, { once: true });

  let received = false;
  // One idle timer per call, not one per token: each token only notes the time, and the timer,
  // when it fires, re-arms itself for whatever remains of the quiet period. At hundreds of live
  // turns, clearing and setting a timer twice per token was a measurable share of the service's CPU.
  const idleMs = policy.firstTokenTimeoutMs;
  let lastActivity = performance.now();
  // While our consumer holds a token (its own pace), the model is not being silent.
  let consumerHolds = false;
  const checkIdle = (): void => {
    if (consumerHolds) {
      idle = setTimeout(checkIdle, idleMs);
      return;
    }
    const quiet = performance.now() - lastActivity;
    if (quiet >= idleMs) controller.abort(new DeadlineExceeded(received ? `no token for ${idleMs} ms` : `no first token within ${idleMs} ms`));
    else idle = setTimeout(checkIdle, idleMs - quiet);
  };
  let idle: NodeJS.Timeout | undefined = setTimeout(checkIdle, idleMs);
  const callTimer = Number.isFinite(policy.callTimeoutMs)
    ? setTimeout(() => controller.abort(new DeadlineExceeded(`no answer within ${policy.callTimeoutMs} ms`)), policy.callTimeoutMs)
    : undefined;
  const onToken = (): void => {
    received = true;
    lastActivity = performance.now();
  };

  const gen = attempt(controller.signal, onToken);
  let settled = false;
  try {
    for (;;) {
      let step: IteratorResult<T, R>;
      try {
        step = await gen.next();
      } catch (err) {
        settled = true;
        const mapped = classifyModelError(err, what, controller.signal, signal);
        if (mapped instanceof TurnError) return { ok: false, error: mapped, received };
        throw mapped;
      }
      if (step.done) {
        settled = true;
        return { ok: true, value: step.value };
      }
      // The consumer's own pace must not count as model silence.
      consumerHolds = true;
      try {
        yield step.value;
      } finally {
        consumerHolds = false;
        lastActivity = performance.now();
      }
    }
  } finally {
    clearTimeout(idle);
    clearTimeout(callTimer);
    signal.removeEventListener('abort', forward);
    if (!settled) {
      // The consumer stopped early (return/throw at a yield): abort the request and let the attempt clean up.
      controller.abort(new Error(`${what}: consumer stopped reading`));
      await gen.return(undefined as never);
    }
  }
}

/** "reasoner thinking round 2" -> the call and its round, for the span. */
function modelCallAttributes(what: string): Attributes {
  const round = /round (\d+)$/.exec(what);
  return { 'triage.model.call': what, ...(round ? { 'triage.reasoner.round': Number(round[1]) } : {}) };
}

export function backoffDelay(n: number, policy: Pick<CallPolicy, 'backoffBaseMs' | 'backoffMaxMs'>): number {
  const full = Math.min(policy.backoffMaxMs, policy.backoffBaseMs * 2 ** n);
  // "Equal jitter": at least half the delay, so replicas retrying together spread out without ever hammering.
  return Math.round(full / 2 + (Math.random() * full) / 2);
}

async function abortableSleep(ms: number, signal: AbortSignal, what: string): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch (err) {
    throw classifyModelError(err, what, undefined, signal);
  }
}

/**
 * A signal that aborts with a DeadlineExceeded reason after `ms` (stage timeouts), or with the
 * parent's reason. `dispose()` clears the timer and the listener.
 */
export function withDeadline(parent: AbortSignal, ms: number, message: string): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  inheritTurnScope(parent, controller.signal);
  const forward = (): void => controller.abort(parent.reason);
  if (parent.aborted) forward();
  else parent.addEventListener('abort', forward, { once: true });
  const timer = Number.isFinite(ms) ? setTimeout(() => controller.abort(new DeadlineExceeded(message)), ms) : undefined;
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer);
      parent.removeEventListener('abort', forward);
    },
  };
}
