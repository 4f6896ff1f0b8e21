import type { RetrievalResult } from '../../server/contract/retrieval.js';

/** A small retrieval result for node tests. */
export const retrieval: RetrievalResult = {
  query: 'sore throat and fever',
  conditions: [
    { slug: 'flu', title: 'Flu', url: 'https://www.nhs.uk/conditions/flu/', score: 0.82, sections: [{ section: 'Symptoms', content: 'A sudden high temperature.', score: 0.8 }] },
    { slug: 'tonsillitis', title: 'Tonsillitis', url: 'https://www.nhs.uk/conditions/tonsillitis/', score: 0.74, sections: [{ section: 'Symptoms', content: 'A sore throat.', score: 0.7 }] },
  ],
  tookMs: 3,
};
