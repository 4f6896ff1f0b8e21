import { TERMINAL_EVENTS, type TurnEvent } from '../contract/events.js';

const ANSWER = 0;
const REASONING = 1;
const OTHER = 2;

/** Delta pieces joined into one flat string at a time (bounds the per-piece overhead). */
const BLOCK = 64;

/**
 * One turn's published events, kept once and compactly. The turn manager records into it (for
 * the final write) and the in-process bus replays from the same object, so a live turn's log is
 * not held twice. A turn is mostly token deltas (hundreds of a few characters each): their text
 * goes into flat blocks of `BLOCK` deltas and each event is four numbers, rather than one object
 * and one string per token kept for the turn's life. Events are rebuilt when read; the event just
 * appended is kept as it is, since live subscribers read it at once.
 */
export class TurnLog {
  /** Per event (index = seq - 1): ANSWER, REASONING or OTHER. */
  private kinds = new Uint8Array(256);
  /** Per event: the delta's start in the whole delta text, or its index in `others`. */
  private starts = new Int32Array(256);
  private lengths = new Int32Array(256);
  /** Per delta event: which delta it is (0, 1, ...), to find its block. */
  private pieceOf = new Int32Array(256);
  private count = 0;
  private pieces = 0;
  private textSize = 0;
  private readonly others: TurnEvent[] = [];
  /** Flattened blocks of BLOCK deltas each, and the text offset each starts at. */
  private readonly blocks: string[] = [];
  private readonly blockStarts: number[] = [];
  /** Deltas not yet flattened into a block. */
  private pending: string[] = [];
  private latest: TurnEvent | null = null;
  /** When the terminal event was appended (ms since the epoch), else null. */
  finishedAt: number | null = null;

  constructor(readonly turnId: string) {}

  get length(): number {
    return this.count;
  }

  /** Appends the next event; its seq must be the next one (gap-free from 1). */
  append(event: TurnEvent): void {
    const expected = this.count + 1;
    if (event.seq !== expected) throw new Error(`turn ${this.turnId}: published seq ${event.seq}, expected ${expected}`);
    if (this.count === this.kinds.length) this.grow();
    const i = this.count++;
    if (event.type === 'AnswerChunk' || event.type === 'ReasoningChunk') {
      this.kinds[i] = event.type === 'AnswerChunk' ? ANSWER : REASONING;
      this.starts[i] = this.textSize;
      this.lengths[i] = event.delta.length;
      this.pieceOf[i] = this.pieces++;
      this.textSize += event.delta.length;
      this.pending.push(event.delta);
      if (this.pending.length === BLOCK) {
        this.blockStarts.push(this.textSize - this.pending.reduce((n, p) => n + p.length, 0));
        this.blocks.push(this.pending.join(''));
        this.pending = [];
      }
    } else {
      this.kinds[i] = OTHER;
      this.starts[i] = this.others.length;
      this.others.push(event);
      if (TERMINAL_EVENTS.has(event.type)) this.finishedAt = Date.now();
    }
    this.latest = event;
  }

  /** The event with seq `index + 1`. */
  at(index: number): TurnEvent {
    if (index < 0 || index >= this.count) throw new RangeError(`turn ${this.turnId}: no event at ${index}`);
    if (index === this.count - 1 && this.latest) return this.latest;
    const kind = this.kinds[index]!;
    if (kind === OTHER) return this.others[this.starts[index]!]!;
    return { type: kind === ANSWER ? 'AnswerChunk' : 'ReasoningChunk', delta: this.deltaAt(index), turnId: this.turnId, seq: index + 1 };
  }

  toArray(): TurnEvent[] {
    return Array.from({ length: this.count }, (_, i) => this.at(i));
  }

  /**
   * The concatenated deltas of one kind (the answer, or the reasoning) among the events from
   * index `from` on: the whole text from 0, or what a checkpoint has not stored yet.
   */
  text(type: 'AnswerChunk' | 'ReasoningChunk', from = 0): string {
    const want = type === 'AnswerChunk' ? ANSWER : REASONING;
    const parts: string[] = [];
    for (let i = Math.max(0, from); i < this.count; i++) if (this.kinds[i] === want) parts.push(this.deltaAt(i));
    return parts.join('');
  }

  /**
   * The log as JSON text (an array of events, then `extra`), written straight from the compact
   * form: the final write does not rebuild and walk hundreds of event objects.
   */
  toJson(...extra: TurnEvent[]): string {
    const id = JSON.stringify(this.turnId);
    const parts: string[] = [];
    for (let i = 0; i < this.count; i++) {
      const kind = this.kinds[i]!;
      if (kind === OTHER) parts.push(JSON.stringify(this.others[this.starts[i]!]));
      else parts.push(`{"type":"${kind === ANSWER ? 'AnswerChunk' : 'ReasoningChunk'}","delta":${JSON.stringify(this.deltaAt(i))},"turnId":${id},"seq":${i + 1}}`);
    }
    for (const e of extra) parts.push(JSON.stringify(e));
    return `[${parts.join(',')}]`;
  }

  private deltaAt(index: number): string {
    const piece = this.pieceOf[index]!;
    const block = Math.floor(piece / BLOCK);
    if (block >= this.blocks.length) return this.pending[piece - block * BLOCK]!;
    const from = this.starts[index]! - this.blockStarts[block]!;
    return this.blocks[block]!.slice(from, from + this.lengths[index]!);
  }

  private grow(): void {
    const size = this.kinds.length * 2;
    const kinds = new Uint8Array(size);
    kinds.set(this.kinds);
    this.kinds = kinds;
    for (const name of ['starts', 'lengths', 'pieceOf'] as const) {
      const next = new Int32Array(size);
      next.set(this[name]);
      this[name] = next;
    }
  }
}
