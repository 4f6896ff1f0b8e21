import { assessSafety } from './server/safety/index.js';
import { POSITIVE, NEGATIVE } from './test/safety/phrasings.js';
let bad = 0;
for (const [t, k] of POSITIVE) { const a = assessSafety(t); if (!a.kinds.includes(k)) { bad++; console.log('MISS', k, '|', t, JSON.stringify(a)); } }
for (const t of NEGATIVE) { const a = assessSafety(t); if (a.emergency) { bad++; console.log('FALSE', '|', t, JSON.stringify(a)); } }
console.log('bad', bad, POSITIVE.length, NEGATIVE.length);
