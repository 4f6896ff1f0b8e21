import { readFileSync } from 'node:fs';
import { assessSafety } from './server/safety/index.js';
const cs = readFileSync('test/eval/dev-cases.jsonl','utf8').split('\n').filter(Boolean).map(l=>JSON.parse(l));
for (const c of cs) { const a = assessSafety(c.text, c.demographics); const sev = c.severity ?? c.kind;
  if (a.emergency !== (sev === 'A&E')) console.log(a.emergency ? 'OVER ' : 'UNDER', c.id, c.condition ?? '', sev, '|', a.kinds.join(','), a.conditionHint ?? '', JSON.stringify(a.matched), '|', c.text.slice(0,120)); }
