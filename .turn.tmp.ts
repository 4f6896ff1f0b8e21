import { loadConfig } from './server/config.js';
import { log } from './server/log.js';
import { startRetrieval } from './server/retrieval/index.js';
import { createOfflineNodes } from './server/models/offline/index.js';
import { runTurn } from './server/pipeline/run-turn.js';
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATA_DIR: '/tmp/offline-dev-data' });
const svc = await startRetrieval(config, log.child({}, { level: 'silent' }), {});
const nodes = createOfflineNodes({ pages: svc.pages, retriever: svc.retriever });
const msgs = process.argv.slice(2);
const history: { role: 'user'|'assistant'; content: string }[] = [];
for (const text of msgs) {
  let answer = '', reasoning = ''; const kinds: string[] = [];
  for await (const e of runTurn({ nodes, retriever: svc.retriever, pages: svc.pages, config }, { turnId: 't', threadId: 'x', text, history }, new AbortController().signal)) {
    kinds.push(e.type);
    if (e.type === 'AnswerChunk') answer += e.delta;
    if (e.type === 'ReasoningChunk') reasoning += e.delta;
    if (e.type === 'TriageChunk') console.log('TRIAGE', e.condition, e.severity);
    if (e.type === 'Record' && e.record.route) console.log('ROUTE', e.record.route);
  }
  console.log('>>>', text, '\n--- reasoning ---\n' + reasoning + '\n--- answer ---\n' + answer + '\n');
  history.push({ role: 'user', content: text }, { role: 'assistant', content: answer });
}
await svc.close();
