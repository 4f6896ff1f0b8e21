import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TRAINING_FILES } from '../../server/eval/urgency-train.js';
import { shardOf, TUNED_SETS } from '../engines/offline/tuned-sets.js';
import { readManifest } from '../../scripts/docs/eval-ledger.js';

/**
 * test/eval/manifest.json lists every evaluation set with how it was written, whether it has been
 * tuned on and its first blind figure. A set kept blind is never fitted on (the urgency model) nor
 * held by the engine test (which is where tuning happens): both would make it no longer blind.
 */

const manifest = { sets: readManifest() };

describe('the evaluation manifest', () => {
  it('lists every case file, once', () => {
    const files = readdirSync('test/eval').filter((f) => f.endsWith('-cases.jsonl')).map((f) => `test/eval/${f}`).sort();
    expect(manifest.sets.map((s) => s.file).sort()).toEqual(files);
  });

  it('calls no tuned-on set blind, and says how each was written', () => {
    for (const s of manifest.sets) {
      expect(s.blind, s.set).toBe(!s.tunedOn);
      expect(s.written.length, s.set).toBeGreaterThan(10);
    }
  });

  it('keeps blind sets out of the urgency model and the engine test', () => {
    for (const s of manifest.sets.filter((x) => x.blind)) {
      expect(TRAINING_FILES, s.set).not.toContain(s.file);
      expect(TUNED_SETS.map((t) => t.set), s.set).not.toContain(s.set);
    }
  });

  it('has a first blind figure for every set written blind', () => {
    for (const s of manifest.sets.filter((x) => x.set !== 'dev' && x.set !== 'holdout')) expect(s.firstBlind, s.set).toBeTruthy();
  });

  it('holds every set the engine test lists once, shared between its four shards', () => {
    const dealt = [1, 2, 3, 4].flatMap((i) => shardOf(i, 4).map((t) => t.set));
    expect(dealt.sort()).toEqual(TUNED_SETS.map((t) => t.set).sort());
    for (const t of TUNED_SETS) expect(manifest.sets.find((s) => s.set === t.set)?.tunedOn, t.set).toBe(true);
  });
});
