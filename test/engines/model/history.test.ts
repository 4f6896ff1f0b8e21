import { describe, expect, it } from 'vitest';
import type { HistoryMessage } from '../../../server/contract/turn.js';
import { approxTokens, windowExchanges, windowTokens } from '../../../server/engines/model/history.js';

const u = (content: string): HistoryMessage => ({ role: 'user', content });
const a = (content: string): HistoryMessage => ({ role: 'assistant', content });
const contents = (h: HistoryMessage[]) => h.map((m) => m.content);

describe('windowExchanges (router, responder)', () => {
  const history = [u('u1'), a('a1'), u('u2'), a('a2'), u('u3'), a('a3')];

  it('keeps the last n exchanges and pins the first user message in front', () => {
    expect(contents(windowExchanges(history, 1))).toEqual(['u1', 'u3', 'a3']);
    expect(contents(windowExchanges(history, 2))).toEqual(['u1', 'u2', 'a2', 'u3', 'a3']);
    expect(contents(windowExchanges(history, 3))).toEqual(['u1', 'a1', 'u2', 'a2', 'u3', 'a3']);
    expect(contents(windowExchanges(history, 9))).toEqual(['u1', 'a1', 'u2', 'a2', 'u3', 'a3']);
    expect(windowExchanges(history, 0)).toEqual([]);
  });

  it('pins the first user message even when the thread opened with an assistant message', () => {
    expect(contents(windowExchanges([a('welcome'), u('u1'), a('a1'), u('u2'), a('a2')], 1))).toEqual(['u1', 'u2', 'a2']);
  });
});

describe('windowTokens (reasoner)', () => {
  it('keeps everything, in order, when it fits', () => {
    const history = [u('I have a headache'), a('Where is it?'), u('At the front'), a('Any fever?')];
    expect(windowTokens(history, 1000)).toEqual(history);
  });

  it('when tight, drops our replies (oldest first) before any of the visitor\'s words, and always keeps the first message', () => {
    const reply = 'x'.repeat(200); // 54 tokens each
    const history = [u('chief complaint: chest tightness'), a(reply), u('since this morning'), a(reply), u('worse on the stairs'), a('Any pain in the arm?')];
    const userTokens = [0, 2, 4].reduce((n, i) => n + approxTokens(history[i]!.content), 0);
    const budget = userTokens + approxTokens('Any pain in the arm?') + approxTokens(reply); // room for two replies
    expect(contents(windowTokens(history, budget))).toEqual([
      'chief complaint: chest tightness',
      'since this morning',
      reply,
      'worse on the stairs',
      'Any pain in the arm?',
    ]);
  });

  it('keeps the first message and the newest visitor messages when even they do not all fit', () => {
    const long = 'y'.repeat(400); // 104 tokens
    const history = [u('the chief complaint'), u(long), u('the latest fact')];
    expect(contents(windowTokens(history, approxTokens('the chief complaint') + approxTokens('the latest fact') + 10))).toEqual(['the chief complaint', 'the latest fact']);
  });

  it('0 tokens: no history', () => {
    expect(windowTokens([u('a'), a('b')], 0)).toEqual([]);
  });
});
