import type { RunnerEvent } from '../../server/contract/events.js';
import { TurnError } from '../../server/contract/errors.js';
import type { TurnInput } from '../../server/contract/turn.js';
import { triageScript } from '../support/scripted-runner.js';

/**
 * Scripted turns for the review loop, chosen by the message's first word: what a real pipeline
 * records for each case that should (or should not) reach a clinician.
 */
export async function* reviewScript(input: TurnInput): AsyncGenerator<RunnerEvent> {
  const word = input.text.split(/\s+/)[0];
  switch (word) {
    case 'floor': {
      // The engine said Self-care; the safety rules raised it to A&E.
      yield { type: 'Record', record: { route: 'TRIAGE', searchQuery: input.text } };
      yield { type: 'SourcesChunk', sources: [{ slug: 'heart-attack', title: 'Heart attack', url: 'https://www.nhs.uk/conditions/heart-attack/', score: 0.71 }] };
      const from = { condition: 'heart-attack', conditionTitle: 'Heart attack', severity: 'Self-care' as const };
      const to = { ...from, severity: 'A&E' as const };
      yield { type: 'Record', record: { prediction: to, trace: { safetyFloor: { kinds: ['cardiac'], matched: ['crushing chest pain'], from, to, changed: ['severity'], reason: 'emergency' } } } };
      yield { type: 'TriageChunk', ...to };
      yield { type: 'AnswerChunk', delta: 'Call 999 now.' };
      return;
    }
    case 'vague': {
      yield { type: 'Record', record: { route: 'TRIAGE', searchQuery: input.text } };
      yield { type: 'SourcesChunk', sources: [{ slug: 'flu', title: 'Flu', url: 'https://www.nhs.uk/conditions/flu/', score: 0.12 }] };
      const p = { condition: 'inconclusive', conditionTitle: 'Inconclusive', severity: 'Urgent Primary Care' as const };
      yield { type: 'Record', record: { prediction: p } };
      yield { type: 'TriageChunk', ...p };
      yield { type: 'AnswerChunk', delta: 'Please see a GP today.' };
      return;
    }
    case 'emergency': {
      // The safety rules fired before routing, then the model failed.
      yield { type: 'Record', record: { route: 'TRIAGE', trace: { safety: { kinds: ['cardiac'], matched: ['chest pain'], routedToTriage: true } } } };
      yield { type: 'AnswerChunk', delta: 'Call 999 now. ' };
      throw new TurnError('MODEL_UNAVAILABLE', 'reasoner: connection refused', true);
    }
    case 'broken':
      // A failure with no emergency: nothing for a clinician.
      yield { type: 'Record', record: { route: 'TRIAGE' } };
      throw new TurnError('MODEL_UNAVAILABLE', 'reasoner: connection refused', true);
    case 'hello':
      yield { type: 'Record', record: { route: 'DIRECT' } };
      yield { type: 'AnswerChunk', delta: 'Hello! How can I help?' };
      return;
    default:
      yield* triageScript(input);
  }
}
