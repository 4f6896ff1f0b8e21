/**
 * The tummy and the gut: severe pain, being sick, diarrhoea, bleeding from the gut, dehydration.
 *
 * Each concept is a phrase pattern over normalised clause text with its negation mode (signal.ts).
 */
import { sig, type Signal } from './signal.js';
import { TUMMY } from './phrases.js';

export const ABDOMEN_AND_DIGESTION = {
  // Feeling sick or being sick.
  nausea: sig('normal', [
    '(?:feel|feels|feeling|felt) (?:really |very |a bit |so |quite )?(?:sick|nauseous|queasy|like (?:i|he|she) (?:might|could|will|am going to|was going to) be sick)',
    'nause\\w*', 'being sick', 'been sick', 'vomit\\w*', 'threw up', 'throwing up',
  ]),
  // Severe or sudden tummy pain.
  severeTummy: sig('normal', [
    `(?:severe|really bad|very bad|agonising|agonizing|excruciating|unbearable|worst|terrible|intense|awful|horrendous|crippling|extreme|sudden)(?: \\w+){0,2} (?:upper |lower )?${TUMMY}(?: \\w+)? (?:pain|ache)`,
    `(?:severe|really bad|very bad|agonising|agonizing|excruciating|unbearable|worst|terrible|intense|awful|horrendous|crippling|extreme) (?:pain|ache)(?: \\w+){0,5} ${TUMMY}`,
    `(?:pain|ache)(?: \\w+){0,3} (?:in|across) (?:my |the |his |her )?(?:upper |lower )?${TUMMY}(?: \\w+){0,3} (?:is )?(?:severe|unbearable|agony|excruciating|agonising|the worst)`,
    `(?:pain|ache)(?: \\w+){0,8} ${TUMMY}(?: \\w+){0,4} (?:got|gotten|getting|is|gone|become) (?:really|very|so|much) (?:bad|severe|painful)`,
    'doubled (?:up|over)(?: in pain)?', `${TUMMY} (?:pain )?is (?:agony|unbearable|excruciating|killing me)`, 'rolling around in (?:pain|agony)',
  ]),
  // Tummy pain going through to the back.
  throughToBack: sig('normal', ['(?:through|going through|goes through|radiat\\w*|spread\\w*|going|goes|into|round|moving) (?:to |into |through to )?(?:my |the |his |her )?(?:back|spine)', 'bor(?:es|ing) through']),
  // A tummy that is hard, rigid or like a board.
  rigid: sig('normal', [
    'rigid', `${TUMMY}(?: \\w+){0,2} (?:is |feels |gone |has gone )?(?:hard|rigid|like a board|tense|solid)`, 'hard as a board', 'board like',
    '(?:cant|couldnt) (?:stand|bear) (?:anyone |anything |it )?(?:to )?(?:touch\\w*|being touched)', 'too (?:painful|sore) to touch',
  ]),
  // Diarrhoea.
  diarrhoea: sig('normal', ['diarr?h\\w*', 'diarea', 'the runs', 'runny poo', 'loose (?:poo|stools?|bowels)', 'watery poo']),
  // Being sick green or yellow-green (bile).
  greenVomit: sig('normal', [
    '(?:green|bright green|dark green|yellow green|bile|bilious)(?: \\w+){0,2} (?:vomit|sick|sicky|spew)',
    '(?:vomit\\w*|sick|being sick|throwing up|threw up|bringing up)(?: \\w+){0,6} (?:green|bile)',
  ]),
  // A swollen, bloated or hard tummy.
  swollenTummy: sig('normal', [`(?:swollen|bloated|distended|tight|hard) ${TUMMY}`, `${TUMMY}(?: \\w+){0,3} (?:swollen|swelling|swelled|bloated|distended|looks swollen|blown up)`]),
  // Not able to poo or pass wind.
  noPooWind: sig('normal', ['(?:not|havent|hasnt|hadnt|cant|couldnt) (?:pooed|been for a poo|had a poo|passed wind|farted|poo|fart|pass wind)', 'no (?:poo|bowel movement|wind)(?: \\w+){0,2} (?:for|in|since)', 'not passing wind', 'smells? (?:like|of) poo']),
  // Few wet nappies, little or dark wee, fluids not staying down: dehydration at any age.
  dehydration: sig('normal', [
    '(?:only|just) (?:had )?(?:\\d|one|two|three|a few|a couple of) wet napp(?:y|ies)', '(?<!a |quite a )few wet nappies',
    '(?:fewer|less|not many|hardly any|no) wet nappies', 'dry nappies', 'nappies (?:are |have been )?dry', 'not (?:weeing|peeing) (?:much|as much|very much)', '(?:weeing|peeing) (?:less|hardly)',
    'dark (?:wee|urine|pee)', '(?:wee|urine|pee)(?: \\w+){0,2} (?:dark|brown|like tea)', '(?:hardly|barely) (?:weeing|peeing|passing urine|had a wee)', 'cant keep (?:anything|fluids|water|drinks|milk|feeds?|food) down', 'not keeping (?:anything|fluids|water|drinks|milk|feeds?) down',
    'sunken (?:eyes|fontanelle|soft spot)', 'no tears',
  ]),
  // Not drinking or feeding: a warning sign in babies, children and older people, not in a busy adult.
  poorIntake: sig('normal', ['(?:not|hasnt|havent|hadnt|isnt|wont|cant|barely|hardly) (?:been )?(?:drinking|feeding|taking (?:her|his|their) (?:milk|bottle|feeds))(?: at all| much| properly| well)?', 'refusing (?:to drink|feeds|drinks|the bottle|milk|the breast)', 'off (?:her|his|their) (?:milk|feeds|bottle)',
    '(?:feeding|feeds|drinking|taking|eating)(?: \\w+){0,2} (?:about |bout |around |less than |under )?half (?:of )?(?:what|her|his|their|the|as much|normal|usual)']),
  // Yellow skin or yellow whites of the eyes (jaundice).
  jaundice: sig('normal', [
    // Not "eyes red and sticky with yellow crust": yellow gunk is discharge, not jaundice.
    '(?:skin|eyes|whites of (?:my|his|her|their) eyes)(?: (?!with\\b)\\w+){0,4} (?:yellow|yellowish|yellowy|jaundiced)(?! (?:crust\\w*|gunk|goo|discharge|pus|stuff|sticky|mucus))', 'yellow (?:skin|eyes|tinge)', '(?:skin|eyes)(?: \\w+){0,2} (?:yellower|more yellow) than (?:usual|normal|before)', 'jaundice\\w*', 'gone yellow', 'turned yellow', 'looking yellow',
  ], /\b(?:newborn|baby|babys|week old|day old|days old|weeks old)\b/),
  // Heavy bleeding from the bottom.
  rectalBleedHeavy: sig('normal', [
    '(?:big|heavy|huge|massive|large|lot of|lots of|loads of) (?:bleed|blood|bleeding)(?: \\w+){0,3} (?:back passage|bum|bottom|rectum|anus|behind)',
    '(?:bleeding|blood) from (?:the |my |his |her |their )?(?:back passage|bum|bottom|rectum)(?: \\w+){0,4} (?:wont stop|not stopping|loads|a lot|heavily|clots|keeps coming|pouring)',
    '(?:toilet|bowl|pan)(?: \\w+){0,2} (?:full of|filled with|covered in) blood',
  ]),
  // Black or tarry poo (bleeding in the gut).
  blackStool: sig('normal', ['(?:poo|stool|stools|poop|bowel movements?)(?: \\w+){0,3} (?:black|jet black|tarry|like tar)', 'black (?:poo|stool|stools|poop)']),
  // Being sick, or cannot keep anything down.
  vomiting: sig('normal', ['vomit\\w*', '(?:been|being|keeps being|was|is) sick', 'throwing up', 'threw up', 'thrown up', 'puking', 'puked', 'spewing', 'cant keep (?:anything|food|fluids|water|drinks) down']),
  // Blood in the poo or in a nappy (not with piles or straining).
  bloodInPoo: sig('normal', [
    '(?:blood|bloody|red streaks?|streaks? of blood|streaky blood)(?: \\w+){0,4} (?:in|on) (?:his |her |their |the |my )?(?:nappy|nappies|poo|poos|stool|stools)',
    '(?:nappy|nappies|poo|poos|stools?)(?: \\w+){0,4} (?:blood|bloody|red streaks?)',
  ], /\b(?:piles|haemorrhoids?|hemorrhoids?|constipat\w*|strain\w*)\b/),
  // Sick every time they drink: not keeping fluids down (dehydration, 111).
  cantKeepFluids: sig('normal', [
    '(?:sick|vomit\\w*|throw\\w* up|bring\\w* (?:it|everything) (?:back )?up)(?: \\w+){0,2} (?:every time|whenever|each time|as soon as) (?:i|he|she|they|we) (?:drink|eat|have a drink|have a sip|take a sip|try to drink)',
  ]),
} satisfies Record<string, Signal>;
