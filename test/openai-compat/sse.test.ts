import { describe, expect, it } from 'vitest';
import { StreamReadError } from '../../server/openai-compat/errors.js';
import { readEventBatches, type RawStream } from '../../server/openai-compat/sse.js';

/** A response body that arrives in exactly these network reads. */
function raw(...reads: (string | Uint8Array)[]): RawStream {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = reads.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(typeof next === 'string' ? encoder.encode(next) : next);
    },
  });
  return { body, status: 200, headers: new Headers({ 'content-type': 'text/event-stream' }) };
}

async function batches(stream: RawStream): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for await (const batch of readEventBatches(stream)) out.push(batch);
  return out;
}

describe('readEventBatches', () => {
  it('yields the events each read completed, one batch per read, and stops at [DONE]', async () => {
    const got = await batches(raw('data: {"n":1}\n\ndata: {"n":2}\n\n', ': keep-alive\n\ndata: {"n"', ':3}\r\n\r\ndata: [DONE]\n\ndata: {"n":4}\n\n'));
    expect(got).toEqual([[{ n: 1 }, { n: 2 }], [{ n: 3 }]]);
  });

  it('keeps a character split between two reads whole, and joins multi-line data', async () => {
    const bytes = new TextEncoder().encode('data: {"t":"é"}\n\n');
    const cut = bytes.indexOf(0xc3) + 1; // inside the two bytes of é
    const got = await batches(raw(bytes.slice(0, cut), bytes.slice(cut), 'data: {"a":\ndata: 1}\n\n'));
    expect(got).toEqual([[{ t: 'é' }], [{ a: 1 }]]);
  });

  it('reports an error event and a malformed event as StreamReadError', async () => {
    await expect(batches(raw('data: {"error":{"message":"overloaded"}}\n\n'))).rejects.toBeInstanceOf(StreamReadError);
    await expect(batches(raw('data: {not json}\n\n'))).rejects.toBeInstanceOf(StreamReadError);
  });
});
