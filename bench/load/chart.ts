import type { LoadReport } from '../load.js';
import type { LevelSummary } from './level.js';

/**
 * The load report as one SVG: latency against concurrency (sendMessage p95, added latency per
 * token p99, event-loop delay p99, log scale) and delivered throughput as a share of raw, for one
 * instance and for two. Hand-drawn: two small line charts do not need a charting library.
 */
const W = 860;
const H = 420;
const PANEL = { w: 380, h: 230, top: 50 };
const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b'];

interface Series {
  name: string;
  points: [number, number][];
  dashed?: boolean;
}

export function loadChart(report: LoadReport): string {
  const single = report.single ?? [];
  const two = report.two ?? [];
  const lat = (label: string, rows: LevelSummary[], dashed: boolean): Series[] => [
    { name: `sendMessage p95${label}`, points: rows.map((r) => [r.concurrency, r.sendMessageMs.p95]), dashed },
    { name: `added latency p99${label}`, points: rows.map((r) => [r.concurrency, r.addedLatencyMs.p99]), dashed },
    { name: `event loop p99${label}`, points: rows.map((r) => [r.concurrency, r.eventLoopP99Ms.max]), dashed },
  ];
  const latency = [...lat(' (1 instance)', single, false), ...lat(' (2 instances)', two, true)].filter((s) => s.points.length);
  const throughput = [
    { name: '1 instance', points: single.map((r) => [r.concurrency, r.throughputRatio] as [number, number]) },
    { name: '2 instances', points: two.map((r) => [r.concurrency, r.throughputRatio] as [number, number]), dashed: true },
  ].filter((s) => s.points.length);
  const xs = [...single, ...two].map((r) => r.concurrency);
  const title = `Load: ${report.shape.rate} tokens/s per stream, ${report.shape.thinking} thinking + ${report.shape.answer} answer tokens per turn (${report.when.slice(0, 10)}, load average ${report.machine.loadAverageAtStart[0]})`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${W / 2}" y="18" text-anchor="middle" font-size="12">${escape(title)}</text>`,
    panel(40, 'Latency (ms, log scale) vs live turns', latency, xs, { log: true, yTarget: [{ y: 50, label: 'sendMessage p95 target' }, { y: 10, label: 'added latency target' }] }),
    panel(470, 'Delivered tokens/s as a share of raw vs live turns', throughput, xs, { log: false, yMin: 0, yMax: 1.1, yTarget: [{ y: 0.9, label: 'target 0.9x' }] }),
    '</svg>',
  ].join('\n');
}

function panel(
  left: number,
  heading: string,
  series: Series[],
  xsAll: number[],
  opts: { log: boolean; yMin?: number; yMax?: number; yTarget?: { y: number; label: string }[] },
): string {
  const xs = [...new Set(xsAll)].sort((a, b) => a - b);
  const ys = series.flatMap((s) => s.points.map((p) => p[1])).filter((y) => y > 0 || !opts.log);
  const lo = opts.yMin ?? (opts.log ? Math.max(0.1, Math.min(...ys, 1)) : 0);
  const hi = opts.yMax ?? Math.max(...ys, ...(opts.yTarget ?? []).map((t) => t.y)) * 1.3;
  const fy = (y: number) => {
    const t = opts.log ? (Math.log10(Math.max(y, lo)) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo)) : (y - lo) / (hi - lo);
    return PANEL.top + PANEL.h - t * PANEL.h;
  };
  const fx = (x: number) => left + (xs.length < 2 ? PANEL.w / 2 : (xs.indexOf(x) / (xs.length - 1)) * PANEL.w);
  const out = [`<text x="${left + PANEL.w / 2}" y="${PANEL.top - 12}" text-anchor="middle" font-weight="bold">${escape(heading)}</text>`];
  out.push(`<rect x="${left}" y="${PANEL.top}" width="${PANEL.w}" height="${PANEL.h}" fill="none" stroke="#999"/>`);
  for (const x of xs) out.push(`<text x="${fx(x)}" y="${PANEL.top + PANEL.h + 14}" text-anchor="middle">${x}</text>`);
  const ticks = opts.log ? [0.1, 1, 10, 100, 1000, 10000].filter((t) => t >= lo && t <= hi) : [0, 0.25, 0.5, 0.75, 1].filter((t) => t >= lo && t <= hi);
  for (const t of ticks) {
    out.push(`<line x1="${left}" x2="${left + PANEL.w}" y1="${fy(t)}" y2="${fy(t)}" stroke="#eee"/>`);
    out.push(`<text x="${left - 4}" y="${fy(t) + 4}" text-anchor="end">${t}</text>`);
  }
  for (const target of opts.yTarget ?? []) {
    if (target.y < lo || target.y > hi) continue;
    out.push(`<line x1="${left}" x2="${left + PANEL.w}" y1="${fy(target.y)}" y2="${fy(target.y)}" stroke="#888" stroke-dasharray="2,3"/>`);
    out.push(`<text x="${left + PANEL.w - 2}" y="${fy(target.y) - 3}" text-anchor="end" fill="#666">${escape(target.label)}</text>`);
  }
  series.forEach((s, i) => {
    const color = COLORS[i % 3]!; // the same metric has the same colour; two instances are dashed
    const pts = s.points.map(([x, y]) => `${fx(x).toFixed(1)},${fy(y).toFixed(1)}`).join(' ');
    out.push(`<polyline points="${pts}" fill="none" stroke="${color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="6,3"' : ''}/>`);
    for (const [x, y] of s.points) out.push(`<circle cx="${fx(x).toFixed(1)}" cy="${fy(y).toFixed(1)}" r="2.5" fill="${color}"/>`);
    const ly = PANEL.top + PANEL.h + 30 + i * 13; // one per line: the names are long
    const lx = left;
    out.push(`<line x1="${lx}" x2="${lx + 18}" y1="${ly - 4}" y2="${ly - 4}" stroke="${color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="6,3"' : ''}/>`);
    out.push(`<text x="${lx + 22}" y="${ly}">${escape(s.name)}</text>`);
  });
  return out.join('\n');
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
