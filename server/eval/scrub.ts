import nlp from 'compromise';

/**
 * Strips personal details from what a person wrote, before it leaves the service as an evaluation
 * case: names (compromise's named-entity tagger, which also catches lower-case chat names),
 * e-mail addresses, web addresses, phone numbers, NHS numbers, postcodes, street addresses and
 * calendar dates. Symptoms, durations, ages and places such as countries stay: they are what the
 * case is about (travel history matters for a fever). Each is replaced by a bracketed tag so the
 * sentence still reads.
 */

const PATTERNS: [RegExp, string][] = [
  [/\b[\w.+-]+@[\w-]+(\.[\w-]+)+\b/g, '[email]'],
  [/\bhttps?:\/\/\S+|\bwww\.\S+/gi, '[link]'],
  // NHS numbers: ten digits, often written 3-3-4.
  [/\b\d{3}[ -]?\d{3}[ -]?\d{4}\b/g, '[number]'],
  // UK phone numbers: +44 or 0, then 9-10 more digits with optional spaces, dashes or brackets.
  [/(?:\+44\s?\(?0?\)?|\b0)(?:[\s-]?\(?\d\)?){9,10}\b/g, '[phone]'],
  // UK postcodes (e.g. NW1 6XE, SW1A 1AA).
  [/\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/gi, '[postcode]'],
  // A house number and a street.
  [/\b\d{1,4}[a-z]?,?\s+(?:[A-Z][a-z']+\s+){1,3}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Close|Drive|Way|Place|Crescent|Court|Terrace|Gardens|Grove|Hill|Row|Square|Mews)\b\.?/g, '[address]'],
  // Calendar dates: 12/03/1980, 12-3-80, 12 March 1980, March 12th 1980.
  [/\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b/g, '[date]'],
  [/\b\d{1,2}(?:st|nd|rd|th)?\s+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?,?\s+\d{4}\b/gi, '[date]'],
  [/\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\b/gi, '[date]'],
];

/** Words compromise sometimes takes for names that are clinical in our texts. */
const NOT_NAMES = new Set(['addison', 'crohn', 'bell', 'parkinson', 'alzheimer', 'raynaud', 'hodgkin', 'down', 'graves', 'lyme', 'achilles', 'tourette', 'asperger', 'meniere', 'reiter', 'sjogren', 'guillain', 'barre', 'cushing', 'huntington', 'osgood', 'schlatter']);

/** First names that are also ordinary words: taken for names only when capitalised. */
const ORDINARY_WORDS = new Set(['mark', 'grace', 'faith', 'hope', 'joy', 'will', 'bill', 'rose', 'pat', 'sue', 'ray', 'april', 'may', 'june', 'summer', 'dawn', 'jack', 'rob', 'chase', 'drew', 'gene', 'sky', 'frank', 'rich', 'holly', 'ivy', 'iris', 'sandy', 'rusty', 'penny', 'crystal', 'amber', 'ruby', 'bob', 'art', 'cliff', 'dean', 'glen', 'jay', 'lance', 'miles', 'neil', 'norm', 'page', 'reed', 'sunny', 'wade']);

export function scrubPersonalDetails(text: string): string {
  let out = text;
  for (const [pattern, tag] of PATTERNS) out = out.replace(pattern, tag);
  const doc = nlp(out);
  const people = doc.people().json() as { text: string; terms: { text: string; normal: string }[] }[];
  for (const person of people) {
    const words = person.terms.map((t) => t.normal.replace(/['’]s$/, ''));
    if (words.some((w) => NOT_NAMES.has(w))) continue;
    if (person.terms.length === 1 && ORDINARY_WORDS.has(words[0]!) && person.terms[0]!.text === person.terms[0]!.text.toLowerCase()) continue;
    for (const term of person.terms) {
      if (!term.text || /^(dr|doctor|mr|mrs|ms|miss|nurse|my|our)\.?$/i.test(term.text)) continue;
      out = out.replace(new RegExp(`\\b${escape(term.text)}\\b`, 'g'), '[name]');
    }
  }
  return out.replace(/\[name\](?:\s+\[name\])+/g, '[name]');
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
