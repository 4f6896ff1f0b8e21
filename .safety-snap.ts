import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { assessSafety } from './server/safety/assess.js';
const out: string[] = [];
for (const f of readdirSync('test/eval').filter((f) => f.endsWith('.jsonl')).sort()) {
  for (const line of readFileSync(`test/eval/${f}`, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const c = JSON.parse(line) as { id: string; text: string; demographics?: never };
    const a = assessSafety(c.text, c.demographics ?? undefined);
    out.push(`${c.id}\t${a.emergency}\t${a.fired.map((x) => x.level + ':' + x.label).join('|')}`);
  }
}
writeFileSync(process.argv[2] ?? '/tmp/snap.txt', out.join('\n'));
console.log(out.length);
