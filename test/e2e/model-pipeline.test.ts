import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_OPEN } from '../../server/engines/model/reasoner.js';
import { countTokens, type ChatRequestBody, type CompletionRequestBody } from '../support/fake-openai.js';
import { gql, startThread } from '../support/graphql.js';
import {
  answerOf,
  completed,
  mark,
  reasoningOf,
  runTurn,
  shape,
  staffEvents,
  startModelService,
  terminal,
  threadMessages,
  turnAsStaff,
  type ModelService,
} from './helpers.js';

/**
 * The turn pipeline on OpenAI-compatible models, end to end: GraphQL over HTTP and graphql-ws in
 * front, the `openai` client talking HTTP to two fake OpenAI servers (router: chat with tools;
 * reasoner: completions with budget forcing) behind, real Chroma retrieval in between.
 */

const THINK_STOPS = ['<|im_start|>', '<|im_end|>'];
const BUDGET = 30;

let svc: ModelService;

beforeAll(async () => {
  svc = await startModelService('e2e-model-pipeline', {
    BUDGET_THINKING_TOKENS: String(BUDGET),
    BUDGET_STOP_SKIPS: '2',
    REASONER_ANSWER_TOKENS: '64',
    ROUTER_HISTORY_EXCHANGES: '1',
    RESPONDER_HISTORY_EXCHANGES: '1',
  });
});
afterAll(async () => {
  await svc?.close();
});
afterEach(() => {
  // Every script a test queued was used: no model call was skipped.
  const unused = { router: svc.routerScripts.pending(), reasoner: svc.reasonerScripts.pending() };
  svc.reset();
  expect(unused).toEqual({ router: 0, reasoner: 0 });
});

/** BUDGET_STOP_SKIPS=2: the reasoner thinks in three rounds (two `Wait`s, each a new sentence), then answers. */
const reasonerTurn = (rounds: [string, string, string], answer: string) => [...rounds.map((text) => ({ text })), { text: answer }];
const joined = (rounds: [string, string, string]) => rounds.join(' Wait');

const searchCall = (query: string) => ({ toolCalls: [{ name: 'retrieve_as_tool', arguments: { query } }] });
const chatPosts = (m: ReturnType<typeof mark>) => m.posts().map((r) => r.body as ChatRequestBody);
const completionPosts = (m: ReturnType<typeof mark>) => m.posts().map((r) => r.body as CompletionRequestBody);
const contents = (req: ChatRequestBody | undefined) => (req?.messages ?? []).map((m) => [m.role, m.content]);

describe('routes', () => {
  it('DIRECT: the router text streams as AnswerChunks, route DIRECT, no reasoner call', async () => {
    const reply = 'Hello! I can help with health worries. What is bothering you today?';
    svc.routerScripts.chat({ text: reply });
    const routerLog = mark(svc.router);
    const reasonerLog = mark(svc.reasoner);
    const { threadId, token } = await startThread(svc.server);

    const { turnId, events } = await runTurn(svc.server, token, threadId, 'hi there');

    expect(shape(events)).toEqual(['TurnStarted', 'StatusChunk:ROUTING', 'AnswerChunk', 'TurnCompleted']);
    expect(events[0]).toMatchObject({ engine: 'MODEL' });
    expect(answerOf(events)).toBe(reply);
    expect(events.at(-1)).toMatchObject({ route: 'DIRECT', assistantMessage: { role: 'ASSISTANT', text: reply } });
    const [req, ...others] = chatPosts(routerLog);
    expect(others).toEqual([]);
    expect(req).toMatchObject({ model: 'router-model', stream: true });
    expect(req?.tools?.map((t) => t.function.name)).toEqual(['retrieve_as_tool', 'ask_for_clarification']);
    expect(contents(req).at(-1)).toEqual(['user', 'hi there']);
    expect(reasonerLog.posts()).toEqual([]);
    expect(await turnAsStaff(svc.server, turnId)).toMatchObject({ status: 'COMPLETED', route: 'DIRECT', reasonerOutput: null, prediction: null, sources: [] });
  });

  it('CLARIFY: the ask_for_clarification question is sent verbatim, with exactly one model call', async () => {
    const question = 'I am sorry you feel unwell. What is the main symptom, and how long have you had it?';
    svc.routerScripts.chat({ toolCalls: [{ name: 'ask_for_clarification', arguments: { question, what_to_clarify: 'main symptom' } }] });
    const routerLog = mark(svc.router);
    const reasonerLog = mark(svc.reasoner);
    const { threadId, token } = await startThread(svc.server);

    const { events } = await runTurn(svc.server, token, threadId, 'I feel unwell');

    expect(shape(events)).toEqual(['TurnStarted', 'StatusChunk:ROUTING', 'AnswerChunk', 'TurnCompleted']);
    expect(answerOf(events)).toBe(question);
    expect(events.at(-1)).toMatchObject({ route: 'CLARIFY', assistantMessage: { text: question } });
    expect(routerLog.posts()).toHaveLength(1);
    expect(reasonerLog.posts()).toEqual([]);
    expect(await threadMessages(svc.server, token, threadId)).toEqual([
      { role: 'USER', text: 'I feel unwell' },
      { role: 'ASSISTANT', text: question },
    ]);
  });

  it('TRIAGE: sources from Chroma, reasoning, triage (staff only), answer, one TurnCompleted, in that order', async () => {
    const query = 'sudden high temperature, aching body, exhaustion, dry cough';
    const thinking = 'A sudden fever with aches and a dry cough fits flu.';
    const answer = 'This sounds like flu. Rest, keep warm and drink plenty of fluids. Is anyone else at home unwell?';
    svc.routerScripts.chat(searchCall(query), { text: answer });
    svc.reasonerScripts.completion({ text: `${thinking}<|im_end|>` }, { text: ' Nothing urgent.' }, { text: ' Self-care.' }, { text: '(flu, Self-care)<|im_end|>' });
    const routerLog = mark(svc.router);
    const reasonerLog = mark(svc.reasoner);
    const { threadId, token } = await startThread(svc.server);

    const { turnId, events } = await runTurn(svc.server, token, threadId, 'I suddenly got a high temperature, my whole body aches and I have a dry cough');

    expect(shape(events)).toEqual([
      'TurnStarted',
      'StatusChunk:ROUTING',
      'StatusChunk:SEARCHING',
      'SourcesChunk',
      'StatusChunk:REASONING',
      'ReasoningChunk',
      'TriageChunk',
      'StatusChunk:ANSWERING',
      'AnswerChunk',
      'TurnCompleted',
    ]);
    expect(terminal(events)).toHaveLength(1);
    expect(events.find((e) => e.__typename === 'TriageChunk')?.condition ?? null).toBeNull(); // never its contents for the thread owner
    expect(reasoningOf(events)).toBe(`${thinking} Wait Nothing urgent. Wait Self-care.`);
    expect(answerOf(events)).toBe(answer);
    expect(events.at(-1)).toMatchObject({ route: 'TRIAGE', assistantMessage: { text: answer } });

    // The sources come from the real retrieval over the knowledge base in Chroma.
    const sources = events.find((e) => e.__typename === 'SourcesChunk')!.sources as { slug: string; title: string; url: string }[];
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.map((s) => s.slug)).toContain('flu');
    expect(sources.find((s) => s.slug === 'flu')).toEqual({ slug: 'flu', title: 'Flu', url: 'https://www.nhs.uk/conditions/flu/' });
    // ...and the reasoner was given exactly those pages, in the reference format, with the person's own words.
    const firstPrompt = completionPosts(reasonerLog)[0]?.prompt ?? '';
    for (const s of sources) expect(firstPrompt).toMatch(new RegExp(`\\nSource: ${s.slug}, similarity score: [01]\\.\\d{3}\\. Content:\\n`));
    expect(firstPrompt).toMatch(new RegExp(`Sources and similarity scores \\(lower is better\\): \\[${sources.map((s) => `\\(${s.slug}, [01]\\.\\d{3}\\)`).join(', ')}\\]`));
    expect(firstPrompt.endsWith('<|im_start|>user\nI suddenly got a high temperature, my whole body aches and I have a dry cough<|im_end|>\n<|im_start|>assistant\n<|im_start|>think\n')).toBe(true);

    const staff = await staffEvents(svc.server, turnId);
    expect(shape(staff)).toEqual([
      'TurnStarted',
      'StatusChunk:ROUTING',
      'StatusChunk:SEARCHING',
      'SourcesChunk',
      'StatusChunk:REASONING',
      'ReasoningChunk',
      'TriageChunk',
      'StatusChunk:ANSWERING',
      'AnswerChunk',
      'TurnCompleted',
    ]);
    expect(staff.find((e) => e.__typename === 'TriageChunk')).toMatchObject({ condition: 'flu', conditionTitle: 'Flu', severity: 'SELF_CARE' });

    // Router: the routing call (with tools), then the responder (no tools) that wrote the answer.
    const [routing, responder, ...more] = chatPosts(routerLog);
    expect(more).toEqual([]);
    expect(routing?.tools).toHaveLength(2);
    expect(responder?.tools).toBeUndefined();
    expect(responder?.messages[0]?.content).toContain(thinking); // the responder works from the analysis
    expect(await turnAsStaff(svc.server, turnId)).toMatchObject({ status: 'COMPLETED', route: 'TRIAGE', searchQuery: query });
  });
});

describe('budget forcing through the API', () => {
  it('sends the exact request sequence: think, Wait with a shrinking budget, then the answer phase', async () => {
    const round1 = 'Sore throat and fever.';
    const round2 = ' Swollen glands too.';
    const round3 = ' Tonsillitis fits best: there are no red flags such as drooling, a muffled voice, a stiff neck or trouble breathing, so it can be looked after at home.';
    svc.routerScripts.chat(searchCall('sore throat, fever, swollen glands'), { text: 'It sounds like tonsillitis. Rest and take paracetamol. How is your swallowing?' });
    svc.reasonerScripts.completion(
      { text: `${round1}<|im_end|>never sent` }, // the model tries to stop: cut at the stop string
      { text: `${round2}<|im_start|>answer` }, // and again, at the other stop string
      { text: round3 }, // runs out of budget: cut by max_tokens
      { text: '(tonsillitis, Self-care)<|im_end|>' },
    );
    const reasonerLog = mark(svc.reasoner);
    const { threadId, token } = await startThread(svc.server);

    const { turnId, events } = await runTurn(svc.server, token, threadId, 'My throat is sore and I have swollen glands');
    completed(events);

    const used1 = countTokens(round1);
    const used2 = countTokens(round2);
    const budget3 = BUDGET - used1 - used2;
    expect(budget3).toBeGreaterThan(0);
    expect(countTokens(round3)).toBeGreaterThan(budget3);
    const cut3 = round3.match(/\s*(?:[A-Za-z0-9]+|[^\sA-Za-z0-9])/g)!.slice(0, budget3).join('');

    const reqs = completionPosts(reasonerLog);
    const base = reqs[0]!.prompt;
    expect(base).toMatch(/^<\|im_start\|>system\n[\s\S]+<\|im_end\|>\n<\|im_start\|>user\n[\s\S]+<\|im_end\|>\n<\|im_start\|>assistant\n<\|im_start\|>think\n$/);
    expect(base).toContain('My throat is sore and I have swollen glands');
    expect(reqs.map((r) => r.prompt)).toEqual([
      base,
      `${base}${round1} Wait`,
      `${base}${round1} Wait${round2} Wait`,
      `${base}${round1} Wait${round2} Wait${cut3}\n<|im_start|>answer\n`,
    ]);
    expect(reqs.map((r) => r.max_tokens)).toEqual([BUDGET, BUDGET - used1, budget3, 64]);
    expect(reqs.map((r) => r.min_tokens)).toEqual([0, 1, 1, 0]);
    expect(reqs.map((r) => r.stop)).toEqual([THINK_STOPS, THINK_STOPS, THINK_STOPS, ['<|im_end|>']]);
    for (const r of reqs) expect(r).toMatchObject({ model: 'reasoner-model', stream: true, skip_special_tokens: false });

    const thinking = `${round1} Wait${round2} Wait${cut3}`;
    expect(reasoningOf(events)).toBe(thinking);
    expect(await turnAsStaff(svc.server, turnId)).toMatchObject({
      reasoning: thinking,
      reasonerOutput: `${thinking}${ANSWER_OPEN}(tonsillitis, Self-care)`,
      prediction: { condition: 'tonsillitis', severity: 'SELF_CARE' },
    });
  });
});

describe('conversation', () => {
  it('keeps the reasoner out of the history; the router sees the first message and the last exchange; the reasoner sees the whole conversation', async () => {
    const greeting = 'Hello! What health worry can I help you with today?';
    const question = 'What is the main symptom, and how long have you had it?';
    const thinking = 'REASONER-PRIVATE: a sore throat with a temperature for a day suggests a viral sore throat.';
    const answer = 'It sounds like a sore throat that should get better by itself within a week. Is it hard to swallow?';
    const thanks = 'You are welcome. Is there anything else I can help with?';
    svc.routerScripts.chat(
      { text: greeting },
      { toolCalls: [{ name: 'ask_for_clarification', arguments: { question, what_to_clarify: 'main symptom' } }] },
      searchCall('sore throat and high temperature for one day'),
      { text: answer },
      { text: thanks },
    );
    const rounds: [string, string, string] = [thinking, ' Still viral.', ' No red flags.'];
    svc.reasonerScripts.completion(...reasonerTurn(rounds, '(sore-throat, Self-care)'));
    const routerLog = mark(svc.router);
    const reasonerLog = mark(svc.reasoner);
    const { threadId, token } = await startThread(svc.server);

    const said = ['hello', 'I feel unwell', 'A sore throat and a high temperature since yesterday', 'thanks, that helps'];
    const runs = [];
    for (const text of said) {
      const run = await runTurn(svc.server, token, threadId, text);
      completed(run.events);
      runs.push(run);
    }
    const triageTurn = runs[2]!;
    expect(reasoningOf(triageTurn.events)).toBe(joined(rounds));
    expect(answerOf(triageTurn.events)).toBe(answer);

    // Requests to the router: route 1, route 2, route 3, responder 3, route 4.
    const reqs = chatPosts(routerLog);
    expect(reqs.map((r) => (r.tools ? 'route' : 'respond'))).toEqual(['route', 'route', 'route', 'respond', 'route']);
    expect(contents(reqs[0]).slice(1)).toEqual([['user', 'hello']]);
    expect(contents(reqs[1]).slice(1)).toEqual([
      ['user', 'hello'],
      ['assistant', greeting],
      ['user', 'I feel unwell'],
    ]);
    expect(contents(reqs[2]).slice(1)).toEqual([
      ['user', 'hello'],
      ['user', 'I feel unwell'],
      ['assistant', question],
      ['user', said[2]],
    ]);
    expect(contents(reqs[4]).slice(1)).toEqual([
      ['user', 'hello'],
      ['user', said[2]],
      ['assistant', answer],
      ['user', 'thanks, that helps'],
    ]);
    // The reasoner had the conversation as chat turns: the clarifying question with its answer,
    // then the new message and the opened assistant turn.
    const reasonerPrompt = completionPosts(reasonerLog)[0]?.prompt ?? '';
    expect(reasonerPrompt.slice(reasonerPrompt.indexOf('<|im_end|>\n') + '<|im_end|>\n'.length)).toBe(
      `<|im_start|>user\nhello<|im_end|>\n<|im_start|>assistant\n${greeting}<|im_end|>\n<|im_start|>user\nI feel unwell<|im_end|>\n` +
        `<|im_start|>assistant\n${question}<|im_end|>\n<|im_start|>user\n${said[2]}<|im_end|>\n<|im_start|>assistant\n<|im_start|>think\n`,
    );
    // The next turn's router request carries nothing of the reasoner's output.
    const nextTurn = JSON.stringify(reqs[4]!.messages);
    expect(nextTurn).not.toContain('REASONER-PRIVATE');
    expect(nextTurn).not.toContain('No red flags');
    expect(nextTurn).not.toContain('(sore-throat');
    expect(nextTurn).not.toContain('im_start');

    // The thread holds what the person wrote and read, nothing of the reasoner.
    expect(await threadMessages(svc.server, token, threadId)).toEqual([
      { role: 'USER', text: said[0] },
      { role: 'ASSISTANT', text: greeting },
      { role: 'USER', text: said[1] },
      { role: 'ASSISTANT', text: question },
      { role: 'USER', text: said[2] },
      { role: 'ASSISTANT', text: answer },
      { role: 'USER', text: said[3] },
      { role: 'ASSISTANT', text: thanks },
    ]);

    // The reasoner's full output and the prediction are stored on the turn, for staff.
    expect(await turnAsStaff(svc.server, triageTurn.turnId)).toMatchObject({
      route: 'TRIAGE',
      reasoning: joined(rounds),
      reasonerOutput: `${joined(rounds)}${ANSWER_OPEN}(sore-throat, Self-care)`,
      prediction: { condition: 'sore-throat', severity: 'SELF_CARE' },
    });
    const asOwner = await gql(svc.server, `query($id: ID!) { turn(id: $id) { reasoning reasonerOutput } }`, { id: triageTurn.turnId }, { token });
    expect(asOwner.data!.turn).toEqual({ reasoning: joined(rounds), reasonerOutput: null });
    expect(asOwner.errors?.[0]).toMatchObject({ path: ['turn', 'reasonerOutput'], extensions: { code: 'FORBIDDEN' } });
  });
});

describe('a long conversation', () => {
  it('at the sixth exchange the reasoner still has the chief complaint, every answer and every question asked; the router has the first message', async () => {
    const exchanges: [string, string][] = [
      ['I have had a bad headache since this morning', 'I am sorry to hear that. Where is the pain?'],
      ['At the front, behind my eyes', 'Do you have a high temperature?'],
      ['No temperature', 'Does light bother your eyes?'],
      ['A little', 'Have you taken anything for it?'],
      ['Paracetamol, it did not help', 'Have you been sick?'],
    ];
    for (const [, question] of exchanges) svc.routerScripts.chat({ toolCalls: [{ name: 'ask_for_clarification', arguments: { question, what_to_clarify: 'details' } }] });
    svc.routerScripts.chat(searchCall('headache behind the eyes since this morning, slight light sensitivity, paracetamol did not help'), { text: 'It sounds like a tension-type headache. Rest and drink water. Is it getting worse?' });
    svc.reasonerScripts.completion(...reasonerTurn(['Frontal headache.', ' No fever.', ' No red flags.'], '(headaches, Self-care)'));
    const routerLog = mark(svc.router);
    const reasonerLog = mark(svc.reasoner);
    const { threadId, token } = await startThread(svc.server);
    for (const [text] of exchanges) completed((await runTurn(svc.server, token, threadId, text)).events);
    completed((await runTurn(svc.server, token, threadId, 'No, I have not been sick')).events);

    const prompt = completionPosts(reasonerLog)[0]?.prompt ?? '';
    const turns = exchanges.flatMap(([said, asked]) => `<|im_start|>user\n${said}<|im_end|>\n<|im_start|>assistant\n${asked}<|im_end|>\n`).join('');
    expect(prompt.endsWith(`${turns}<|im_start|>user\nNo, I have not been sick<|im_end|>\n<|im_start|>assistant\n<|im_start|>think\n`)).toBe(true);
    // ROUTER_HISTORY_EXCHANGES=1: the last exchange, and the chief complaint pinned in front.
    const routing = chatPosts(routerLog).filter((r) => r.tools).at(-1);
    expect(contents(routing).slice(1)).toEqual([
      ['user', exchanges[0]![0]],
      ['user', exchanges[4]![0]],
      ['assistant', exchanges[4]![1]],
      ['user', 'No, I have not been sick'],
    ]);
  });
});

describe('safety with a model that under-triages', () => {
  it('chest pain spreading to the arm with sweating: router skipped, A&E for staff, 999 / A&E in the answer', async () => {
    const text = "crushing chest pain spreading to my left arm and I'm sweating";
    const reply = 'This is most likely indigestion. An antacid from a pharmacy should help.';
    svc.routerScripts.chat({ text: reply });
    svc.reasonerScripts.completion(...reasonerTurn(['Chest discomfort after eating is often indigestion.', ' Acid.', ' Mild.'], '(indigestion, Self-care)'));
    const routerLog = mark(svc.router);
    const reasonerLog = mark(svc.reasoner);
    const { threadId, token } = await startThread(svc.server);

    const { turnId, events } = await runTurn(svc.server, token, threadId, text);

    expect(completed(events)).toMatchObject({ route: 'TRIAGE' });
    // Emergencies skip routing: the one call to the router model is the responder (no tools).
    const reqs = chatPosts(routerLog);
    expect(reqs).toHaveLength(1);
    expect(reqs[0]?.tools).toBeUndefined();
    expect(reqs[0]?.messages[0]?.content).toContain('THIS IS AN EMERGENCY');
    expect(completionPosts(reasonerLog).at(-1)?.prompt).toContain('<|im_start|>answer\n');

    // The reasoning (already shown) said self-care: the answer first says the advice to follow, in
    // one clear statement (not a second verdict to weigh against the first), then the responder's
    // words, and it names 999 / A&E.
    const final = answerOf(events);
    expect(final).toMatch(/^\*\*Please call 999 or go to A&E now\.\*\*[^\n]*\n\n/);
    expect(final).not.toMatch(/reasoning above/); // one verdict, not two
    expect(final).toContain(reply);
    expect(final).toMatch(/\b999\b/);
    expect(final).toContain('A&E');
    const staff = await staffEvents(svc.server, turnId);
    expect(staff.find((e) => e.__typename === 'TriageChunk')).toMatchObject({ severity: 'A_AND_E' });
    const turn = await turnAsStaff(svc.server, turnId);
    expect(turn).toMatchObject({ route: 'TRIAGE', searchQuery: text, prediction: { severity: 'A_AND_E' } });
    expect(turn.reasonerOutput).toContain('(indigestion, Self-care)'); // what the model said is kept for review
    expect((await threadMessages(svc.server, token, threadId)).at(-1)).toEqual({ role: 'ASSISTANT', text: final });
  });

  it('suicidal thoughts: the answer gives Samaritans 116 123 and NHS 111', async () => {
    const text = "I keep having suicidal thoughts and I don't see the point any more";
    const reply = 'I am sorry you are going through this. Talking to someone can really help.';
    svc.routerScripts.chat({ text: reply });
    svc.reasonerScripts.completion(...reasonerTurn(['Low mood.', ' Tired.', ' Stressed.'], '(inconclusive, Self-care)'));
    const routerLog = mark(svc.router);
    const { threadId, token } = await startThread(svc.server);

    const { turnId, events } = await runTurn(svc.server, token, threadId, text);

    expect(completed(events)).toMatchObject({ route: 'TRIAGE' });
    expect(chatPosts(routerLog).map((r) => r.tools)).toEqual([undefined]); // the responder only
    const final = answerOf(events);
    expect(final).toMatch(/^\*\*Please call 999 or go to A&E now\.\*\*/);
    expect(final).toContain(reply);
    expect(final).toContain('116 123');
    expect(final).toMatch(/\b111\b/);
    expect((await turnAsStaff(svc.server, turnId)).prediction).toMatchObject({ severity: 'A_AND_E' });
  });

  it('the case holds: "thanks" after an emergency is not routed (no direct reply), and is answered with the 999 advice', async () => {
    svc.routerScripts.chat({ text: 'Please call 999 now.' });
    svc.reasonerScripts.completion(...reasonerTurn(['Chest pain with sweating.', ' Arm pain.', ' Serious.'], '(heart-attack, A&E)'));
    const { threadId, token } = await startThread(svc.server);
    await runTurn(svc.server, token, threadId, "crushing chest pain spreading to my left arm and I'm sweating");

    const reply = 'You are welcome. I hope you feel better soon.';
    svc.routerScripts.chat({ text: reply });
    svc.reasonerScripts.completion(...reasonerTurn(['The person says thanks.', ' Nothing new.', ' Fine.'], '(inconclusive, Self-care)'));
    const routerLog = mark(svc.router);
    const { turnId, events } = await runTurn(svc.server, token, threadId, 'thanks');
    expect(chatPosts(routerLog).map((r) => r.tools)).toEqual([undefined]); // the responder only: no routing, so no direct reply
    expect(events.find((e) => e.__typename === 'AdviceChunk')).toMatchObject({ advice: { level: 'EMERGENCY' } });
    expect(answerOf(events)).toMatch(/\b999\b/);
    expect((await turnAsStaff(svc.server, turnId)).prediction).toMatchObject({ severity: 'A_AND_E' });
  });

  it('an emergency spread over two messages ("chest pain", then "now sweating and breathless") is caught on the second', async () => {
    const question = 'How long have you had the chest pain?';
    svc.routerScripts.chat({ toolCalls: [{ name: 'ask_for_clarification', arguments: { question, what_to_clarify: 'main symptom' } }] });
    const { threadId, token } = await startThread(svc.server);
    await runTurn(svc.server, token, threadId, 'I have some chest pain');

    const reply = 'It may be a pulled muscle. Rest should help.';
    svc.routerScripts.chat({ text: reply });
    svc.reasonerScripts.completion(...reasonerTurn(['Muscle strain is common.', ' Rest.', ' Mild.'], '(chest-pain, Self-care)'));
    const routerLog = mark(svc.router);
    const { turnId, events } = await runTurn(svc.server, token, threadId, "now I'm sweating and breathless too");
    expect(chatPosts(routerLog).map((r) => r.tools)).toEqual([undefined]); // routing skipped: the responder only
    expect(answerOf(events)).toMatch(/\b999\b/);
    expect((await turnAsStaff(svc.server, turnId)).prediction).toMatchObject({ severity: 'A_AND_E' });
  });
});
