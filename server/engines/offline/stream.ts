import type { RunnerEvent } from '../../contract/events.js';

/**
 * The offline engine has its whole text at once; it still streams it the way a model would, so
 * clients see the same event shapes: answers in small word groups, reasoning a sentence or two
 * at a time. The signal is checked between chunks so a cancelled turn stops promptly.
 */

const WORDS_PER_ANSWER_CHUNK = 4;
const SENTENCES_PER_REASONING_CHUNK = 2;

export function* answerChunks(text: string, signal: AbortSignal): Generator<RunnerEvent> {
  // Split after whitespace so the concatenation of deltas is exactly the text.
  const pieces = text.match(/\S+\s*|\s+/g) ?? [];
  for (let i = 0; i < pieces.length; i += WORDS_PER_ANSWER_CHUNK) {
    signal.throwIfAborted();
    yield { type: 'AnswerChunk', delta: pieces.slice(i, i + WORDS_PER_ANSWER_CHUNK).join('') };
  }
}

/** Paragraphs are joined with blank lines; each chunk is one or two sentences. */
export function* reasoningChunks(paragraphs: string[], signal: AbortSignal): Generator<RunnerEvent> {
  let first = true;
  for (const paragraph of paragraphs) {
    const sentences = paragraph.match(/[^.!?]+[.!?]+(?:\s+|$)|[^.!?]+$/g) ?? [paragraph];
    for (let i = 0; i < sentences.length; i += SENTENCES_PER_REASONING_CHUNK) {
      signal.throwIfAborted();
      const part = sentences.slice(i, i + SENTENCES_PER_REASONING_CHUNK).join('').trimEnd();
      const lead = first ? '' : i === 0 ? '\n\n' : ' ';
      first = false;
      yield { type: 'ReasoningChunk', delta: lead + part };
    }
  }
}
