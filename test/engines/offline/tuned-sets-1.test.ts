import { describeTunedSets } from './tuned-sets.js';

// One quarter of the tuned evaluation sets (tuned-sets.ts), so the two test workers share them.
describeTunedSets(1, 4);
