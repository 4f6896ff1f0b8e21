import { createParser } from 'eventsource-parser';
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
 * further behind. The event-stream framing itself is eventsource-parser's. Errors while reading
 * are StreamReadError, as with `readStream`; an event carrying `error` is the API's error, as the
 * SDK reports it.
 */
export async function* readEventBatches<T>(stream: RawStream): AsyncGenerator<T[]> {
  const reader = stream.body.getReader();
  const decoder = new TextDecoder();
  let batch: string[] = [];
  let done = false;
  const parser = createParser({
    onEvent: (event) => {
      if (done) return;
      if (event.data.startsWith('[DONE]')) done = true;
      else batch.push(event.data);
    },
  });
  try {
    while (!done) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await reader.read();
      } catch (err) {
        // As the SDK's iterator does, an abort ends the stream quietly (the caller sees no finish_reason).
        if (err instanceof Error && err.name === 'AbortError') return;
        throw new StreamReadError(err, stream.status);
      }
      parser.feed(read.done ? decoder.decode() : decoder.decode(read.value, { stream: true }));
      if (batch.length) {
        const texts = batch;
        batch = [];
        yield texts.map((text) => parse<T>(text, stream));
      }
      if (read.done) return;
    }
  } finally {
    // Our consumer stopped early, or the stream ended: release the body (aborting an unread one).
    reader.cancel().catch(() => undefined);
  }
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
