import { beforeAll, describe, expect, it } from 'vitest';
import type { ConditionPage } from '../../../server/knowledge/types.js';
import { createOfflineEngine } from '../../../server/engines/offline/engine.js';
import type { Prediction } from '../../../server/contract/events.js';
import type { Analysis, TriageEngine } from '../../../server/contract/engine.js';
import { assessSafety, emergencyNotice } from '../../../server/safety/index.js';
import { answerText, config, ctx, drain, pages, retrievalOf } from './helpers.js';

let all: ConditionPage[];
let nodes: TriageEngine;
beforeAll(async () => {
  all = await pages();
  nodes = createOfflineEngine({ pages: all, historyExchanges: config.ROUTER_HISTORY_EXCHANGES });
});

function analysis(prediction: Prediction): Analysis {
  return { prediction, reasonerOutput: '', retrieval: retrievalOf(all, prediction.condition === 'inconclusive' ? [] : [prediction.condition]) };
}

async function respond(text: string, prediction: Prediction, notice: string | null = null) {
  const { events } = await drain(nodes.respond(ctx(text), analysis(prediction), notice));
  return { events, answer: answerText(events) };
}

describe('offline respond', () => {
  it('self-care: hedged, names the condition, home care or pharmacist, GP if it persists, ends with a question', async () => {
    const { answer, events } = await respond('sneezing and itchy eyes every summer', { condition: 'hay-fever', conditionTitle: 'Hay fever', severity: 'Self-care' });
    expect(answer).toMatch(/could be \*\*Hay fever\*\*/);
    expect(answer).not.toMatch(/you have hay fever/i);
    expect(answer).toMatch(/pharmacist/);
    expect(answer).toMatch(/GP/);
    expect(answer).toMatch(/Things that usually help:\n- /);
    expect(answer.trim().endsWith('?')).toBe(true);
    expect(events.filter((e) => e.type === 'AnswerChunk').length).toBeGreaterThan(10);
  });

  it('summarises the page rather than pasting it', async () => {
    const page = all.find((p) => p.slug === 'hay-fever') as ConditionPage;
    const { answer } = await respond('sneezing', { condition: 'hay-fever', conditionTitle: 'Hay fever', severity: 'Self-care' });
    const fullSections = page.sections.map((s) => s.content.length).reduce((a, b) => a + b, 0);
    expect(answer.length).toBeLessThan(fullSections / 2);
  });

  it('self-care with a routine flag: not urgent, but book a GP appointment, and why', async () => {
    const { answer } = await respond('itchy with white discharge, thrush keeps coming back', { condition: 'thrush', conditionTitle: 'Thrush', severity: 'Self-care' });
    expect(answer).toMatch(/not urgent, but please book an appointment with your GP/);
    expect(answer).toMatch(/Why a GP should check it:\n- /);
    expect(answer).not.toMatch(/NHS 111/);
    const plain = await respond('itchy with white discharge, had it before and the cream worked', { condition: 'thrush', conditionTitle: 'Thrush', severity: 'Self-care' });
    expect(plain.answer).not.toMatch(/book an appointment with your GP/);
    expect(plain.answer).toMatch(/Things that usually help:/);
  });

  it('urgent: GP, NHS 111 or an urgent treatment centre as soon as possible, plus warning signs', async () => {
    const { answer } = await respond('cough for 5 weeks', { condition: 'cough', conditionTitle: 'Cough', severity: 'Urgent Primary Care' });
    expect(answer).toMatch(/GP/);
    expect(answer).toMatch(/NHS 111/);
    expect(answer).toMatch(/urgent treatment centre/);
    expect(answer).toMatch(/as soon as possible/);
    expect(answer).toMatch(/Call 999 or go to A&E if/);
    expect(answer.trim().endsWith('?')).toBe(true);
  });

  it('A&E: call 999 or go to A&E now', async () => {
    const { answer } = await respond('pain moved to my lower right tummy', { condition: 'appendicitis', conditionTitle: 'Appendicitis', severity: 'A&E' });
    expect(answer).toMatch(/call 999 or go to A&E now/i);
    expect(answer.trim().endsWith('?')).toBe(true);
  });

  it('puts the safety notice first when there is one, and keeps it intact', async () => {
    const notice = emergencyNotice(assessSafety('i wanna end it all'));
    const { answer } = await respond('i wanna end it all', { condition: 'suicidal-thoughts', conditionTitle: 'Help for suicidal thoughts', severity: 'A&E' }, notice);
    expect(answer.startsWith(notice)).toBe(true);
    expect(answer).toMatch(/116 123/);
    expect(answer.trim().endsWith('?')).toBe(true);
  });

  it('inconclusive: honest, suggests 111, asks for more detail', async () => {
    const { answer } = await respond('my elbow clicks', { condition: 'inconclusive', conditionTitle: 'Inconclusive', severity: 'Urgent Primary Care' });
    expect(answer).toMatch(/can't tell/);
    expect(answer).toMatch(/111/);
    expect(answer.trim().endsWith('?')).toBe(true);
  });

  it('inconclusive and not urgent: says so, points to a pharmacist or a GP appointment, 111 if it gets worse', async () => {
    const { answer } = await respond('my elbow clicks', { condition: 'inconclusive', conditionTitle: 'Inconclusive', severity: 'Self-care' });
    expect(answer).toMatch(/can't tell/);
    expect(answer).toMatch(/doesn't sound urgent|sounds urgent/);
    expect(answer).toMatch(/pharmacist/);
    expect(answer).toMatch(/book an appointment with your GP/);
    expect(answer).toMatch(/111/);
    expect(answer).not.toMatch(/The safest next step is to call/);
    expect(answer.trim().endsWith('?')).toBe(true);
  });

  it('describes a condition the safety floor chose from the person\'s own words', async () => {
    const { answer } = await respond('crushing chest pain going down my left arm and sweating', { condition: 'heart-attack', conditionTitle: 'Heart attack', severity: 'A&E' });
    expect(answer).toMatch(/Heart attack/);
    expect(answer).toMatch(/What you describe \(/);
  });
});

describe('offline respond uses the conversation (issue #30: answers that use the case)', () => {
  const cold: Prediction = { condition: 'common-cold', conditionTitle: 'Common cold', severity: 'Self-care' };
  const hayFever: Prediction = { condition: 'hay-fever', conditionTitle: 'Hay fever', severity: 'Self-care' };
  const history = (said: string) => [
    { role: 'user' as const, content: said },
    { role: 'assistant' as const, content: 'It could be a cold.' },
  ];

  it('a follow-up question is answered from the page of the complaint it follows', async () => {
    const { events } = await drain(nodes.respond(ctx('can i take antihistamines for it?', { history: history('sneezing and itchy streaming eyes every summer for 2 weeks') }), analysis(hayFever), null));
    const answer = answerText(events);
    expect(answer).toMatch(/^\*\*About your question:\*\* the NHS page on hay fever says: [^\n]*antihistamine/i);
  });

  it('says when the page does not cover the question, and who can answer it', async () => {
    const { events } = await drain(nodes.respond(ctx('can i take my leftover amoxicillin for it?', { history: history('runny nose and sneezing for 3 days') }), analysis(cold), null));
    expect(answerText(events)).toMatch(/does not cover that\. A pharmacist/);
  });

  it('a first message that is a question gets no follow-up paragraph', async () => {
    const { answer } = await respond('can i take paracetamol for a cold?', cold);
    expect(answer).not.toMatch(/About your question/);
  });

  it('never asks how long when the person already said it', async () => {
    const asked = await respond('runny nose and sneezing', cold);
    expect(asked.answer).toMatch(/How long have you had these symptoms/);
    const { events } = await drain(nodes.respond(ctx('still the same', { history: history('runny nose and sneezing for 3 days') }), analysis(cold), null));
    expect(answerText(events)).not.toMatch(/How long/);
  });
});
