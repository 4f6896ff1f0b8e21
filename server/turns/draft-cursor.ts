import type { TurnLog } from '../bus/turn-log.js';
import type { Draft } from '../store/turn-end.js';

/** Characters as Postgres counts them (code points), not UTF-16 units as `length` does. */
function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** A draft ready to be written, and what to call once the database has it. */
export interface PendingDraft {
  draft: Draft;
  stored(): void;
}

/**
 * Where a running turn's checkpoints have reached: the events and the characters of answer and
 * reasoning the database is known to hold. It moves only when a checkpoint is confirmed, so a
 * failed one is simply sent again, with whatever came since, next time.
 */
export class DraftCursor {
  private events = 0;
  private answerChars = 0;
  private reasoningChars = 0;

  constructor(
    private readonly turnId: string,
    private readonly log: TurnLog,
  ) {}

  /** What was published since the last stored checkpoint, or null when nothing was. */
  next(): PendingDraft | null {
    const upTo = this.log.length;
    if (upTo === this.events) return null;
    const answer = this.log.text('AnswerChunk', this.events);
    const reasoning = this.log.text('ReasoningChunk', this.events);
    const draft: Draft = {
      turnId: this.turnId,
      answerFrom: this.answerChars,
      answer,
      reasoningFrom: this.reasoningChars,
      reasoning,
      lastSeq: upTo,
    };
    return {
      draft,
      stored: () => {
        // Checkpoints are written one at a time, so this continues from where `draft` started.
        if (upTo <= this.events) return;
        this.events = upTo;
        this.answerChars = draft.answerFrom + codePoints(answer);
        this.reasoningChars = draft.reasoningFrom + codePoints(reasoning);
      },
    };
  }
}
