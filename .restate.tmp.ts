import { loadKnowledge } from './server/knowledge/load.js';
import { createReader } from './server/models/offline/lexicon.js';
import { compileConditions } from './server/models/offline/conditions.js';
const pages = await loadKnowledge('knowledge/conditions');
const r = createReader(pages); const cs = compileConditions(pages, r.fix);
let n=0; for (const c of cs) for (const f of c.flags) for (const p of f.phrases) if (p.restatesSymptom) { n++; console.log(c.page.slug, f.level, '|', f.label, '|', p.text); }
console.log(n);
