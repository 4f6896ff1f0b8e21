import { APIError } from 'openai';
import { bodyStart, StreamReadError, UnexpectedBodyError, type AsResponse } from './errors.js';

/** An event stream's raw response, its content type checked (as `openStream` does for the SDK's). */
export interface RawStream {
  body: ReadableStream<Uint8Array>;
  status: number;
  headers: Headers;
}

export async function openRawStream(call: AsResponse): Promise<RawStream> {
  const response = await call.asResponse();
  const type = response.headers.get('content-type') ?? '';
  if (!/^text\/event-stream\b/i.test(type.trim()) || !response.body) {
    throw new UnexpectedBodyError(response.status, type, 'an event stream', await bodyStart(response));
  }
  return { body: response.body, status: response.status, headers: response.headers };
}

/**
 * Reads an OpenAI-style event stream and yields, for each network read, the events it
 * completed (parsed JSON), in order; ends at `data: [DONE]` or the end of the body. Why not the
 * SDK's iterator: that yields one event at a time through every layer above it (retry, budget
 * forcing, the engine, the pipeline), each an async generator. Under load a read holds many
 * tokens, and handing them up as one batch lets the layers above do their work once per read
 * instead of once per token, so a service that falls behind catches up instead of falling
 * further behind. Errors while reading are StreamReadError, as with `readStream`; an event
 * carrying `error` is the API's error, as the SDK reports it.
 */
export async function* readEventBatches<T>(stream: RawStream): AsyncGenerator<T[]> {
  const reader = stream.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  try {
    for (;;) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await reader.read();
      } catch (err) {
        // As the SDK's iterator does, an abort ends the stream quietly (the caller sees no finish_reason).
        if (err instanceof Error && err.name === 'AbortError') return;
        throw new StreamReadError(err, stream.status);
      }
      buffer += read.done ? decoder.decode() : decoder.decode(read.value, { stream: true });
      const batch: T[] = [];
      let done = false;
      let start = 0;
      for (;;) {
        const end = lineEnd(buffer, start);
        if (end === -1) break;
        const line = buffer.slice(start, end);
        start = end + (buffer[end] === '\r' && buffer[end + 1] === '\n' ? 2 : 1);
        if (line === '') {
          // A blank line dispatches the event.
          if (data.length) {
            const text = data.join('\n');
            data = [];
            if (text.startsWith('[DONE]')) {
              done = true;
              break;
            }
            batch.push(parse<T>(text, stream));
          }
          continue;
        }
        if (line.startsWith(':')) continue; // a comment (keep-alive)
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'data') data.push(value);
      }
      buffer = buffer.slice(start);
      if (batch.length) yield batch;
      if (done || read.done) return;
    }
  } finally {
    // Our consumer stopped early, or the stream ended: release the body (aborting an unread one).
    reader.cancel().catch(() => undefined);
  }
}

/** Index of the next line break (\n, \r\n or \r) from `from`, or -1 (a lone \r at the end may yet become \r\n). */
function lineEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) return i;
    if (c === 13) return i + 1 < text.length ? i : -1;
  }
  return -1;
}

/** As the SDK reads an event: JSON, and an `error` field is the API's error. */
function parse<T>(text: string, stream: RawStream): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new StreamReadError(err, stream.status);
  }
  const error = (json as { error?: unknown } | null)?.error;
  if (error) throw new StreamReadError(new APIError(undefined, error as object, undefined, stream.headers), stream.status);
  return json as T;
}
