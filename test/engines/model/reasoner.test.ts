import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderChatML } from '../../../server/engines/model/chatml.js';
import type { ReasonerMessage as ChatMessage } from '../../../server/engines/model/reasoner.js';
import { ANSWER_OPEN, ASSISTANT_OPEN, splitReasonerOutput, THINK_OPEN, waitAfter } from '../../../server/engines/model/reasoner.js';
import { countTokens, startFakeOpenAI, type FakeOpenAI } from '../../support/fake-openai.js';
import { drain, fakeClients } from './helpers.js';

const messages: ChatMessage[] = [
  { role: 'system', content: 'You are a careful clinician.' },
  { role: 'user', content: 'Sore throat and fever for two days. Which condition?' },
];
// The conversation, then an assistant turn opened, as T0 was trained and the reference served it.
const chatml = renderChatML(messages) + ASSISTANT_OPEN;

let fake: FakeOpenAI;
beforeEach(async () => {
  fake = await startFakeOpenAI();
});
afterEach(async () => {
  await fake.close();
});

describe('budget forcing (completions API)', () => {
  it('sends the exact request sequence: think, Wait rounds with a shrinking budget and min_tokens 1, then the answer', async () => {
    const round1 = 'Fever and sore throat suggest flu.';
    const round2 = '\nTonsillitis is possible too.\n';
    const round3 = ' Check the red flags: none of them apply here at all, so this is fine and safe.';
    fake.completion(
      { text: `${round1}<|im_end|>ignored` }, // the model tries to stop: cut at the stop string
      { text: `${round2}<|im_start|>answer` }, // stops again at the other stop string
      { text: round3 }, // runs out of budget: cut by max_tokens
      { text: '(flu, Self-care)<|im_end|>' },
    );
    const { clients } = fakeClients(fake, {
      BUDGET_THINKING_TOKENS: '25',
      BUDGET_STOP_SKIPS: '5',
      REASONER_ANSWER_TOKENS: '64',
      REASONER_SEED: '1234',
      REASONER_TEMPERATURE: '0.5',
      REASONER_TOP_P: '0.9',
    });
    const { items, result } = await drain(clients.reasoner.reason(messages, new AbortController().signal));

    const used1 = countTokens(round1); // 7
    const used2 = countTokens(round2); // 6
    const budget3 = 25 - used1 - used2;
    const cut3 = round3.match(/\s*(?:[A-Za-z0-9]+|[^\sA-Za-z0-9])/g)?.slice(0, budget3).join('') ?? '';

    // "Wait" starts a new sentence after "flu." and needs no space after a newline.
    const wait1 = ' Wait';
    const wait2 = 'Wait';
    expect(waitAfter(round1)).toBe(wait1);
    expect(waitAfter(round2)).toBe(wait2);
    const reqs = fake.completionRequests();
    expect(reqs.map((r) => r.prompt)).toEqual([
      chatml + THINK_OPEN,
      chatml + THINK_OPEN + round1 + wait1,
      chatml + THINK_OPEN + round1 + wait1 + round2 + wait2,
      chatml + THINK_OPEN + round1 + wait1 + round2 + wait2 + cut3 + '\n<|im_start|>answer\n',
    ]);
    expect(reqs.map((r) => r.max_tokens)).toEqual([25, 25 - used1, budget3, 64]);
    // After a Wait the model must write at least one token (it would otherwise stop again at once).
    expect(reqs.map((r) => r.min_tokens)).toEqual([0, 1, 1, 0]);
    expect(reqs.map((r) => r.stop)).toEqual([
      ['<|im_start|>', '<|im_end|>'],
      ['<|im_start|>', '<|im_end|>'],
      ['<|im_start|>', '<|im_end|>'],
      ['<|im_end|>'],
    ]);
    for (const r of reqs) {
      expect(r).toMatchObject({
        model: 'reasoner-model',
        stream: true,
        stream_options: { include_usage: true },
        seed: 1234,
        temperature: 0.5,
        top_p: 0.9,
        skip_special_tokens: false,
        include_stop_str_in_output: false,
      });
    }

    // Thinking streams (Waits included); the answer is captured, not streamed.
    const streamed = items.map((d) => d.delta).join('');
    expect(streamed).toBe(round1 + wait1 + round2 + wait2 + cut3);
    expect(items.every((d) => d.type === 'thinking')).toBe(true);
    expect(streamed).not.toContain('(flu');
    expect(result.thinking).toBe(streamed);
    expect(result.answer).toBe('(flu, Self-care)');
    expect(result.output).toBe(streamed + ANSWER_OPEN + '(flu, Self-care)');
    expect(splitReasonerOutput(result.output)).toEqual({ thinking: streamed, answer: '(flu, Self-care)' });
    expect(result.rounds).toBe(3);
    expect(result.thinkingTokens).toBe(25);
    expect(result.usage.completionTokens).toBe(25 + countTokens('(flu, Self-care)'));
    expect(result.usage.promptTokens).toBe(reqs.reduce((n, r) => n + countTokens(r.prompt), 0));
    expect(fake.pending().completions).toBe(0);
  });

  it('sends the reference defaults: 512 thinking tokens, no Wait, 256 answer tokens, temperature 0.7, top-p 1, seed 42', async () => {
    fake.completion({ text: 'Thinking.' }, { text: '(flu, Self-care)' });
    const { clients } = fakeClients(fake);
    await drain(clients.reasoner.reason(messages, new AbortController().signal));
    const reqs = fake.completionRequests();
    expect(reqs.map((r) => [r.max_tokens, r.min_tokens, r.temperature, r.top_p, r.seed])).toEqual([
      [512, 0, 0.7, 1, 42],
      [256, 0, 0.7, 1, 42],
    ]);
  });

  it('REASONER_SEED=none sends no seed', async () => {
    fake.completion({ text: 'Thinking.' }, { text: '(flu, Self-care)' });
    const { clients } = fakeClients(fake, { REASONER_SEED: 'none' });
    await drain(clients.reasoner.reason(messages, new AbortController().signal));
    expect(fake.completionRequests().map((r) => 'seed' in r)).toEqual([false, false]);
  });

  it('stops appending Wait when the stop-skip rounds are used up', async () => {
    fake.completion({ text: 'First thought.' }, { text: ' Second thought.' }, { text: '(flu, A&E)' });
    const { clients } = fakeClients(fake, { BUDGET_THINKING_TOKENS: '1000', BUDGET_STOP_SKIPS: '1' });
    const { result } = await drain(clients.reasoner.reason(messages, new AbortController().signal));
    const reqs = fake.completionRequests();
    expect(reqs).toHaveLength(3);
    expect(reqs[1]?.prompt).toBe(chatml + THINK_OPEN + 'First thought. Wait');
    expect(reqs[2]?.prompt).toBe(chatml + THINK_OPEN + 'First thought. Wait Second thought.' + ANSWER_OPEN);
    expect(reqs[2]?.max_tokens).toBe(256);
    expect(result.thinking).toBe('First thought. Wait Second thought.');
    expect(result.answer).toBe('(flu, A&E)');
  });

  it('with no stop skips, thinks once and answers', async () => {
    fake.completion({ text: 'Thinking.' }, { text: '(flu, Self-care)' });
    const { clients } = fakeClients(fake, { BUDGET_THINKING_TOKENS: '100', BUDGET_STOP_SKIPS: '0' });
    const { result } = await drain(clients.reasoner.reason(messages, new AbortController().signal));
    expect(fake.completionRequests().map((r) => r.prompt)).toEqual([chatml + THINK_OPEN, chatml + THINK_OPEN + 'Thinking.' + ANSWER_OPEN]);
    expect(result.rounds).toBe(1);
  });

  it('with budget 0 goes straight to the answer: the think marker directly followed by the answer marker', async () => {
    fake.completion({ text: '(common-cold, Self-care)<|im_end|>' });
    const { clients } = fakeClients(fake, { BUDGET_THINKING_TOKENS: '0', BUDGET_STOP_SKIPS: '3', REASONER_ANSWER_TOKENS: '32' });
    const { items, result } = await drain(clients.reasoner.reason(messages, new AbortController().signal));
    const reqs = fake.completionRequests();
    expect(reqs).toHaveLength(1);
    expect(reqs[0]).toMatchObject({ prompt: chatml + '<|im_start|>think\n<|im_start|>answer\n', max_tokens: 32, stop: ['<|im_end|>'], min_tokens: 0 });
    expect(items).toEqual([]);
    expect(result).toMatchObject({ thinking: '', answer: '(common-cold, Self-care)', rounds: 0, thinkingTokens: 0 });
  });

  it('estimates tokens when the server sends no usage', async () => {
    fake.completion({ text: 'abcdefgh', usage: null }, { text: '(flu, Self-care)', usage: null });
    const { clients } = fakeClients(fake, { BUDGET_THINKING_TOKENS: '10', BUDGET_STOP_SKIPS: '0' });
    const { result } = await drain(clients.reasoner.reason(messages, new AbortController().signal));
    expect(result.thinkingTokens).toBe(2); // 8 characters / 4
  });
});

describe('chat mode (hosted reasoning models)', () => {
  it('streams reasoning_content deltas as thinking and captures the content as the answer', async () => {
    fake.chat({ reasoning: 'The fever points to flu.', text: '(flu, Self-care)' });
    const { clients } = fakeClients(fake, { REASONER_MODE: 'chat', BUDGET_THINKING_TOKENS: '500', REASONER_ANSWER_TOKENS: '100', REASONER_SEED: '7' });
    const { items, result } = await drain(clients.reasoner.reason(messages, new AbortController().signal));
    expect(items.map((d) => d.delta).join('')).toBe('The fever points to flu.');
    expect(result.answer).toBe('(flu, Self-care)');
    expect(result.output).toBe('The fever points to flu.' + ANSWER_OPEN + '(flu, Self-care)');
    const [req] = fake.chatRequests();
    expect(req).toMatchObject({ model: 'reasoner-model', stream: true, max_completion_tokens: 600, seed: 7, messages });
    expect(fake.completionRequests()).toHaveLength(0);
  });

  it('accepts the newer `reasoning` delta field', async () => {
    fake.chat({ reasoning: 'Hmm.', reasoningField: 'reasoning', text: '(flu, A&E)' });
    const { clients } = fakeClients(fake, { REASONER_MODE: 'chat' });
    const { items, result } = await drain(clients.reasoner.reason(messages, new AbortController().signal));
    expect(items.map((d) => d.delta).join('')).toBe('Hmm.');
    expect(result.answer).toBe('(flu, A&E)');
  });

  it('splits <think> tags in the content, even when split across chunks', async () => {
    fake.chat({ text: '<think>Fever and aches.\nLikely flu.</think>\n\n(flu, Self-care)', tokensPerChunk: 1, chunksPerSecond: 100 }); // paced: one delta per network read
    const { clients } = fakeClients(fake, { REASONER_MODE: 'chat' });
    const { items, result } = await drain(clients.reasoner.reason(messages, new AbortController().signal));
    expect(items.map((d) => d.delta).join('')).toBe('Fever and aches.\nLikely flu.');
    expect(items.length).toBeGreaterThan(1); // streamed, not in one piece
    expect(result.answer).toBe('(flu, Self-care)');
  });

  it('treats text before a lone </think> as thinking', async () => {
    fake.chat({ text: 'Fever and aches.</think>(flu, Self-care)' });
    const { clients } = fakeClients(fake, { REASONER_MODE: 'chat' });
    const { items, result } = await drain(clients.reasoner.reason(messages, new AbortController().signal));
    expect(items.map((d) => d.delta).join('')).toBe('Fever and aches.');
    expect(result.answer).toBe('(flu, Self-care)');
  });
});
