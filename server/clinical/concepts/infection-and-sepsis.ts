/**
 * Infection, sepsis and meningitis: fever, the signs of sepsis, a rash that does not fade,
 * infections with a rash.
 *
 * Each concept is a phrase pattern over normalised clause text with its negation mode (signal.ts).
 */
import { conditionName, sig, type Signal } from './signal.js';

/**
 * A bare 38 to 41 is a temperature, unless a unit says otherwise ("40 mins", "38 years") or it is an
 * age ("diagnosed at 40", "aged 38", "died at 41").
 */
const NOT_AN_AGE = '(?<!(?:aged?|at age|diagnosed at|died at|passed at|passed away at|when (?:i|he|she|they) (?:was|were)) )';
const NOT_A_UNIT = '(?! (?:min|mins|minutes?|hours?|hrs?|years?|yrs?|yo|days?|weeks?|months?|seconds?|secs?|mg|mcg|ml|kg|kilos?|lbs?|percent|pence|p|quid|pounds|miles|km|times|cigarettes|units|fags|pints|mins?|odd|something|plus|ish)\\b)(?: degrees| c)?';
const TEMPERATURE_NUMBERS = [`${NOT_AN_AGE}3[89](?: \\d)?${NOT_A_UNIT}`, `${NOT_AN_AGE}4[01](?: \\d)?${NOT_A_UNIT}`];

export const INFECTION_AND_SEPSIS = {
  // Signs or words of an infection: a fever, a temperature of 38 or more, shivering, an infected wound, antibiotics.
  infection: sig('normal', [
    'infect\\w*', '(?<!hay )fever\\w*', 'temperature', 'high temp', 'temp', 'shiver\\w*', 'shaking', 'rigou?rs', 'chills', 'uti',
    'flu', 'pneumonia', 'sepsis', 'septic', 'antibiotics?', 'hot and cold', 'burning up', 'wound', 'cellulitis', 'virus',
    ...TEMPERATURE_NUMBERS, '10[1-5](?: f| degrees)?',
  ]),
  // Mottled, blue, grey or ashen skin (a sepsis sign).
  mottled: sig('normal', [
    'mottl\\w*',
    '(?:skin|legs|arms|face|hands|feet|body)(?: \\w+){0,3} (?:blue|bluish|grey|gray|greyish|ashen|purple)',
    '(?:blue|bluish|grey|gray|greyish|ashen) (?:skin|tinge|colour|color)',
    '(?:he|she|hes|shes|they|theyre|baby|i|im) (?:looks|look|is|are|has gone|have gone|went|turned|gone|going|turning) (?:blue|grey|gray|ashen)',
  ]),
  // Blotchy pale skin, or cold hands and feet (poor circulation in sepsis).
  blotchy: sig('normal', ['blotchy (?:pale|grey|gray|blue) skin', 'pale blotchy', 'pale and (?:clammy|cold)', 'cold (?:hands and feet|hands|feet)']),
  // Feeling as if one is going to die, the worst ever felt, or uncontrollable shivering (a sepsis sign).
  feelDying: sig('normal', [
    '(?:feel|feels|feeling|felt)(?: like)?(?: i| he| she| they)?(?: im| am| is| are| was)?(?: going to| gonna| about to| might| could| will)? (?:die|dying)',
    'worst (?:i|ive|he|she|hes|shes|they|theyve) (?:has |have |had )?ever felt', 'never felt (?:this|so) (?:ill|unwell|bad|poorly|sick)',
    '(?:extreme|uncontrollable|violent|severe) shiver\\w*', 'shaking uncontrollably', 'cant stop shaking',
  ]),
  // The word sepsis, septic or blood poisoning.
  sepsisMention: conditionName(['seps[iy]s', 'sepis', 'sespis', 'septic', 'septicaemia', 'blood poisoning']),
  // A rash that does not fade under a pressed glass (meningitis, sepsis).
  nonBlanching: sig('normal', [
    // A glass test told by its result: not fading, or still to be seen, is the red flag; "it is not
    // there any more" or "cant see it" under the glass is the rash fading (the reassuring check).
    '(?:rash|spots|marks|blotches|dots|bruises|bruising|pinpricks?|pin pricks?)(?: \\w+){0,5} (?:doesnt|does not|didnt|wont|isnt|dont|not|never|hasnt|havent|arent|wouldnt|cant)(?: \\w+)? (?:fade|fading|faded|go away|going away|disappear\\w*|blanch\\w*|change|changing|go white|turn white|turning white|lighten)',
    '(?:rash|spots|marks|blotches|dots|bruises|bruising|pinpricks?|pin pricks?)(?: \\w+){0,5} (?:still|can still|could still)(?: \\w+)? (?:visible|there|see|seen|showing)',
    '(?:non|not|no) ?blanch\\w*',
    'glass(?: \\w+){0,4} (?:doesnt|didnt|dont|not|wont|isnt|arent)(?: \\w+)? (?:fade|fading|faded|go|going|disappear\\w*|change|changing|blanch\\w*|lighten|go white|turn white)',
    'glass(?: \\w+){0,4} (?:still|can still|could still)(?: \\w+)? (?:see|seen|visible|there|showing)',
    '(?:doesnt|does not|didnt|dont|wont|not|isnt) (?:go|going|fade|fading|disappear\\w*|change|changing|go white|go away)(?: \\w+){0,5} (?:glass|tumbler|(?:press|pressed|pressing|push|pushed|pushing) (?:on|it|them|down))',
    'purple (?:rash|spots|blotches|bruises|bruising|marks|dots)', 'pin ?prick (?:rash|spots)', '(?:rash|spots) (?:that |which )?(?:look|looks) like bruis\\w*',
  ]),
  // A stiff neck, or cannot bend the chin to the chest (meningitis).
  stiffNeck: sig('normal', [
    'stiff (?:neck|necked)', 'neck(?: \\w+){0,2} (?:stiff|rigid)', 'stiffness (?:in|of) (?:my |his |her |their |the )?neck',
    'cant (?:bend|move|touch) (?:his |her |my |their )?(?:neck|chin to (?:his |her |my |their )?chest)',
  ]),
  // The chin bends to the chest, or the neck moves freely: the meningitis check for a stiff neck, reassuring.
  neckFlexes: sig('none', [
    '(?:i|he|she|they|we) (?:can|could) (?:still )?(?:put|touch|get|bend|rest|tuck|bring) (?:my|his|her|their) chin (?:on|to|onto|down to|against) (?:my|his|her|their)? ?chest',
    '(?:chin|neck) (?:bends|touches|goes) (?:to|onto|down to) (?:my|his|her|their)? ?chest(?: fine| ok| okay| normally)?',
    '(?:i|he|she|they) (?:can|could) (?:move|turn|bend) (?:my|his|her|their) (?:neck|head) (?:fine|ok|okay|normally|all the way|freely)',
  ]),
  // A temperature by name, a feeling of fever, or a bare 38 to 41 (TEMPERATURE_NUMBERS).
  fever: sig('normal', [
    '(?<!hay )fever\\w*', 'temperature', 'high temp', 'temp', 'burning up', 'feverish', 'shivery', 'shivering', 'chills', 'hot(?! flush\\w*)',
    ...TEMPERATURE_NUMBERS,
  ]),
  // Bright light hurts or is avoided (meningitis, migraine).
  photophobia: sig('normal', [
    '(?:light|lights|sunlight|brightness)(?: \\w+){0,2} (?:hurts?|hurting|painful|bothers?|bothering|unbearable|too bright)',
    '(?:sensitive|sensitivity) to (?:the )?light', 'cant (?:stand|bear|look at|handle|cope with) (?:the |bright )?lights?',
    'photophobi\\w*', 'hurts to look at (?:the )?lights?', 'dislike of (?:bright )?lights?',
    '(?:doesnt|dont|wont|didnt) (?:want to |like to )?look (?:at|into) (?:the )?(?:bright )?lights?', '(?:hiding|hides|hid|turning away|turns away|shielding (?:her|his|their|my) eyes) from (?:the )?lights?',
  ]),
  // The word meningitis (or meningococcal), in its common misspellings.
  meningitisMention: conditionName(['meningitis', 'menigitis', 'meningitus', 'menengitis', 'meningites', 'meningococcal']),
  // A headache, a rash or being sick: what comes with the meningitis signs.
  meningitisCompanion: sig('normal', ['headache', 'head ache', 'head hurts', 'head is pounding', 'pounding head', 'rash', 'vomit\\w*', 'being sick']),
  // Whose temperature: a breastfeeding mother's own fever is not her baby's.
  ownFever: sig('normal', [
    '(?:i|im|i have|ive got|ive had|i feel|i felt|i am|i was|ive been|been feeling)(?: (?!(?:her|his|their|baby|babys|its)\\b)\\w+){0,4} (?:temp|temperature|fever|feverish|hot|shivery|shivering|fluey|flu like|like flu|like i have flu)',
    'my (?:temp|temperature)',
    // "feel fluey" with the I left out is still the writer's own temperature (a baby is not "fluey")
    'feel(?:ing)? (?:really |very |a bit |quite |so )?(?:fluey|flu like|achy|run down)',
  ]),
  // The word mumps.
  mumpsMention: conditionName(['mumps']),
  // A rash or a rash illness (chickenpox, shingles, measles, slapped cheek).
  rashInfection: sig('normal', ['chickenpox', 'chicken pox', 'shingles', 'measles', 'slapped cheek', 'rubella', 'rash']),
  // Ordinary signs of an infection: a sore throat, mouth ulcers, a cough, a cold sore, a rash.
  infectionSymptom: sig('normal', ['sore throat', 'mouth ulcers?', 'cough\\w*', 'cold sores?', 'rash', 'burning when i (?:wee|pee)']),
  // Feeling very unwell, or too unwell to stand or move.
  veryUnwell: sig('normal', ['(?:so|very|really|extremely) unwell', 'never felt (?:so|this) (?:ill|unwell|bad|poorly)', '(?:can barely|cant) (?:stand|hold|move|get up)', 'heart (?:is )?(?:racing|pounding)', 'shiver\\w*', 'shivery', 'rigou?rs']),
  // Shivering, uncontrollable shaking or chattering teeth (rigors).
  rigors: sig('normal', ['shivers', 'shivering', 'shivery', 'shaking (?:uncontrollably|all over)', 'uncontrollable shaking', 'rigou?rs', 'teeth (?:chattering|are chattering)']),
  // Chickenpox.
  chickenpox: sig('normal', ['chicken ?pox']),
  // COVID-19 or a positive test for it.
  covidMention: conditionName(['covid\\w*', 'corona ?virus', 'tested positive', 'positive (?:lateral flow|test|lft)']),
  // A red line or streak spreading from a wound or infection.
  lymphangitis: sig('normal', ['red (?:line|lines|streak|streaks|track|tracks)(?: \\w+){0,4} (?:up|along|going|spreading|running|tracking|moving|towards?)', 'tracking up (?:my|his|her|the) (?:arm|leg)']),
  // A temperature of the whole body, not the joint's own heat: "my toe is red and hot" is gout as
  // often as infection; "I feel hot and shivery" is a fever.
  bodyFever: sig('normal', [
    '(?<!hay )fever\\w*', 'temperature', 'high temp', 'temp', 'burning up', 'feverish', 'shivery', 'shivering', 'chills',
    '(?:i|im|i am|i feel|feel|feels|feeling|felt|he|she|hes|shes|he is|she is|he feels|she feels|they feel|whole body|all over) (?:really |very |so |boiling |all )?hot',
    ...TEMPERATURE_NUMBERS,
  ]),
  // Fever after a stay where malaria is found: NHS says get medical help the same day.
  malariaTravel: sig('normal', [
    '(?:back|returned|came back|come back|got back|flew back|flown back|home|travel\\w*|been|visiting|visited|trip|holiday)(?: \\w+){0,6} (?:africa|nigeria|ghana|kenya|uganda|tanzania|sierra leone|gambia|cameroon|congo|zambia|malawi|mozambique|zimbabwe|ethiopia|sudan|somalia|senegal|mali|ivory coast|the ivory coast|liberia|guinea|togo|benin|burkina faso|angola|madagascar|india|pakistan|bangladesh|papua new guinea|the amazon|the tropics|a malaria area|a malaria country)',
    'malaria (?:tablets|pills|area|country|region|zone)', 'didnt (?:take|get|have) (?:the |any |my )?(?:anti ?)?malaria\\w*',
  ]),
  // A tick bite followed by a spreading round red rash (NHS Lyme disease: see a GP).
  tickBite: sig('normal', ['ticks?']),
  // A round, ring or target-shaped rash, or a rash that is spreading (Lyme disease after a tick bite).
  ringRash: sig('normal', ['(?:ring|bullseye|bulls eye|target|circle|circular|round)(?: \\w+){0,2} (?:rash|mark|redness|patch)', 'rash(?: \\w+){0,4} (?:spreading|getting bigger|growing|in a ring|in a circle)', 'red (?:ring|circle|patch)']),
} satisfies Record<string, Signal>;
