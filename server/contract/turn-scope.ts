/**
 * What code deep inside a turn (a model client waiting for a free stream) may know of the turn
 * running it, without every layer in between passing it along: when the turn started (older turns
 * are served first) and a way to tell its subscribers something (a StatusChunk with its place in
 * a queue). It travels with the turn's AbortSignal, which every layer already passes down: the
 * turn manager binds it to the turn's signal, and a signal derived from another (a stage
 * deadline) inherits it. Outside a turn (eval, start-up) there is none: plain FIFO and silence.
 *
 * Not AsyncLocalStorage: on Node 20 it turns on promise hooks for every promise in the process,
 * which cost a few percent of CPU under load for this one lookup per model call.
 */
export interface TurnScope {
  turnId: string;
  /** performance.now() when the turn started: the fairness key of every model call it makes. */
  startedAt: number;
  /** Publishes a StatusChunk for the turn's current stage (best effort, never throws). */
  status(message: string, queuePosition: number | null): void;
}

const scopes = new WeakMap<AbortSignal, TurnScope>();

export function bindTurnScope(signal: AbortSignal, scope: TurnScope): void {
  scopes.set(signal, scope);
}

export function turnScopeOf(signal: AbortSignal): TurnScope | undefined {
  return scopes.get(signal);
}

/** A signal derived from a turn's signal (a deadline) belongs to the same turn. */
export function inheritTurnScope(parent: AbortSignal, child: AbortSignal): void {
  const scope = scopes.get(parent);
  if (scope) scopes.set(child, scope);
}
