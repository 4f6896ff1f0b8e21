/** Phrase pieces shared by concepts in more than one file (or more than one concept). */

/** Whose: "my chest", "the baby's", "one arm". */
export const POSS = '(?:my|his|her|their|the|your|our|a|one|both)';
/** "myself" and the ways it is mistyped. */
export const SELF = '(?:my ?self|myslef|mysef|mysel|mself|meself|me self)';
/** "chest" and the ways it is mistyped. */
export const CHEST = '(?:chest|chset|chets|chst|cheast|chesr)';
/** Breathe, breath, breathing and the ways they are mistyped. */
export const BREATH = '(?:breathe|breath|breth|breathing|brething|breating|breahte)';
/** Breathe, breath, breathing, without the misspellings of BREATH (the older general signs use this). */
export const BREATH_PLAIN = '(?:breathe|breath|breathing)';
/** The tummy, by any of its names. */
export const TUMMY = '(?:tummy|stomach|abdomen|abdominal|belly|gut|tum)';

/** Confusion told without the word: shared by `confused` and `disoriented` (brain-and-nerves.ts). */
export const CONFUSION_PHRASES = [
  '(?:not|barely|hardly|isnt|wasnt) making (?:any |much )?sense', 'talking (?:nonsense|rubbish|gibberish)',
  '(?:doesnt|didnt|does not|did not|couldnt|could not|cant|wont) (?:know|recognise|recognize|remember) (?:where|who|me|us|my name|his (?:own )?name|her (?:own )?name|what day it is)',
];

/** Means or preparation for suicide, the same in both signals that use them. */
export const SUICIDE_PREPARATION = [
  '(?:ways|way|how|methods?|best way|easiest way) to (?:end it|end (?:my|his|her|their) life|kill (?:myself|himself|herself|themselves)|die|do it painlessly)',
  'noose',
  '(?:bought|got|buy|buying|have|ive got|got myself|tied) (?:a |the |some )?(?:rope|noose)',
  '(?:pills|tablets|meds|paracetamol)(?: \\w+){0,3} (?:lined up|laid out|counted out|all ready|ready to take|in front of me)',
  '(?:saved|saving|stockpiling|hoarding|collecting) (?:up )?(?:my )?(?:pills|tablets|meds)',
  '(?:pills|tablets|meds|medication|paracetamol|painkillers)(?: \\w+){0,2} (?:saved|stockpiled|hoarded|stored|collected|put aside)(?: up)?',
  'suicide note',
  'goodbye (?:note|notes|letter|letters|message|messages|text|texts)',
  'wrote (?:a|my) (?:note|letter) to say goodbye',
  '(?:texted|messaged|texting|sent)(?: \\w+){0,2} goodbye',
  '(?:giving|given|gave) (?:away )?(?:my|all my) (?:things|stuff|possessions|belongings|pets?|cat|dog)(?: \\w+){0,4} (?:away|to)',
  'putting my affairs in order',
  '(?:stood|standing|sat|sitting) on (?:the|a) (?:bridge|ledge|edge|railway)',
  '(?:going to|planning to|plan to|want to|thinking (?:of|about)|might) (?:take|taking|swallow|swallowing) (?:all|a whole|the whole|loads|lots|a load|a handful|handful)(?: of)?(?: my| the| his| her)? (?:pills|tablets|meds|medication|paracetamol)',
];
