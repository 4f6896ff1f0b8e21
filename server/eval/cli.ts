import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { log } from '../log.js';
import { loadCases } from './cases.js';
import { runRetrievalEval, type RetrievalEvalReport } from './retrieval.js';

/**
 * npm run eval -- --mode retrieval --cases FILE [--k 1,3,5,10] [--embedder NAME] [--json] [--misses]
 *                  [--bonus 0.1] [--chunks 4] [--no-demographics] [--typos 0.2]
 * npm run eval -- --mode triage --cases FILE [...]   (runTriageEval in triage.ts)
 * npm run eval -- --export-reviews FILE [--site ID] [--since YYYY-MM-DD]   (export-reviews.ts)
 * npm run eval -- --engine model [--cases FILE]      (`--engine` alone means the triage report)
 */

const USAGE = `Usage: npm run eval -- --mode retrieval|triage [--cases FILE] [--k 1,3,5,10] [--embedder NAME] [--json]
  retrieval options: --misses (list cases whose condition is not first), --bonus X, --chunks N, --no-demographics,
  --typos RATE (misspell that share of words, seeded: robustness check)
  triage options: --engine offline|model (alone, it implies --mode triage), --misses, --no-floor, --route-triage,
  --concurrency N (cases at once; a model server batches them), --collection NAME (Chroma collection to ingest into)
       npm run eval -- --export-reviews FILE [--site ID] [--since YYYY-MM-DD]
  writes clinician-reviewed turns as triage cases (personal details stripped); then
       npm run eval -- --mode triage --cases FILE   reports on them, by verdict`;

const DEFAULT_CASES = 'test/eval/dev-cases.jsonl';

async function main(): Promise<number> {
  const { values, tokens } = parseArgs({
    options: {
      mode: { type: 'string' },
      engine: { type: 'string' },
      cases: { type: 'string', default: DEFAULT_CASES },
      k: { type: 'string', default: '1,3,5,10' },
      embedder: { type: 'string' },
      json: { type: 'boolean', default: false },
      misses: { type: 'boolean', default: false },
      bonus: { type: 'string' },
      chunks: { type: 'string' },
      typos: { type: 'string' },
      'no-demographics': { type: 'boolean', default: false },
      'export-reviews': { type: 'string' },
      site: { type: 'string' },
      since: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: false,
    tokens: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (typeof values['export-reviews'] === 'string') {
    const since = typeof values.since === 'string' ? new Date(values.since) : undefined;
    if (since && Number.isNaN(since.getTime())) {
      console.error(`--since needs a date like 2026-11-01\n${USAGE}`);
      return 2;
    }
    const { runExport } = await import('./export-cli.js');
    return runExport(values['export-reviews'], { siteId: typeof values.site === 'string' ? values.site : undefined, since });
  }
  const casesFile = String(values.cases);
  const mode = values.mode ?? (values.engine !== undefined ? 'triage' : 'retrieval');
  if (mode === 'triage') {
    const flags: Record<string, string | boolean> = {};
    for (const t of tokens ?? []) if (t.kind === 'option') flags[t.name] = t.value ?? true;
    // Loaded only for this mode: the triage eval pulls in the whole pipeline and model clients.
    const { runTriageEval } = await import('./triage.js');
    const progress = (line: string): void => void process.stderr.write(`${line}\n`);
    await runTriageEval({ casesFile, json: values.json === true, flags, progress });
    return 0;
  }
  if (mode !== 'retrieval') {
    console.error(`Unknown --mode ${String(mode)}\n${USAGE}`);
    return 2;
  }
  const ks = String(values.k)
    .split(',')
    .map((s) => Number.parseInt(s, 10))
    .filter((n) => Number.isInteger(n) && n > 0);
  if (!ks.length) {
    console.error(`--k needs numbers like 1,3,5,10\n${USAGE}`);
    return 2;
  }
  const num = (v: unknown) => (typeof v === 'string' ? Number(v) : undefined);
  const report = await runRetrievalEval(loadConfig(), log, {
    cases: await loadCases(casesFile),
    ks,
    embedder: typeof values.embedder === 'string' ? values.embedder : undefined,
    demographics: values['no-demographics'] !== true,
    typos: num(values.typos),
    tuning: { groupBonus: num(values.bonus), chunksPerCondition: num(values.chunks) },
  });
  if (values.json) console.log(JSON.stringify({ ...report, outcomes: values.misses ? report.outcomes : undefined }, null, 2));
  else print(report, values.misses === true);
  return 0;
}

function print(r: RetrievalEvalReport, misses: boolean): void {
  const pct = (x: number) => x.toFixed(3);
  console.log(`retrieval eval: ${r.cases} triage cases, embedder ${r.embedder}, ingest ${r.ingestMs} ms`);
  console.log(Object.entries(r.precisionAt).map(([k, v]) => `${k} ${pct(v)}`).join('  ') + `  MRR ${pct(r.mrr)}`);
  console.log(`latency p50 ${r.latencyMs.p50.toFixed(1)} ms  p95 ${r.latencyMs.p95.toFixed(1)} ms`);
  if (!misses) return;
  for (const o of r.outcomes.filter((x) => x.rank !== 1)) {
    console.log(`  ${o.id} ${o.expected} rank ${o.rank ?? '-'}: ${o.top.slice(0, 3).join(', ')}`);
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    log.error({ err }, 'evaluation failed');
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  },
);
