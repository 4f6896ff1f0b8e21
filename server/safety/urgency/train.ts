/**
 * Logistic regression over sparse binary features, fitted by full-batch gradient descent from
 * zero: no randomness, so the same cases always give the same weights (a test retrains and
 * compares). Features seen in fewer than `minCount` cases are left out; L2 keeps rare words from
 * carrying a verdict alone.
 */

export interface Example {
  features: ReadonlySet<string>;
  positive: boolean;
}

export interface Head {
  bias: number;
  weights: Record<string, number>;
}

export interface FitOptions {
  minCount: number;
  l2: number;
  iterations: number;
  step: number;
}

export const DEFAULT_FIT: FitOptions = { minCount: 2, l2: 1, iterations: 300, step: 5 };

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

export function fitLogistic(examples: readonly Example[], options: FitOptions = DEFAULT_FIT): Head {
  const counts = new Map<string, number>();
  for (const e of examples) for (const f of e.features) counts.set(f, (counts.get(f) ?? 0) + 1);
  const names = [...counts].filter(([, n]) => n >= options.minCount).map(([f]) => f).sort();
  const index = new Map(names.map((f, i) => [f, i]));
  const rows = examples.map((e) => [...e.features].flatMap((f) => (index.has(f) ? [index.get(f) as number] : [])));
  const w = new Float64Array(names.length);
  let bias = 0;
  const n = examples.length;
  for (let it = 0; it < options.iterations; it++) {
    const grad = new Float64Array(names.length);
    let gradBias = 0;
    rows.forEach((row, i) => {
      let z = bias;
      for (const j of row) z += w[j] as number;
      const err = sigmoid(z) - (examples[i]?.positive ? 1 : 0);
      gradBias += err;
      for (const j of row) grad[j] = (grad[j] as number) + err;
    });
    for (let j = 0; j < w.length; j++) {
      w[j] = (w[j] as number) - options.step * ((grad[j] as number) + options.l2 * (w[j] as number)) / n;
    }
    bias -= (options.step * gradBias) / n;
  }
  const weights: Record<string, number> = {};
  names.forEach((f, j) => {
    const v = w[j] as number;
    if (Math.abs(v) >= 1e-3) weights[f] = Number(v.toFixed(4));
  });
  return { bias: Number(bias.toFixed(4)), weights };
}

/** The probability a head gives a set of features, and the features that pushed it up most. */
export function scoreHead(head: Head, features: ReadonlySet<string>): { p: number; top: string[] } {
  let z = head.bias;
  const pushes: [string, number][] = [];
  for (const f of features) {
    const v = head.weights[f];
    if (v === undefined) continue;
    z += v;
    if (v > 0) pushes.push([f, v]);
  }
  pushes.sort((a, b) => b[1] - a[1]);
  return { p: sigmoid(z), top: pushes.slice(0, 12).map(([f]) => f) };
}
