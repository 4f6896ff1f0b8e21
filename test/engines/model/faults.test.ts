import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatDelta } from '../../../server/engines/model/chat.js';
import type { ReasonerMessage } from '../../../server/engines/model/reasoner.js';
import { TurnError } from '../../../server/contract/errors.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../support/fake-openai.js';
import { drain, fakeClients, rejection } from './helpers.js';

const messages: ReasonerMessage[] = [{ role: 'user', content: 'hello' }];
const signal = (): AbortSignal => new AbortController().signal;

let fake: FakeOpenAI;
beforeEach(async () => {
  fake = await startFakeOpenAI();
});
afterEach(async () => {
  await fake.close();
});

function routerOn(env: Record<string, string> = {}) {
  return fakeClients(fake, { MODEL_RETRIES: '2', ...env }).clients.router;
}

async function expectTurnError(promise: Promise<unknown>, code: string, retryable: boolean): Promise<TurnError> {
  const err = await rejection(promise);
  expect(err).toBeInstanceOf(TurnError);
  expect(err).toMatchObject({ code, retryable });
  return err as TurnError;
}

describe('model call faults', () => {
  it('connection refused -> MODEL_UNAVAILABLE after the retries', async () => {
    await fake.stopListening();
    const err = await expectTurnError(drain(routerOn().stream({ stage: 'router', messages }, signal())), 'MODEL_UNAVAILABLE', true);
    expect(err.message).toMatch(/ECONNREFUSED/);
  });

  it('HTTP 500 twice, then success -> retried, the caller sees one clean stream', async () => {
    fake.failNext(2, { status: 500 }).chat({ text: 'Hello there' });
    const { items, result } = await drain(routerOn().stream({ stage: 'router', messages }, signal()));
    expect(items.map((d) => d.delta).join('')).toBe('Hello there');
    expect(result.text).toBe('Hello there');
    expect(fake.requests).toHaveLength(3);
  });

  it('HTTP 500 forever -> MODEL_UNAVAILABLE after MODEL_RETRIES retries', async () => {
    fake.failNext(Infinity, { status: 500 });
    await expectTurnError(drain(routerOn({ MODEL_RETRIES: '3' }).stream({ stage: 'router', messages }, signal())), 'MODEL_UNAVAILABLE', true);
    expect(fake.requests).toHaveLength(4);
  });

  it('HTTP 429 is retried like a 5xx', async () => {
    fake.failNext(1, { status: 429 }).chat({ text: 'ok' });
    await drain(routerOn().stream({ stage: 'router', messages }, signal()));
    expect(fake.requests).toHaveLength(2);
  });

  it('HTTP 400 -> MODEL_BAD_RESPONSE, not retried', async () => {
    fake.chat({ error: { status: 400, message: 'context too long' } });
    const err = await expectTurnError(drain(routerOn().stream({ stage: 'router', messages }, signal())), 'MODEL_BAD_RESPONSE', false);
    expect(err.message).toMatch(/context too long/);
    expect(fake.requests).toHaveLength(1);
  });

  it('malformed stream data -> MODEL_BAD_RESPONSE with the status', async () => {
    fake.chat({ raw: 'data: {not json\n\n' });
    const err = await expectTurnError(drain(routerOn({ MODEL_RETRIES: '0' }).stream({ stage: 'router', messages }, signal())), 'MODEL_BAD_RESPONSE', false);
    expect(err.message).toBe('router: malformed stream data (HTTP 200)');
  });

  it("HTTP 200 with a proxy's HTML page -> MODEL_BAD_RESPONSE naming the status, type and page, never 'interrupted', not retried", async () => {
    const page = '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\n<body><h1>Bad Gateway</h1></body></html>';
    fake.chat({ raw: page, contentType: 'text/html; charset=utf-8' });
    const err = await expectTurnError(drain(routerOn().stream({ stage: 'router', messages }, signal())), 'MODEL_BAD_RESPONSE', false);
    expect(err.message).toBe(
      'router: server answered HTTP 200 with text/html; charset=utf-8 instead of an event stream: "<!DOCTYPE html> <html><head><title>502 Bad Gateway</title></head> <body><h1>Bad Gateway</h1></body></html>"',
    );
    expect(fake.requests).toHaveLength(1);
  });

  it('HTTP 200 with JSON where a stream was asked for -> MODEL_BAD_RESPONSE (reasoner too)', async () => {
    fake.completion({ raw: '{"ok": true}', contentType: 'application/json' });
    const { clients } = fakeClients(fake, { MODEL_RETRIES: '2' });
    const err = await expectTurnError(drain(clients.reasoner.reason(messages, signal())), 'MODEL_BAD_RESPONSE', false);
    expect(err.message).toBe('reasoner thinking round 1: server answered HTTP 200 with application/json instead of an event stream: "{\\"ok\\": true}"');
    expect(fake.requests).toHaveLength(1);
  });

  it('an error object inside a 200 stream -> MODEL_BAD_RESPONSE with its message', async () => {
    fake.chat({ raw: 'data: {"error": {"message": "prompt is too long", "type": "BadRequestError"}}\n\n' });
    const err = await expectTurnError(drain(routerOn().stream({ stage: 'router', messages }, signal())), 'MODEL_BAD_RESPONSE', false);
    expect(err.message).toMatch(/^router: the server reported an error in the stream \(HTTP 200\): .*prompt is too long/);
  });

  it('stall (headers, then nothing) -> MODEL_TIMEOUT after the first-token timeout, each attempt aborted', async () => {
    fake.chat({ stall: true }, { stall: true });
    const router = routerOn({ MODEL_RETRIES: '1', MODEL_FIRST_TOKEN_TIMEOUT_MS: '100' });
    const err = await expectTurnError(drain(router.stream({ stage: 'router', messages }, signal())), 'MODEL_TIMEOUT', true);
    expect(err.message).toMatch(/no first token within 100 ms/);
    expect(fake.requests).toHaveLength(2);
    expect(await Promise.all(fake.requests.map((r) => r.outcome))).toEqual(['aborted', 'aborted']);
  });

  it('stall then success -> retried', async () => {
    fake.chat({ stall: true }, { text: 'Recovered' });
    const router = routerOn({ MODEL_RETRIES: '1', MODEL_FIRST_TOKEN_TIMEOUT_MS: '500' });
    const { result } = await drain(router.stream({ stage: 'router', messages }, signal()));
    expect(result.text).toBe('Recovered');
  });

  it('latency alone is fine as long as the first token comes in time', async () => {
    fake.chat({ text: 'Slow but fine', latencyMs: 50, chunksPerSecond: 100 });
    const { result } = await drain(routerOn({ MODEL_FIRST_TOKEN_TIMEOUT_MS: '2000' }).stream({ stage: 'router', messages }, signal()));
    expect(result.text).toBe('Slow but fine');
    expect(result.firstTokenMs).toBeGreaterThanOrEqual(40);
  });

  it('cut mid-stream after tokens -> MODEL_STREAM_INTERRUPTED, not retried', async () => {
    // Events: role chunk, "one", " two", then the socket is destroyed.
    fake.chat({ text: 'one two three four', cutAfterChunks: 3 }, { text: 'never used' });
    const seen: ChatDelta[] = [];
    const gen = routerOn().stream({ stage: 'router', messages }, signal());
    const err = await expectTurnError(
      (async () => {
        for await (const d of gen) seen.push(d);
      })(),
      'MODEL_STREAM_INTERRUPTED',
      true,
    );
    expect(err.message).toMatch(/broke off/);
    expect(seen.map((d) => d.delta).join('')).toBe('one two');
    expect(fake.requests).toHaveLength(1);
    expect(fake.pending().chat).toBe(1);
  });

  it('cut before the first token -> retried', async () => {
    fake.chat({ text: 'lost', cutAfterChunks: 1 }, { text: 'second try' });
    const { items } = await drain(routerOn().stream({ stage: 'router', messages }, signal()));
    expect(items.map((d) => d.delta).join('')).toBe('second try');
    expect(fake.requests).toHaveLength(2);
  });

  it('a stream that ends without finish_reason -> MODEL_STREAM_INTERRUPTED', async () => {
    const chunk = { id: 'x', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { content: 'half' }, finish_reason: null }] };
    fake.chat({ raw: `data: ${JSON.stringify(chunk)}\n\n` });
    await expectTurnError(drain(routerOn().stream({ stage: 'router', messages }, signal())), 'MODEL_STREAM_INTERRUPTED', true);
    expect(fake.requests).toHaveLength(1);
  });

  it('abort while waiting for the first token -> CANCELLED, request aborted on the server', async () => {
    fake.chat({ stall: true });
    const ac = new AbortController();
    const pending = drain(routerOn().stream({ stage: 'router', messages }, ac.signal));
    await fake.waitForRequests(1);
    ac.abort();
    await expectTurnError(pending, 'CANCELLED', false);
    expect(await fake.requests[0]?.outcome).toBe('aborted');
    expect(fake.requests).toHaveLength(1); // never retried
  });

  it('abort mid-stream -> CANCELLED, request aborted on the server', async () => {
    fake.chat({ text: 'a b c d e f g h i j', chunksPerSecond: 20 });
    const ac = new AbortController();
    const seen: string[] = [];
    await expectTurnError(
      (async () => {
        for await (const d of routerOn().stream({ stage: 'router', messages }, ac.signal)) {
          seen.push(d.delta);
          ac.abort();
        }
      })(),
      'CANCELLED',
      false,
    );
    expect(seen).toEqual(['a']);
    expect(await fake.requests[0]?.outcome).toBe('aborted');
  });

  it('a consumer that stops reading aborts the request', async () => {
    fake.chat({ text: 'a b c d e f g h i j', chunksPerSecond: 20 });
    for await (const d of routerOn().stream({ stage: 'router', messages }, signal())) {
      expect(d.delta).toBe('a');
      break;
    }
    expect(await fake.requests[0]?.outcome).toBe('aborted');
  });

  it('the router call timeout bounds a slow stream -> MODEL_TIMEOUT', async () => {
    fake.chat({ text: 'a b c d e f g h i j k l m n o p', chunksPerSecond: 20 });
    // 16 tokens at 20 a second take 750 ms; 400 ms leaves the first token time to come on a busy machine.
    const router = routerOn({ ROUTER_TIMEOUT_MS: '400', MODEL_FIRST_TOKEN_TIMEOUT_MS: '1000' });
    const err = await expectTurnError(drain(router.stream({ stage: 'router', messages }, signal())), 'MODEL_TIMEOUT', true);
    expect(err.message).toMatch(/no answer within 400 ms/);
    expect(fake.requests).toHaveLength(1); // tokens had arrived: final
  });
});

describe('reasoner faults', () => {
  it('HTTP 503 on a later round is retried for that round only', async () => {
    const script = [{ text: 'First.' }, { error: { status: 503 } }, { text: ' Second.' }, { text: '(flu, Self-care)' }];
    fake.handle((req) => script[req.index]);
    const { clients } = fakeClients(fake, { BUDGET_THINKING_TOKENS: '50', BUDGET_STOP_SKIPS: '1', MODEL_RETRIES: '1' });
    const { result } = await drain(clients.reasoner.reason(messages, signal()));
    expect(result.thinking).toBe('First. Wait Second.');
    expect(result.answer).toBe('(flu, Self-care)');
    const prompts = fake.completionRequests().map((r) => r.prompt);
    expect(prompts).toHaveLength(4);
    expect(prompts[2]).toBe(prompts[1]); // the failed round was sent again unchanged
    expect(prompts[1]?.endsWith('First. Wait')).toBe(true);
  });

  it('cut mid-thinking -> MODEL_STREAM_INTERRUPTED, thinking so far was streamed', async () => {
    fake.completion({ text: 'Fever and a cough suggest', cutAfterChunks: 2 });
    const { clients } = fakeClients(fake, { MODEL_RETRIES: '2' });
    const seen: string[] = [];
    await expectTurnError(
      (async () => {
        for await (const d of clients.reasoner.reason(messages, signal())) seen.push(d.delta);
      })(),
      'MODEL_STREAM_INTERRUPTED',
      true,
    );
    expect(seen.join('')).toBe('Fever and');
    expect(fake.requests).toHaveLength(1);
  });

  it('the stage timeout covers every round -> MODEL_TIMEOUT', async () => {
    // Round 1 answers at once; round 2 stalls, with a first-token timeout far beyond the stage's.
    fake.handle((req) => (req.index === 0 ? { text: 'First.' } : { stall: true }));
    const { clients } = fakeClients(fake, {
      BUDGET_THINKING_TOKENS: '1000',
      BUDGET_STOP_SKIPS: '100',
      REASONER_TIMEOUT_MS: '300',
      MODEL_FIRST_TOKEN_TIMEOUT_MS: '20000',
    });
    const err = await expectTurnError(drain(clients.reasoner.reason(messages, signal())), 'MODEL_TIMEOUT', true);
    expect(err.message).toMatch(/reasoning took longer than 300 ms/);
    expect(fake.requests).toHaveLength(2); // a stage timeout is not retried within the stage
    expect(await fake.requests[1]?.outcome).toBe('aborted');
  });

  it('abort during thinking -> CANCELLED and the request is aborted on the server', async () => {
    fake.completion({ text: 'a b c d e f g h', chunksPerSecond: 20 });
    const ac = new AbortController();
    const { clients } = fakeClients(fake);
    await expectTurnError(
      (async () => {
        for await (const _ of clients.reasoner.reason(messages, ac.signal)) ac.abort();
      })(),
      'CANCELLED',
      false,
    );
    expect(await fake.requests[0]?.outcome).toBe('aborted');
  });
});
