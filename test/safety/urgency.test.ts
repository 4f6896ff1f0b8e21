import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TRAINING_FILES, trainFromFiles } from '../../server/eval/urgency-train.js';
import { applySafetyFloor, assessSafety } from '../../server/safety/index.js';
import { isEmergencyScore, URGENCY_WEIGHTS_FILE, type UrgencyWeights } from '../../server/safety/urgency/model.js';
import { fitLogistic, scoreHead } from '../../server/safety/urgency/train.js';
import { urgencyFeatures } from '../../server/safety/urgency/features.js';
import { readMessage } from '../../server/safety/find-signals.js';

/**
 * The urgency model beside the rules: it raises what no rule names, never lowers, stays quiet on
 * small talk, and the weights in the repository are exactly what training on the listed case
 * files gives (so nobody can hand-edit a weight, and a changed case file needs a retrain).
 */

const committed = JSON.parse(readFileSync(URGENCY_WEIGHTS_FILE, 'utf8')) as UrgencyWeights;

describe('urgency model', () => {
  it('raises emergencies told in words no rule was written for, and says why', () => {
    for (const text of [
      'dad 79 just doesnt seem right, gone a funny colour and keeps nodding off mid sentence',
      'sudden tearing pain in my back, feel like im going to pass out',
    ]) {
      const a = assessSafety(text);
      expect(a.emergency, text).toBe(true);
      const learned = a.fired.filter((f) => f.label.includes('urgency model'));
      expect(learned, text).toHaveLength(1);
      expect(a.fired, text).toHaveLength(1); // no rule fired: the model alone caught it
      expect(learned[0]?.matched.length).toBeGreaterThan(0);
      expect(a.urgency?.emergency).toBeGreaterThanOrEqual(committed.thresholds.emergency);
    }
  });

  it('stays quiet on small talk, off-topic requests and minor complaints', () => {
    for (const text of ['hello there', 'thanks for your help', 'write me a poem about spring', 'bit under the weather', 'i have a mild cold and a runny nose']) {
      const a = assessSafety(text);
      expect({ text, emergency: a.emergency, urgent: a.urgent }).toEqual({ text, emergency: false, urgent: false });
    }
  });

  it('reads a denied word as denied ("nowhere near my eyes"), and a denied sign as a concept', () => {
    const features = (text: string) => urgencyFeatures(readMessage(text));
    expect(features('blisters in a strip on my ribs, nowhere near my eyes')).toContain('w:not_eyes');
    expect(features('blisters in a strip on my ribs, nowhere near my eyes')).not.toContain('w:eyes');
    expect([...features('my baby is floppy')].some((f) => f.startsWith('sig:'))).toBe(true);
    expect([...features('my baby is not floppy')].filter((f) => f.startsWith('neg:')).length).toBeGreaterThan(0);
  });

  it('weighs a qualifier only beside what it qualifies: "stopped bleeding" is an eye\'s or a pregnancy\'s warning sign only with an eye injury or a pregnancy', () => {
    const features = (text: string, demographics?: Parameters<typeof urgencyFeatures>[1]) => urgencyFeatures(readMessage(text, demographics), demographics);
    const cut = 'just a cut on my finger from chopping veg, stopped bleeding now';
    expect(features(cut)).not.toContain('sig:pregnancyBleeding');
    expect(features(cut)).not.toContain('sig:eyeDanger');
    expect(features('poked in the eye with a stick and its bleeding')).toContain('sig:eyeDanger');
    expect(features('some bleeding today', { age: 30, sex: 'female', pregnant: true })).toContain('sig:pregnancyBleeding');
  });

  it('only adds to the rules: an emergency rule fires whatever the model says, and the floor never lowers', () => {
    const a = assessSafety('my face has dropped on one side and my arm is weak');
    expect(a.emergency).toBe(true);
    expect(a.fired.some((f) => f.label.includes('urgency model'))).toBe(false);
    const floored = applySafetyFloor({ condition: 'stroke', conditionTitle: 'Stroke', severity: 'A&E' }, assessSafety('hello there'), []);
    expect(floored.prediction.severity).toBe('A&E');
  });

  it('calls an emergency only where the urgent head agrees, more firmly when the A&E score is marginal', () => {
    const t = committed.thresholds;
    // a marginal A&E score with an urgent head at a coin toss (plain flu): not 999
    expect(isEmergencyScore(0.24, 0.48, t)).toBe(false);
    expect(isEmergencyScore(0.24, 0.6, t)).toBe(true);
    // a strong A&E score needs less agreement (a goodbye text from a bridge scored 0.66 and 0.49)
    expect(isEmergencyScore(0.66, 0.45, t)).toBe(true);
    expect(isEmergencyScore(0.66, 0.3, t)).toBe(false);
    // where a rule has already said "get seen today", a marginal score does not make it 999
    expect(isEmergencyScore(0.25, 0.9, t, true)).toBe(false);
  });

  it('is the model trained on the listed case files, exactly', async () => {
    expect(committed.trainedOn.map((f) => f.file)).toEqual(TRAINING_FILES);
    for (const f of committed.trainedOn) {
      const sha = createHash('sha256').update(readFileSync(f.file)).digest('hex');
      expect(sha, `${f.file} changed since the model was trained: run npm run urgency:train`).toBe(f.sha256);
    }
    // Equal to the last digit kept, give or take one (Math.exp may differ in its last bit between Node versions).
    const retrained = await trainFromFiles();
    expect(retrained.thresholds).toEqual(committed.thresholds);
    expect(retrained.trainedOn).toEqual(committed.trainedOn);
    for (const head of ['emergency', 'urgent'] as const) {
      const mine = retrained.heads[head];
      const theirs = committed.heads[head];
      expect(Object.keys(mine.weights).length).toBeGreaterThan(1000);
      expect(Math.abs(mine.bias - theirs.bias)).toBeLessThanOrEqual(2e-4);
      const names = new Set([...Object.keys(mine.weights), ...Object.keys(theirs.weights)]);
      const off = [...names].filter((n) => Math.abs((mine.weights[n] ?? 0) - (theirs.weights[n] ?? 0)) > 2e-3);
      expect(off, `${head} weights differ from a retrain: run npm run urgency:train`).toEqual([]);
    }
  }, 120_000);
});

describe('logistic fit', () => {
  it('learns which feature marks the positives and scores unseen sets by it', () => {
    const examples = [
      ...Array.from({ length: 20 }, () => ({ features: new Set(['w:collapsed', 'w:today']), positive: true })),
      ...Array.from({ length: 20 }, () => ({ features: new Set(['w:sniffles', 'w:today']), positive: false })),
    ];
    const head = fitLogistic(examples);
    expect(scoreHead(head, new Set(['w:collapsed'])).p).toBeGreaterThan(0.8);
    expect(scoreHead(head, new Set(['w:sniffles'])).p).toBeLessThan(0.2);
    expect(scoreHead(head, new Set(['w:collapsed'])).top).toEqual(['w:collapsed']);
    expect(fitLogistic(examples)).toEqual(head); // no randomness
  });
});
