import type { RunnerEvent } from '../../server/contract/events.js';
import type { TurnInput, TurnRunner } from '../../server/contract/turn.js';

/** A promise the test resolves by hand: lets a scripted turn pause at a known point, no sleeps. */
export class Gate {
  private release!: () => void;
  readonly opened: Promise<void> = new Promise((resolve) => (this.release = resolve));
  open(): void {
    this.release();
  }
}

/** Resolves the next time `notify` is called (e.g. "the runner has reached step N"). */
export class Signal<T = void> {
  private waiters: ((value: T) => void)[] = [];
  next(): Promise<T> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }
  notify(value: T): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w(value);
  }
}

export type Script = (input: TurnInput, signal: AbortSignal) => AsyncIterable<RunnerEvent>;

/** A TurnRunner whose turns run `script`; records the inputs it was given. */
export function scriptedRunner(script: Script, engine: 'MODEL' | 'OFFLINE' = 'OFFLINE'): TurnRunner & { inputs: TurnInput[] } {
  const inputs: TurnInput[] = [];
  return {
    engine,
    inputs,
    run(input, signal) {
      inputs.push(input);
      return script(input, signal);
    },
  };
}

/** Waits for the gate, or rejects with the abort reason when the turn is cancelled. */
export function untilOpenOrAborted(gate: Gate, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    void gate.opened.then(resolve);
  });
}

/**
 * Pauses scripted turns mid-way under the test's control: `pause` (inside a script) waits until
 * the test calls `open(turnId)`, or rethrows the abort when the turn is cancelled. `reached` and
 * `aborted` tell the test when a turn got there.
 */
export class Pauses {
  private readonly gates = new Map<string, Gate>();
  readonly reached = new Signal<string>();
  readonly aborted = new Signal<string>();

  async pause(turnId: string, signal: AbortSignal): Promise<void> {
    const gate = new Gate();
    this.gates.set(turnId, gate);
    this.reached.notify(turnId);
    try {
      await untilOpenOrAborted(gate, signal);
    } catch (error) {
      this.aborted.notify(turnId);
      throw error;
    }
  }

  open(turnId: string): void {
    this.gates.get(turnId)!.open();
  }
}

/** A typical triage turn: status, sources, reasoning, triage, answer. */
export async function* triageScript(input: TurnInput): AsyncGenerator<RunnerEvent> {
  yield { type: 'StatusChunk', stage: 'routing', message: 'Reading your message' };
  yield { type: 'Record', record: { route: 'TRIAGE', searchQuery: input.text } };
  yield { type: 'SourcesChunk', sources: [{ slug: 'flu', title: 'Flu', url: 'https://www.nhs.uk/conditions/flu/', score: 0.82 }] };
  yield { type: 'StatusChunk', stage: 'reasoning', message: 'Thinking it through' };
  for (const piece of ['Fever and cough ', 'for a week ', 'suggest flu.']) yield { type: 'ReasoningChunk', delta: piece };
  yield { type: 'Record', record: { prediction: { condition: 'flu', conditionTitle: 'Flu', severity: 'Self-care' }, reasonerOutput: 'full reasoner output (flu, Self-care)' } };
  yield { type: 'TriageChunk', condition: 'flu', conditionTitle: 'Flu', severity: 'Self-care' };
  for (const piece of ['This sounds like ', 'it could be flu. ', 'Rest and drink fluids. ', 'How are you feeling today?']) {
    yield { type: 'AnswerChunk', delta: piece };
  }
}
