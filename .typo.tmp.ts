import { readFileSync } from 'node:fs';
import { loadConfig } from './server/config.js';
import { log } from './server/log.js';
import { startRetrieval } from './server/retrieval/index.js';
import { createAnalyser } from './server/models/offline/analyse.js';
import { WEIGHTS } from './server/models/offline/score.js';
import { assessSafety, applySafetyFloor } from './server/safety/index.js';
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATA_DIR: '/tmp/offline-dev-data' });
const svc = await startRetrieval(config, log.child({}, { level: 'silent' }), {});
const an = createAnalyser(svc.pages);
import { misspell } from './server/eval/retrieval.js';
const cs0 = readFileSync('test/eval/dev-cases.jsonl','utf8').split('\n').filter(Boolean).map(l=>JSON.parse(l)).filter((c:any)=>c.kind==='triage'); const cs = cs0.map((c:any)=>({...c, text: misspell(c.text, Number(process.env.TYPO ?? 0.15), c.id)}));
const rs: any[] = [];
for (const c of cs) { const r5 = await svc.retriever.search(c.text, { k: 5 }); const r10 = await svc.retriever.search(c.text, { k: 10 }); const seen = new Set(r5.conditions.map(x=>x.slug)); rs.push({ ...r5, conditions: [...r5.conditions, ...r10.conditions.filter(x=>!seen.has(x.slug))] }); }
await svc.close();
const order = ['Self-care','Urgent Primary Care','A&E'];
function run() { let cond=0, sev=0, ae=0, aeT=0, under=0;
  cs.forEach((c:any, i:number) => { const a = an.analyse([c.text], c.demographics, rs[i]);
    let p:any = { condition: a.best?.condition.page.slug ?? 'inconclusive', conditionTitle: '', severity: a.severity.severity };
    p = applySafetyFloor(p, assessSafety(c.text, c.demographics), svc.pages).prediction;
    cond += +(p.condition===c.condition); sev += +(p.severity===c.severity); if (c.severity==='A&E') { aeT++; ae += +(p.severity==='A&E'); } if (order.indexOf(p.severity) < order.indexOf(c.severity)) under++; });
  return `cond ${(cond/cs.length).toFixed(3)} sev ${(sev/cs.length).toFixed(3)} ae ${(ae/aeT).toFixed(3)} under ${(under/cs.length).toFixed(3)}`; }
console.log('base', JSON.stringify(WEIGHTS), run());
const grid: Record<string, number[]> = JSON.parse(process.argv[2] ?? '{}');
for (const [k, vals] of Object.entries(grid)) { const orig = (WEIGHTS as any)[k]; for (const v of vals) { (WEIGHTS as any)[k] = v; console.log(k, v, run()); } (WEIGHTS as any)[k] = orig; }
