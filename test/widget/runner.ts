import type { RunnerEvent } from '../../server/contract/events.js';
import type { TurnInput, TurnRunner } from '../../server/contract/turn.js';
import { TurnError } from '../../server/contract/errors.js';
import { assessTurn } from '../../server/safety/turn.js';

/**
 * A scripted TurnRunner: the message text picks a script, so a browser test controls exactly what
 * a turn streams, at what pace, and when it pauses.
 */

export const REASONING = [
  'Sore throat for three days ',
  'with a mild fever. ',
  'No difficulty breathing or swallowing, ',
  'so no red flags; most likely viral.',
];

export const ANSWER = [
  'It sounds like a **sore throat**',
  ', which usually gets better on its own within a week.\n\n',
  'You can:\n',
  '- drink plenty of fluids\n',
  '- take paracetamol or ibuprofen\n\n',
  'See the [NHS page](https://www.nhs.uk/conditions/sore-throat/) if it does not improve.',
];

export const SOURCES = [
  { slug: 'sore-throat', title: 'Sore throat', url: 'https://www.nhs.uk/conditions/sore-throat/', score: 0.91 },
  { slug: 'tonsillitis', title: 'Tonsillitis', url: 'https://www.nhs.uk/conditions/tonsillitis/', score: 0.74 },
];

/** 30 numbered chunks, 120 ms apart: long enough to restart the server in the middle. */
export const SLOW_CHUNKS = Array.from({ length: 30 }, (_, i) => `part${String(i + 1).padStart(2, '0')} `);

/** An answer with every kind of link: only the NHS page, tel: and mailto: may stay links. */
export const LINKS_ANSWER = [
  'Read the [NHS page](https://www.nhs.uk/conditions/sore-throat/) or ',
  '[our partner](https://clinic.example/advice) or [a stranger](https://evil.example/phish) or ',
  '[plain http](http://www.nhs.uk/conditions/flu/). ',
  'Call [111](tel:111) or email [the practice](mailto:reception@clinic.example).',
];

/** Urgent Primary Care advice as an engine's prediction gives it (the runner yields it itself). */
export const URGENT_ADVICE = {
  level: 'URGENT' as const,
  title: 'Speak to a doctor today: call NHS 111 or your GP practice.',
  text: 'Ask your GP practice for an urgent appointment today, or get help from NHS 111 by phone or online.',
  actions: [
    { label: 'Call NHS 111', href: 'tel:111' },
    { label: 'NHS 111 online', href: 'https://111.nhs.uk/' },
  ],
};

/** A long answer (many paragraphs), to scroll. */
export const LONG_ANSWER = Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1} of a long answer with enough words to wrap.\n\n`);

/** The pixel a hostile answer tries to load; the test checks nobody requests it. */
export const TRACKING_PATH = '/__widget-test/pixel.png';

export function hostileAnswer(origin: string): string[] {
  return [
    'Here is <img src=x onerror="window.__pwned = \'img\'"> an image ',
    'and <script>window.__pwned = "script"</script> a script.\n\n',
    `![tracker](${origin}${TRACKING_PATH}) `,
    '[click me](javascript:window.__pwned="link") ',
    '<iframe src="javascript:parent.__pwned=\'iframe\'"></iframe>',
    '<style>:host{display:none}</style>',
    '<a href="https://example.com" onclick="window.__pwned=\'onclick\'">raw link</a>',
  ];
}

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/** Named latches a test opens to let a paused turn continue. */
export class Gates {
  private readonly waiting = new Map<string, { promise: Promise<void>; open: () => void }>();
  private get(name: string): { promise: Promise<void>; open: () => void } {
    let g = this.waiting.get(name);
    if (!g) {
      let open = (): void => undefined;
      const promise = new Promise<void>((r) => (open = r));
      g = { promise, open };
      this.waiting.set(name, g);
    }
    return g;
  }
  wait(name: string): Promise<void> {
    return this.get(name).promise;
  }
  open(name: string): void {
    this.get(name).open();
  }
}

export interface ScriptedRunner extends TurnRunner {
  /** Every input the runner was given, for asserting what the widget sent. */
  readonly inputs: TurnInput[];
  readonly gates: Gates;
  origin: string;
}

export function scriptedRunner(): ScriptedRunner {
  const inputs: TurnInput[] = [];
  const gates = new Gates();
  const flaky = new Set<string>();
  const runner: ScriptedRunner = {
    engine: 'OFFLINE',
    inputs,
    gates,
    origin: '',
    async *run(input: TurnInput, signal: AbortSignal): AsyncGenerator<RunnerEvent> {
      inputs.push(input);
      const text = input.text.toLowerCase();
      const answer = (chunks: string[]): RunnerEvent[] => chunks.map((delta) => ({ type: 'AnswerChunk', delta }));

      if (text.includes('hostile')) {
        yield { type: 'StatusChunk', stage: 'answering', message: '' };
        for (const e of answer(hostileAnswer(runner.origin))) yield e;
        return;
      }
      if (text.includes('links please')) {
        yield { type: 'SourcesChunk', sources: SOURCES };
        for (const e of answer(LINKS_ANSWER)) yield e;
        return;
      }
      if (text.includes('urgent-gp')) {
        yield { type: 'AdviceChunk', advice: URGENT_ADVICE };
        for (const e of answer(['You should see a GP today about this.'])) yield e;
        return;
      }
      if (text.includes('long answer')) {
        yield { type: 'StatusChunk', stage: 'answering', message: '' };
        for (const e of answer(LONG_ANSWER)) {
          await sleep(25, signal);
          yield e;
        }
        return;
      }
      if (text.includes('slow')) {
        yield { type: 'StatusChunk', stage: 'answering', message: '' };
        for (const e of answer(SLOW_CHUNKS)) {
          await sleep(120, signal);
          yield e;
        }
        return;
      }
      if (text.includes('flaky') && !flaky.has(input.threadId)) {
        flaky.add(input.threadId);
        yield { type: 'StatusChunk', stage: 'routing', message: '' };
        throw new TurnError('MODEL_UNAVAILABLE', 'The language model did not respond.', true);
      }
      // The full triage shape: route, search, sources, reasoning, answer.
      yield { type: 'StatusChunk', stage: 'routing', message: '' };
      // As the pipeline does: the conversation's case, as the rules read it, goes to the trace.
      const { case: kase } = assessTurn(input);
      if (kase) yield { type: 'Record', record: { trace: { case: kase } } };
      await sleep(30, signal);
      yield { type: 'StatusChunk', stage: 'searching', message: '' };
      await sleep(30, signal);
      yield { type: 'SourcesChunk', sources: SOURCES };
      yield { type: 'StatusChunk', stage: 'reasoning', message: '' };
      for (const delta of REASONING) {
        await sleep(20, signal);
        yield { type: 'ReasoningChunk', delta };
      }
      // Like the real pipeline: the prediction event reaches the widget too (contents nulled for
      // visitors), so seq stays gap-free; the widget must ignore it, not treat it as a gap.
      yield { type: 'TriageChunk', condition: 'flu', conditionTitle: 'Flu', severity: 'Self-care' };
      // "gated" turns pause here, mid-turn, until the test has looked at the streaming state.
      if (text.includes('gated')) await gates.wait('answer');
      yield { type: 'StatusChunk', stage: 'answering', message: '' };
      for (const e of answer(ANSWER)) {
        await sleep(20, signal);
        yield e;
      }
    },
  };
  return runner;
}
