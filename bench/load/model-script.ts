import type { Script, ScriptRequest } from '../../test/support/fake-openai.js';
import { SEARCH_TOOL } from '../../server/engines/model/turn-prompts.js';

/**
 * What the fake model server streams for the load bench, and how tokens are stamped.
 *
 * Every user-visible token (the reasoner's thinking, the responder's answer) is the one-token word
 * `kXXXXXXXXXXXXXX`, rewritten just before it is written to the socket to `k` + the send time in
 * tenths of a millisecond (base 36, 10 digits) + a counter (4 digits). Whoever reads the text later (a subscriber of the
 * service, or the raw client reading the fake directly) knows when each token left the model.
 */

export interface StreamShape {
  /** Tokens per second per stream. */
  rate: number;
  /** Thinking tokens per turn (split evenly over the budget-forcing rounds). */
  thinking: number;
  /** Answer tokens per turn (the responder). */
  answer: number;
  /** Thinking rounds: BUDGET_STOP_SKIPS + 1. */
  rounds: number;
}

export const PLACEHOLDER = 'kXXXXXXXXXXXXXX';
const STAMP_RE = /k([0-9a-z]{10})[0-9a-z]{4}/g;
let sequence = 0;

/** Wall-clock time in ms with sub-ms precision, comparable across processes on one machine. */
export const wallNow = (): number => performance.timeOrigin + performance.now();

export function stamp(data: string): string {
  // Time, then a counter: tokens sent in one burst (a model server catching up) stay distinct.
  sequence = (sequence + 1) % 36 ** 4;
  return data.replace(PLACEHOLDER, `k${Math.round(wallNow() * 10).toString(36).padStart(10, '0')}${sequence.toString(36).padStart(4, '0')}`);
}

/** The stamped tokens in `text`: each one's id (the whole stamp) and send time (wall ms). */
export function stampsIn(text: string): { id: string; sentAt: number }[] {
  const out: { id: string; sentAt: number }[] = [];
  for (const m of text.matchAll(STAMP_RE)) out.push({ id: m[0], sentAt: parseInt(m[1]!, 36) / 10 });
  return out;
}

const words = (n: number) => ` ${PLACEHOLDER}`.repeat(n);
export const SEARCH_QUERY = 'fever and cough for three days';
export const MESSAGE = 'I have had a fever and a cough for three days';

/** The fake's handler: router (tools: a call of the router's own search tool, so one router call per turn), responder (chat), reasoner (completions). */
export function modelScript(shape: StreamShape) {
  const paced = { chunksPerSecond: shape.rate, steadyPace: true, onChunk: stamp } satisfies Partial<Script>;
  const perRound = Math.max(1, Math.round(shape.thinking / shape.rounds));
  return (req: ScriptRequest): Script | undefined => {
    if (req.path === '/v1/chat/completions') {
      if (Array.isArray(req.body.tools) && req.body.tools.length > 0) {
        return { toolCalls: [{ name: SEARCH_TOOL, arguments: { query: SEARCH_QUERY } }], chunksPerSecond: shape.rate, steadyPace: true };
      }
      return { text: words(shape.answer).trimStart(), ...paced };
    }
    if (req.path === '/v1/completions') {
      const prompt = String(req.body.prompt ?? '');
      if (prompt.endsWith('<|im_start|>answer\n')) return { text: 'Flu fits best.\n(flu, Self-care)<|im_end|>', chunksPerSecond: shape.rate, steadyPace: true };
      return { text: `${words(perRound)}<|im_end|>`, ...paced };
    }
    return undefined;
  };
}
