import { readFileSync } from 'node:fs';
import { loadConfig } from './server/config.js';
import { log } from './server/log.js';
import { startRetrieval } from './server/retrieval/index.js';
import { createAnalyser } from './server/models/offline/analyse.js';
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATA_DIR: '/tmp/offline-dev-data' });
const svc = await startRetrieval(config, log.child({}, { level: 'silent' }), {});
const an = createAnalyser(svc.pages);
const ids = process.argv.slice(2);
const cs = readFileSync('test/eval/dev-cases.jsonl','utf8').split('\n').filter(Boolean).map(l=>JSON.parse(l)).filter((c:any)=>ids.includes(c.id));
for (const c of cs) {
  const r5 = await svc.retriever.search(c.text, { k: 5 });
  const r10 = await svc.retriever.search(c.text, { k: 10 });
  const seen = new Set(r5.conditions.map(x=>x.slug));
  const r = { ...r5, conditions: [...r5.conditions, ...r10.conditions.filter(x=>!seen.has(x.slug))] };
  const a = an.analyse([c.text], c.demographics, r);
  console.log('==', c.id, c.text, JSON.stringify(a.facts), a.severity.reason);
  for (const x of a.ranked.slice(0, 4)) console.log(`  ${x.condition.page.slug} ${x.score.toFixed(2)} ev=${x.evidence.toFixed(2)} r${x.retrieval?.rank}:${x.retrieval?.score.toFixed(2)} title=${x.namedInText} | ${x.symptoms.map(s=>`${s.label}[${s.phrase}~${s.said}]=${s.points.toFixed(2)}`).join('; ')} | denied ${x.denied.join(',')} | flags ${x.flags.map(f=>f.level+':'+f.label+'<'+f.said+'>').join('; ')}`);
}
await svc.close();
