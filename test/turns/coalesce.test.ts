import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Coalescer } from '../../server/turns/coalesce.js';

type Body = { type: 'AnswerChunk' | 'ReasoningChunk'; delta: string } | { type: 'StatusChunk' };

describe('Coalescer (leading edge, then at most one event per window)', () => {
  let clock = 0;
  let published: { at: number; body: Body }[] = [];
  const make = (windowMs: number) => new Coalescer<Body>(windowMs, async (body) => void published.push({ at: clock, body }), () => clock);
  const advance = async (ms: number) => {
    clock += ms;
    await vi.advanceTimersByTimeAsync(ms);
  };

  beforeEach(() => {
    vi.useFakeTimers();
    clock = 1000;
    published = [];
  });
  afterEach(() => vi.useRealTimers());

  it('publishes each token of a slow stream (20 ms apart) at once: no window is waited out', async () => {
    const c = make(8);
    for (let i = 0; i < 5; i++) {
      const sentAt = clock;
      await c.delta({ type: 'ReasoningChunk', delta: `t${i} ` });
      expect(published.at(-1)).toEqual({ at: sentAt, body: { type: 'ReasoningChunk', delta: `t${i} ` } });
      await advance(20);
    }
    expect(published).toHaveLength(5);
  });

  it('merges a burst: the first token at once, the rest one window later, in order, nothing lost', async () => {
    const c = make(8);
    void c.delta({ type: 'AnswerChunk', delta: 'a' });
    for (const d of ['b', 'c', 'd']) void c.delta({ type: 'AnswerChunk', delta: d });
    await vi.advanceTimersByTimeAsync(0);
    expect(published.map((p) => p.body)).toEqual([{ type: 'AnswerChunk', delta: 'a' }]);
    await advance(8);
    expect(published.map((p) => p.body)).toEqual([
      { type: 'AnswerChunk', delta: 'a' },
      { type: 'AnswerChunk', delta: 'bcd' },
    ]);
    expect(published[1]!.at - published[0]!.at).toBe(8); // no token waited more than the window
  });

  it('keeps kinds apart and order across emit(): a pending delta leaves before the next event', async () => {
    const c = make(8);
    void c.delta({ type: 'ReasoningChunk', delta: 'r1' });
    void c.delta({ type: 'ReasoningChunk', delta: 'r2' });
    void c.delta({ type: 'AnswerChunk', delta: 'a1' });
    await c.emit({ type: 'StatusChunk' });
    expect(published.map((p) => p.body)).toEqual([
      { type: 'ReasoningChunk', delta: 'r1' },
      { type: 'ReasoningChunk', delta: 'r2' },
      { type: 'AnswerChunk', delta: 'a1' },
      { type: 'StatusChunk' },
    ]);
  });

  it('window 0 publishes every delta as its own event', async () => {
    const c = make(0);
    void c.delta({ type: 'AnswerChunk', delta: 'x' });
    await c.delta({ type: 'AnswerChunk', delta: 'y' });
    expect(published.map((p) => p.body)).toEqual([
      { type: 'AnswerChunk', delta: 'x' },
      { type: 'AnswerChunk', delta: 'y' },
    ]);
  });
});
