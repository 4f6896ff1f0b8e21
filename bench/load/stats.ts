/** Percentile by nearest rank; 0 for an empty list. */
export function pct(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
export const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
export const median = (xs: number[]) => pct(xs, 50);

/** Jain's fairness index of positive values: 1 when all equal, 1/n when one takes everything. */
export function jain(xs: number[]): number {
  if (!xs.length) return 1;
  const sum = xs.reduce((a, b) => a + b, 0);
  const squares = xs.reduce((a, b) => a + b * b, 0);
  return (sum * sum) / (xs.length * squares);
}

/** Prometheus text: the value of the first sample of `name` (optionally with a label set). */
export function metric(text: string, name: string, labels = ''): number | null {
  const re = new RegExp(`^${name}${labels ? `\\{${labels.replace(/[{}]/g, '')}\\}` : '(?:\\{[^}]*\\})?'} ([0-9.eE+-]+)$`, 'm');
  const m = re.exec(text);
  return m ? Number(m[1]) : null;
}
