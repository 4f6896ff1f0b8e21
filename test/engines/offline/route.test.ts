import { beforeAll, describe, expect, it } from 'vitest';
import { createOfflineEngine } from '../../../server/engines/offline/engine.js';
import type { TriageEngine } from '../../../server/contract/engine.js';
import { answerText, config, ctx, drain, pages } from './helpers.js';

let nodes: TriageEngine;
beforeAll(async () => {
  nodes = createOfflineEngine({ pages: await pages(), historyExchanges: config.ROUTER_HISTORY_EXCHANGES });
});

async function route(text: string, history: { role: 'user' | 'assistant'; content: string }[] = []) {
  const { events, result } = await drain(nodes.route(ctx(text, { history })));
  return { decision: result, answer: answerText(events), events };
}

describe('offline route', () => {
  it.each(['hi', 'Hello there!', 'good morning', 'hiya'])('greets %j directly, says it is offline, and asks for symptoms', async (text) => {
    const { decision, answer } = await route(text);
    expect(decision).toEqual({ route: 'DIRECT' });
    expect(answer).toMatch(/offline triage engine/);
    expect(answer).toMatch(/no language model/);
    expect(answer.trim().endsWith('?')).toBe(true);
  });

  it.each(['thanks so much, that was really helpful', 'thank you, bye', 'ok thanks', 'cheers'])('answers thanks %j directly', async (text) => {
    const { decision, answer } = await route(text);
    expect(decision.route).toBe('DIRECT');
    expect(answer.trim().endsWith('?')).toBe(true);
  });

  it.each(["what's the weather like in london today?", 'can you recommend a good pizza place?', 'how do i reset my password for this site?', 'how do i switch to another dentist near me'])(
    'declines off-topic %j honestly',
    async (text) => {
      const { decision, answer } = await route(text);
      expect(decision.route).toBe('DIRECT');
      expect(answer).toMatch(/only help with health/);
      expect(answer).toMatch(/no language model/);
      expect(answer.trim().endsWith('?')).toBe(true);
    },
  );

  it.each([
    'help me plan a weekend away in the Lake District',
    'can you give me a recipe for a chicken curry',
    'help me with my maths homework, solve 3x - 2 = 10',
    'who won the football last night',
    'write me an email to my landlord about the boiler',
  ])('declines the off-topic request %j instead of triaging or asking for symptoms', async (text) => {
    const { decision, answer } = await route(text);
    expect(decision.route).toBe('DIRECT');
    expect(answer).toMatch(/only help with health/);
  });

  it.each(["ok thank you, I'll ring my GP in the morning", 'night night, thanks for all your help'])(
    'takes %j as thanks, not as symptoms ("I\'ll" is not "ill", "ring" is not tinnitus)',
    async (text) => {
      const { decision } = await route(text);
      expect(decision.route).toBe('DIRECT');
    },
  );

  it.each(['got a problem down there', 'is this normal?', 'could you tell me if my son is ok', 'am i going to be alright', 'what do we do now', 'looking for some medical advice', 'hello, health question', 'hey can you help'])('asks for details on the vague %j', async (text) => {
    expect((await route(text)).decision.route).toBe('CLARIFY');
  });

  it.each(['who are you?', 'what can you do?', 'are you a real person?', 'is this an actual doctor'])('explains itself for %j', async (text) => {
    const { decision, answer } = await route(text);
    expect(decision.route).toBe('DIRECT');
    expect(answer).toMatch(/offline triage engine/);
  });

  it('streams a direct reply as several AnswerChunks', async () => {
    const { events } = await route('hello');
    expect(events.filter((e) => e.type === 'AnswerChunk').length).toBeGreaterThan(3);
  });

  it.each([
    'I feel unwell',
    "something's wrong with me",
    'help',
    'i dont feel right',
    'not feeling great today',
    "i think i'm coming down with something",
    "I'm in pain",
  ])('asks a useful question for %j', async (text) => {
    const { decision, events } = await route(text);
    expect(decision.route).toBe('CLARIFY');
    if (decision.route !== 'CLARIFY') return;
    expect(decision.question).toMatch(/\?$/);
    expect(decision.question).toMatch(/when|how long/i);
    // The question is sent verbatim by runTurn; the node itself streams nothing.
    expect(events.some((e) => e.type === 'AnswerChunk')).toBe(false);
  });

  it.each(['I have a rash', 'headache', 'tired all the time', 'lump in my breast'])('asks for detail before guessing from one common symptom: %j', async (text) => {
    const { decision } = await route(text);
    expect(decision.route).toBe('CLARIFY');
    if (decision.route === 'CLARIFY') expect(decision.question).toMatch(/when did it start/);
  });

  it('asks about the child for a vague message about a child', async () => {
    const { decision } = await route("my child isn't well");
    expect(decision.route).toBe('CLARIFY');
    if (decision.route === 'CLARIFY') expect(decision.question).toMatch(/how old/i);
  });

  it.each([
    'I have had a cough for 3 weeks',
    'my knee hurts when I walk',
    'burning when i pee',
    'itchy rash on my arm that keeps spreading',
    'toothache',
    'sneezing and a runny nose',
    'diarrea since yesterday',
    'hi, my throat is really sore',
  ])('triages symptoms %j', async (text) => {
    const { decision } = await route(text);
    expect(decision.route).toBe('TRIAGE');
  });

  it('routes emergencies to triage', async () => {
    expect((await route('i wanna end it all')).decision.route).toBe('TRIAGE');
    expect((await route('crushing chest pain')).decision.route).toBe('TRIAGE');
  });

  it('reads a follow-up with the symptoms it follows', async () => {
    const history = [
      { role: 'user' as const, content: 'I have a sore throat and a temperature' },
      { role: 'assistant' as const, content: 'How long have you had these symptoms, and is anything making them better or worse?' },
    ];
    const { decision } = await route("it's been 3 days now", history);
    expect(decision.route).toBe('TRIAGE');
    if (decision.route === 'TRIAGE') {
      expect(decision.query).toMatch(/sore throat/);
      expect(decision.query).toMatch(/3 days/);
    }
  });

  it('treats a yes to its own question as a follow-up, and thanks after triage as thanks', async () => {
    const history = [
      { role: 'user' as const, content: 'I have had a cough for 4 weeks' },
      { role: 'assistant' as const, content: 'Have you also noticed "chesty cough with phlegm", or anything else that\'s changed?' },
    ];
    const yes = await route('yes', history);
    expect(yes.decision.route).toBe('TRIAGE');
    if (yes.decision.route === 'TRIAGE') expect(yes.decision.query).toMatch(/chesty cough with phlegm/);
    expect((await route('thanks!', history)).decision.route).toBe('DIRECT');
  });

  it('reads a message that only denies symptoms with the complaint it answers, and a new complaint alone', async () => {
    const history = [
      { role: 'user' as const, content: 'my forearm is red, hot and swollen and the redness is creeping up' },
      { role: 'assistant' as const, content: 'Do you have a temperature, or feel unwell in yourself?' },
    ];
    // "no temperature" once read as "fever not [going]", a glandular fever phrase: a negation that
    // ends a phrase must follow its word.
    for (const denial of ['no temperature', 'no, not shivery, dont feel ill in myself, no fever']) {
      const { decision } = await route(denial, history);
      expect(decision.route).toBe('TRIAGE');
      if (decision.route === 'TRIAGE') expect(decision.query).toMatch(/forearm is red/);
    }
    const { decision } = await route('other question, ive got a sore throat and a blocked nose', history);
    if (decision.route === 'TRIAGE') expect(decision.query).not.toMatch(/forearm/);
    expect(decision.route).toBe('TRIAGE');
  });

  it('does not triage an off-topic question just because symptoms came earlier', async () => {
    const history = [{ role: 'user' as const, content: 'I have a sore throat' }];
    expect((await route('can you recommend a good pizza place?', history)).decision.route).toBe('DIRECT');
  });

  // A request for a task is off-topic whatever health words it carries; saying one is well is small
  // talk; a body part named and nothing else gets a question (other words than blind-an's).
  it.each([
    'could you translate "where is the nearest chemist, my son has a temperature" into french',
    'please help me fill in the blue badge form for my dad, he has copd',
    'any suggestions for a low sugar birthday cake? my daughter is type 1',
    'how do i set up reminders on my iphone for mums inhalers',
    'summarise the news about the junior doctors strike for me',
  ])('answers a request for a task %j directly, not as symptoms', async (text) => {
    expect((await route(text)).decision.route).toBe('DIRECT');
  });

  it.each(['evening! im feeling much better now, thanks for asking', 'not ill at all today, just fancied a chat'])('answers %j as small talk', async (text) => {
    expect((await route(text)).decision.route).toBe('DIRECT');
  });

  it.each(['my neck', 'its her knees again', 'been having a few issues'])('asks what is wrong when %j says where but not what', async (text) => {
    expect((await route(text)).decision.route).toBe('CLARIFY');
  });

  it.each(['not feeling great today, sore throat', 'feeling better but my chest still hurts', 'my neck is stiff and the light hurts my eyes'])('triages %j, which tells a symptom', async (text) => {
    expect((await route(text)).decision.route).toBe('TRIAGE');
  });

  it.each(['our rabbit has stopped eating and is hiding under the sofa', 'my kitten keeps being sick on the carpet', 'should i take my puppy to the vets, he is limping', 'dog ate half a bar of chocolate, what should i do', 'one of my ewes has a prolapse what do i do'])(
    'sends a question about an animal %j to a vet, not to triage',
    async (text) => {
      const { decision, answer } = await route(text);
      expect(decision.route).toBe('DIRECT');
      expect(answer).toMatch(/vet/);
    },
  );

  it.each(['my neighbours dog bit my hand and it is bleeding', 'took the dog out and now my ankle is swollen and I cannot put weight on it', 'coughing like a seal all night, 3 year old'])(
    'triages a person hurt by or near an animal, or described with an animal word: %j',
    async (text) => {
      expect((await route(text)).decision.route).toBe('TRIAGE');
    },
  );

  it.each(['are you still there?', 'lol you are brilliant', 'sorry I tapped the wrong thing', 'hello, just trying this out', 'do you ever sleep', 'tell me a joke', 'brb, doorbell'])(
    'answers small talk %j as small talk, without asking for symptoms it was not given',
    async (text) => {
      const { decision } = await route(text);
      expect(decision.route).toBe('DIRECT');
    },
  );

  it.each(['please translate my sore throat leaflet into Polish', 'rate my leg day routine', 'proofread my essay on the heart', 'how long do i boil potatoes for'])(
    'declines a plainly off-topic request %j even when it has body words',
    async (text) => {
      const { decision, answer } = await route(text);
      expect(decision.route).toBe('DIRECT');
      expect(answer).toMatch(/only help with health/);
    },
  );

  it.each([
    'my mum has dementia and is not herself',
    'got type 1 diabetes and feeling rough',
    'I have asthma and I feel a bit rubbish',
    'my husband is not good again',
    'got my blood test results, what do they mean',
    'not sure whether I should speak to a doctor',
  ])('asks about %j: a known diagnosis or a feeling is not yet a symptom', async (text) => {
    expect((await route(text)).decision.route).toBe('CLARIFY');
  });

  it.each(['I have asthma and I am wheezing a lot tonight', 'type 2 diabetic, feel rough and my foot has gone red and hot', 'on chemotherapy and feel shivery with a temperature'])(
    'triages %j: a known diagnosis with a symptom is triage',
    async (text) => {
      expect((await route(text)).decision.route).toBe('TRIAGE');
    },
  );

  it.each(['thank you, his temperature has gone down and he is sleeping now', 'cheers, feeling much better today'])('takes %j as a closing thanks', async (text) => {
    expect((await route(text)).decision.route).toBe('DIRECT');
  });

  it.each(['thanks, but now she has a rash that does not fade', 'thank you, it is getting worse though, my chest is tight'])('triages %j: thanks with new trouble is not a goodbye', async (text) => {
    expect((await route(text)).decision.route).toBe('TRIAGE');
  });
});
