import { describe, expect, it } from 'vitest';
import { parsePrediction, parseSeverity, type PredictionStatus } from '../../../server/engines/model/prediction.js';
import type { Severity } from '../../../server/contract/events.js';

const candidates = [
  { slug: 'flu', title: 'Flu' },
  { slug: 'common-cold', title: 'Common cold' },
  { slug: 'heat-exhaustion-and-heatstroke', title: 'Heat exhaustion and heatstroke' },
  { slug: 'covid-19', title: 'COVID-19' },
  { slug: 'sore-throat', title: 'Sore throat' },
];

type Row = [answer: string, condition: string, severity: Severity, status: PredictionStatus];

const rows: Row[] = [
  // the requested form
  ['(flu, Self-care)', 'flu', 'Self-care', 'ok'],
  ['Reasoning...\n\n(common-cold, Self-care)', 'common-cold', 'Self-care', 'ok'],
  ['(covid-19, Urgent Primary Care)', 'covid-19', 'Urgent Primary Care', 'ok'],
  ['(heat-exhaustion-and-heatstroke, A&E)', 'heat-exhaustion-and-heatstroke', 'A&E', 'ok'],
  // quotes, spacing, case, markdown
  ['("flu", "Self-care")', 'flu', 'Self-care', 'ok'],
  ["('flu', 'self-care')", 'flu', 'Self-care', 'ok'],
  ['(  FLU ,   SELF-CARE  )', 'flu', 'Self-care', 'ok'],
  ['**(flu, Self-care)**', 'flu', 'Self-care', 'ok'],
  ['`(common-cold, Self-care)`', 'common-cold', 'Self-care', 'ok'],
  ['### Final answer\n**(sore-throat, Self-care)**', 'sore-throat', 'Self-care', 'ok'],
  ['(\u201cflu\u201d, \u201cSelf-care\u201d)', 'flu', 'Self-care', 'ok'],
  ['(flu, Self-care).', 'flu', 'Self-care', 'ok'],
  ['(common_cold, self_care)', 'common-cold', 'Self-care', 'ok'],
  // titles instead of slugs
  ['(Common cold, Self-care)', 'common-cold', 'Self-care', 'ok'],
  ['(Heat exhaustion and heatstroke, A&E)', 'heat-exhaustion-and-heatstroke', 'A&E', 'ok'],
  ['(Heat exhaustion & heatstroke, A&E)', 'heat-exhaustion-and-heatstroke', 'A&E', 'ok'],
  ['(COVID-19, GP)', 'covid-19', 'Urgent Primary Care', 'ok'],
  ['(Covid 19, GP)', 'covid-19', 'Urgent Primary Care', 'ok'],
  ['(probably the common cold, Self-care)', 'common-cold', 'Self-care', 'ok'],
  // severity spellings
  ['(flu, A and E)', 'flu', 'A&E', 'ok'],
  ['(flu, A & E)', 'flu', 'A&E', 'ok'],
  ['(flu, AE)', 'flu', 'A&E', 'ok'],
  ['(flu, emergency)', 'flu', 'A&E', 'ok'],
  ['(flu, Call 999)', 'flu', 'A&E', 'ok'],
  ['(flu, Accident and Emergency)', 'flu', 'A&E', 'ok'],
  ['(flu, urgent primary care)', 'flu', 'Urgent Primary Care', 'ok'],
  ['(flu, GP)', 'flu', 'Urgent Primary Care', 'ok'],
  ['(flu, NHS 111)', 'flu', 'Urgent Primary Care', 'ok'],
  ['(flu, Urgent)', 'flu', 'Urgent Primary Care', 'ok'],
  ['(flu, self care)', 'flu', 'Self-care', 'ok'],
  ['(flu, Selfcare)', 'flu', 'Self-care', 'ok'],
  ['(flu, pharmacist)', 'flu', 'Self-care', 'ok'],
  ['(flu, Non-urgent)', 'flu', 'Self-care', 'ok'],
  // the last pair wins; pairs with unreadable severities are skipped
  ['It could be (flu, Self-care) at first, but given the rash: (covid-19, A&E)', 'covid-19', 'A&E', 'ok'],
  ['Symptoms (fever, cough) fit.\n(flu, Self-care)', 'flu', 'Self-care', 'ok'],
  // other layouts
  ['Final answer: flu, Self-care', 'flu', 'Self-care', 'ok'],
  ['flu - A&E', 'flu', 'A&E', 'ok'],
  ['Condition: Flu\nSeverity: Urgent Primary Care', 'flu', 'Urgent Primary Care', 'ok'],
  ['condition_slug: common-cold\nseverity: self-care', 'common-cold', 'Self-care', 'ok'],
  // inconclusive
  ['(inconclusive, Urgent Primary Care)', 'inconclusive', 'Urgent Primary Care', 'inconclusive'],
  ['(Inconclusive, A&E)', 'inconclusive', 'A&E', 'inconclusive'],
  ['(unknown, Self-care)', 'inconclusive', 'Self-care', 'inconclusive'],
  ['inconclusive', 'inconclusive', 'Urgent Primary Care', 'inconclusive'],
  // a condition that was not retrieved
  ['(appendicitis, A&E)', 'inconclusive', 'A&E', 'unknown-condition'],
  // severity missing or unreadable: the fallback
  ['(flu, soon-ish)', 'flu', 'Urgent Primary Care', 'no-severity'],
  ['Flu', 'flu', 'Urgent Primary Care', 'no-severity'],
  // unusable
  ['', 'inconclusive', 'Urgent Primary Care', 'unusable'],
  ['I am not able to help with that.', 'inconclusive', 'Urgent Primary Care', 'unusable'],
  ['Several lines\nof text\nwith no conclusion', 'inconclusive', 'Urgent Primary Care', 'unusable'],
];

describe('parsePrediction', () => {
  it.each(rows)('%j -> (%s, %s) [%s]', (answer, condition, severity, status) => {
    const parsed = parsePrediction(answer, candidates);
    expect(parsed.prediction.condition).toBe(condition);
    expect(parsed.prediction.severity).toBe(severity);
    expect(parsed.status).toBe(status);
    expect(parsed.raw).toBe(answer);
  });

  it('uses the retrieved title for the prediction', () => {
    expect(parsePrediction('(heat-exhaustion-and-heatstroke, A&E)', candidates).prediction.conditionTitle).toBe('Heat exhaustion and heatstroke');
    expect(parsePrediction('(appendicitis, A&E)', candidates).prediction.conditionTitle).toBe('Inconclusive');
  });

  it('keeps what it read for the trace', () => {
    expect(parsePrediction('(appendicitis, A&E)', candidates)).toMatchObject({ conditionText: 'appendicitis', severityText: 'A&E' });
  });

  it('treats a condition as unknown when nothing was retrieved', () => {
    expect(parsePrediction('(flu, Self-care)', []).status).toBe('unknown-condition');
  });
});

describe('parseSeverity', () => {
  it.each([
    ['Self-care', 'Self-care'],
    ['A&E', 'A&E'],
    ['Urgent Primary Care', 'Urgent Primary Care'],
    ['self-care or GP if it persists', 'Urgent Primary Care'],
    ['not an emergency', 'Self-care'],
    ['maybe', null],
    ['', null],
  ] as const)('%j -> %s', (text, severity) => {
    expect(parseSeverity(text)).toBe(severity);
  });
});
