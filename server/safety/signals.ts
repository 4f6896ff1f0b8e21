/**
 * The phrases the emergency rules look for, as regular expressions over normalised clause text
 * (lower case, no apostrophes, contractions folded: "cant", "dont", "im"; see text.ts).
 *
 * Written to over-trigger rather than under-trigger: a missed emergency is far worse than an
 * unnecessary "call 999". Each signal says how negation applies to it:
 * - 'normal': "no chest pain", "breathing is fine" switch it off;
 * - 'strict': only a cue right before it ("not suicidal", "no self harm") switches it off;
 * - 'none': never switched off (the phrase carries its own meaning, e.g. "dont want to be here").
 */

import { CONFUSION_PHRASES, GENERAL_SIGNALS } from './general-signals.js';
import type { ContextSignalId } from './context.js';
import { sig, type Signal } from './signal.js';

export type { NegationMode, Signal } from './signal.js';

const POSS = '(?:my|his|her|their|the|your|our|a|one|both)';
const SELF = '(?:my ?self|myslef|mysef|mysel|mself|meself|me self)';
const GAP = '(?: \\w+){0,2}';
const CHEST = '(?:chest|chset|chets|chst|cheast|chesr)';
const BREATH = '(?:breathe|breath|breth|breathing|brething|breating|breahte)';

/** How it feels: "cant breathe", "struggling for air", gasping. */
const FELT_BREATHING = [
  `(?:cant|couldnt|barely|hardly) (?:${BREATH}|get (?:my |any |enough )?(?:breath|air))`,
  `(?:struggling|struggle|struggles|fighting|battling|labouring) (?:to |for )?(?:${BREATH}|air)`,
  'gasping(?: for (?:air|breath))?',
  `(?:severe|extreme|really bad|very bad|terrible|serious) (?:${BREATH} (?:difficulty|problems?|trouble)|difficulty ${BREATH}|shortness of breath|breathlessness)`,
];
/** What anyone can see or hear: blue lips, no sentences, ribs sucking in, choking, a reliever doing nothing. */
const SEEN_BREATHING = [
  '(?:too|so|very) breathless to (?:speak|talk|walk|move|eat)', 'cant (?:speak|talk|say|finish|get) (?:in |more than a few |a )?(?:full |whole )?(?:sentences?|words? out)',
  'chok(?:ing|ed|es)', '(?:not|stopped|isnt|wasnt) breathing',
  '(?:blue|grey|gray|purple) (?:lips|tongue|mouth)',
  '(?:blue|bluish|blueish|grey|gray|purple|dusky)(?: \\w+){0,2} (?:round|around) (?:the |her |his |their |my |your )?(?:mouth|lips)',
  'lips(?: (?:are|have|has|look|looks|gone|turned|turning|going|gone|a|bit|slightly|all|very|quite|kind|sort|of|slight))* (?:blue|bluish|grey|gray|greyish|grayish|purple|purplish)',
  'sucking in (?:under|between|below)', 'ribs sucking in',
  '(?:skin|ribs|tummy|chest)(?: \\w+){0,4} (?:pulling|sucking|drawing|sinking|caving) in', '(?:pulling|sucking|drawing) in (?:between|under|below) (?:the |her |his |their )?ribs',
  '(?:inhaler|blue inhaler|reliever|salbutamol|ventolin)(?: \\w+){0,6} (?:not|isnt|doesnt|didnt|arent) (?:working|help\\w*|touching (?:it|them|the sides))',
  '(?:can|could) (?:hardly|barely|only just) (?:talk|speak|get (?:my |the |any )?words out|say (?:a few )?words|finish (?:a )?sentences?)',
  '(?:can|could) only (?:get|say|manage|speak) (?:a |one or two |1 or 2 )?(?:few |couple of )?words?(?: out)?',
];
const NOT_THE_CHEST = /\b(?:through (?:my |his |her |the )?nose|nose|nostrils?|(?:or|otherwise|else|unless) (?:i|he|she|they) (?:cant|couldnt))\b/;

/** Means or preparation for suicide, the same in both signals that use them. */
const SUICIDE_PREPARATION = [
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

const CORE_SIGNALS = {
  // ---- suicide and self-harm ------------------------------------------------------------------
  suicidal: sig('strict', [
    'suicid\\w*', 'suicd\\w*', 'sucid\\w*', 'suiced\\w*', 'suisid\\w*', 'suiside\\w*', 'suicie\\w*', 'suacid\\w*',
    'self ?harm\\w*', 'self ?injur\\w*', 'sh urges',
  ], /\bsuicide squad\b/),
  killSelf: sig('none', [
    `(?:kill|killing|kil|kll|killin|end|ending|hang|hanging|drown|drowning|shoot|shooting|unalive|unaliving|off|offing|top|topping|poison|poisoning|suffocate|suffocating|starve|starving) ${SELF}`,
    'kms', 'unalive', 'unaliving',
    `(?:end|ending|take|taking|finish|finishing) (?:my|his|her|their) (?:own )?life`,
    '(?:end|ending) it all', '(?:end|ending) (?:it|things|everything) (?:all|for good|tonight|today|now)',
    '(?:want to|going to|thinking (?:of|about)|think about|thought about|planning to|plan to|ready to|just want to|decided to|might) (?:end|ending) (?:it|things|everything)',
    // ("doesnt want to die" says the opposite; "dont want to live" is matched below)
    '(?<!(?:dont|doesnt|didnt|never|not) )(?:want|wanting|wish|wishing|ready|planning|plan) (?:to )?(?:just )?(?:die|be dead|not be alive|not exist|stop existing|never wake up|not wake up|disappear forever|sleep forever|go to sleep forever)',
    'wish(?:ing|ed)? (?:i|id) (?:was|were|had|could) (?:dead|die|never been born|not been born|disappear|not wake up|just die)',
    'wish(?:ing|ed)? (?:i|id) (?:wasnt|werent|was not|were not) (?:here|alive|around|born)',
    'better off (?:dead|without me|if i was gone|if i wasnt here)',
    '(?:everyone|everybody|they|family|people|kids|world) (?:would|will|d)? ?be better (?:off )?without me',
    'no (?:reason|point|purpose) (?:to|in|of|for) (?:live|living|life|going on|being alive|being here|carrying on|existing|me being here)',
    '(?:dont|doesnt|no longer|never) (?:want|wish|care|wants|wishes|cares) to (?:live|be alive|be here|exist|go on|wake up|carry on|keep going|keep living)',
    '(?:dont|doesnt|no longer) (?:want|wants) to be (?:here|around|alive) (?:anymore|any more|now)',
    'not worth (?:living|it anymore|being alive|going on)', 'life (?:isnt|is not|aint|not) worth',
    'cant (?:go on|carry on|keep going)(?: anymore| any more| like this| living)?',
    '(?:thoughts|thinking|thought|thinks) (?:of|about) (?:dying|death|ending (?:it|my life|things)|killing|suicide|not being here|being dead|not waking up)',
    '(?:jump|jumping|throw myself|throwing myself) (?:off|from|in front of) (?:a|the) (?:bridge|building|roof|cliff|train|car|bus|tower|motorway)',
    '(?:step|walk|stepping|walking|lie|lying) (?:out )?in front of (?:a|the) (?:train|car|bus|lorry|truck)',
    '(?:want|wanting|wish) (?:it all|everything|my life|all of it) to (?:end|stop|be over)',
    '(?:dont|doesnt) want to (?:be here|exist|live|be alive)',
    '(?:dont|cant|no longer) see (?:the |any )?point (?:anymore|any more|in (?:living|life|going on|carrying on|anything|it all|being here))',
    'wish(?:ing|ed)? (?:i|id) (?:just )?(?:wouldnt|didnt|would not|did not|couldnt|could just not|could not|could never) wake up',
    '(?:make|making) it (?:all )?stop', 'quickest (?:way|thing) to (?:die|end|go|make it|stop)', 'painless(?:ly)? (?:way to )?(?:die|end it)',
    '(?:thinking|think|thought|keep thinking) about (?:the|a) (?:bridge|railway|train line|motorway bridge|cliff|edge)',
    '(?:wont|will not|shant) (?:be )?need(?:ing)? (?:anything|it|them|any of (?:it|this|them)|my \\w+)(?: \\w+){0,2} (?:after|anymore|any more|much longer|soon)',
    '(?:sorted|sorting) (?:out )?my will',
    '(?:wont|will not) be (?:here|around) (?:much longer|for long|after|by|next)', 'saying (?:my )?goodbyes?',
    'want to disappear', 'wanna disappear', '(?:feel|feeling) like ending (?:it|things|my life|everything)',
    // Means and preparation: a method looked up, a rope bought, pills laid out, a goodbye sent.
    ...SUICIDE_PREPARATION,
  ], /\b(?:die|dye|dying|dyeing) (?:my|his|her|the|their) hair\b/),
  // Means or preparation: a method chosen, pills saved, a note written, things given away. With
  // these, "I wouldn't do anything" does not make it less than an emergency.
  suicideMeans: sig('none', [
    ...SUICIDE_PREPARATION,
    '(?:taken|took|swallowed) (?:all|a whole|the whole|loads|lots|a load|a handful|handful)(?: of)?(?: my| the| his| her)? (?:pills|tablets|meds|medication|paracetamol)',
    '(?:have|got|made|make|making|got a|have a) (?:a )?plan (?:to|for|of how)',
    '(?:planned|planning) (?:how|when|where)',
  ]),
  // The person says they will not act and have no plan ("no plan, I wouldn't do anything, I'm
  // safe tonight"): NHS advice for such thoughts is urgent help today (111 option 2, a GP), not 999.
  noSuicidalIntent: sig('none', [
    '(?:no|not any|dont have (?:a|any)|do not have (?:a|any)|havent got (?:a|any)|have not got (?:a|any)|not got (?:a|any)|have no|without (?:a|any)|no real) plans?',
    '(?:not|never|im not|i am not|not really) (?:going|gonna|planning) (?:to )?(?:do|act on|try|actually do) (?:anything|it|them|that)',
    '(?:wouldnt|wont|would never|will never|would not|will not|couldnt|could never|shes not going to|hes not going to) (?:ever )?(?:actually |really )?(?:do|act on|try|go through with) (?:anything|it|that|them)',
    'not (?:going|planning|about) to act', 'no (?:intention|intent) (?:of|to)', '(?:im|i am|i feel|feel) safe (?:tonight|right now|now|for now|at the moment|today)',
  ]),
  // Self-harm without wanting to die, said outright ("I'm not suicidal"): with no plan and no intent
  // it is urgent help today rather than 999 (the same policy as thoughts of ending life).
  notSuicidal: sig('none', [
    'not suicidal(?! (?:before|until|till|then|at first|anymore but))', 'no suicidal (?:thoughts|feelings|intent\\w*)',
    '(?:dont|doesnt) want to (?:die|end (?:it|my life|things))', 'not (?:trying|wanting) to (?:die|kill|end)',
  ]),
  hurtSelf: sig('none', [
    `(?:want|wanting|going|urge|urges|thinking|thought|thoughts|tempted|feel like|plan|planning|keep|kept|been|started|start) (?:to |of |about |on )?(?:hurt|hurting|harm|harming|cut|cutting|burn|burning|scratch|scratching|punish|punishing) ${SELF}`,
    `(?:harm|harmed|harming) ${SELF}`,
    `(?:cut|cutting|burnt|burned|hurt|hurting) ${SELF} (?:on purpose|deliberately|again)`,
    `deliberately (?:hurt|cut|harm|burn|burnt|burned)\\w* ${SELF}`,
  ], /\b(?:no|not|never|without|wont|wouldnt|would never|will never|no urge to|not going to|not gonna|dont|doesnt|didnt|havent|hasnt)(?: \w+){0,4} (?:hurt|harm|cut|burn)\w* (?:my|him|her|them)sel\w*\b(?! (?:until|till|til|before|now))/),
  cuttingSelf: sig('none', [`(?:cutting|been cutting|cut) ${SELF}`, 'cut (?:my|his|her) (?:arm|arms|wrist|wrists|leg|legs|thigh|thighs) (?:deeper|too deep|again)', '(?:cutting|cut) my (?:arms|wrists|thighs|legs)', 'slit (?:my )?wrists?',
    '(?:been|started|keeps|keep|is|was|caught (?:her|him|them)) (?:cutting|scratching|burning) (?:my|his|her|their) (?:arms|wrists|thighs|legs|stomach|skin)'],
    /\b(?:accident\w*|shaving|shave|cooking|cook|knife slipped|chopping|kitchen|slicing|gardening|paper|tin|can|glass|diy|work|finger|thumb)\b/),

  // ---- heart ------------------------------------------------------------------------------------
  chestPain: sig('normal', [
    `(?:${CHEST}|heart) (?:pain|pian|pains|ache|aches|aching|hurts?|hurting|tight\\w*|pressure|discomfort|heaviness|heavy|squeez\\w*|crush\\w*|burning|sore|agony)`,
    `(?:pain|pains|tightness|tight|pressure|heaviness|heavy|ache|aching|squeezing|crushing|discomfort|weight|burning|sore|hurting|hurts|sharp|stabbing)(?: \\w+){0,3} (?:in|on|across|around|over|through|at|behind|of) (?:my |the |his |her |their |your )?(?:${CHEST}|heart|breastbone|sternum)`,
    `${CHEST}(?: \\w+){0,3} (?:feels? |is |was |getting |gone |really |very |so |a bit |quite )*(?:tight|heavy|crushed|squeezed|painful|sore|hurting|like (?:an elephant|a weight|someone|a band|something|its being))`,
    `elephant (?:on|sitting on|standing on) ${POSS}? ?${CHEST}`, `band (?:around|round|across) ${POSS}? ?${CHEST}`,
    `(?:tight|heavy|painful|sore|crushing|pressure in the) ${CHEST}`,
  ]),
  severeChest: sig('normal', [
    `(?:crushing|crushed|squeezing|vice like|vicelike|severe|sudden|terrible|agonising|agonizing|excruciating|worst|really bad|very bad|awful|massive|unbearable|intense|horrible)(?: \\w+){0,2} (?:${CHEST} (?:pain|pressure|tightness)|(?:pain|pressure|tightness|heaviness|ache)(?: \\w+){0,5} ${CHEST})`,
    `elephant (?:on|sitting on|standing on) ${POSS}? ?${CHEST}`,
    `(?:${CHEST}|heart) (?:feels|is|feel) (?:like (?:its|it is) )?(?:being )?(?:crushed|squeezed|in a vice)`,
  ]),
  // "like it's in a vice", often in a sentence of its own after "my chest."
  vice: sig('normal', ['(?:in|like) a vice', 'vice like', 'vicelike', 'someone (?:is )?(?:sitting|standing|kneeling) on (?:my|his|her) chest']),
  heartAttack: sig('normal', [
    '(?:having|is having|am having|im having|hes having|shes having) (?:a )?heart attack',
    'think (?:i|im|hes|shes|he|she|theyre|it|its|this)(?: is| am| might be| could be| may be)?(?: having)?(?: a)? heart attack',
    'heart attack (?:right )?now', 'cardiac arrest', 'heart atack',
  ]),
  breathless: sig('normal', [
    'breathless\\w*', 'brethless', 'short(?:ness)? of breath', 'out of breath', 'sob',
    `(?:cant|struggling to|struggle to|hard to|difficult to|difficulty|trouble|problems?|struggling|hardly|barely)(?: catch(?:ing)? (?:my|his|her|their))? ${BREATH}`,
    'cant get (?:my |enough |any )?(?:breath|air)', `${BREATH} (?:is |feels |has been |got |getting )?(?:hard|difficult|laboured|labored|heavy|fast|rapid|funny|weird|shallow|tight|a struggle)`,
    'gasping', 'winded', 'puffed out',
  ]),
  sweating: sig('normal', ['sweat\\w*', 'swet\\w*', 'clammy', 'drenched', 'perspir\\w*']),
  radiating: sig('normal', [
    `(?:spread\\w*|radiat\\w*|going|goes|went|moving|moves|shoot\\w*|travel\\w*|runs|running|extends?|extending)(?: \\w+){0,2} (?:down|into|up|to|through|towards?|along|across) (?:my |the |his |her |their |your |both )?(?:left |right )?(?:arm|arms|jaw|neck|back|shoulder|shoulders)`,
    '(?:pain|ache|aching|tingl\\w*|numb\\w*|heavy|heaviness) (?:in|down) (?:my |his |her |the |their )?(?:left |right )?(?:arm|jaw)',
    '(?:left )?(?:arm|jaw) (?:pain|ache|aching|hurts|tingl\\w*|numb\\w*|feels heavy|is numb|is heavy)',
    '(?:left )?(?:arm|jaw)(?: \\w+){0,2} (?:gone|going|went|is|feels|has gone) (?:all )?(?:numb|heavy|dead|tingly)',
  ]),
  faint: sig('normal', ['faint\\w*', 'light ?headed', 'dizz\\w*', 'collaps\\w*', 'passed out', 'pass out', 'passing out', 'blacked out']),

  // ---- stroke -----------------------------------------------------------------------------------
  faceDroop: sig('normal', [
    '(?:face|mouth|smile|lip|lips|eye|eyelid|cheek)(?: \\w+){0,3} (?:droop\\w*|dropped|dropping|sagg\\w*|sagged|fallen|slump\\w*|lopsided|wonky|crooked|paraly\\w*|gone numb|went numb|numb on one side|gone weak|weak on one side|wont move|cant move)',
    '(?:droop\\w*|dropped|dropping|sagging|saggy|wonky|lopsided|crooked|uneven|paralysed|paralyzed|frozen)(?: \\w+){0,2} (?:face|mouth|smile)',
    'face (?:looks )?(?:funny|odd|strange) on one side',
  ]),
  armWeak: sig('normal', [
    '(?:cant|couldnt|could not) (?:lift|raise|move|hold up) (?:my |his |her |their |one |either |both |the )?(?:left |right )?(?:arm|arms)',
    '(?:gone|went|going|feels?|felt|is) (?:all )?(?:funny|weird|strange|dead|heavy|numb|weak|tingly) (?:down|on) (?:one|the left|the right|my left|my right|his left|his right|her left|her right) side',
    '(?:arm|arms|hand)(?: \\w+){0,2} (?:suddenly )?(?:gone|went|going|has gone|feels?|is|are|suddenly) (?:weak|limp|floppy|dead|useless)',
    '(?:left|right|one) leg(?: \\w+){0,2} (?:suddenly )?(?:gone|went|going) (?:weak|limp|floppy|dead|useless)',
    '(?:weak\\w*|numb\\w*|paraly\\w*|tingl\\w*) (?:on|down|in|of|along) (?:one|the left|the right|my left|my right|his left|his right|her left|her right|their left|their right) side',
    'one side of (?:my |his |her |their |the )?body', 'arm weakness', 'weak arm', 'weakness in (?:my |his |her |their |one )?(?:arm|arms)',
    'sudden(?:ly)? (?:weak\\w*|numb\\w*|paraly\\w*)',
    '(?:arm|arms|leg|legs|hand|side)(?: \\w+){0,4} (?:have |has |had )?(?:gone|went|going|turned) (?:all )?(?:weak|numb|dead|limp|heavy|floppy|useless)',
    '(?:keeps? |kept )?dropping things(?: \\w+){0,2} (?:from|with|in|out of) (?:his|her|my|their) (?:left|right) hand', 'slumped (?:over )?(?:to|on) (?:the |her |his |their )?(?:left|right|one side)',
    '(?:cant|couldnt|could not) (?:grip|hold|lift)(?: \\w+){0,4} (?:with )?(?:my|his|her|their) (?:left|right) (?:hand|arm)',
    '(?:one|his|her|my|their|the|left|right) (?:hand|arm|leg)(?: \\w+){0,2} (?:no|not|isnt|wont|doesnt|stopped|not) work(?:ing|s)?',
    '(?:left|right|one) (?:leg|arm|hand)(?: \\w+){0,2} (?:wont|wouldnt|doesnt|didnt|cant|couldnt|not|no) (?:hold (?:me|him|her|them) up|take (?:my|his|her|their) weight|grip|move)',
    '(?:couldnt|cant|could not|cannot) (?:hold|grip) (?:on to |onto )?(?:my |his |her |the |a )?(?:phone|cup|mug|pen|fork|knife|spoon|kettle|glass|toothbrush|keys)',
    '(?:hand|arm) (?:felt|went|was|feels|goes|gone) (?:dead|useless)',
  ], /\b(?:gym|workout|work out|exercise|lifting|weights|training|press ups|pushups|push ups|sleeping on|slept on|sprain\w*|fractur\w*|broken|arthrit\w*|carpal tunnel|tendon\w*|tennis elbow|frozen shoulder|freezing|physio\w*|(?:knee|hip|shoulder) (?:op|operation|replacement|surgery))\b/),
  speech: sig('normal', [
    'slurr\\w*', 'slured', 'slurd',
    'speech(?: \\w+){0,2} (?:slurred|garbled|jumbled|muddled|weird|strange|funny|wrong|gone|affected|not making sense|nonsense)',
    'words(?: \\w+){0,3} (?:jumbled|mixed up|muddled|coming out wrong|not making sense|garbled)', '(?:coming|came|come) out (?:all )?(?:jumbled|wrong|muddled|garbled|funny|strange|slurred)',
    '(?:garbled|jumbled|muddled) (?:speech|words)',
    '(?:struggling|struggle|trouble|hard|difficult|cant|couldnt)(?: to)? (?:find|get) (?:the |my |his |her )?words', 'words (?:wont|arent|are not) coming(?: out)?',
    'cant (?:get (?:his|her|my|their|the) words out|find (?:the |my |his |her |their )?words|speak properly|talk properly|speak suddenly|talk suddenly|understand what (?:im|hes|shes|theyre) saying)',
    'sudden(?:ly)? cant (?:speak|talk)', '(?:trouble|difficulty|problems?) (?:speaking|talking|with (?:his |her |my )?speech|finding words)',
    '(?:talking|speaking|saying) (?:gibberish|nonsense|funny|strangely|random words)',
    '(?:no|not|cant|cannot|couldnt) (?:speak|talk|speaking|talking) (?:good|well|right|properly|clear|clearly|normal)',
  ]),
  strokeMention: sig('normal', [
    '(?:having|is having|am having|im having|hes having|shes having) (?:a )?(?:stroke|storke|strok|mini stroke)',
    'think (?:i|im|hes|shes|he|she|theyre|it|its|this)(?: is| am| might be| could be| may be| has| had)?(?: having)?(?: had)?(?: a)? (?:stroke|storke|strok|mini stroke|tia)',
    'mini stroke', 'signs? of (?:a )?stroke',
  ]),
  vision: sig('normal', [
    'sudden(?:ly)?(?: \\w+){0,2} (?:(?:lost|loss of)(?: \\w+){0,2} (?:vision|sight|sight in)|blind|cant see|double vision)',
    '(?:lost|loss of|losing) (?:the )?(?:vision|sight) (?:in one eye|suddenly)',
    '(?:lost|loss of|losing|went|gone|lose)(?: \\w+){0,2} (?:the )?(?:vision|sight) in (?:my |his |her |their |one )?(?:left |right |one )?eye', 'blind in one eye',
    '(?:like )?(?:a )?(?:curtain|shutter|blind|shadow) (?:came|coming|come|falling|fell|dropping|dropped|coming) (?:down )?(?:over|across)?',
    '(?:left|right) side(?: \\w+){0,5} (?:missing|gone|cut off|blacked out|blank|not there)', 'bumping into things on (?:the |that |my |his |her )?(?:left |right |one )?side',
    '(?:walking|walked|walk|walks|bumping|bumped|bump|bumps|banging|banged|knocking|knocked) into (?:things|stuff|door ?frames?|the door ?frame|doors?|the door|walls?|the wall|furniture|people)(?: \\w+){0,3} on (?:my |his |her |their |the )?(?:left|right)',
    '(?:lose|losing|lost|miss|missing) (?:the )?(?:start|beginning|end|first half|second half|first part|last part) of (?:every|each|the|a) (?:line|page)s?',
    '(?:cant|couldnt|cannot) see (?:anything |things |stuff )?(?:on|to) (?:my|his|her|their|the) (?:left|right)',
  ]),

  armsNormal: sig('none', [
    '(?:arms?|legs?)(?: and (?:arms?|legs?))? (?:are |is |both |feel |seem )*(?:fine|ok|okay|normal|strong|working fine|working normally|unaffected)',
    'no (?:arm|leg) weakness', 'can (?:lift|raise|move) both (?:arms|my arms)',
    'no (?:other )?weakness (?:anywhere else|elsewhere|in (?:my|his|her|their) (?:arms|legs|body))', 'nothing else (?:is )?(?:weak|affected)',
  ]),
  speechNormal: sig('none', [
    '(?:speech|talking|speaking|voice)(?: is| sounds| seems)? (?:fine|ok|okay|normal|clear|unaffected)', '(?:talking|speaking) (?:fine|normally|ok)',
    'no (?:slurr\\w*|speech (?:problems?|difficulty))', '(?:i|he|she|they) can (?:talk|speak)(?: fine| normally| ok| okay| properly| clearly)?',
  ]),
  settlesWithRest: sig('none', [
    '(?:goes|went|go|settles|settled|eases|eased|stops|stopped|disappears|wears off|passes)(?: away| off)?(?: \\w+){0,4} (?:rest|resting|i stop|i sit|sitting down|stopping)',
  ]),

  // ---- anaphylaxis -------------------------------------------------------------------------------
  swellLipsTongue: sig('normal', [
    '(?:lip|lips|tongue|face|mouth|eyes|eyelids?)(?: \\w+){0,2} (?:swell\\w*|swollen|swolen|sweling|puff\\w*|blown up|blowing up|ballooning|getting bigger|huge)',
    '(?:lip|lips|tongue)(?: \\w+){0,2} (?:feels?|feeling|is|gone) (?:fat|thick|big|huge|too big|swollen|tight)',
    '(?:face|lips?|tongue)(?: (?:is|looks|gone|all|so|very|really|go|going|getting))? (?:big|bigger|fat)',
    '(?:swell\\w*|swollen|swolen|puffy|puffed up|puffing up) (?:up )?(?:of )?(?:my |the |his |her |their )?(?:lip|lips|tongue|face|mouth)',
  ]),
  swellThroat: sig('normal', [
    'throat(?: \\w+){0,2} (?:swell\\w*|swollen|swolen|closing|tight\\w*|puff\\w*)', '(?:swell\\w*|swollen|swolen) (?:of )?(?:my |the |his |her )?throat',
  ]),
  throatClosing: sig('normal', [
    'throat(?: \\w+){0,4} (?:closing|closed|swelling shut|shutting)', 'airway (?:closing|swelling|blocked)',
  ]),
  swallow: sig('normal', ['(?:cant|hard to|difficult to|difficulty|trouble|struggling to|struggle to|problems?) (?:swallow\\w*)']),
  breathingSevere: sig('normal', [
    `cant ${BREATH}`, `(?:struggling|struggle|fighting) (?:to |for )?(?:${BREATH}|air)`, 'gasping',
    'throat (?:is |feels )?tight', 'tight throat', 'noisy breathing', 'stridor', `${BREATH}(?: \\w+){0,2} (?:difficult|hard|laboured)`,
  ]),
  wheeze: sig('normal', ['wheez\\w*', 'whistling (?:chest|breath\\w*)']),
  allergen: sig('normal', [
    'peanut\\w*', 'nut', 'nuts', 'cashew\\w*', 'almond\\w*', 'walnut\\w*', 'hazelnut\\w*', 'pistachio\\w*', 'shellfish', 'prawn\\w*',
    'shrimp', 'crab', 'lobster', 'mussels?', 'sesame', 'sting', 'stung', 'bee', 'bees', 'wasp', 'wasps', 'hornet', 'penicillin',
    'amoxicillin', 'latex', 'kiwi', 'ate (?:a|some)',
  ]),
  allergyWord: sig('normal', ['allerg\\w*', 'alergic', 'alergy', 'alergies', '(?:bad|severe|serious) reaction']),
  epipen: sig('normal', [
    '(?:used|use|using|gave|give|given|needed|need|injected|jabbed|had to use) (?:my |his |her |an |the |their |2 |two )?(?:epi ?pens?|adrenaline|jext|emerade|auto ?injectors?)',
    'anaphyla\\w*', 'anaphala\\w*', 'anafala\\w*', 'anafila\\w*', 'anaphylatic', 'anaphalactic',
  ]),

  // ---- sepsis -----------------------------------------------------------------------------------
  infection: sig('normal', [
    'infect\\w*', '(?<!hay )fever\\w*', 'temperature', 'high temp', 'temp', 'shiver\\w*', 'shaking', 'rigou?rs', 'chills', 'uti',
    'flu', 'pneumonia', 'sepsis', 'septic', 'antibiotics?', 'hot and cold', 'burning up', 'wound', 'cellulitis', 'virus',
    '3[89](?: \\d)?(?! (?:min|mins|minutes?|hours?|hrs?|years?|yrs?|yo|days?|weeks?|months?|seconds?|secs?|mg|mcg|ml|kg|kilos?|lbs?|percent|pence|p|quid|pounds|miles|km|times|cigarettes|units|fags|pints|mins?|odd|something|plus|ish)\\b)(?: degrees| c)?', '4[01](?: \\d)?(?! (?:min|mins|minutes?|hours?|hrs?|years?|yrs?|yo|days?|weeks?|months?|seconds?|secs?|mg|mcg|ml|kg|kilos?|lbs?|percent|pence|p|quid|pounds|miles|km|times|cigarettes|units|fags|pints|mins?|odd|something|plus|ish)\\b)(?: degrees| c)?', '10[1-5](?: f| degrees)?',
  ]),
  mottled: sig('normal', [
    'mottl\\w*',
    '(?:skin|legs|arms|face|hands|feet|body)(?: \\w+){0,3} (?:blue|bluish|grey|gray|greyish|ashen|purple)',
    '(?:blue|bluish|grey|gray|greyish|ashen) (?:skin|tinge|colour|color)',
    '(?:he|she|hes|shes|they|theyre|baby|i|im) (?:looks|look|is|are|has gone|have gone|went|turned|gone|going|turning) (?:blue|grey|gray|ashen)',
  ]),
  blotchy: sig('normal', ['blotchy (?:pale|grey|gray|blue) skin', 'pale blotchy', 'pale and (?:clammy|cold)', 'cold (?:hands and feet|hands|feet)']),
  confused: sig('normal', [
    '(?:very |really |extremely |suddenly |so |quite |more |getting |new )?(?:confused|confusion|disorientated|disoriented|delirious|delerious)',
    ...CONFUSION_PHRASES,
    '(?:not with it|out of it)', '(?:very|really|extremely|unusually|abnormally) (?:drowsy|sleepy)', '(?:hard|difficult) to wake',
    '(?:cant|wont|not) wake(?: up|n)?', 'unresponsive', 'not responding',
  ]),
  noWee: sig('normal', [
    '(?:not|hasnt|havent|hadnt|didnt|no|cant|barely|hardly) (?:had a |done a |passed |been for a |been able to )?(?:wee|wees|weed|weeing|pee|pees|peed|peeing|urine|urinated|urinating|urinate|pass(?:ed)? urine|wet nappies|wet nappy)',
    'dry nappies', 'no wet nappies', 'not passed (?:any )?urine',
  ]),
  fastBreathing: sig('normal', [
    `${BREATH} (?:really |very |so |super |too |extremely |very very )?(?:fast|quick\\w*|rapid\\w*)`, '(?:rapid|fast|quick) breath\\w*',
    `(?:struggling|struggle|fighting) (?:to |for )?(?:${BREATH}|air)`, `cant ${BREATH}`, 'gasping',
    '(?:very|severely|extremely|really|so) (?:breathless|short of breath|out of breath)',
  ]),
  feelDying: sig('normal', [
    '(?:feel|feels|feeling|felt)(?: like)?(?: i| he| she| they)?(?: im| am| is| are| was)?(?: going to| gonna| about to| might| could| will)? (?:die|dying)',
    'worst (?:i|ive|he|she|hes|shes|they|theyve) (?:has |have |had )?ever felt', 'never felt (?:this|so) (?:ill|unwell|bad|poorly|sick)',
    '(?:extreme|uncontrollable|violent|severe) shiver\\w*', 'shaking uncontrollably', 'cant stop shaking',
  ]),
  sepsisMention: sig('normal', ['seps[iy]s', 'sepis', 'sespis', 'septic', 'septicaemia', 'blood poisoning']),

  // ---- meningitis -------------------------------------------------------------------------------
  nonBlanching: sig('normal', [
    // A glass test told by its result: not fading, or still to be seen, is the red flag; "it is not
    // there any more" or "cant see it" under the glass is the rash fading (the reassuring check).
    '(?:rash|spots|marks|blotches|dots|bruises|bruising|pinpricks?|pin pricks?)(?: \\w+){0,5} (?:doesnt|does not|didnt|wont|isnt|dont|not|never|hasnt|havent|arent|wouldnt|cant)(?: \\w+)? (?:fade|fading|faded|go away|going away|disappear\\w*|blanch\\w*|change|changing|go white|turn white|turning white|lighten)',
    '(?:rash|spots|marks|blotches|dots|bruises|bruising|pinpricks?|pin pricks?)(?: \\w+){0,5} (?:still|can still|could still)(?: \\w+)? (?:visible|there|see|seen|showing)',
    '(?:non|not|no) ?blanch\\w*',
    'glass(?: \\w+){0,4} (?:doesnt|didnt|not|wont|isnt)(?: \\w+)? (?:fade|fading|faded|go|going|disappear\\w*|change|changing|blanch\\w*|lighten|go white|turn white)',
    'glass(?: \\w+){0,4} (?:still|can still|could still)(?: \\w+)? (?:see|seen|visible|there|showing)',
    '(?:doesnt|does not|didnt|dont|wont|not|isnt) (?:go|going|fade|fading|disappear\\w*|change|changing|go white|go away)(?: \\w+){0,5} (?:glass|tumbler|(?:press|pressed|pressing|push|pushed|pushing) (?:on|it|them|down))',
    'purple (?:rash|spots|blotches|bruises|bruising|marks|dots)', 'pin ?prick (?:rash|spots)', '(?:rash|spots) (?:that |which )?(?:look|looks) like bruis\\w*',
  ]),
  stiffNeck: sig('normal', [
    'stiff (?:neck|necked)', 'neck(?: \\w+){0,2} (?:stiff|rigid)', 'stiffness (?:in|of) (?:my |his |her |their |the )?neck',
    'cant (?:bend|move|touch) (?:his |her |my |their )?(?:neck|chin to (?:his |her |my |their )?chest)',
  ]),
  // A bare 38 to 41 is a temperature, unless a unit says otherwise ("40 mins", "38 years").
  fever: sig('normal', [
    '(?<!hay )fever\\w*', 'temperature', 'high temp', 'temp', 'burning up', 'feverish', 'shivery', 'shivering', 'chills', 'hot',
    '3[89](?: \\d)?(?! (?:min|mins|minutes?|hours?|hrs?|years?|yrs?|yo|days?|weeks?|months?|seconds?|secs?|mg|mcg|ml|kg|kilos?|lbs?|percent|pence|p|quid|pounds|miles|km|times|cigarettes|units|fags|pints|mins?|odd|something|plus|ish)\\b)(?: degrees| c)?', '4[01](?: \\d)?(?! (?:min|mins|minutes?|hours?|hrs?|years?|yrs?|yo|days?|weeks?|months?|seconds?|secs?|mg|mcg|ml|kg|kilos?|lbs?|percent|pence|p|quid|pounds|miles|km|times|cigarettes|units|fags|pints|mins?|odd|something|plus|ish)\\b)(?: degrees| c)?',
  ]),
  photophobia: sig('normal', [
    '(?:light|lights|sunlight|brightness)(?: \\w+){0,2} (?:hurts?|hurting|painful|bothers?|bothering|unbearable|too bright)',
    '(?:sensitive|sensitivity) to (?:the )?light', 'cant (?:stand|bear|look at|handle|cope with) (?:the |bright )?lights?',
    'photophobi\\w*', 'hurts to look at (?:the )?lights?', 'dislike of (?:bright )?lights?',
    '(?:doesnt|dont|wont|didnt) (?:want to |like to )?look (?:at|into) (?:the )?(?:bright )?lights?', '(?:hiding|hides|hid|turning away|turns away|shielding (?:her|his|their|my) eyes) from (?:the )?lights?',
  ]),
  meningitisMention: sig('normal', ['meningitis', 'menigitis', 'meningitus', 'menengitis', 'meningites', 'meningococcal']),
  meningitisCompanion: sig('normal', ['headache', 'head ache', 'head hurts', 'head is pounding', 'pounding head', 'rash', 'vomit\\w*', 'being sick']),

  // ---- children ---------------------------------------------------------------------------------
  child: sig('none', [
    'baby', 'babies', 'babys', 'infant', 'newborn', 'toddler', 'child', 'childs', 'children', 'kid', 'kids', 'son', 'daughter',
    'little one', 'my boy', 'my girl', 'grandson', 'granddaughter', 'nephew', 'niece', 'schoolboy', 'schoolgirl',
    '(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) ?(?:week|wk|month|mth|day)s? old',
    '(?:[1-9]|1[0-5]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen) ?(?:years? old|yr old|yrs old|yo|year old)',
  ]),
  // Fits are their own signal: a "coughing fit" or a known child's short febrile fit is not one.
  childSeizure: sig('normal', [
    '(?:having|had|has|having a|a|had a|has had a) (?:fit|seizure|convulsion)', 'fitting', 'seizures?', 'convuls\\w*', 'jerk(?:ing|ed|s|y)',
    'eyes (?:rolled|rolling) (?:back|up)', '(?:went|gone|going) (?:stiff|rigid)',
  ], /\bcough\w* (?:fits?|spells?|bouts?)\b|\bfits? of coughing\b/),
  floppy: sig('normal', [
    'floppy', 'flopy', 'lifeless', 'like a rag ?doll', 'ragdoll',
    '(?:is|gone|went|goes|seems|feels|very|so|all|completely|really|looks) limp',
  ]),
  childDanger: sig('normal', [
    'unresponsive', 'not responding', '(?:barely|hardly|only just|not really) (?:responding|responsive|conscious|awake|rousable|reacting)', 'wont wake', 'cant wake', '(?:hard|difficult) to wake', 'not waking', '(?:wont|doesnt|isnt) respond\\w*',
    'not reacting', 'wont open (?:his|her|their) eyes', 'very drowsy', 'unusually sleepy', 'unconscious',
    '(?:not|stopped|isnt) breathing', '(?:turning|gone|went|going|turned|goes|turns)(?: a)?(?: bit| little| slightly| kind of)? (?:blue|bluish|blueish|dusky)', 'blue lips',
    '(?:blue|bluish|blueish|grey|gray|purple|dusky)(?: \\w+){0,2} (?:round|around) (?:the |her |his |their |my )?(?:mouth|lips)',
    'lips (?:are |have |has |look |looks )?(?:gone |turned |turning |going )?(?:blue|grey|gray)',
    // "goes quiet and a bit blue" after a coughing fit
    '(?:goes|go|went|gone|turns|turned|turning|going) (?:quiet|floppy|limp|still|silent|pale|grey|gray)(?: and| then)? (?:a )?(?:bit |little |slightly )?(?:blue|bluish|blueish|dusky)',
    'grunting', 'high pitched (?:cry|crying|scream\\w*)', 'weak cry', 'sucking in (?:under|between|below)', 'ribs sucking in', 'mottl\\w*',
  ]),

  // ---- bleeding ---------------------------------------------------------------------------------
  heavyBleeding: sig('normal', [
    '(?:bleed\\w*|blood)(?: \\w+){0,2} (?:heavily|a lot|loads|lots|badly|everywhere|wont stop|not stopping|doesnt stop|isnt stopping|hasnt stopped|keeps? coming|non stop|nonstop|pouring|gushing|spurting|pumping|soaking|soaked|through (?:the |my |a |his |her )?(?:bandage|towel|pad|dressing|clothes))',
    '(?:heavy|severe|major|massive|uncontrollable|uncontrolled|lots of|loads of|a lot of|pouring|gushing|spurting|pumping|really bad|serious|profuse|huge amount of) (?:bleed\\w*|blood|blood loss)',
    '(?:lots|loads|a lot|pints|litres|cups) of blood',
    '(?:blood|bleeding)(?: \\w+){0,2} (?:coming|soaking|seeping|pouring|leaking) (?:through|out of|out from under) (?:\\d+ |two |three |the |a |my |his |her )?(?:towels?|tea towels?|bandages?|dressings?|tourniquet|t ?shirts?|jumpers?)', '(?:its|it is|blood is|wound is|cut is) (?:pumping|spurting)',
    'cant (?:stop|control) (?:the |his |her |my |their |this )?(?:bleed\\w*|blood)', '(?:wont|doesnt|isnt|hasnt|not|cant|never) stop(?:ped|ping)? bleed\\w*',
    '(?:vomit\\w*|throwing up|threw up|being sick|been sick|sicking up|puking|puked|sick) (?:up )?(?:\\w+ )?blood',
    'blood in (?:my |his |her |their |the )?(?:vomit|sick)',
    '(?:coughing|coughed|cough) up (?:lots|loads|a lot|mouthfuls?|cupfuls?|clots|a cup)(?: of)? blood',
    'mouthfuls? of (?:bright |fresh |dark )?(?:red )?blood', 'mouthfuls?(?: \\w+){0,2} (?:bright|dark|fresh) red', 'coffee grounds?', '(?:soaked|soaking|gone through|filled) (?:\\d+|two|three|four) (?:pads|maternity pads|towels)', '(?:passed|passing) (?:big |large )?clots', 'clots (?:the size of|as big as|bigger than)',
    '(?:coughing|coughed|cough\\w*) up(?: \\w+){0,2} blood(?: \\w+){0,6} (?:cup|cupful|mouthfuls?|spoonfuls?|tablespoons?|lots|loads|a lot|clots)',
    'black (?:tarry|sticky|tar like) (?:poo|stool|stools|poop)', '(?:tarry|tar like) (?:poo|stool|stools)',
    '(?:soaked|soaking|soak) through (?:a |my |her |the )?(?:pad|pads|towel|bandage|clothes|sheets)',
    '(?:towel|bandage|pad|cloth|dressing|tea towel)(?: \\w+){0,7} (?:soaked|soaking|drenched)',
    '(?:nosebleed|nose bleed|nose)(?: \\w+){0,8} (?:still (?:pouring|going|gushing|streaming)|wont stop|hasnt stopped|not stopping)', '(?:nosebleed|nose bleed)(?: \\w+){0,2} started (?:\\d\\d|twenty|thirty|forty) min',
    '(?:nosebleed|nose bleed|nose bleeding|nose is bleeding|nose has been bleeding)(?: \\w+){0,4} (?:wont stop|not stopping|hasnt stopped|for (?:over |more than )?(?:15|20|25|30|40|45|an hour|half an hour|ages))',
  ], /\bgums?\b/), // bleeding gums are a reason to see a GP or dentist, not heavy bleeding

  // ---- breathing --------------------------------------------------------------------------------
  severeBreathing: sig('normal', [...FELT_BREATHING, ...SEEN_BREATHING], NOT_THE_CHEST),
  // A known panic attack that is passing feels like this but is not a breathing emergency; the signs
  // others can see are (they are an emergency whatever the person has been diagnosed with).
  seenBreathing: sig('normal', SEEN_BREATHING, NOT_THE_CHEST),

  // ---- other emergencies ------------------------------------------------------------------------
  unconscious: sig('normal', [
    'unconscious', 'passed out and (?:wont|cant|not|hasnt|isnt)', '(?:not|isnt|wasnt|stopped) breathing', '(?:wont|cant|not|isnt) wak(?:e|ing) up',
    'unresponsive', 'not responding', '(?:barely|hardly|only just|not really) (?:responding|responsive|conscious|awake|rousable|reacting)', 'collapsed and (?:wont|cant|not|isnt|hasnt)',
    '(?:cant|wont|couldnt|cannot) (?:wake|rouse|get a response from) (?:her|him|them|my \\w+|mum|dad|nan|grandad)(?: up)?',
  ]),
  longSeizure: sig('normal', [
    '(?:fit|fitting|seizure|seizing|convulsion|convulsing)s?(?: \\w+){0,3} (?:lasting|lasted|lasts|for|over|longer than|more than) (?:more than |over |about |around )?(?:5|five|6|7|8|10|ten|fifteen|15|20) min\\w*',
    'first (?:ever )?(?:fit|seizure|convulsion)', 'never (?:had|have had|has had) (?:a |one )?(?:fit|seizure|convulsion)s? before',
    '(?:fit|seizure|convulsion)(?: \\w+){0,3} never (?:had|has had|have had) (?:one|any|one before)',
    '(?:collaps\\w*|fell|dropped)(?: \\w+){0,4} (?:and|then) (?:is |was |started |starts )?(?:shaking|jerking|fitting|twitching|convulsing) (?:all over|everywhere|uncontrollably)', '(?:fit|seizure|fitting|convulsing|convulsion)(?: \\w+){0,2} (?:wont|not|hasnt|isnt|doesnt) stop\\w*',
    '(?:seizure|fits) (?:one after another|back to back)',
    '(?:two|three|four|several|[2-9]) (?:seizure|fits|convulsions)(?: \\w+){0,4} (?:hour|row|morning|afternoon|evening|night)', '(?:not|hasnt|hadnt|havent|isnt) (?:come round|woken up|recovered|come to)(?: \\w+){0,3} (?:between|in between)',
    '(?:fit|fitting|seizure|seizing|convulsion|convulsing)s?(?: \\w+){0,6} (?:[5-9]|[1-9]\\d|five|six|seven|eight|nine|ten|fifteen|twenty) min\\w*',
    '(?:fit|fitting|seizure|seizing|convulsing)(?: \\w+){0,8} (?:not|isnt|wont|hasnt) stop\\w*',
  ]),
  thunderclap: sig('normal', [
    '(?:headache|head pain|pain in (?:my|his|her) head)(?: \\w+){0,5} (?:in|within) (?:a few |a couple of )?seconds',
    '(?:headache|head pain)(?: \\w+){0,4} (?:out of nowhere|out of the blue|all of a sudden)(?: \\w+){0,8} (?:10 10|10 out of 10|ten out of ten|worst|agony|unbearable|excruciating)',
    'thunderclap', 'worst headache (?:of my life|ever|ive ever had|i have ever had|in my life|ive had)',
    'sudden(?:ly)?(?: \\w+){0,2} (?:severe|agonising|agonizing|excruciating|blinding|explosive|unbearable|horrendous|awful|terrible|worst|intense) (?:headache|head pain|pain in (?:my |the |his |her )?head)',
    '(?:severe|agonising|agonizing|excruciating|blinding|explosive|unbearable|horrendous|terrible|intense) (?:headache|head pain)(?: \\w+){0,2} (?:suddenly|out of nowhere|all of a sudden|in seconds|within seconds|like a thunderclap)',
    'like (?:being|been|i had been|id been|someone) (?:hit|kicked|struck) (?:on|in|over) the (?:back of the )?head',
  ]),
  saddle: sig('normal', [
    'numb\\w*(?: \\w+){0,3} (?:bum|buttocks?|bottom|genitals?|groin|saddle|privates|between (?:my|his|her|their) legs|inner thighs|around (?:my |the )?(?:anus|back passage|privates|vagina|penis))',
    'saddle (?:numbness|anaesthesia|area)', 'cant feel (?:my |his |her )?(?:bum|bottom|genitals|privates|back passage)', '(?:cant|couldnt|cannot) feel (?:it |anything |the paper |the toilet paper |toilet paper )?when (?:i|he|she) wip\\w*', '(?:no|lost|lost the|lost all) feeling (?:when (?:i|he|she) wip\\w*|down below|around (?:my|his|her) (?:bum|bottom|privates))',
    '(?:bum|bottom|buttocks|genitals|groin|privates|between (?:my|his|her|their) legs)(?: \\w+){0,4} (?:feels? |feeling |gone |is |are )*(?:numb|dead|tingly|no feeling)', 'like sitting on a (?:bike )?saddle',
  ]),
  sphincter: sig('normal', [
    '(?:cant|couldnt|lost|losing|loss of|no) (?:control|feel|feeling|sensation) (?:of |over |when )?(?:my |his |her |i )?(?:bladder|bowels?|wee|pee|poo|pooing|weeing|peeing|need to wee|need to pee)',
    '(?:wet|wetting|soiled|soiling) (?:myself|himself|herself)', 'cant (?:wee|pee|urinate)', 'incontinen\\w*',
    '(?:cant|couldnt) feel (?:myself|himself|herself) (?:wee|pee|poo)\\w*',
  ]),
  backPain: sig('normal', [
    'back pain', 'back ache', 'backache', 'back hurts', 'pain in (?:my |his |her |the )?(?:lower )?back', 'lower back', 'sciatica',
    'slipped disc', 'bad back', 'back is (?:killing|agony)',
  ]),
  headHit: sig('normal', [
    '(?:hit|banged|bumped|knocked|smacked|bashed|fell on|injured|hurt|whacked|cracked) (?:\\w+ ){0,3}head', 'head injury', 'head injuries', 'concussion',
  ]),
  headDanger: sig('normal', [
    'knocked (?:out|unconscious)', 'passed out', 'blacked out', 'unconscious', 'been sick', 'being sick', 'vomit\\w*', 'throwing up',
    'threw up', 'cant remember', 'memory loss', 'confused', 'drowsy', 'clear fluid', 'bleeding from (?:the |his |her |my |their )?(?:ears?|nose)',
    '(?:a|had a|having a) (?:fit|seizure)', 'seizure', 'fitting',
  ]),
  poisoning: sig('normal', [
    '(?:swallowed|drank|drunk|ate|eaten|taken|took|has had|got into|(?<!a )bit|bitten|chewed|chewing|sucked|sucking|licked|licking)(?: \\w+){0,6} (?:bleach|batter(?:y|ies)|button batter(?:y|ies)|magnets?|detergent|washing (?:tablet|capsule|pod)s?|liquitabs?|weedkiller|antifreeze|poison\\w*|chemicals?|white spirit|dishwasher tablets?)',
    'overdos\\w*', 'od d', 'taken an od', 'took an od',
    '(?:button|watch|coin|little round|small round|tiny round) batter(?:y|ies)', '(?:taken|took|had) (?:a )?double (?:his |her |my |the |their )?(?:dose|doses|tablets|meds|medication)',
    '(?:\\d+|some|several|a few|lots) (?:are )?(?:gone|missing) from (?:the|my|his|her) (?:packet|pack|blister|box|bottle|dosette)',
    'paracetamol(?: \\w+){0,12} (?:lemsip|beechams|night nurse|cold and flu|co ?codamol|cocodamol|solpadeine|panadol)', '(?:lemsip|beechams|night nurse|cold and flu|co ?codamol|solpadeine)(?: \\w+){0,12} paracetamol',
    '(?:took|taken|swallowed|had|ate|eaten)(?: \\w+){0,2} (?:too many|a whole (?:box|pack|packet|bottle|strip)|all (?:of )?(?:my|his|her|the)|loads of|lots of|a handful of|handful of|a bunch of|\\d\\d+)(?: \\w+){0,2} (?:pills|tablets|paracetamol|painkillers|meds|medication|medicine|sleeping pills|ibuprofen|antidepressants|co codamol)',
  ]),
  severeBurn: sig('normal', [
    '(?:large|big|huge|deep|severe|serious|bad|chemical|electrical|electric) (?:burn|burns|scald|scalds)', 'electric shock', 'electrocuted',
    'burn(?: \\w+){0,4} (?:bigger than (?:my|his|her|their|a) hand|white|charred|black|leathery)',
  ]),
} satisfies Record<string, Signal>;

/** Every signal: the core set above and the general NHS "call 999" / "see a GP urgently" signs. */
export const SIGNALS = { ...CORE_SIGNALS, ...GENERAL_SIGNALS } satisfies Record<string, Signal>;

export type SignalId = keyof typeof SIGNALS | ContextSignalId;

/** Words the typo fixer may correct towards (5+ letters; shorter words get explicit variants above). */
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
