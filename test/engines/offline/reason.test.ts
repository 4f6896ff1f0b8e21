import { beforeAll, describe, expect, it } from 'vitest';
import type { ConditionPage } from '../../../server/knowledge/types.js';
import { createAnalyser, type Analyser } from '../../../server/engines/offline/analyse.js';
import { flagAge, flagDays } from '../../../server/engines/offline/conditions.js';
import { readFacts } from '../../../server/engines/offline/facts.js';
import { createOfflineEngine } from '../../../server/engines/offline/engine.js';
import type { TriageEngine } from '../../../server/contract/engine.js';
import { config, ctx, drain, pages, reasoningText, retrievalOf } from './helpers.js';

let all: ConditionPage[];
let analyser: Analyser;
let nodes: TriageEngine;
beforeAll(async () => {
  all = await pages();
  analyser = createAnalyser(all);
  nodes = createOfflineEngine({ pages: all, historyExchanges: config.ROUTER_HISTORY_EXCHANGES });
});

const analyse = (text: string, slugs: string[], demographics?: Parameters<Analyser['analyse']>[1], top?: number) =>
  analyser.analyse([text], demographics, retrievalOf(all, slugs, top));

describe('reading facts', () => {
  it('reads durations, not ages or frequencies', () => {
    expect(readFacts(['cough for 3 weeks']).durationDays).toBe(21);
    expect(readFacts(['had it 2 days']).durationDays).toBe(2);
    expect(readFacts(['since last week']).durationDays).toBe(7);
    expect(readFacts(['going on for a couple of months']).durationDays).toBe(60);
    expect(readFacts(['my 3 week old baby']).durationDays).toBeUndefined();
    expect(readFacts(['i get these every few months']).durationDays).toBeUndefined();
    expect(readFacts(['2 weeks after my operation']).durationDays).toBeUndefined();
    // a baby's age written without "old" is not how long something has lasted
    expect(readFacts(['baby 5 weeks, a few spots on her tummy']).durationDays).toBeUndefined();
    expect(readFacts(['baby 5 weeks, a few spots on her tummy']).age).toBeCloseTo(5 * 7 / 365, 3);
  });
  it('reads ages, sex and pregnancy', () => {
    expect(readFacts(['my 8 week old has a temperature']).age).toBeCloseTo(8 * 7 / 365, 3);
    expect(readFacts(["I'm 67 and have an ulcer"]).age).toBe(67);
    expect(readFacts(['my grandad (79) collapsed']).age).toBe(79);
    expect(readFacts(['hi'], { age: 30, sex: 'male' })).toMatchObject({ age: 30, sex: 'male', ageSource: 'demographics' });
    expect(readFacts(["I'm 6 weeks pregnant"])).toMatchObject({ pregnant: true, sex: 'female' });
    expect(readFacts(["I'm not pregnant"]).pregnant).toBe(false);
    expect(readFacts(['my husband has a rash']).sex).toBe('male');
  });
  it('turns quoted numbers into page words', () => {
    expect(readFacts(['temp 38.9']).derived).toContain('high temperature');
    expect(readFacts(['diabetic, sugar is 2.1']).derived).toContain('low blood sugar');
  });
  it('reads flag thresholds from flag labels', () => {
    expect(flagDays('cough lasting more than 3 weeks')).toEqual({ days: 21, inclusive: false });
    expect(flagDays('fever lasting 5 days or more')).toEqual({ days: 5, inclusive: true });
    expect(flagDays('baby under 3 months with a temperature')).toBeUndefined();
    expect(flagAge('aged 65 or over')).toEqual({ minAge: 65 });
    expect(flagAge('baby under 3 months with a temperature').maxAge).toBeCloseTo(0.247, 2);
  });
});

describe('offline reasoning', () => {
  it('matches lay phrases, typos and stems against the page lists', () => {
    const a = analyse('tonsils swolen with white bits, temp, cant swallow food very well', ['tonsillitis', 'sore-throat', 'quinsy']);
    expect(a.best?.condition.page.slug).toBe('tonsillitis');
    expect(a.best?.symptoms.length).toBeGreaterThan(1);
  });

  it('handles negation: a denied symptom is not evidence, and is reported', () => {
    const withFever = analyse('sneezing, blocked nose and a fever', ['common-cold', 'flu', 'hay-fever']);
    const noFever = analyse('sneezing, blocked nose, no fever', ['common-cold', 'flu', 'hay-fever']);
    const score = (a: typeof withFever, slug: string) => a.ranked.find((c) => c.condition.page.slug === slug)?.score ?? 0;
    expect(score(noFever, 'flu')).toBeLessThan(score(withFever, 'flu'));
    expect(noFever.ranked.flatMap((c) => c.denied).join(' ')).toMatch(/fever/);
  });

  it('negated red flags do not raise severity', () => {
    const a = analyse('itchy raised welts on my arms since yesterday, no swelling of my lips and breathing is fine', ['hives', 'anaphylaxis']);
    expect(a.best?.condition.page.slug).toBe('hives');
    expect(a.severity.severity).toBe('Self-care');
  });

  it('uses duration: a cough for 4 weeks needs a GP, a cough for 4 days does not', () => {
    const short = analyse('I have had a cough for 4 days, otherwise fine', ['cough', 'common-cold']);
    expect(short.severity.severity).toBe('Self-care');
    expect(short.severity.seeGp).toBeFalsy();
    const long = analyse('I have had a cough for 4 weeks, otherwise fine', ['cough', 'common-cold']);
    expect(long.best?.flags.some((f) => f.via === 'duration')).toBe(true);
    // With nothing else wrong, NHS "see a GP if a cough lasts more than 3 weeks" is an appointment, not today.
    expect(long.severity).toMatchObject({ severity: 'Self-care', seeGp: true });
    expect(long.severity.reason).toMatch(/cough lasting more than 3 weeks.*see a GP when you can/);
  });

  it('a second opinion: with no warning sign and nothing urgent in the words, the page\'s urgency steps down one level; any rule holds it', () => {
    // One sign of an emergency page, said of something ordinary: the urgency model finds nothing urgent.
    const minor = analyse('my neck is stiff after sleeping on it funny', ['meningitis']);
    expect(minor.severity.severity).toBe('Self-care');
    expect(minor.severity.reason).toMatch(/urgency model/);
    // A safety rule fires (wheezing and breathless for the first time): the engine keeps its own urgency.
    const wheeze = analyse('cough for a week, now wheezy and short of breath, never had asthma', ['cough', 'asthma']);
    expect(wheeze.severity.severity).not.toBe('Self-care');
    expect(wheeze.severity.reason).not.toMatch(/urgency model/);
  });

  it('uses demographics: age raises urgency where the page says so', () => {
    const young = analyse('high fever, aches all over and a dry cough for 2 days', ['flu', 'common-cold'], { age: 30 });
    const old = analyse('high fever, aches all over and a dry cough for 2 days', ['flu', 'common-cold'], { age: 78 });
    expect(young.best?.condition.page.slug).toBe('flu');
    expect(young.severity.severity).toBe('Self-care');
    expect(old.severity.severity).toBe('Urgent Primary Care');
  });

  it('a baby under 3 months with a temperature is urgent', () => {
    const a = analyse('my 6 week old has a temperature of 38.3 but is feeding ok', ['fever-in-children', 'common-cold']);
    expect(a.severity.severity).toBe('Urgent Primary Care');
  });

  it('sets aside conditions that do not fit the person (sex, pregnancy)', () => {
    const a = analyse('pain low in my tummy on one side and some bleeding', ['ectopic-pregnancy', 'period-pain'], { sex: 'male' });
    expect(a.ranked.find((c) => c.condition.page.slug === 'ectopic-pregnancy')?.excluded).toBeTruthy();
    expect(a.best?.condition.page.slug).not.toBe('ectopic-pregnancy');
  });

  it('a matched red flag means A&E', () => {
    const a = analyse('my toddler has a barking cough and is sucking in under her ribs and struggling to breathe', ['croup', 'cough'], { age: 2 });
    expect(a.best?.condition.page.slug).toBe('croup');
    expect(a.severity.severity).toBe('A&E');
    expect(a.severity.flags.some((f) => f.level === 'red')).toBe(true);
  });

  it('an urgent flag means Urgent Primary Care', () => {
    const a = analyse('I keep needing to wee and it burns, and there is blood in my wee', ['urinary-tract-infections', 'cystitis'], { sex: 'female', age: 30 });
    expect(a.severity.severity).toBe('Urgent Primary Care');
  });

  it('uses the page default severity when no flag matches (appendicitis: urgent GP or 111, as the NHS frames it)', () => {
    const a = analyse('pain started around my belly button and moved to the lower right side of my tummy', ['appendicitis', 'constipation']);
    expect(a.best?.condition.page.slug).toBe('appendicitis');
    expect(a.severity.severity).toBe('Urgent Primary Care');
  });

  it('is inconclusive when nothing matches well (no symptom on the lists, a lukewarm search), and not urgent', () => {
    const a = analyse('my elbow makes a clicking noise sometimes', ['gout', 'carpal-tunnel-syndrome'], undefined, 0.35);
    expect(a.best).toBeUndefined();
    // Not knowing is not urgency: a pharmacist or a GP appointment (the safety rules raise it when a warning sign is there).
    expect(a.severity.severity).toBe('Self-care');
    expect(a.severity.seeGp).toBe(true);
  });

  it('asks for a doctor today when inconclusive and the nearest candidate is an emergency page, unless nothing in the words reads as urgent', () => {
    const a = analyse('something odd is going on and i feel hot and strange', ['meningitis'], undefined, 0.3);
    expect(a.best).toBeUndefined();
    expect(a.severity.severity).toBe('Urgent Primary Care');
    const calm = analyse('something odd is going on', ['meningitis'], undefined, 0.3);
    expect(calm.best).toBeUndefined();
    expect(calm.severity).toMatchObject({ severity: 'Self-care', seeGp: true });
  });

  it('streams readable reasoning and ends with the (slug, severity) line', async () => {
    const { events, result } = await drain(
      nodes.reason(ctx('sneezing, itchy watery eyes and a runny nose every summer, no fever'), 'q', retrievalOf(all, ['hay-fever', 'common-cold', 'flu'])),
    );
    const chunks = events.filter((e) => e.type === 'ReasoningChunk');
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    const text = reasoningText(events);
    expect(text).toMatch(/Hay fever/);
    expect(text).toMatch(/ruled out/);
    expect(text).toMatch(/Severity: Self-care, because/);
    expect(result.prediction).toEqual({ condition: 'hay-fever', conditionTitle: 'Hay fever', severity: 'Self-care' });
    expect(result.reasonerOutput.startsWith(text)).toBe(true);
    expect(result.reasonerOutput.trim().endsWith('(hay-fever, Self-care)')).toBe(true);
    const record = events.find((e) => e.type === 'Record');
    expect(record?.type === 'Record' && record.record.timings?.reason).toBeGreaterThanOrEqual(0);
  });

  it('predicts inconclusive in the model format', async () => {
    const { result } = await drain(nodes.reason(ctx('my elbow clicks sometimes'), 'q', retrievalOf(all, ['gout'], 0.35)));
    expect(result.prediction.condition).toBe('inconclusive');
    expect(result.reasonerOutput.trim()).toMatch(/\(inconclusive, Self-care\)$/);
  });

  it('reads the person\'s earlier messages with a follow-up', async () => {
    const history = [
      { role: 'user' as const, content: 'I have a cough' },
      { role: 'assistant' as const, content: 'How long have you had these symptoms?' },
    ];
    const { result } = await drain(nodes.reason(ctx("it's been about 5 weeks now", { history }), 'q', retrievalOf(all, ['cough', 'common-cold'])));
    expect(result.prediction).toMatchObject({ condition: 'cough', severity: 'Self-care' });
    // The five weeks, said only in the follow-up, meet the page's "see a GP" flag.
    expect(result.reasonerOutput).toMatch(/cough lasting more than 3 weeks/);
  });

  it('stops when the turn is cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(drain(nodes.reason(ctx('a cough', { signal: controller.signal }), 'q', retrievalOf(all, ['cough'])))).rejects.toThrow();
  });
});

describe('three tiers of advice on a page (NHS: see a GP when you can, get seen soon, 999)', () => {
  it('a routine flag keeps self-care and says a GP should see it, not urgently; an urgent flag still raises', () => {
    const routine = analyse('itchy with white discharge, thrush keeps coming back', ['thrush']);
    expect(routine.severity.severity).toBe('Self-care');
    expect(routine.severity.seeGp).toBe(true);
    expect(routine.severity.reason).toMatch(/see a GP when you can, which is not urgent/);
    const urgent = analyse('nosebleeds every few days and I am on warfarin', ['nosebleed']);
    expect(urgent.severity.severity).toBe('Urgent Primary Care');
  });
});

