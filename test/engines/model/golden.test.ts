import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createModelEngine, modelEngineSettings } from '../../../server/engines/model/engine.js';
import type { HistoryMessage } from '../../../server/contract/turn.js';
import type { RetrievalResult } from '../../../server/contract/retrieval.js';
import { startFakeOpenAI, type CompletionRequestBody, type FakeOpenAI } from '../../support/fake-openai.js';
import { drain, fakeClients } from './helpers.js';

/**
 * Golden test of the reference prompt profile: the exact request sequence the budget-forcing
 * reasoner sends for a scripted conversation, with the default settings (only BUDGET_STOP_SKIPS
 * raised so that the inserted `Wait` shows). The expected requests are in `golden/*.txt`, written
 * out in full for review; a change to a prompt, a marker, a budget or a sampling field shows up
 * there as a diff. `UPDATE_GOLDEN=1` rewrites the file after an intended change.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

const retrieval: RetrievalResult = {
  query: 'fever and cough for a week',
  conditions: [
    {
      slug: 'flu',
      title: 'Flu',
      url: 'https://www.nhs.uk/conditions/flu/',
      score: 0.813,
      sections: [
        { section: 'Symptoms', content: 'A sudden high temperature, an aching body, exhaustion and a dry cough.', score: 0.8 },
        { section: 'When to get urgent help', content: 'Symptoms that last more than a week, or that get worse.', score: 0.7 },
      ],
    },
    {
      slug: 'common-cold',
      title: 'Common cold',
      url: 'https://www.nhs.uk/conditions/common-cold/',
      score: 0.766,
      sections: [{ section: 'Symptoms', content: 'A blocked or runny nose, a sore throat and a cough, coming on gradually.', score: 0.76 }],
    },
    {
      slug: 'pneumonia',
      title: 'Pneumonia',
      url: 'https://www.nhs.uk/conditions/pneumonia/',
      score: 0.7,
      sections: [{ section: 'Symptoms', content: 'A cough, difficulty breathing and a high temperature.', score: 0.7 }],
    },
  ],
  tookMs: 1,
};

const history: HistoryMessage[] = [
  { role: 'user', content: 'I have a fever and a cough' },
  { role: 'assistant', content: 'I am sorry you are unwell. How long have you had them?' },
  { role: 'user', content: 'Since last week' },
  { role: 'assistant', content: 'Thank you. Are you coughing anything up?' },
];

/** One request as a reviewable block: the fields that matter, then the prompt verbatim. */
function render(index: number, r: CompletionRequestBody): string {
  const fields = ['model', 'max_tokens', 'min_tokens', 'stop', 'seed', 'temperature', 'top_p', 'skip_special_tokens', 'include_stop_str_in_output', 'stream', 'stream_options'] as const;
  const lines = fields.map((f) => `${f}: ${JSON.stringify(r[f] ?? null)}`);
  return [`=== request ${index + 1}: POST /v1/completions`, ...lines, '--- prompt', r.prompt, '=== end'].join('\n');
}

let fake: FakeOpenAI;
beforeEach(async () => {
  fake = await startFakeOpenAI();
});
afterEach(async () => {
  await fake.close();
});

describe('reference prompt profile (golden)', () => {
  it('sends exactly the golden request sequence for a scripted conversation', async () => {
    const { config, clients } = fakeClients(fake, { BUDGET_STOP_SKIPS: '2' });
    const engine = createModelEngine({ router: clients.router, reasoner: clients.reasoner, ...modelEngineSettings(config) });
    fake.completion(
      { text: 'The person has had a fever and a cough for about a week.\nFlu fits a sudden fever with a dry cough.<|im_end|>' },
      { text: ', a week is long for flu; pneumonia needs breathing trouble, which they have not mentioned.<|im_start|>answer' },
      { text: '\nSo flu, and a week of symptoms means seeing a GP.\n<|im_start|>answer\n(flu, Urgent Primary Care)' },
      { text: 'A week of fever and cough fits flu that is not settling.\n\n(flu, Urgent Primary Care)<|im_end|>' },
    );
    const ctx = {
      input: { turnId: 't', threadId: 'th', text: 'Yes, a little green phlegm', history, demographics: { age: 67, sex: 'male' as const, notes: 'type 2 diabetes' } },
      signal: new AbortController().signal,
    };
    const { result } = await drain(engine.reason(ctx, retrieval.query, retrieval));
    expect(result.prediction).toEqual({ condition: 'flu', conditionTitle: 'Flu', severity: 'Urgent Primary Care' });

    const actual = `${fake.completionRequests().map((r, i) => render(i, r)).join('\n\n')}\n`;
    const file = path.join(here, 'golden/reference-profile.txt');
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, actual);
    expect(actual).toBe(readFileSync(file, 'utf8'));
  });
});
