import { describe, expect, it } from 'vitest';
import { TurnError } from '../../server/contract/errors.js';
import { bindTurnScope, type TurnScope } from '../../server/contract/turn-scope.js';
import { ModelCapacity, type Slot } from '../../server/openai-compat/capacity.js';

/** Runs `acquire` as a turn that started at `startedAt`, recording what it was told. */
function asTurn(capacity: ModelCapacity, turnId: string, startedAt: number, signal = new AbortController().signal) {
  const told: (number | null)[] = [];
  const scope: TurnScope = { turnId, startedAt, status: (_m, place) => told.push(place) };
  bindTurnScope(signal, scope);
  const slot = capacity.acquire(signal);
  return { slot, told };
}

describe('ModelCapacity: a stream limit with a fair queue', () => {
  it('never opens more than the limit; releases hand the stream to the oldest turn first, not the first caller', async () => {
    const capacity = new ModelCapacity({ name: 'reasoner', limit: 2, timeoutMs: 60_000 });
    const a = await asTurn(capacity, 'a', 10).slot;
    const b = await asTurn(capacity, 'b', 20).slot;
    expect(capacity.inUse()).toBe(2);
    const order: string[] = [];
    // A new turn (started 40) asks first; then an older turn (started 15) asks for its next call.
    const late = asTurn(capacity, 'late', 40);
    const older = asTurn(capacity, 'older', 15);
    void late.slot.then(() => order.push('late'));
    void older.slot.then(() => order.push('older'));
    expect(late.told).toEqual([1]);
    expect(older.told).toEqual([1]); // it went ahead of the newer turn
    expect(capacity.depth()).toBe(2);
    a.release();
    const o = await older.slot;
    expect(order).toEqual(['older']);
    expect(capacity.inUse()).toBe(2);
    b.release();
    const l = await late.slot;
    expect(order).toEqual(['older', 'late']);
    o.release();
    l.release();
    l.release(); // twice is harmless
    expect(capacity.inUse()).toBe(0);
    expect(capacity.depth()).toBe(0);
  });

  it('gives up after the timeout with MODEL_BUSY (retryable) and leaves the queue as it was', async () => {
    const capacity = new ModelCapacity({ name: 'router', limit: 1, timeoutMs: 50 });
    const held = await capacity.acquire(new AbortController().signal);
    const error = await capacity.acquire(new AbortController().signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TurnError);
    expect(error).toMatchObject({ code: 'MODEL_BUSY', retryable: true });
    expect(capacity.depth()).toBe(0);
    held.release();
    expect(capacity.inUse()).toBe(0);
  });

  it('a cancelled waiter leaves the queue at once (CANCELLED) and takes no stream', async () => {
    const capacity = new ModelCapacity({ name: 'router', limit: 1, timeoutMs: 60_000 });
    const held = await capacity.acquire(new AbortController().signal);
    const controller = new AbortController();
    const waiting = capacity.acquire(controller.signal).catch((e: unknown) => e);
    expect(capacity.depth()).toBe(1);
    controller.abort();
    expect(await waiting).toMatchObject({ code: 'CANCELLED' });
    expect(capacity.depth()).toBe(0);
    held.release();
    expect(capacity.inUse()).toBe(0);
  });

  it('serves 200 turns through 8 streams in the order they started, whatever order they asked in', async () => {
    const capacity = new ModelCapacity({ name: 'reasoner', limit: 8, timeoutMs: 60_000 });
    const starts = Array.from({ length: 200 }, (_, i) => i);
    const asked = [...starts].sort((x, y) => ((x * 7919) % 200) - ((y * 7919) % 200)); // a fixed shuffle
    const held: Slot[] = [];
    const served: number[] = [];
    let peak = 0;
    const all = asked.map((start) =>
      asTurn(capacity, `t${start}`, start).slot.then((slot) => {
        served.push(start);
        peak = Math.max(peak, capacity.inUse());
        held.push(slot);
      }),
    );
    await Promise.resolve();
    while (served.length < 200) {
      await new Promise((r) => setImmediate(r));
      held.splice(0).forEach((s) => s.release());
    }
    await Promise.all(all);
    held.splice(0).forEach((s) => s.release());
    expect(peak).toBeLessThanOrEqual(8);
    // The first 8 got a free stream as they asked; everyone after was served oldest first.
    expect(served.slice(8)).toEqual([...served.slice(8)].sort((x, y) => x - y));
    expect(capacity.inUse()).toBe(0);
  });
});
