import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { assessSafety } from '../safety/assess.js';
import { readMessage } from '../safety/find-signals.js';
import { urgencyFeatures } from '../safety/urgency/features.js';
import { fitLogistic, scoreHead, type Example } from '../safety/urgency/train.js';
import { isTriage, parseCases } from './cases.js';
import { TRAINING_FILES } from './urgency-train.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
type Variant = (f: Set<string>, text: string) => Set<string>;

const SUFFIX = /(ings?|edly|ed|es|s|y|ly|ness)$/;
const stem = (w: string) => (w.length > 5 ? w.replace(SUFFIX, '') : w);
const variants: Record<string, Variant> = {
  base: (f) => f,
  stems: (f) => { const o = new Set(f); for (const x of f) if (x.startsWith('w:')) o.add(`s:${stem(x.slice(2))}`); return o; },
  sigpairs: (f) => {
    const o = new Set(f);
    const sigs = [...f].filter((x) => x.startsWith('sig:') || x.startsWith('age') || x.startsWith('n:diab') || x === 'pregnant').sort();
    for (let i = 0; i < sigs.length; i++) for (let j = i + 1; j < sigs.length; j++) o.add(`p:${sigs[i]}&${sigs[j]}`);
    return o;
  },
  chars: (f) => {
    const o = new Set(f);
    for (const x of f) if (x.startsWith('w:') && !x.startsWith('w:not_')) { const w = `<${x.slice(2)}>`; for (let i = 0; i + 4 <= w.length; i++) o.add(`c:${w.slice(i, i + 4)}`); }
    return o;
  },
};
variants.stemspairs = (f, t) => variants.sigpairs!(variants.stems!(f, t), t);

async function load(file: string) {
  const text = await readFile(new URL(file, `file://${ROOT}`), 'utf8');
  return parseCases(text, file).map((c) => {
    const sev = isTriage(c) ? c.severity : null;
    const a = assessSafety(c.text, c.demographics);
    const ruleAE = a.fired.some((r) => r.level === 'EMERGENCY' && !r.label.includes('urgency model'));
    return { id: c.id, sev, ruleAE, base: urgencyFeatures(readMessage(c.text, c.demographics), c.demographics), text: c.text };
  });
}

const files = await Promise.all(TRAINING_FILES.map(async (f) => ({ f, cases: await load(f) })));
const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(variants);
const l2 = Number(process.env.L2 ?? 1), minCount = Number(process.env.MINC ?? 2), thr = Number(process.env.THR ?? 0.2);
for (const name of names) {
  const v = variants[name]!;
  const feats = files.map(({ f, cases }) => ({ f, cases: cases.map((c) => ({ ...c, x: v(c.base, c.text) })) }));
  let alone = 0, ae = 0, caught = 0, modelOnly = 0, ruleCaught = 0, nonAE = 0, fp = 0, route = 0, routeFp = 0;
  const per: string[] = [];
  for (const held of feats.filter((x) => x.f.includes('blind-'))) {
    const train = feats.filter((x) => x !== held).flatMap((x) => x.cases);
    const ex: Example[] = train.map((c) => ({ features: c.x, positive: c.sev === 'A&E' }));
    const head = fitLogistic(ex, { minCount, l2, iterations: 300, step: 5 });
    let a = 0, k = 0;
    for (const c of held.cases) {
      const p = scoreHead(head, c.x).p;
      const flag = c.ruleAE || p >= thr;
      if (c.sev === 'A&E') { ae++; if (p >= thr) alone++; a++; if (flag) { caught++; k++; } if (c.ruleAE) ruleCaught++; else if (p >= thr) modelOnly++; }
      else if (c.sev) { nonAE++; if (!c.ruleAE && p >= thr) fp++; }
      else { route++; if (p >= thr) routeFp++; }
    }
    per.push(`${held.f.replace(/.*blind-(.)-.*/, '$1')}:${(k / a).toFixed(3)}`);
  }
  console.log(`${name.padEnd(12)} model-alone ${(alone / ae).toFixed(3)} recall(rules∪model) ${(caught / ae).toFixed(3)} rules ${(ruleCaught / ae).toFixed(3)} model-only +${modelOnly} | model FP on non-A&E triage ${(fp / nonAE * 100).toFixed(1)}% route ${routeFp}/${route} | ${per.join(' ')}`);
}
