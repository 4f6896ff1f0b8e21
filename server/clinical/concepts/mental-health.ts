/**
 * Thoughts of suicide and self-harm, what the person says of their intent, and other mental health
 * emergencies.
 *
 * Each concept is a phrase pattern over normalised clause text with its negation mode (signal.ts).
 */
import { sig, type Signal } from './signal.js';
import { SELF, SUICIDE_PREPARATION } from './phrases.js';

export const MENTAL_HEALTH = {
  // The word suicide or self-harm itself, in any of its common misspellings.
  suicidal: sig('strict', [
    'suicid\\w*', 'suicd\\w*', 'sucid\\w*', 'suiced\\w*', 'suisid\\w*', 'suiside\\w*', 'suicie\\w*', 'suacid\\w*',
    'self ?harm\\w*', 'self ?injur\\w*', 'sh urges',
  ], /\bsuicide squad\b/),
  // Wanting to die or to end one's life, said in any of the ways people say it, and preparations for it.
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
    'better off (?:dead|without me|if i (?:was|were|died|wasnt (?:here|around|alive)|was gone|was dead|was not here|wasnt))',
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
    'not that (?:i|id|i would|ill|i will|i could) (?:ever )?(?:actually |really )?(?:do|act on|try) (?:anything|it|that)', 'not (?:going|planning|about) to act', 'no (?:intention|intent) (?:of|to)', '(?:im|i am|i feel|feel) safe (?:tonight|right now|now|for now|at the moment|today)',
  ]),
  // Self-harm without wanting to die, said outright ("I'm not suicidal"): with no plan and no intent
  // it is urgent help today rather than 999 (the same policy as thoughts of ending life).
  notSuicidal: sig('none', [
    'not suicidal(?! (?:before|until|till|then|at first|anymore but))', 'no suicidal (?:thoughts|feelings|intent\\w*)',
    '(?:dont|doesnt) want to (?:die|end (?:it|my life|things))', 'not (?:trying|wanting) to (?:die|kill|end)',
  ]),
  // Wanting to, or having started to, hurt oneself on purpose.
  hurtSelf: sig('none', [
    `(?:want|wanting|going|urge|urges|thinking|thought|thoughts|tempted|feel like|plan|planning|keep|kept|been|started|start) (?:to |of |about |on )?(?:hurt|hurting|harm|harming|cut|cutting|burn|burning|scratch|scratching|punish|punishing) ${SELF}`,
    `(?:harm|harmed|harming) ${SELF}`,
    `(?:cut|cutting|burnt|burned|hurt|hurting) ${SELF} (?:on purpose|deliberately|again)`,
    `deliberately (?:hurt|cut|harm|burn|burnt|burned)\\w* ${SELF}`,
  ], /\b(?:no|not|never|without|wont|wouldnt|would never|will never|no urge to|not going to|not gonna|dont|doesnt|didnt|havent|hasnt)(?: \w+){0,4} (?:hurt|harm|cut|burn)\w* (?:my|him|her|them)sel\w*\b(?! (?:until|till|til|before|now))/),
  // Cutting or burning oneself (not an accident in the kitchen or while shaving).
  cuttingSelf: sig('none', [`(?:cutting|been cutting|cut) ${SELF}`, 'cut (?:my|his|her) (?:arm|arms|wrist|wrists|leg|legs|thigh|thighs) (?:deeper|too deep|again)', '(?:cutting|cut) my (?:arms|wrists|thighs|legs)', 'slit (?:my )?wrists?',
    '(?:been|started|keeps|keep|is|was|caught (?:her|him|them)) (?:cutting|scratching|burning) (?:my|his|her|their) (?:arms|wrists|thighs|legs|stomach|skin)'],
    /\b(?:accident\w*|shaving|shave|cooking|cook|knife slipped|chopping|kitchen|slicing|gardening|paper|tin|can|glass|diy|work|finger|thumb)\b/),
  // A panic attack the person knows and that is passing: what it feels like is not a breathing emergency.
  // 'strict': "this isnt one of my panic attacks" is not a known panic attack, while "panic attacks,
  // diagnosed years ago" still is (a 'normal' signal ignores clauses about the remote past).
  panicAttack: sig('strict', ['panic (?:attack|attacks|disorder)', 'anxiety attacks?']),
  // After a birth, thoughts of harming the baby need help the same day (with hallucinations, at once).
  harmBabyThoughts: sig('none', [
    '(?:thoughts?|thinking|thinkin|urges?|images?|scared (?:i|that i)(?: will| might| could)?|afraid (?:i|that i)(?: will| might| could)?|worried (?:i|that i)(?: will| might| could)?)(?: \\w+){0,3} (?:harm|harming|hurt|hurting|kill|killing|smother\\w*|shake|shaking|drown\\w*) (?:her|him|the baby|my baby|them|my son|my daughter)',
  ]),
} satisfies Record<string, Signal>;
