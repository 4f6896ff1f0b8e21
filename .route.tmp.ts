import { loadKnowledge } from './server/knowledge/load.js';
import { createAnalyser } from './server/models/offline/analyse.js';
import { matchPhrase } from './server/models/offline/lexicon.js';
const pages = await loadKnowledge('knowledge/conditions');
const an = createAnalyser(pages);
for (const text of process.argv.slice(2)) {
  const clauses = an.reader.read([text]);
  console.log(text, JSON.stringify(clauses.map(c=>c.stems)));
  for (const c of an.conditions) for (const p of [...c.symptoms.flatMap(s=>s.phrases), ...c.flags.flatMap(f=>f.phrases)]) { const m = matchPhrase(p, clauses); if (m?.quality===1) console.log('  ', c.page.slug, p.text, p.stems); }
}
