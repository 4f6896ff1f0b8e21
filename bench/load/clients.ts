import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { stampsIn, wallNow } from './model-script.js';

/**
 * The bench's clients: GraphQL over HTTP, a turn subscriber over graphql-ws or GraphQL over SSE
 * (one connection per visitor, as widgets hold), and the raw client reading the model server
 * directly. Every token's arrival is compared with the time the model server stamped on it.
 */

export const BENCH_ORIGIN = 'http://bench.local';

export interface GqlResponse {
  data?: Record<string, any> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

export async function gql(url: string, token: string, query: string, variables: Record<string, unknown> = {}): Promise<GqlResponse> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin: BENCH_ORIGIN },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as GqlResponse;
}

export const SUBSCRIPTION = /* GraphQL */ `
  subscription Bench($id: ID!, $after: Int) {
    turn(id: $id, afterSeq: $after) {
      __typename seq
      ... on ReasoningChunk { delta }
      ... on AnswerChunk { delta }
      ... on StatusChunk { queuePosition }
      ... on TurnFailed { code advice { level } }
    }
  }`;

export interface EventIn {
  __typename: string;
  seq: number;
  delta?: string;
  queuePosition?: number | null;
  code?: string;
  advice?: { level: string } | null;
}

/** What one subscriber saw of a turn. */
export interface Followed {
  events: { seq: number; type: string; delta?: string; code?: string; advice?: string | null }[];
  firstEventAt: number | null;
  firstTokenAt: number | null;
  lastTokenAt: number | null;
  /** Arrival minus stamp, per token (ms). */
  delays: number[];
  stamps: Set<string>;
  duplicateTokens: number;
  /** Places reported while queued for a model stream, with when. */
  queued: { at: number; place: number }[];
  error: string | null;
  endedAt: number | null;
  /** Times the subscription broke and was made again from the last seq. */
  resubscribes: number;
}

function follower(): { state: Followed; onEvent: (e: EventIn) => void } {
  const state: Followed = {
    events: [],
    firstEventAt: null,
    firstTokenAt: null,
    lastTokenAt: null,
    delays: [],
    stamps: new Set(),
    duplicateTokens: 0,
    queued: [],
    error: null,
    endedAt: null,
    resubscribes: 0,
  };
  return {
    state,
    onEvent: (e) => {
      const at = wallNow();
      state.firstEventAt ??= at;
      state.events.push({
        seq: e.seq,
        type: e.__typename,
        ...(e.delta !== undefined ? { delta: e.delta } : {}),
        ...(e.code ? { code: e.code, advice: e.advice?.level ?? null } : {}),
      });
      if (e.delta) {
        for (const stamp of stampsIn(e.delta)) {
          if (state.stamps.has(stamp.id)) state.duplicateTokens++;
          state.stamps.add(stamp.id);
          state.delays.push(at - stamp.sentAt);
          state.firstTokenAt ??= at;
          state.lastTokenAt = at;
        }
      }
      if (typeof e.queuePosition === 'number') state.queued.push({ at, place: e.queuePosition });
      if (e.__typename === 'TurnCompleted' || e.__typename === 'TurnFailed') state.endedAt = at;
    },
  };
}

/** Follows a turn over graphql-ws (its own socket) until the subscription completes. */
function followWsOnce(url: string, token: string, turnId: string, afterSeq: number, timeoutMs: number, state: Followed, onEvent: (e: EventIn) => void): Promise<Followed> {
  class OriginWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers: { origin: BENCH_ORIGIN } });
    }
  }
  const client = createClient({
    url: `${url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: OriginWebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: true,
  });
  return new Promise<Followed>((resolve) => {
    const timer = setTimeout(() => finish('timed out'), timeoutMs);
    const finish = (error: string | null) => {
      clearTimeout(timer);
      if (error) state.error ??= error;
      void client.dispose();
      resolve(state);
    };
    client.subscribe<{ turn: EventIn }>(
      { query: SUBSCRIPTION, variables: { id: turnId, after: afterSeq } },
      {
        next: (value) => (value.data?.turn ? onEvent(value.data.turn) : finish(JSON.stringify(value.errors ?? value))),
        error: (error: unknown) => finish(error instanceof Error ? error.message : JSON.stringify(error) ?? 'socket closed'),
        complete: () => finish(null),
      },
    );
  });
}

/** Follows a turn over GraphQL over SSE (a POST answered with text/event-stream). */
function followSseOnce(url: string, token: string, turnId: string, afterSeq: number, timeoutMs: number, state: Followed, onEvent: (e: EventIn) => void): Promise<Followed> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('timed out')), timeoutMs);
  return (async () => {
    try {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${token}`, origin: BENCH_ORIGIN },
        body: JSON.stringify({ query: SUBSCRIPTION, variables: { id: turnId, after: afterSeq } }),
        signal: controller.signal,
      });
      if (!res.ok || !res.body) throw new Error(`SSE HTTP ${res.status}`);
      for await (const message of sseMessages(res.body)) {
        if (message.event === 'complete') break;
        const payload = JSON.parse(message.data) as { data?: { turn?: EventIn }; errors?: unknown };
        if (payload.data?.turn) onEvent(payload.data.turn);
        else throw new Error(JSON.stringify(payload.errors ?? payload));
      }
    } catch (error) {
      state.error ??= error instanceof Error ? error.message : String(error);
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
    return state;
  })();
}

/**
 * Follows a turn as the widget does: subscribe after the last seq it has, and when the
 * subscription breaks (a restart, a closed socket) before the turn's end, subscribe again from
 * there, a few times.
 */
export function follow(via: 'ws' | 'sse', url: string, token: string, turnId: string, afterSeq = 0, timeoutMs = 300_000, retries = 20): { state: Followed; done: Promise<Followed> } {
  const { state, onEvent } = follower();
  const once = via === 'ws' ? followWsOnce : followSseOnce;
  const deadline = performance.now() + timeoutMs;
  const done = (async () => {
    for (let attempt = 0; ; attempt++) {
      const last = state.events.at(-1)?.seq ?? afterSeq;
      state.error = null;
      await once(url, token, turnId, last, Math.max(1000, deadline - performance.now()), state, onEvent);
      if (state.endedAt !== null) return state;
      if (attempt >= retries || performance.now() > deadline) {
        state.error ??= 'subscription ended without the turn ending';
        return state;
      }
      state.resubscribes++;
      await new Promise((r) => setTimeout(r, 300)); // a client's reconnection delay
    }
  })();
  return { state, done };
}

export const followWs = (url: string, token: string, turnId: string, afterSeq = 0, timeoutMs = 300_000) => follow('ws', url, token, turnId, afterSeq, timeoutMs, 0);

/** Server-sent events of a response body: `{event, data}` per blank-line-terminated block. */
export async function* sseMessages(body: ReadableStream<Uint8Array>): AsyncGenerator<{ event: string; data: string }> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length || event !== 'message') yield { event, data: data.join('\n') };
    }
  }
}

/** One streamed request to the model server, read directly: records each stamped token's delay. */
async function rawStream(baseURL: string, path: string, body: Record<string, unknown>, into: Followed): Promise<void> {
  const res = await fetch(`${baseURL}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...body, stream: true }) });
  if (!res.ok || !res.body) throw new Error(`model server HTTP ${res.status}`);
  for await (const message of sseMessages(res.body)) {
    if (message.data === '[DONE]') break;
    const chunk = JSON.parse(message.data) as { choices?: { text?: string; delta?: { content?: string } }[] };
    const text = chunk.choices?.[0]?.text ?? chunk.choices?.[0]?.delta?.content ?? '';
    if (!text) continue;
    const at = wallNow();
    for (const stamp of stampsIn(text)) {
      into.delays.push(at - stamp.sentAt);
      into.stamps.add(stamp.id);
      into.firstTokenAt ??= at;
      into.lastTokenAt = at;
    }
  }
}

/**
 * The perfect server: makes the same model calls a turn makes (router, thinking rounds, answer,
 * responder), one after another, straight to the model server, and reads the tokens as they come.
 */
export async function rawTurn(baseURL: string, rounds: number): Promise<Followed> {
  const { state } = follower();
  state.firstEventAt = wallNow(); // the raw turn's start
  try {
    await rawStream(baseURL, '/chat/completions', { model: 'bench-router', messages: [{ role: 'user', content: 'hi' }], tools: [{ type: 'function', function: { name: 'search_conditions' } }] }, state);
    let prompt = '<|im_start|>user\nhi<|im_end|>\n<|im_start|>think\n';
    for (let r = 0; r < rounds; r++) {
      await rawStream(baseURL, '/completions', { model: 'bench-reasoner', prompt, max_tokens: 4096, stop: ['<|im_start|>', '<|im_end|>'] }, state);
      prompt += 'Wait';
    }
    await rawStream(baseURL, '/completions', { model: 'bench-reasoner', prompt: `${prompt}\n<|im_start|>answer\n`, max_tokens: 64, stop: ['<|im_end|>'] }, state);
    await rawStream(baseURL, '/chat/completions', { model: 'bench-router', messages: [{ role: 'user', content: 'answer' }] }, state);
    state.endedAt = wallNow();
  } catch (error) {
    state.error = error instanceof Error ? error.message : String(error);
  }
  return state;
}
