/**
 * The brain and nerves: stroke (FAST), seizures, head injury, headache, confusion, consciousness,
 * the spinal cord and its nerves.
 *
 * Each concept is a phrase pattern over normalised clause text with its negation mode (signal.ts).
 */
import { conditionName, sig, type Signal } from './signal.js';
import { CONFUSION_PHRASES } from './phrases.js';

// "Bottom" as in the saddle area, not the lower lip, a tooth or the bottom of the foot.
const SADDLE_BOTTOM = 'bottom(?! (?:lip|lips|teeth|tooth|gums?|jaw|eyelids?|lid|of)\\b)';

export const BRAIN_AND_NERVES = {
  // One side of the face drooping, sagging or numb (the F of FAST).
  faceDroop: sig('normal', [
    '(?:face|mouth|smile|lip|lips|eye|eyelid|cheek)(?: \\w+){0,3} (?:droop\\w*|dropped|dropping|sagg\\w*|sagged|fallen|slump\\w*|lopsided|wonky|crooked|paraly\\w*|gone numb|went numb|numb on one side|gone weak|weak on one side|wont move|cant move)',
    '(?:droop\\w*|dropped|dropping|sagging|saggy|wonky|lopsided|crooked|uneven|paralysed|paralyzed|frozen)(?: \\w+){0,2} (?:face|mouth|smile)',
    'face (?:looks )?(?:funny|odd|strange) on one side',
  ]),
  // An arm or one side of the body weak, numb or not working (the A of FAST).
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
  // Slurred, garbled or muddled speech, or words that will not come (the S of FAST).
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
  // The person says this is (or may be) a stroke or a mini stroke.
  strokeMention: conditionName([
    '(?:having|is having|am having|im having|hes having|shes having) (?:a )?(?:stroke|storke|strok|mini stroke)',
    'think (?:i|im|hes|shes|he|she|theyre|it|its|this)(?: is| am| might be| could be| may be| has| had)?(?: having)?(?: had)?(?: a)? (?:stroke|storke|strok|mini stroke|tia)',
    'mini stroke', 'signs? of (?:a )?stroke',
  ]),
  // Sudden loss of sight, in one eye or one side of the field of vision.
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
  // Arms and legs said to be fine and strong (stroke signs absent).
  armsNormal: sig('none', [
    '(?:arms?|legs?)(?: and (?:arms?|legs?))? (?:are |is |both |feel |seem )*(?:fine|ok|okay|normal|strong|working fine|working normally|unaffected)',
    'no (?:arm|leg) weakness', 'can (?:lift|raise|move) both (?:arms|my arms)',
    'no (?:other )?weakness (?:anywhere else|elsewhere|in (?:my|his|her|their) (?:arms|legs|body))', 'nothing else (?:is )?(?:weak|affected)',
  ]),
  // Speech said to be normal (stroke signs absent).
  speechNormal: sig('none', [
    '(?:speech|talking|speaking|voice)(?: is| sounds| seems)? (?:fine|ok|okay|normal|clear|unaffected)', '(?:talking|speaking) (?:fine|normally|ok)',
    'no (?:slurr\\w*|speech (?:problems?|difficulty))', '(?:i|he|she|they) can (?:talk|speak)(?: fine| normally| ok| okay| properly| clearly)?',
  ]),
  // Confusion, delirium, very drowsy or hard to wake, told with the word or without it.
  confused: sig('normal', [
    '(?:very |really |extremely |suddenly |so |quite |more |getting |new )?(?:confused|confusion|disorientated|disoriented|delirious|delerious)',
    ...CONFUSION_PHRASES,
    '(?:not with it|out of it)', '(?:very|really|extremely|unusually|abnormally) (?:drowsy|sleepy)', '(?:hard|difficult) to wake',
    '(?:cant|wont|not) wake(?: up|n)?', 'unresponsive', 'not responding',
  ]),
  // Fits are their own signal: a "coughing fit" or a known child's short febrile fit is not one.
  childSeizure: sig('normal', [
    '(?:having|had|has|having a|a|had a|has had a) (?:fit|seizure|convulsion)', 'fitting', 'seizures?', 'convuls\\w*', 'jerk(?:ing|ed|s|y)',
    'eyes (?:rolled|rolling) (?:back|up)', '(?:went|gone|going) (?:stiff|rigid)',
  ], /\bcough\w* (?:fits?|spells?|bouts?)\b|\bfits? of coughing\b/),
  // Unconscious, unresponsive, not breathing or cannot be woken.
  unconscious: sig('normal', [
    'unconscious', 'passed out and (?:wont|cant|not|hasnt|isnt)', '(?:not|isnt|wasnt|stopped) breathing', '(?:wont|cant|not|isnt) wak(?:e|ing) up',
    'unresponsive', 'not responding', '(?:barely|hardly|only just|not really) (?:responding|responsive|conscious|awake|rousable|reacting)', 'collapsed and (?:wont|cant|not|isnt|hasnt)',
    '(?:cant|wont|couldnt|cannot) (?:wake|rouse|get a response from) (?:her|him|them|my \\w+|mum|dad|nan|grandad)(?: up)?',
  ]),
  // A fit lasting 5 minutes or more, several in a row, or a first ever fit.
  longSeizure: sig('normal', [
    '(?:fit|fitting|seizure|seizing|convulsion|convulsing)s?(?: \\w+){0,3} (?:lasting|lasted|lasts|for|over|longer than|more than) (?:more than |over |about |around )?(?:5|five|6|7|8|10|ten|fifteen|15|20) min\\w*',
    'first (?:ever )?(?:fit|seizure|convulsion)', '(?<!cough\\w* )(?:fit|seizure|convulsion)(?: \\w+){0,5} first (?:time|one)(?! in (?:years|ages|months|a while|a long time))(?: ever)?', 'never (?:had|have had|has had) (?:a |one )?(?:fit|seizure|convulsion)s? before',
    '(?:fit|seizure|convulsion)(?: \\w+){0,3} never (?:had|has had|have had) (?:one|any|one before)',
    '(?:collaps\\w*|fell|dropped)(?: \\w+){0,4} (?:and|then) (?:is |was |started |starts )?(?:shaking|jerking|fitting|twitching|convulsing) (?:all over|everywhere|uncontrollably)', '(?:fit|seizure|fitting|convulsing|convulsion)(?: \\w+){0,2} (?:wont|not|hasnt|isnt|doesnt) stop\\w*',
    '(?:seizure|fits) (?:one after another|back to back)',
    '(?:two|three|four|several|[2-9]) (?:seizure|fits|convulsions)(?: \\w+){0,4} (?:hour|row|morning|afternoon|evening|night)', '(?:not|hasnt|hadnt|havent|isnt) (?:come round|woken up|recovered|come to)(?: \\w+){0,3} (?:between|in between)',
    '(?:fit|fitting|seizure|seizing|convulsion|convulsing)s?(?: \\w+){0,6} (?:[5-9]|[1-9]\\d|five|six|seven|eight|nine|ten|fifteen|twenty) min\\w*',
    '(?:fit|fitting|seizure|seizing|convulsing)(?: \\w+){0,8} (?:not|isnt|wont|hasnt) stop\\w*',
  ]),
  // A sudden, severe headache peaking in seconds (a bleed on the brain).
  thunderclap: sig('normal', [
    '(?:headache|head pain|pain in (?:my|his|her) head)(?: \\w+){0,5} (?:in|within) (?:a few |a couple of )?seconds',
    '(?:headache|head pain)(?: \\w+){0,4} (?:out of nowhere|out of the blue|all of a sudden)(?: \\w+){0,8} (?:10 10|10 out of 10|ten out of ten|worst|agony|unbearable|excruciating)',
    'thunderclap', 'worst headache (?:of my life|ever|ive ever had|i have ever had|in my life|ive had)',
    'sudden(?:ly)?(?: \\w+){0,2} (?:severe|agonising|agonizing|excruciating|blinding|explosive|unbearable|horrendous|awful|terrible|worst|intense) (?:headache|head pain|pain in (?:my |the |his |her )?head)',
    '(?:severe|agonising|agonizing|excruciating|blinding|explosive|unbearable|horrendous|terrible|intense) (?:headache|head pain)(?: \\w+){0,2} (?:suddenly|out of nowhere|all of a sudden|in seconds|within seconds|like a thunderclap)',
    'like (?:being|been|i had been|id been|someone) (?:hit|kicked|struck) (?:on|in|over) the (?:back of the )?head',
  ]),
  // Numbness around the bottom, genitals or inner thighs (cauda equina).
  saddle: sig('normal', [
    `numb\\w*(?: \\w+){0,3} (?:bum|buttocks?|${SADDLE_BOTTOM}|genitals?|groin|saddle|privates|between (?:my|his|her|their) legs|inner thighs|around (?:my |the )?(?:anus|back passage|privates|vagina|penis))`,
    'saddle (?:numbness|anaesthesia|area)', `cant feel (?:my |his |her )?(?:bum|${SADDLE_BOTTOM}|genitals|privates|back passage)`, '(?:cant|couldnt|cannot) feel (?:it |anything |the paper |the toilet paper |toilet paper )?when (?:i|he|she) wip\\w*', `(?:no|lost|lost the|lost all) feeling (?:when (?:i|he|she) wip\\w*|down below|around (?:my|his|her) (?:bum|${SADDLE_BOTTOM}|privates))`,
    `(?:bum|${SADDLE_BOTTOM}|buttocks|genitals|groin|privates|between (?:my|his|her|their) legs)(?: \\w+){0,4} (?:feels? |feeling |gone |is |are )*(?:numb|dead|tingly|no feeling)`, 'like sitting on a (?:bike )?saddle',
  ]),
  // Loss of control of the bladder or bowels, or cannot wee (cauda equina).
  sphincter: sig('normal', [
    '(?:cant|couldnt|lost|losing|loss of|no) (?:control|feel|feeling|sensation) (?:of |over |when )?(?:my |his |her |i )?(?:bladder|bowels?|wee|pee|poo|pooing|weeing|peeing|need to wee|need to pee)',
    '(?:wet|wetting|soiled|soiling) (?:myself|himself|herself)', 'cant (?:wee|pee|urinate)', 'incontinen\\w*',
    '(?:cant|couldnt) feel (?:myself|himself|herself) (?:wee|pee|poo)\\w*',
  ]),
  // A knock, bang or injury to the head.
  headHit: sig('normal', [
    '(?:hit|banged|bumped|knocked|smacked|bashed|fell on|injured|hurt|whacked|cracked) (?:\\w+ ){0,3}head', 'head injury', 'head injuries', 'concussion',
  ]),
  // After a head injury: knocked out, being sick, memory loss, drowsy, a fit or fluid from the ears or nose.
  headDanger: sig('normal', [
    'knocked (?:out|unconscious)', 'passed out', 'blacked out', 'unconscious', 'been sick', 'being sick', 'vomit\\w*', 'throwing up',
    'threw up', 'cant remember', 'memory loss', 'confused', 'drowsy', 'clear fluid', 'bleeding from (?:the |his |her |my |their )?(?:ears?|nose)',
    '(?:a|had a|having a) (?:fit|seizure)', 'seizure', 'fitting',
  ]),
  // Fits the person has had before, or known epilepsy or febrile convulsions.
  knownFits: sig('none', [
    '(?:had|has had|have had|gets|get|has|had them|has them)(?: \\w+){0,3} (?:fits|seizure|convulsions|them|one|these)(?: \\w+){0,2} before',
    '(?:had|has had) (?:one|them|these|a few|several|lots) before', 'known (?:epilep\\w*|febrile)', '(?:another|again)(?: \\w+)? (?:febrile )?(?:fit|seizure|convulsion)',
    '(?:has|with|her|his|my) epilepsy', 'epileptic',
  ], /\b(?:never|(?:not|hasnt|havent|hadnt|didnt) (?:had|have|ever))\b(?: \w+){0,3} before\b|\bfirst (?:ever|one|time|fit|seizure)\b/), // "never had one before": a first fit
  // A knock, bang or injury to the head (the head injury rules in people at risk).
  headKnock: sig('normal', [
    '(?:hit|banged|bumped|knocked|smacked|bashed|injured|hurt|whacked|cracked|clonked|bonked)(?: \\w+){0,4} head', 'head (?:injury|injuries|bump|knock|wound|cut|gash)',
    'bump (?:on|to) (?:the|my|his|her) head', '(?:landed|fell) on (?:his|her|my|their) head', 'concussion', 'head first',
    '(?:knee|kick|kicked|blow|punch|punched|elbow|elbowed|boot|ball|bat|stick)(?: \\w+){0,2} (?:to|in|on) (?:the|my|his|her) head', 'head ?butt\\w*',
  ]),
  // After a head injury: memory loss, drowsiness, a worsening headache, being sick or behaving differently.
  headWarning: sig('normal', [
    'dont remember', 'doesnt remember', 'cant remember', 'cant recall', 'no memory (?:of|since)', 'memory loss', 'drowsy', '(?:very|really|so|unusually) (?:sleepy|tired)(?! all the time| lately| recently| for (?:weeks|months|ages|days)| these days| from| after work| at work| in the day| since (?:the|i|my))',
    'confused', 'muddled', 'clear fluid', 'fluid (?:from|coming out of|leaking from)', '(?:clear|watery)(?: \\w+){0,2} (?:fluid|liquid|stuff|water)(?: \\w+){0,6} (?:nose|ears?)', 'blood (?:from|coming out of) (?:his|her|my|their) ears?',
    'not making sense', 'cant stay awake', 'wont stay awake', '(?:headache|head ache)(?: \\w+){0,3} (?:wont|isnt|hasnt|not) (?:go|going|shift|ease|easing)',
    'knocked (?:out|unconscious)', 'passed out', 'blacked out', 'unconscious', '(?:was|been|went) out (?:cold |for )', 'repeating (?:himself|herself|myself|the same)', 'vomit\\w*', 'been sick', 'being sick', 'threw up', 'throwing up',
    '(?:a|had a|having a) (?:fit|seizure)', 'seizure', 'fitting',
  ]),
  // A severe or splitting headache or migraine.
  severeHeadache: sig('normal', [
    '(?:severe|really bad|very bad|terrible|awful|worst|pounding|splitting|horrendous|bad|intense) (?:headache|head ache|head pain|migraine)',
    '(?:headache|head ache)(?: \\w+){0,4} (?:wont|isnt|hasnt|not|doesnt) (?:go|going|shift|touch|ease|easing|budge|better|help)',
    '(?:paracetamol|painkillers?|tablets)(?: \\w+){0,2} (?:wont|isnt|hasnt|doesnt|not|dont) (?:touch|touching|help|helping|work|working)',
  ]),
  // Asking the same questions over and over, or cannot remember what just happened.
  amnesia: sig('normal', ['asking the same (?:question|questions|thing|things)', 'repeating (?:himself|herself|themselves|myself|the same)', '(?:dont|doesnt|cant|couldnt) remember (?:what happened|the last|anything|the crash|the accident|the game|the match)', 'no memory of']),
  // A large or soft swelling on the head.
  headLump: sig('normal', ['(?:big|large|huge|massive|squishy|soft|boggy|egg)(?: \\w+){0,2} (?:swelling|lump|bump|egg)', '(?:swelling|lump|bump)(?: \\w+){0,3} (?:on|over) (?:the side of |the back of |the top of )?(?:her|his|their|the) head']),
  // Confusion that is new or getting worse.
  newConfusion: sig('normal', [
    '(?:more|getting|increasingly|newly|suddenly|very|really|much more) (?:confused|muddled|disorientated|disoriented)', '(?:confused|muddled) (?:than usual|lately|recently|all of a sudden)',
    'not (?:herself|himself|themselves) and (?:confused|muddled)',
  ], /\bconfused (?:about|by|as to|why|whether|what|if|with)\b/),
  // Drowsy, muddled, confused or very sleepy.
  drowsyMuddled: sig('normal', ['drowsy', 'muddled', 'confused', 'confusion', '(?:seems|seem|more|getting|much|quite|unusually) sleepy', 'sleepier than (?:normal|usual|before)', '(?:very|really|so) (?:sleepy|tired)(?! all the time| lately| recently| for (?:weeks|months|ages|days)| these days| from| after work| at work| in the day| since (?:the|i|my))', 'not with it', 'cant stay awake', 'breathing (?:fast|quickly|deeply)']),
  // Seeing or hearing things that are not there.
  hallucinating: sig('normal', ['hallucinat\\w*', '(?:seeing|sees|saw) (?:bugs|insects|spiders|snakes|rats|mice|creatures)', '(?:bugs|insects|spiders|ants) (?:crawling|on the (?:walls?|ceiling))', 'hearing voices', 'hears voices', '(?:hearing|seeing|hears|sees|heard|saw) things(?! about| on| at| from| in the news)', 'voices in (?:my|his|her|their) head', '(?:thinks|says|saying|convinced|believes) (?:the |her |his |my )?baby (?:is|was) (?:evil|possessed|the devil|not (?:hers|his|mine|ours))', '(?:seeing|seen|hearing|heard|see|hear|sees|hears) (?:things|stuff|people|bugs|spiders|insects|voices)(?: \\w+){0,3} (?:that )?(?:arent|isnt|are not|is not|werent|wasnt) (?:there|real)', '(?:bugs|insects|spiders) crawling']),
  // A headache of any kind.
  headacheAny: sig('normal', ['head ?aches?', 'headachy', 'head (?:is |keeps )?(?:pounding|banging|thumping|throbbing|hurting|hurts|sore)']),
  // Weakness in the legs or arms that is getting worse (climbing from the feet: Guillain-Barre).
  progressiveWeakness: sig('normal', [
    '(?:legs|arms|hands|feet)(?: \\w+){0,3} (?:getting|got|gone|going|have got|are getting|has got) (?:weaker|weak|floppy)', '(?:can hardly|cant|can barely) (?:get up|climb|walk up|manage) (?:the )?stairs',
    'weakness(?: \\w+){0,4} (?:spreading|moving up|climbing|creeping up|getting worse)',
    '(?:tingl\\w*|pins and needles|numbness)(?: \\w+){0,3} (?:creeping|spreading|moving|climbing|going|working its way) up (?:from )?(?:my |his |her |their |the |both )?(?:feet|legs|toes|hands)',
    '(?:legs|arms)(?: \\w+){0,2} (?:are |have gone |gone |feel |have been )?(?:weak|floppy|like jelly)(?: \\w+){0,3} (?:struggl\\w*|cant|could not|couldnt) (?:to )?(?:get up|stand|walk|climb)',
    'struggl\\w* (?:to )?(?:get up|climb|walk up) (?:the )?stairs',
  ]),
  // Tingling, numbness or weakness in both arms or both legs.
  limbNeuro: sig('normal', ['tingl\\w*(?: \\w+){0,3} (?:both|arms|hands|legs|feet)', '(?:both|my|his|her) (?:hands|arms|legs|feet)(?: \\w+){0,3} (?:tingl\\w*|numb|weak|pins and needles|dead)', 'pins and needles in (?:both|my|his|her) (?:hands|arms|legs|feet)', 'cant feel (?:my|his|her) (?:hands|arms|legs|feet)']),
  // Tingling, pins and needles or numbness, anywhere.
  tinglingAny: sig('normal', ['tingl\\w*', 'pins and needles', 'numb\\w*']),
  // Confusion itself, as the sudden-confusion rule needs it: not sleepiness or being "out of it"
  // (after a big lunch, a night shift or a drink), which the wider `confused` sign also counts.
  disoriented: sig('normal', ['confused', 'confusion', 'disorientated', 'disoriented', 'delirious', 'delerious', 'muddled', ...CONFUSION_PHRASES], /\b(?:confused|muddled) (?:about|by|as to|over|why|whether|what|if|with)\b/),
  // Both legs weak, heavy or giving way, or falling over: with back pain, pressure on the spinal
  // cord or its nerves (NHS sciatica and back pain: A&E when both legs are weak or numb).
  legsGivingWay: sig('normal', [
    '(?:both )?legs(?: \\w+){0,3} (?:heavy|wobbly|weak|weaker|giving way|gave way|give way|like jelly|buckling|buckled|not working|numb|dead)',
    '(?:keep|keeps|kept|been|keep on) (?:tripping|falling|stumbling)(?: over| up)?',
  ], /\b(?:gym|workout|leg day|squats?|run|ran|running|marathon|hike|hiking|cycling|football|training)\b/),
} satisfies Record<string, Signal>;
