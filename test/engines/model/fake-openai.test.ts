import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyStopAndLimit, countTokens, embedText, startFakeOpenAI, tokenize, type FakeOpenAI } from '../../support/fake-openai.js';

describe('fake tokenizer', () => {
  it.each([
    ['Hello, world!', ['Hello', ',', ' world', '!']],
    ['<|im_start|>user\nhi<|im_end|>\n', ['<|im_start|>', 'user', '\nhi', '<|im_end|>', '\n']],
    ['  two  spaces ', ['  two', '  spaces', ' ']],
    ['', []],
  ])('tokenizes %j losslessly', (text, tokens) => {
    expect(tokenize(text)).toEqual(tokens);
    expect(tokenize(text).join('')).toBe(text);
  });

  it('applies stop strings, min_tokens and max_tokens like vLLM', () => {
    expect(applyStopAndLimit('a b c<|im_end|>d', ['<|im_start|>', '<|im_end|>'], 100)).toEqual({ text: 'a b c', finishReason: 'stop' });
    expect(applyStopAndLimit('a b c<|im_end|>d', ['<|im_end|>'], 100, 0, true)).toEqual({ text: 'a b c<|im_end|>', finishReason: 'stop' });
    expect(applyStopAndLimit('a b c d e', [], 3)).toEqual({ text: 'a b c', finishReason: 'length' });
    expect(applyStopAndLimit('a. b. c', ['.'], 100, 2)).toEqual({ text: 'a. b', finishReason: 'stop' });
    expect(applyStopAndLimit('short', ['x'], 100)).toEqual({ text: 'short', finishReason: 'stop' });
  });
});

describe('fake OpenAI server', () => {
  let fake: FakeOpenAI;
  let client: OpenAI;
  beforeEach(async () => {
    fake = await startFakeOpenAI({ models: ['m1', 'm2'] });
    client = new OpenAI({ baseURL: fake.baseURL, apiKey: 'test', maxRetries: 0 });
  });
  afterEach(async () => {
    await fake.close();
  });

  it('lists models', async () => {
    const page = await client.models.list();
    expect(page.data.map((m) => m.id)).toEqual(['m1', 'm2']);
  });

  it('streams chat content, split tool-call arguments and a usage chunk', async () => {
    fake.chat({ text: 'Let me look.', toolCalls: [{ name: 'search_conditions', arguments: { query: 'sore throat' } }], argumentChunks: 4 });
    const stream = await client.chat.completions.create({
      model: 'm1',
      messages: [{ role: 'user', content: 'my throat hurts' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let args = '';
    let argPieces = 0;
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      usage ??= chunk.usage;
      const c = chunk.choices[0];
      text += c?.delta.content ?? '';
      for (const tc of c?.delta.tool_calls ?? []) {
        if (tc.function?.arguments) {
          args += tc.function.arguments;
          argPieces += 1;
        }
      }
      finish ??= c?.finish_reason ?? null;
    }
    expect(text).toBe('Let me look.');
    expect(JSON.parse(args)).toEqual({ query: 'sore throat' });
    expect(argPieces).toBe(4);
    expect(finish).toBe('tool_calls');
    expect(usage).toEqual({ prompt_tokens: 4 + countTokens('my throat hurts'), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) });
  });

  it('answers non-streamed chat and completions', async () => {
    fake.chat({ text: 'Hi', reasoning: 'thinking' });
    const chat = await client.chat.completions.create({ model: 'm1', messages: [{ role: 'user', content: 'hello' }] });
    expect(chat.choices[0]?.message.content).toBe('Hi');
    expect((chat.choices[0]?.message as { reasoning_content?: string }).reasoning_content).toBe('thinking');

    fake.completion({ text: 'one two three four' });
    const done = await client.completions.create({ model: 'm1', prompt: 'count', max_tokens: 2 });
    expect(done.choices[0]).toMatchObject({ text: 'one two', finish_reason: 'length' });
    expect(done.usage).toMatchObject({ prompt_tokens: 1, completion_tokens: 2 });
  });

  it('streams completions cut at stop strings, with usage', async () => {
    fake.completion({ text: 'alpha beta<|im_end|>gamma' });
    const stream = await client.completions.create({
      model: 'm1',
      prompt: 'x y',
      max_tokens: 50,
      stop: ['<|im_end|>'],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let finish: string | null = null;
    let completionTokens = -1;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.text ?? '';
      finish ??= chunk.choices[0]?.finish_reason ?? null;
      if (chunk.usage) completionTokens = chunk.usage.completion_tokens;
    }
    expect(text).toBe('alpha beta');
    expect(finish).toBe('stop');
    expect(completionTokens).toBe(2);
  });

  it('returns deterministic embeddings (base64 for the SDK, floats otherwise)', async () => {
    const viaSdk = await client.embeddings.create({ model: 'e', input: ['sore throat', 'sore throat', 'broken arm'] });
    const [a, b, c] = viaSdk.data.map((d) => d.embedding);
    expect(a).toHaveLength(64);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    const res = await fetch(`${fake.baseURL}/embeddings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'e', input: 'sore throat', dimensions: 8 }),
    });
    const json = (await res.json()) as { data: { embedding: number[] }[] };
    expect(json.data[0]?.embedding).toEqual(embedText('sore throat', 8));
    fake.embeddings({ embeddings: [[1, 0, 0]] });
    const scripted = await client.embeddings.create({ model: 'e', input: 'x', encoding_format: 'float' });
    expect(scripted.data[0]?.embedding).toEqual([1, 0, 0]);
  });

  it('uses a handler when the queue is empty, and logs requests', async () => {
    fake.handle((req) => ({ text: `echo ${String((req.body as { prompt?: string }).prompt)}` }));
    const done = await client.completions.create({ model: 'm1', prompt: 'ping', max_tokens: 10 });
    expect(done.choices[0]?.text).toBe('echo ping');
    expect(fake.requests.map((r) => [r.method, r.path])).toEqual([['POST', '/v1/completions']]);
    expect(await fake.requests[0]?.outcome).toBe('completed');
  });

  it('fails loudly with 400 when nothing is scripted', async () => {
    await expect(client.chat.completions.create({ model: 'm1', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ status: 400 });
  });

  it('injects HTTP errors n times, optionally per path', async () => {
    fake.failNext(1, { status: 503, path: '/v1/completions' });
    fake.chat({ text: 'fine' });
    await expect(client.chat.completions.create({ model: 'm1', messages: [{ role: 'user', content: 'x' }] })).resolves.toBeTruthy();
    await expect(client.completions.create({ model: 'm1', prompt: 'x' })).rejects.toMatchObject({ status: 503 });
    fake.completion({ text: 'ok' });
    await expect(client.completions.create({ model: 'm1', prompt: 'x' })).resolves.toBeTruthy();
  });

  it('refuses connections after stopListening and accepts them again after listen', async () => {
    await fake.stopListening();
    await expect(client.models.list()).rejects.toMatchObject({ name: 'Error', message: 'Connection error.' });
    await fake.listen();
    await expect(client.models.list()).resolves.toBeTruthy();
  });

  it('cuts a stream after n events', async () => {
    fake.completion({ text: 'a b c d e f', cutAfterChunks: 2 });
    const stream = await client.completions.create({ model: 'm1', prompt: 'x', max_tokens: 10, stream: true });
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of stream) seen.push(chunk.choices[0]?.text ?? '');
      })(),
    ).rejects.toThrow();
    expect(seen).toEqual(['a', ' b']);
  });
});
