import { loadKnowledge } from './server/knowledge/load.js';
import { createAnalyser } from './server/models/offline/analyse.js';
import { matchPhrase } from './server/models/offline/lexicon.js';
const pages = await loadKnowledge('knowledge/conditions');
const an = createAnalyser(pages);
const [slug, text] = process.argv.slice(2);
const clauses = an.reader.read([text!]);
console.log(JSON.stringify(clauses.map(c=>c.stems)));
const c = an.conditions.find(c=>c.page.slug===slug)!;
for (const s of c.symptoms) for (const p of s.phrases) { const m = matchPhrase(p, clauses); console.log(m ? (m.negated?'NEG ':'HIT ')+m.quality : '    ', s.label, '|', p.text, JSON.stringify(p.stems)); }
