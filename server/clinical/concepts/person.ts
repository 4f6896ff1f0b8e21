/**
 * Facts about the person that change what a symptom means (the rest, such as age, pregnancy,
 * diabetes and blood thinners, are the context signals named here and read in
 * server/clinical/readings.ts).
 *
 * Each concept is a phrase pattern over normalised clause text with its negation mode (signal.ts).
 */
import { sig, type Signal } from './signal.js';

export const PERSON = {
  // A weakened immune system: chemotherapy or medicines that suppress it.
  immunosuppressed: sig('normal', [
    'chemo\\w*', 'chemotherapy', 'methotrexate', 'azathioprine', 'mycophenolate', 'ciclosporin', 'tacrolimus', 'biologics?', 'humira', 'adalimumab', 'infliximab',
    'transplant', 'neutropeni\\w*', 'no spleen', 'spleen removed', 'immunosuppress\\w*', 'weak(?:ened)? immune system', '(?:high dose|long term) steroids',
  ]),
  // On the combined pill or HRT (a raised risk of blood clots).
  hormonal: sig('normal', ['(?:on|taking|started) (?:the )?(?:combined |contraceptive )?pill', 'contraceptive pill', 'combined pill', 'hrt', 'hormone replacement']),
  // A condition that puts someone at high risk from COVID-19.
  covidHighRisk: sig('normal', [
    'copd', 'emphysema', 'chronic bronchitis', 'chemo\\w*', 'immunosuppress\\w*', 'transplant', 'cancer', 'leukaemia', 'lymphoma',
    'kidney (?:disease|failure)', 'dialysis', 'liver (?:disease|cirrhosis)', 'cirrhosis', 'sickle cell', 'hiv', 'downs? syndrome', 'multiple sclerosis',
  ]),
  // Dependent on steroids or anti-rejection medicines (Addison's disease, a transplant).
  steroidDependent: sig('normal', [
    'addison\\w*', 'adrenal (?:insufficiency|failure|crisis)', 'hydrocortisone', 'hypopituitar\\w*', 'steroid (?:emergency )?card', 'anti ?rejection', 'transplant\\w*', 'congenital adrenal',
  ]),
} satisfies Record<string, Signal>;

/**
 * Facts about the person and readings that are not phrases: worked out from the form's
 * demographics and from numbers in the message (server/clinical/readings.ts reads them), they take
 * part in rules like any concept above.
 */
export type ContextSignalId =
  | 'infantUnder3Months'
  | 'infant3To6Months'
  | 'temperature38'
  | 'temperature39'
  | 'olderAge'
  | 'adult'
  | 'cardiacRisk'
  | 'diabetic'
  | 'anticoagulant'
  | 'pregnant'
  | 'postnatal'
  | 'pretermPregnancy'
  | 'male'
  | 'peakFlowLow'
  | 'oxygenLow'
  | 'oxygenBorderline'
  | 'bloodPressureVeryHigh'
  | 'ketonesRaised';
