import { describe, expect, it } from 'vitest';
import { TurnLog } from '../../server/bus/turn-log.js';
import type { TurnEvent } from '../../server/contract/events.js';

/** A turn as the manager publishes it: lifecycle events around hundreds of deltas of both kinds. */
function turn(turnId: string, deltas: number): TurnEvent[] {
  const events: TurnEvent[] = [{ type: 'TurnStarted', engine: 'MODEL', turnId, seq: 1 }];
  for (let i = 0; i < deltas; i++) {
    const seq = events.length + 1;
    if (i === deltas / 2) events.push({ type: 'StatusChunk', stage: 'answering', message: 'Writing the answer', turnId, seq });
    else events.push({ type: i < deltas / 2 ? 'ReasoningChunk' : 'AnswerChunk', delta: i % 7 === 0 ? `é"\n${i}` : ` t${i}`, turnId, seq });
  }
  events.push({ type: 'TurnCompleted', messageId: 'm1', route: 'TRIAGE', turnId, seq: events.length + 1 });
  return events;
}

describe('TurnLog', () => {
  it('gives back every event as published, across many blocks of deltas', () => {
    const events = turn('t1', 650);
    const log = new TurnLog('t1');
    for (const e of events) log.append(e);
    expect(log.length).toBe(events.length);
    expect(log.toArray()).toEqual(events);
    expect(events.map((_, i) => log.at(i))).toEqual(events);
    expect(log.finishedAt).not.toBeNull();
  });

  it('joins the answer and the reasoning from their deltas', () => {
    const events = turn('t2', 300);
    const log = new TurnLog('t2');
    for (const e of events) log.append(e);
    const join = (type: string) => events.flatMap((e) => (e.type === type && 'delta' in e ? [e.delta] : [])).join('');
    expect(log.text('AnswerChunk')).toBe(join('AnswerChunk'));
    expect(log.text('ReasoningChunk')).toBe(join('ReasoningChunk'));
  });

  it('writes the same log as JSON text, with extra events at the end', () => {
    const events = turn('t3', 200);
    const log = new TurnLog('t3');
    for (const e of events.slice(0, -1)) log.append(e);
    expect(JSON.parse(log.toJson(events.at(-1)!))).toEqual(events);
    expect(log.finishedAt).toBeNull();
  });

  it('refuses an event out of sequence', () => {
    const log = new TurnLog('t4');
    expect(() => log.append({ type: 'AnswerChunk', delta: 'x', turnId: 't4', seq: 2 })).toThrow(/expected 1/);
  });
});
