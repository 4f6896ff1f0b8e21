/**
 * The typo fixer's word lists for the concepts' phrases (server/clinical/text.ts `typoFixer`).
 */

/** Words the typo fixer may correct towards (5+ letters; shorter words get explicit variants in the concepts). */
export const SAFETY_VOCABULARY = [
  'suicide', 'suicidal', 'myself', 'breathe', 'breathing', 'breathless', 'breathlessness', 'sweating', 'swelling', 'swollen',
  'tongue', 'throat', 'drooping', 'droopy', 'slurred', 'slurring', 'confused', 'confusion', 'mottled', 'meningitis',
  'unresponsive', 'bleeding', 'heavily', 'spreading', 'radiating', 'pressure', 'tightness', 'crushing', 'anaphylaxis',
  'allergic', 'allergy', 'peanuts', 'shellfish', 'seizure', 'unconscious', 'floppy', 'temperature', 'infection', 'weakness',
  'numbness', 'struggling', 'gasping', 'choking', 'overdose', 'paracetamol', 'headache', 'vomiting', 'nosebleed', 'sepsis',
  'fading', 'chest', 'sweaty', 'clammy', 'shivering', 'drowsy', 'blanching', 'stiffness', 'wheezing', 'swallow',
  'swallowing', 'breath', 'weeing', 'peeing', 'nappies', 'adrenaline', 'epipen', 'lightheaded', 'dizzy', 'fainted',
  'collapsed', 'unalive', 'worthless', 'anymore', 'harming', 'cutting', 'killing', 'suddenly', 'thunderclap',
  'excruciating', 'agonising', 'bladder', 'bowels', 'buttocks', 'tablets',
];

/**
 * Ordinary words within one edit of a vocabulary word, which must not be "corrected"
 * (found by checking the vocabulary against the words used across the knowledge pages).
 */
export const SAFETY_KNOWN_WORDS = [
  // Found by comparing the vocabulary with every word of the knowledge pages (edit distance 1-2).
  'concussion', 'convulsion', 'convulsions', 'doing', 'drying', 'crusting', 'dropping', 'droppings', 'drooling', 'injection',
  'injections', 'infectious', 'peeling', 'screaming', 'shallow', 'shimmering', 'smelling', 'streaming', 'weeping', 'swallowed',
  'swallows', 'collapse', 'collapses', 'allergies', 'chesty', 'headachey', 'sweat', 'sweats', 'breathed', 'breaths',
  // Everyday words one edit from a vocabulary word.
  'chess', 'cheat', 'cheap', 'chase', 'chests', 'sweet', 'swearing', 'sweeping', 'swelled', 'throw', 'threat', 'three', 'breed',
  'bread', 'breadth', 'lying', 'dining', 'dyeing', 'eying', 'tying', 'vying', 'putting', 'filling', 'willing', 'billing',
  'facing', 'trading', 'loading', 'heading', 'reading', 'fainter', 'painted', 'sloppy', 'cooking', 'coking', 'smoking',
  'stroking', 'browsy', 'allergen', 'allergens', 'fizzy', 'tizzy', 'thyself', 'itself', 'herself', 'himself', 'yourself',
  'breathy', 'wreath', 'beneath', 'fainting', 'painting', 'grasping', 'clasping', 'breeding', 'pleading', 'feeding', 'needing',
  'heeding', 'speeding', 'seeing', 'fleeing', 'teeing', 'tablet', 'stable', 'table', 'cable', 'sudden', 'shocking',
  'stocking', 'clumsy', 'sweeter', 'sweater', 'swelter', 'seizing', 'bleeping', 'blessing', 'blending', 'spending', 'spreadsheet',
  'gaping', 'gaped', 'conscious', 'consciously',
  // Real words the fixer bent into keywords: 'no intention' read as 'no infection', 'brightness' as
  // 'tightness' (a chest sign), 'bowel' as 'bowels'.
  'intention', 'intentions', 'brightness', 'bowel', 'droop', 'headachy',
];
