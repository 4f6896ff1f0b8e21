import { sig, type Signal } from './signal.js';

/**
 * Phrases for the general NHS warning signs that no single condition page owns: "call 999 / go to
 * A&E" signs (collapse with exercise, an atypical heart attack, a clot in the lung, a severe
 * tummy, a blocked airway, electrical and chemical burns, head injuries in people at risk,
 * pregnancy, a very young baby with a temperature, diabetic emergencies) and "get seen today"
 * signs (dehydration, treatment not working, recurrence, worsening breathlessness, infected
 * wounds, bites). Same conventions as signals.ts: normalised clause text, written to over-trigger
 * rather than under-trigger, each with its negation mode.
 */

/** Confusion told without the word: shared by `confused` (signals.ts) and `disoriented`. */
export const CONFUSION_PHRASES = [
  '(?:not|barely|hardly|isnt|wasnt) making (?:any |much )?sense', 'talking (?:nonsense|rubbish|gibberish)',
  '(?:doesnt|didnt|does not|did not|couldnt|could not|cant|wont) (?:know|recognise|recognize|remember) (?:where|who|me|us|my name|his (?:own )?name|her (?:own )?name|what day it is)',
];

const POSS = '(?:my|his|her|their|the|your|our|a)';
const TUMMY = '(?:tummy|stomach|abdomen|abdominal|belly|gut|tum)';
const BREATH = '(?:breathe|breath|breathing)';

export const GENERAL_SIGNALS = {
  // ---- collapse --------------------------------------------------------------------------------
  collapse: sig('normal', [
    'faint(?:ed|ing|s)?', 'collaps\\w*', 'passed out', 'pass(?:es|ing)? out', 'blacked out', 'black(?:s|ing) out', 'keeled over',
    'lost consciousness', 'knocked out', 'out cold', 'went down like a', 'dropped to the (?:floor|ground)', 'went down (?:in|on) the', 'hit the deck',
    '(?:dont|doesnt|didnt|cant) remember (?:falling|going down|hitting)', 'found (?:him|her|them|my \\w+) on the floor',
  ]),
  exertion: sig('normal', [
    '(?:during|in|at|after) (?:a |the |his |her |my )?(?:football|training|exercise|run|running|sport|sports|pe|match|games|netball|rugby|swimming|race|game|workout|gym|hockey|basketball|tennis|cycling|practice|parkrun|marathon|spin class)',
    '(?:while|when|whilst|as) (?:he was |she was |i was |they were )?(?:running|jogging|exercising|playing|training|cycling|swimming|working out|lifting|sprinting|dancing)',
    'on the treadmill', 'on (?:a|his|her|my) run', 'mid (?:run|match|game|race)',
    'in the middle of (?:a |the |his |her |my )?(?:\\w+ )?(?:match|game|race|run|training|class|session|lesson)',
    '(?:netball|football|rugby|hockey|basketball|tennis|cricket|squash|badminton|boxing) (?:match|game|training|practice|session|lesson)',
  ]),
  palpitations: sig('normal', [
    'palpitat\\w*', 'heart (?:is |was |keeps |started |starts )?(?:racing|pounding|fluttering|flutters|flutter|skipping|skips|jumping|irregular|thumping|going (?:really |very )?fast|beating (?:really |very )?(?:fast|hard|irregular\\w*))',
    'racing heart', 'pounding heart', 'irregular (?:heart ?beat|pulse)', 'flutter\\w* in (?:my|his|her) chest',
  ]),
  // Whose temperature: a breastfeeding mother's own fever is not her baby's.
  ownFever: sig('normal', [
    '(?:i|im|i have|ive got|ive had|i feel|i felt|i am|i was|ive been|been feeling)(?: (?!(?:her|his|their|baby|babys|its)\\b)\\w+){0,4} (?:temp|temperature|fever|feverish|hot|shivery|shivering|fluey|flu like|like flu|like i have flu)',
    'my (?:temp|temperature)',
    // "feel fluey" with the I left out is still the writer's own temperature (a baby is not "fluey")
    'feel(?:ing)? (?:really |very |a bit |quite |so )?(?:fluey|flu like|achy|run down)',
  ]),
  babyFever: sig('normal', [
    // The gap may not hold a denial: "my 1 week old, no redness or fever" is no fever.
    '(?:baby|babys|he|she|hes|shes|son|daughter|little one|newborn|old|it)(?: (?!(?:no|not|nor|without|never|isnt|hasnt|feel)\\b)\\w+){0,6} (?:temp\\w*|fever\\w*|feverish|hot to touch|burning up|38|39|40)',
    '(?:temp\\w*|fever) (?:in|for) (?:my|our|the) (?:baby|newborn|little one)',
  ]),
  coughPain: sig('none', [
    '(?:hurts?|pain\\w*|sore|aches?|aching)(?: \\w+){0,4} (?:when|if|as) (?:i |he |she )?(?:cough|coughing|sneeze)', '(?:coughing|cough) (?:makes|hurts|has made)', 'sore from (?:all the )?coughing',
  ]),
  stridorBreathIn: sig('normal', ['(?:high pitched|high|squeaky|whistling|harsh|rasping|raspy|crowing|horrible|weird|strange) (?:whistling |squeaky |pitched |whistly )?(?:noise|sound|squeak|whistle)(?: \\w+){0,2} (?:breathing|breathes|breathe) in'], /\bwhoop|\bwhen (?:he|she|they|baby|hes|shes|theyre) (?:cries|crying|is crying|gets upset|is upset|upset|coughs|coughing)\b/),
  knownFits: sig('none', [
    '(?:had|has had|have had|gets|get|has|had them|has them)(?: \\w+){0,3} (?:fits|seizure|convulsions|them|one|these)(?: \\w+){0,2} before',
    '(?:had|has had) (?:one|them|these|a few|several|lots) before', 'known (?:epilep\\w*|febrile)', '(?:another|again)(?: \\w+)? (?:febrile )?(?:fit|seizure|convulsion)',
    '(?:has|with|her|his|my) epilepsy', 'epileptic',
  ]),
  recovered: sig('none', [
    'back to (?:herself|himself|themselves|normal|her usual|his usual|my usual|their usual)', '(?:is|seems|now|totally|completely|absolutely) (?:fine|ok|okay|well|herself|himself)(?: now)?',
    '(?:come|came|coming) (?:round|around|to)', '(?:under|less than) (?:a|one|1|2|two) minutes?', 'recovered', 'stopped (?:after|within) (?:a|about|less than|under|around)', '(?:about|around|only|just|less than|under) (?:a|one|1) minute', 'sleeping it off', '(?:his|her|their|my) usual (?:fit|fits|seizure)', '(?:fit|fits|seizure) (?:like|as) (?:usual|normal|always)', 'lasted (?:about |around |less than |under |only )?(?:a minute|one minute|1 minute|\\d+ seconds|a few seconds|2 minutes|two minutes|a couple of minutes)',
  ]),
  // A panic attack the person knows and that is passing: what it feels like is not a breathing emergency.
  // 'strict': "this isnt one of my panic attacks" is not a known panic attack, while "panic attacks,
  // diagnosed years ago" still is (a 'normal' signal ignores clauses about the remote past).
  panicAttack: sig('strict', ['panic (?:attack|attacks|disorder)', 'anxiety attacks?']),
  episodePassing: sig('normal', [
    '(?:passed|passes|eased|eases|settled|settles|calmed|calms|wore off|wears off)(?: down)? (?:after|in|within|now|off)',
    '(?:its|it has|it had|it) (?:passed|eased|settled|calmed(?: down)?)', 'starting to (?:ease|calm|settle|pass)', 'calm(?:ed|ing) down',
    'like (?:they|it) (?:always|normally|usually) (?:do|does)', 'same as (?:usual|always|my usual|normal)', '(?:my|the) usual ones',
    '(?:it|they) went (?:away |off )?(?:after|in|within)', '(?:it |they )?lasted (?:about |around |only |just |for )?(?:\\d+|a few|a couple of|five|ten|fifteen|twenty) min\\w*',
    '(?:im|i am|i feel|feel|feeling) (?:ok|okay|fine|alright|all right|better|calmer) now',
  ], /\b(?:came back|coming back|back again|worse again|getting worse|returned)\b/), // eased, then back: not passing
  // Pain that built up over days is not the sudden pain of a twisted testicle (still urgent, not 999).
  gradualOnset: sig('normal', [
    '(?:came|come|coming) on (?:over|gradually|slowly)', '(?:gradually|slowly) (?:got|getting|become|became|swell\\w*|swollen|worse|bigger)',
    'built up over', 'over (?:the (?:last|past) )?(?:2|3|4|5|two|three|four|five|a few|several|couple of) days',
  ]),
  mumpsMention: sig('normal', ['mumps']),
  kidneyStone: sig('normal', ['kidney stones?', 'renal colic', 'stones? in (?:my|his|her|the) (?:kidney|kidneys|ureter|tube)']),
  // Skin that has gone black: gangrene (NHS: with diabetes or signs of infection, A&E).
  blackSkin: sig('normal', [
    '(?:toe|toes|foot|feet|finger|fingers|fingertips?|heel|skin)(?: \\w+){0,3} (?:turned|gone|going|turning|is|are|look|looks) (?:black|blackish|blue black|dark purple|dead)',
    'black (?:toe|toes|foot|finger|fingers|patch on (?:my|his|her) (?:foot|toe|heel))',
  ]),
  // A rash from a new medicine that blisters or peels, with the eyes involved (Stevens-Johnson syndrome).
  newMedicine: sig('normal', [
    '(?:started|starting|began|begun|put on|since starting|after starting)(?: \\w+){0,2} (?:amoxicillin|amoxycillin|penicillin|co ?amoxiclav|flucloxacillin|trimethoprim|nitrofurantoin|doxycycline|clarithromycin|erythromycin|cefalexin|lamotrigine|carbamazepine|allopurinol)','(?:started|starting|new|began|begun|changed|put on)(?: \\w+){0,3} (?:tablets?|medicines?|medication|meds|pills|antibiotics?|drugs?|injections?)', '(?:since|after) (?:taking|starting) (?:the |a |my |these |some )?(?:new )?(?:tablets?|medicine|medication|meds|pills|antibiotics?)']),
  soreEyes: sig('normal', ['eyes?(?: \\w+){0,3} (?:sore|red and sore|stinging|burning|raw|gritty and red|crusted)', 'sore (?:red )?eyes?']),
  // NHS detached retina: new floaters, flashes with them, or a shadow or curtain across the sight.
  retinaSigns: sig('normal', [
    'floaters?', '(?:shadow|curtain|veil|dark patch)(?: \\w+){0,3} (?:over|across|in|coming (?:over|across|down|up)) (?:my |his |her |the |part of (?:my |the )?)?(?:vision|sight|eye)',
  ], /\b(?:for years|always had|had them for|for ages)\b/),
  noReason: sig('none', ['for no (?:obvious |clear )?reason', 'no idea why', 'out of (?:the )?(?:blue|nowhere)', 'never (?:happened|had (?:that|this|one)) before', 'first (?:time|ever)']),

  // ---- heart: atypical presentations and angina that does not settle ------------------------------
  atypicalSite: sig('normal', [
    `(?:pain|ache|aching|heavy|heaviness|pressure|tightness|tight|discomfort|burning|squeezing)(?: \\w+){0,4} (?:in|on|across|around|between|through|at|down|into|up) (?:my |the |his |her |their |both )?(?:left |right )?(?:jaw|neck|shoulder blades|shoulders|shoulder|upper back|arms?|upper ${TUMMY}|top of (?:my |the |his |her )?${TUMMY})`,
    `(?:jaw|neck|shoulder blades?|upper back|upper ${TUMMY}|left arm)(?: \\w+){0,2} (?:pain|ache|aches|aching|hurts|heavy|tight|pressure)`,
    `heavy (?:feeling|pressure|weight) in (?:my |the |his |her )?(?:upper )?(?:${TUMMY}|chest)`,
  ]),
  nausea: sig('normal', [
    '(?:feel|feels|feeling|felt) (?:really |very |a bit |so |quite )?(?:sick|nauseous|queasy|like (?:i|he|she) (?:might|could|will|am going to|was going to) be sick)',
    'nause\\w*', 'being sick', 'been sick', 'vomit\\w*', 'threw up', 'throwing up',
  ]),
  greyPale: sig('normal', [
    '(?:gone|went|go|goes|looks?|looking|looked|turned|turning|is|was|hes|shes|im|theyre) (?:all |very |really |a bit )?(?:grey|gray|ashen|white as a sheet|deathly pale)',
    '(?:grey|gray|ashen|pale) and (?:clammy|sweaty|cold)', '(?:clammy|sweaty|cold) and (?:grey|gray|ashen|pale)',
  ]),
  gtnFailed: sig('normal', [
    '(?:gtn|glyceryl|nitro\\w*|angina spray|spray|puffs?|sprays|doses?)(?: \\w+){0,12} (?:isnt shifting|not shifting|wont shift|hasnt shifted|no change|no better|not (?:helped|helping|working|worked|touched|touching)|hasnt (?:helped|worked|touched)|didnt (?:help|work|touch)|isnt (?:helping|working)|doing nothing|no different|still (?:there|going|tight|painful|hurting|bad))',
  ]),

  // ---- airway ----------------------------------------------------------------------------------
  faceNeckSwelling: sig('normal', [
    '(?:face|jaw|neck|cheek|under (?:my|his|her|the) (?:jaw|chin|tongue)|floor of (?:my|the) mouth)(?: \\w+){0,3} (?:swell\\w*|swollen|swolen|puff\\w*|blown up|huge|massive)',
    '(?:swell\\w*|swollen|swolen|puffy) (?:up )?(?:of )?(?:my |the |his |her |their )?(?:whole )?(?:face|jaw|neck|cheek)',
    'swelling(?: \\w+){0,2} (?:spreading|spread|going|moving|gone) (?:\\w+ )?(?:to|into|down|up|towards?) (?:my |the |his |her )?(?:neck|eye|face|jaw|throat)',
  ]),
  airwayStruggle: sig('normal', [
    '(?:cant|can barely|can hardly|can only just|barely|hardly|hard to|difficult to|difficulty|trouble|struggling to|struggle to|problems?|painful to|hurts to) (?:swallow\\w*|open (?:my|his|her) mouth)',
    'drool\\w*', 'dribbl\\w*', 'cant (?:swallow|manage) (?:my |his |her )?(?:own )?(?:spit|saliva)', `(?:cant|hard to|struggling to|difficult to) ${BREATH}`,
  ]),
  // Noisy breathing only while crying or coughing is not the at-rest stridor that needs 999.
  stridor: sig('normal', [
    'stridor', 'noisy breathing', 'breathing (?:is |sounds |has gone |became )?(?:very |really )?(?:noisy|squeaky|raspy|harsh)',
    `(?:high pitched|squeaky|harsh|rasping|raspy|crowing|strange|weird|funny|horrible) (?:noise|sound|squeak|gasp)(?: \\w+){0,3} (?:when|while|as|if) (?:he|she|they|i|baby|it) (?:${BREATH}|takes a breath)`,
  // Only when crying or upset: NHS croup advice is 111 then, 999 when it is there at rest.
  ], /\bwhen (?:he|she|they|baby|hes|shes|theyre) (?:cries|crying|is crying|gets upset|is upset|upset|coughs|coughing)\b|\bwhoop/),

  // ---- blood clot in the lung ---------------------------------------------------------------------
  calfLeg: sig('normal', [
    '(?:calf|calves|leg|thigh)(?: \\w+){0,3} (?:is |has |feels |looks |gone |got )*(?:swollen|swelling|swolen|puffy|red|hot|warm|tender|painful|hurts|hurting|aching|sore|throbbing|tight)',
    '(?:swollen|painful|tender|red|hot|throbbing|sore|puffy) (?:left |right )?(?:calf|leg|thigh)', 'pain in (?:my |his |her |the )?(?:left |right )?(?:calf|leg|thigh)',
  ]),
  clotRisk: sig('normal', [
    '(?:gave|giving) birth', '(?:had|having) (?:a|my|the|our|her) (?:baby|son|daughter)', 'just had a baby', 'post ?(?:partum|natal)', 'c ?section', 'caesarean',
    'since the birth', 'after (?:the|my|her) (?:birth|delivery|labour)', '(?:after|since) (?:my|an|the|a|her|his) (?:operation|surgery|op|hip replacement|knee replacement|hysterectomy)',
    '(?:had|have had|has had) (?:an|my|a|his|her) (?:operation|surgery|op|hip replaced|knee replaced)',
    '(?:long|long haul|\\d+ hour|long distance) (?:flight|drive|journey|coach trip|car journey|haul)', 'flew (?:back|home|in) from', 'flight (?:from|back from)',
    'in (?:a )?plaster', '(?:cast|boot) on (?:my|his|her) leg', 'bed ?bound', 'laid up in bed',
  ]),
  pleuritic: sig('normal', [
    `(?:pain|hurts|sharp|stabbing|catches|twinges?|twinging)(?: \\w+){0,4} (?:when|as|if) (?:i |he |she )?(?:${BREATH}|take a (?:deep )?breath|breathing in|breathe in)`,
    'cough\\w* (?:up )?(?:blood|bloody)',
  ]),

  // ---- tummy -------------------------------------------------------------------------------------
  severeTummy: sig('normal', [
    `(?:severe|really bad|very bad|agonising|agonizing|excruciating|unbearable|worst|terrible|intense|awful|horrendous|crippling|extreme|sudden)(?: \\w+){0,2} (?:upper |lower )?${TUMMY}(?: \\w+)? (?:pain|ache)`,
    `(?:severe|really bad|very bad|agonising|agonizing|excruciating|unbearable|worst|terrible|intense|awful|horrendous|crippling|extreme) (?:pain|ache)(?: \\w+){0,5} ${TUMMY}`,
    `(?:pain|ache)(?: \\w+){0,3} (?:in|across) (?:my |the |his |her )?(?:upper |lower )?${TUMMY}(?: \\w+){0,3} (?:is )?(?:severe|unbearable|agony|excruciating|agonising|the worst)`,
    `(?:pain|ache)(?: \\w+){0,8} ${TUMMY}(?: \\w+){0,4} (?:got|gotten|getting|is|gone|become) (?:really|very|so|much) (?:bad|severe|painful)`,
    'doubled (?:up|over)(?: in pain)?', `${TUMMY} (?:pain )?is (?:agony|unbearable|excruciating|killing me)`, 'rolling around in (?:pain|agony)',
  ]),
  throughToBack: sig('normal', ['(?:through|going through|goes through|radiat\\w*|spread\\w*|going|goes|into|round|moving) (?:to |into |through to )?(?:my |the |his |her )?(?:back|spine)', 'bor(?:es|ing) through']),
  rigid: sig('normal', [
    'rigid', `${TUMMY}(?: \\w+){0,2} (?:is |feels |gone |has gone )?(?:hard|rigid|like a board|tense|solid)`, 'hard as a board', 'board like',
    '(?:cant|couldnt) (?:stand|bear) (?:anyone |anything |it )?(?:to )?(?:touch\\w*|being touched)', 'too (?:painful|sore) to touch',
  ]),
  diarrhoea: sig('normal', ['diarr?h\\w*', 'diarea', 'the runs', 'runny poo', 'loose (?:poo|stools?|bowels)', 'watery poo']),
  greenVomit: sig('normal', [
    '(?:green|bright green|dark green|yellow green|bile|bilious)(?: \\w+){0,2} (?:vomit|sick|sicky|spew)',
    '(?:vomit\\w*|sick|being sick|throwing up|threw up|bringing up)(?: \\w+){0,6} (?:green|bile)',
  ]),
  swollenTummy: sig('normal', [`(?:swollen|bloated|distended|tight|hard) ${TUMMY}`, `${TUMMY}(?: \\w+){0,3} (?:swollen|swelling|swelled|bloated|distended|looks swollen|blown up)`]),

  // ---- burns -------------------------------------------------------------------------------------
  electrical: sig('normal', [
    'electric\\w* (?:shock|burn|injury|current)', 'electrocut\\w*', '(?:touched|touching|grabbed|hit|got hold of) (?:a |the )?live (?:wire|cable|rail|socket|terminal)',
    'live wire', '(?:bare|exposed|frayed|stripped) (?:wire|wires|cable|cables)', '(?:shock|zapped|jolt) (?:from|off) (?:a |the |an )?(?:\\w+ )?(?:socket|plug|wire|cable|mains|fence|appliance|kettle|toaster|charger|light switch)',
    'mains (?:electricity|shock|current)', 'struck by lightning', 'lightning strike',
  ]),
  chemical: sig('normal', [
    '(?:splash\\w*|spilt|spilled|spill\\w*|got|sprayed|poured|touched|squirted)(?: \\w+){0,4} (?:bleach|drain cleaner|oven cleaner|caustic\\w*|chemicals?|cement|ammonia|acid|lye|descaler|paint stripper)(?: \\w+){0,3} (?:on|in|into|over) (?:my|his|her|their|the)',
    'chemical (?:burn|burns|splash|in (?:my|his|her) eyes?)', '(?:bleach|drain cleaner|oven cleaner|caustic soda|acid|cement)(?: \\w+){0,3} (?:burn\\w*|in (?:my|his|her) eyes?)',
  ], /\b(?:reflux|indigestion|heartburn|stomach acid|acid in my (?:throat|mouth|stomach)|acid (?:burning|coming up|came up|repeating|rising)(?: \w+){0,4} (?:throat|chest|mouth)|sour taste)\b/),
  burnInjury: sig('normal', ['burn(?:t|ed|s)?', 'scald\\w*', 'chip pan', '(?:caught|on) fire', 'flames?']),
  blister: sig('normal', ['blister\\w*', 'skin (?:came|coming|peeled|peeling) off', 'raw']),
  burnFace: sig('normal', [
    '(?:burn|burnt|burned|scald\\w*)(?: \\w+){0,3} (?:face|mouth|lips|throat|neck|eyes?|nose|genitals|groin|privates)',
    '(?:face|mouth|lips|throat|eyes?|nose)(?: \\w+){0,2} (?:burn|burnt|burned|scalded)',
  ]),
  inhalation: sig('normal', [
    '(?:hoarse|croaky|raspy|husky)(?: voice)?', 'voice (?:is |going |gone |has gone )?(?:hoarse|croaky|raspy|funny|strange)', 'singed', 'smoke (?:inhal\\w*|in (?:my|his|her) (?:lungs|throat))',
    'breathed in (?:smoke|fumes)', 'soot (?:in|around) (?:my|his|her|the) (?:mouth|nose)', 'coughing (?:up )?(?:black|soot)',
  ]),

  // ---- head injury -------------------------------------------------------------------------------
  headKnock: sig('normal', [
    '(?:hit|banged|bumped|knocked|smacked|bashed|injured|hurt|whacked|cracked|clonked|bonked)(?: \\w+){0,4} head', 'head (?:injury|injuries|bump|knock|wound|cut|gash)',
    'bump (?:on|to) (?:the|my|his|her) head', '(?:landed|fell) on (?:his|her|my|their) head', 'concussion', 'head first',
    '(?:knee|kick|kicked|blow|punch|punched|elbow|elbowed|boot|ball|bat|stick)(?: \\w+){0,2} (?:to|in|on) (?:the|my|his|her) head', 'head ?butt\\w*',
  ]),
  fall: sig('normal', ['(?:she|he|i|mum|mom|dad|nan|nana|gran|granny|grandad|grandpa|grandma|they|husband|wife|partner) (?:fell|has fallen|had fallen|took a tumble)(?! asleep| pregnant| ill| apart| behind| for| in love| out with)', 'came off (?:his|her|my|their|a) (?:bike|horse|scooter|skateboard|motorbike)', 'rolled off', '(?:fell|fallen|dropped) (?:off|from) (?:the|a) (?:bed|sofa|changing table|table|chair|high chair|bunk|stairs|ladder|wall|trampoline)','fell (?:off|from|down|over|out of|onto|on)', 'fallen (?:off|from|down|over)', 'had a fall', '(?:slipped|tripped)(?: \\w+){0,3} (?:and|on|over)', 'fall (?:off|from|down)']),
  headWarning: sig('normal', [
    'dont remember', 'doesnt remember', 'cant remember', 'cant recall', 'no memory (?:of|since)', 'memory loss', 'drowsy', '(?:very|really|so|unusually) (?:sleepy|tired)',
    'confused', 'muddled', 'clear fluid', 'fluid (?:from|coming out of|leaking from)', '(?:clear|watery)(?: \\w+){0,2} (?:fluid|liquid|stuff|water)(?: \\w+){0,6} (?:nose|ears?)', 'blood (?:from|coming out of) (?:his|her|my|their) ears?',
    'not making sense', 'cant stay awake', 'wont stay awake', '(?:headache|head ache)(?: \\w+){0,3} (?:wont|isnt|hasnt|not) (?:go|going|shift|ease|easing)',
    'knocked (?:out|unconscious)', 'passed out', 'blacked out', 'unconscious', '(?:was|been|went) out (?:cold |for )', 'repeating (?:himself|herself|myself|the same)', 'vomit\\w*', 'been sick', 'being sick', 'threw up', 'throwing up',
    '(?:a|had a|having a) (?:fit|seizure)', 'seizure', 'fitting',
  ]),

  // ---- pregnancy ---------------------------------------------------------------------------------
  pregnancyBleeding: sig('normal', ['bleed\\w*', 'blood (?:loss|clots?|coming out)', 'passing clots', '(?:lots of|loads of|heavy) blood', '(?:some|dark|fresh|bright red|red|brown|a bit of|a little) blood', 'blood (?:down there|in my (?:pants|knickers|underwear)|when i wipe)'], /\b(?:nose|gums?|spotting|poo|pooing|piles|haemorrhoids?|hemorrhoids?|bum|back passage|strain\w*)\b/), // a nosebleed, gums or piles are not bleeding from the womb
  severeHeadache: sig('normal', [
    '(?:severe|really bad|very bad|terrible|awful|worst|pounding|splitting|horrendous|bad|intense) (?:headache|head ache|head pain|migraine)',
    '(?:headache|head ache)(?: \\w+){0,4} (?:wont|isnt|hasnt|not|doesnt) (?:go|going|shift|touch|ease|easing|budge|better|help)',
    '(?:paracetamol|painkillers?|tablets)(?: \\w+){0,2} (?:wont|isnt|hasnt|doesnt|not|dont) (?:touch|touching|help|helping|work|working)',
  ]),
  visionChange: sig('normal', [
    'flashing lights?', 'flashes', 'blurr?(?:ed|y) (?:vision|sight)', 'vision(?: \\w+){0,2} (?:blurr?(?:ed|y)|funny|strange|odd|going|gone)', 'spots (?:in front of|before) (?:my |her )?eyes',
    'seeing (?:spots|stars|flashes|flashing)', 'cant see (?:properly|clearly)', 'zig ?zags?',
  ]),
  suddenSwelling: sig('normal', ['(?:face|hands|feet|fingers|ankles)(?: \\w+){0,4} (?:suddenly )?(?:swollen|swelling|swelled|puffy|puffed up|swollen up)', 'sudden(?:ly)? swell\\w*']),
  underRibs: sig('normal', ['pain (?:just )?(?:below|under|beneath) (?:my|the|her) ribs', 'pain (?:in|at) the top of (?:my|her) (?:tummy|stomach)']),
  spotting: sig('normal', ['spotting', 'spots of blood', 'bit of (?:brown|pink) (?:discharge|blood)', 'brown discharge', 'light bleeding']),

  // ---- diabetes ------------------------------------------------------------------------------------
  smokeInhaled: sig('normal', ['breathed in (?:smoke|fumes)', 'smoke inhal\\w*', '(?:house|flat|kitchen|car|building|bonfire) fire', '(?:in|from) (?:a|the) fire', 'singed', 'carbon monoxide']),
  ingestedMedicine: sig('normal', [
    '(?:ate|eaten|swallowed|got into|drank|drunk|chewed|taken|took|had)(?: \\w+){0,4} (?:sertraline|citalopram|fluoxetine|amitriptyline|codeine|co ?codamol|tramadol|morphine|oxycodone|diazepam|zopiclone|propranolol|digoxin|warfarin|iron|paracetamol|ibuprofen|aspirin|insulin|metformin|amlodipine|ramipril|antidepressants?|sleeping (?:pills|tablets)|painkillers)',
    '(?:ate|eaten|swallowed|got into|drank|drunk|chewed|taken|took|had)(?: \\w+){0,5} (?:tablets|pills|medicine|medication|meds|capsules|vitamins|iron tablets|e ?cig liquid|vape liquid|nicotine|methadone|drugs|cannabis|edibles|vodka|gin|whisky|alcohol|cocaine|pills)',
  ]),
  anginaKnown: sig('normal', ['angina', 'gtn', 'glyceryl', 'nitro spray']),
  usedAgainNoBetter: sig('normal', ['used it (?:twice|two times|again|a second time)(?: \\w+){0,10} (?:isnt shifting|not shifting|still (?:there|going|bad|painful)|no better|not helping|no different|worse)']),
  antacidFailed: sig('normal', ['(?:gaviscon|rennie|rennies|antacids?|indigestion (?:tablets|medicine|remedy|stuff))(?: \\w+){0,6} (?:not|hasnt|havent|didnt|isnt|doesnt) (?:done|helped|helping|worked|working|touched|done a thing|done anything)']),
  cantBearWeight: sig('normal', ['(?:cant|couldnt|cannot|unable to) (?:put (?:any )?weight on|stand on|walk on|bear weight on)(?: \\w+){0,2} (?:it|my|his|her|the)']),
  footProblem: sig('normal', ['(?:sore|ulcer|wound|cut|blister|crack|red patch|black patch)(?: \\w+){0,5} (?:foot|feet|toe|toes|heel|sole)', '(?:foot|feet|toe|toes|heel|sole)(?: \\w+){0,3} (?:sore|ulcer|wound|cut|blister|infected|black)']),
  testicleEmergency: sig('normal', [
    '(?:testicle|testicles|testes|scrotum|ball|balls|bollock\\w*)(?: \\w+){0,3} (?:is |are |has |have )?(?:killing|agony|swollen|swelling|really hurts|hurts? so much|suddenly (?:painful|hurting)|severe pain)',
    '(?:sudden|severe|agonising|bad) (?:pain|ache) in (?:his|my|the) (?:testicle|testicles|balls?|scrotum)',
  ], /\b(?:football|tennis|cricket|golf|rugby)\b/),
  amnesia: sig('normal', ['asking the same (?:question|questions|thing|things)', 'repeating (?:himself|herself|themselves|myself|the same)', '(?:dont|doesnt|cant|couldnt) remember (?:what happened|the last|anything|the crash|the accident|the game|the match)', 'no memory of']),
  headLump: sig('normal', ['(?:big|large|huge|massive|squishy|soft|boggy|egg)(?: \\w+){0,2} (?:swelling|lump|bump|egg)', '(?:swelling|lump|bump)(?: \\w+){0,3} (?:on|over) (?:the side of |the back of |the top of )?(?:her|his|their|the) head']),
  voiceChange: sig('normal', ['voice (?:keeps |is |has )?(?:going|gone|changing|changed|hoarse|croaky|funny|disappearing)', '(?:hoarse|croaky|raspy) voice']),
  newConfusion: sig('normal', [
    '(?:more|getting|increasingly|newly|suddenly|very|really|much more) (?:confused|muddled|disorientated|disoriented)', '(?:confused|muddled) (?:than usual|lately|recently|all of a sudden)',
    'not (?:herself|himself|themselves) and (?:confused|muddled)',
  ], /\bconfused (?:about|by|as to|why|whether|what|if|with)\b/),
  gettingWorse: sig('normal', ['getting (?:much )?worse', 'worse and worse', 'worse every day', 'gone downhill']),
  loinPain: sig('normal', ['(?:pain|ache|aching)(?: \\w+){0,3} (?:in|on) (?:my |the |his |her )?(?:back|side|loin)(?: \\w+){0,3} (?:under|below) (?:my |the |his |her )?ribs', '(?:side|loin|flank) pain', 'pain in (?:my |the )?(?:side|loin|flank)', 'kidney pain']),
  rashInfection: sig('normal', ['chickenpox', 'chicken pox', 'shingles', 'measles', 'slapped cheek', 'rubella', 'rash']),
  largeBlister: sig('normal', ['blister\\w*(?: \\w+){0,4} (?:size of|bigger than|as big as|large|big|huge)', '(?:large|big|huge|lots of|loads of) blisters?']),
  infectionSymptom: sig('normal', ['sore throat', 'mouth ulcers?', 'cough\\w*', 'cold sores?', 'rash', 'burning when i (?:wee|pee)']),
  sunburnWord: sig('normal', ['sunburn\\w*', 'burnt in the sun', 'got burnt (?:at|on|in) the (?:park|beach|garden|sun)']),
  baby: sig('none', ['baby', 'babys', 'infant', 'newborn', '(?:[1-9]|1[01]) months? old']),
  immunosuppressed: sig('normal', [
    'chemo\\w*', 'chemotherapy', 'methotrexate', 'azathioprine', 'mycophenolate', 'ciclosporin', 'tacrolimus', 'biologics?', 'humira', 'adalimumab', 'infliximab',
    'transplant', 'neutropeni\\w*', 'no spleen', 'spleen removed', 'immunosuppress\\w*', 'weak(?:ened)? immune system', '(?:high dose|long term) steroids',
  ]),
  earDischarge: sig('normal', ['ear(?: \\w+){0,4} (?:gunk|pus|discharge|goo|fluid|yellow\\w* \\w+)(?: \\w+){0,2} (?:coming|leaking|running|dripping)','(?:gunk|pus|fluid|discharge|goo|liquid|stuff)(?: \\w+){0,4} (?:coming |leaking |running |dripping )?(?:out of|from) (?:his|her|my|their|the) ear', 'ear(?: \\w+){0,3} (?:is )?(?:leaking|discharging|weeping|oozing)', 'discharge from (?:the |his |her |my )?ear']),
  hypoSigns: sig('normal', ['hypo\\w*', 'low (?:blood )?sugar', 'sugar(?:s)? (?:is |are )?(?:low|dropping)', 'sweaty and (?:confused|shaky)', 'shaky and (?:sweaty|confused)']),
  hypoDanger: sig('normal', [
    'confused', 'drowsy', 'aggressive', 'talking (?:rubbish|nonsense|gibberish)', 'not making sense', '(?:wont|cant|unable to|couldnt) (?:swallow|drink|eat)',
    'unconscious', 'unresponsive', '(?:cant|wont) wake', 'fitting', 'seizure', 'found (?:him|her|them|my \\w+) on the floor',
  ]),
  peakFlowLow: sig('none', ['peak flow(?: \\w+){0,3} (?:is |of |at )?(?:below|under|less than) half']),
  eyeInjury: sig('normal', [
    '(?:flew|went|got|hit|poked|scratched|flicked|splashed|stuck)(?: \\w+){0,3} (?:in|into) (?:my|his|her|their) eye', 'something in (?:my|his|her|their) eye', 'eye injury', '(?:hit|poked|punched|scratched) (?:in )?(?:the|my|his|her) eye',
  ]),
  eyeDanger: sig('normal', ['(?:cant|couldnt) open (?:it|my eye|his eye|her eye)', 'blurr?(?:ed|y)', 'vision', 'cant see', 'really (?:painful|sore)', 'bleeding', 'blood in']),
  limbIschaemia: sig('normal', ['(?:leg|foot|arm|hand)(?: \\w+){0,4} (?:suddenly )?(?:went|gone|turned|is|feels|going) (?:cold and (?:pale|white|blue)|(?:pale|white|blue) and cold)', '(?:leg|foot|arm|hand)(?: \\w+){0,3} (?:suddenly )?(?:went|gone|turned) (?:cold|pale|white)']),
  legDeformity: sig('normal', ['(?:leg|foot)(?: \\w+){0,3} (?:looks |is |gone )?(?:shorter|turned out\\w*|rotated|turned outwards|at a (?:funny|strange|odd) angle)', 'bend in it', 'dinner fork', 'bone (?:sticking|poking) out']),
  longLie: sig('normal', ['on the floor (?:for|all) (?:hours|night|ages|a long time|\\d+ hours)', 'couldnt get (?:up|herself up|himself up) (?:for|all)', '(?:cant|couldnt) (?:stand|put weight on|walk on|bear weight)']),
  noPooWind: sig('normal', ['(?:not|havent|hasnt|hadnt|cant|couldnt) (?:pooed|been for a poo|had a poo|passed wind|farted|poo|fart|pass wind)', 'no (?:poo|bowel movement|wind)(?: \\w+){0,2} (?:for|in|since)', 'not passing wind', 'smells? (?:like|of) poo']),
  maybePregnant: sig('normal', ['period(?: \\w+){0,5} (?:late|overdue)', 'missed (?:a |my )?period', 'might be pregnant', 'could be pregnant', 'late period', 'positive (?:pregnancy )?test', '(?:test|tests) (?:came back |was |were )?positive']),
  lowerTummyPain: sig('normal', ['(?:pain|ache|cramp\\w*)(?: \\w+){0,4} (?:low|lower|down) (?:on the |in my |in the )?(?:left|right|down)?', '(?:left|right)(?: \\w+)? (?:side|sided) (?:pain|tummy)', 'pelvic pain']),
  oneSidedPain: sig('normal', ['(?:one|1|left|right)(?: \\w+)? ?(?:side|sided)(?: \\w+){0,2} (?:pain|ache|cramp\\w*)', '(?:pain|ache|cramp\\w*)(?: \\w+){0,4} (?:on|down) (?:one|the left|the right|my left|my right) side', '(?:pain|ache)(?: \\w+){0,2} low (?:down )?on (?:one|the left|the right) side']),
  // Medicines that only work if taken within hours or days (NHS: a pharmacy or sexual health clinic today).
  timeCriticalMedicine: sig('normal', [
    'morning after pill', 'emergency contracepti\\w*', 'condom (?:split|broke|burst|came off|slipped off)', '(?:split|broken|burst) condom',
    'pep', 'post exposure', 'unprotected sex(?: \\w+){0,4} (?:last night|yesterday|hours ago|this morning|\\d+ hours)', 'condomless sex',
  ], /\bpep (?:talk|talks|rally|up|squad)\b/),
  // Too much of a medicine by mistake: NHS 111 says whether it matters.
  doubleDose: sig('normal', [
    '(?:took|taken|take|had|given|gave (?:him|her|them))(?: \\w+){0,2} (?:double|twice) (?:my |his |her |their |the )?(?:usual )?dose', '(?:double|extra|second) dose(?: \\w+){0,3} (?:by (?:accident|mistake)|accidentally)',
    '(?:twice|double|two lots|too many)(?: \\w+){0,3} (?:by mistake|by accident|accidentally)',
    '(?:accidentally|by mistake)(?: \\w+){0,2} (?:took|taken|had|gave)(?: \\w+){0,2} (?:too many|two lots|twice|extra|double)', '(?:took|taken|had|gave) (?:too many|two lots of|an extra)(?: of)? (?:my |his |her |the )?(?:tablets?|pills|meds|medicine|doses?|\\w+ tablets)',
  ]),
  noInjury: sig('none', ['no (?:fall|injury|bang|knock|trauma)', '(?:didnt|hasnt|havent|did not) (?:fall|hurt|injure|bang|knock)', 'no idea (?:how|why)', 'for no reason']),
  limp: sig('normal', ['limp\\w*', '(?:wont|will not|isnt|refuses to|cant) (?:walk|stand) on (?:it|his leg|her leg|that leg)', 'cries when (?:he|she|they) (?:puts? weight|walks|stands)']),
  suddenHearingLoss: sig('normal', ['(?:lost|losing|lose|gone)(?: \\w+){0,2} (?:hearing|my hearing)(?: \\w+){0,3} (?:in )?(?:one|my left|my right|the left|the right|left|right) ear', '(?:sudden(?:ly)?|overnight)(?: \\w+){0,2} (?:deaf|lost (?:the |my |some |all )?hearing)', '(?:woke|woken|waking) up(?: \\w+){0,2} (?:deaf|cant hear|couldnt hear|with no hearing|unable to hear)(?: \\w+){0,2} (?:in|on|out of) (?:one|my|his|her|the|their|left|right)', 'deaf in one ear', '(?:lost|losing) (?:some |all |the )?hearing'], /\b(?:for years|gradually|slowly|over the years|getting older)\b/),
  shoulderTip: sig('normal', ['shoulder ?tip pain', 'pain in (?:my|the|her) shoulder ?tip', 'pain (?:at|in) the tip of (?:my|her) shoulder']),
  veryHighSugar: sig('normal', [
    '(?:meter|monitor|reading|readings|sugar|sugars|glucose|bm|levels?)(?: \\w+){0,3} (?:says |reads |showing |shows |is |are |of |at |just says )?(?:hi|off the scale|over 2\\d|over 3\\d|2[5-9]|3\\d)',
    'ketones (?:are |is )?(?:high|very high|[2-9])', 'high ketones', 'pear drops', 'fruity breath',
  ]),
  highSugar: sig('normal', [
    '(?:sugars?|glucose|readings?|bms?|levels?)(?: \\w+){0,4} (?:of |at |are |is |been |have been |between |around |about )*(?:1[4-9]|2\\d|3\\d)', '(?:sugars?|glucose|readings?) (?:are |is |have been |been )?(?:really |very |too )?high',
  ]),
  veryUnwell: sig('normal', ['(?:so|very|really|extremely) unwell', 'never felt (?:so|this) (?:ill|unwell|bad|poorly)', '(?:can barely|cant) (?:stand|hold|move|get up)', 'heart (?:is )?(?:racing|pounding)', 'shiver\\w*', 'shivery', 'rigou?rs']),
  drowsyMuddled: sig('normal', ['drowsy', 'muddled', 'confused', 'confusion', '(?:very|really|so) (?:sleepy|tired)', 'not with it', 'cant stay awake', 'breathing (?:fast|quickly|deeply)']),

  // ---- get seen today (Urgent Primary Care) --------------------------------------------------------
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
  treatmentFailed: sig('normal', [
    '(?:tablets?|cream|creams|spray|sprays|medicine|medication|antibiotics?|drops|treatment|inhaler|pills|ibuprofen|paracetamol|antihistamines?)(?: \\w+){0,3} (?:not|arent|isnt|hasnt|havent|didnt|dont|doesnt) (?:working|work|worked|helping|helped|help|touching|cleared|clearing|done anything)',
    '(?:tablets?|cream|creams|spray|sprays|medicine|medication|antibiotics?|drops|treatment|inhaler|pills)(?: \\w+){0,4} (?:not|arent|isnt|havent|hasnt|dont|doesnt) (?:doing anything|doing much|making (?:any |much )?difference)',
    '(?:finished|done|did|completed|had|taken|took) (?:the |my |a |his |her |their )?(?:full |whole |complete )?(?:course of )?antibiotics?(?: \\w+){0,5} (?:still|not better|no better|back|came back|returned)',
    '(?:ibuprofen|paracetamol|painkillers?|tablets?|medicine|cream|inhaler|antibiotics|co codamol|naproxen)(?: \\w+){0,2} (?:does|do|did|has done|have done|doing) (?:nothing|zero|zilch|sod all|bugger all|nowt)',
    '(?:doesnt|dont|didnt) (?:even )?touch (?:it|the pain)',
    '(?:tablets?|cream|creams|spray|sprays|medicine|medication|antibiotics?|drops|treatment|inhaler|pills|ibuprofen|paracetamol|painkillers?|antihistamines?)(?: \\w+){0,3} (?:barely|hardly|only (?:just|a bit|slightly|a little)) (?:help|helps|helping|helped|work|works|working|worked|touch|touches|touching|take the edge off)',
    '(?:painkillers?|tablets?|medicine|ibuprofen|paracetamol|antihistamines?|cream|inhaler)(?: \\w+){0,2} only (?:help|helps|work|works)(?: \\w+)? (?:a bit|a little|slightly|for an hour|for a while)',
    '(?:treatment|treated|cream|lotion|tablets|antibiotics|drops)(?: \\w+){0,2} (?:twice|two times|three times|2 times|3 times|again)(?: \\w+){0,2} (?:still|and still|but still)',
    'still(?: \\w+){0,3} (?:after|despite) (?:the |two |2 |both )?(?:treatments?|creams?|antibiotics|tablets|courses)',
    '(?:spreading|getting worse|worse|bigger|not clearing|not going|still there|still going)(?: \\w+){0,4} (?:despite|even with|even after|even though (?:we|i|he|she|they) (?:used|tried|had|put on))(?: \\w+){0,3} (?:the |his |her |my |their |a )?(?:cream|creams|antibiotics?|treatment|tablets|medicine|drops|ointment|inhaler|lotion|spray)',
    'tried (?:everything|\\w+ different|two different|2 different|loads of|lots of|all the)', 'nothing (?:is )?(?:helping|working|seems to help)', 'no better after',
    '(?:still|not) (?:not )?(?:getting better|improving|clearing up|gone) after',
  ]),
  recurrent: sig('none', [
    '(?:second|third|fourth|fifth|sixth|\\d+(?:st|nd|rd|th)) (?:bout|time|episode|infection|attack|dose of)(?: \\w+){0,4} (?:this|in the last|in a|in the past) (?:year|month|few months|six months)',
    'keep (?:getting|having)', 'keeps? (?:coming back|recurring|happening|returning)', '(?:coming|came) back again', 'again and again', 'recurr\\w*',
    '(?:\\d+|two|three|four|five|six|several|lots of|loads of) (?:or (?:\\d+|three|four|five) )?times (?:this|a|in the|in a|per) (?:year|month|week)',
  ]),
  worseningBreath: sig('normal', [
    '(?:more and more|getting more|increasingly|more) (?:breathless|short of breath|out of breath|wheezy)', '(?:breathless\\w*|breathing|shortness of breath)(?: \\w+){0,2} (?:getting|is getting|has got|got) worse',
    'breathless (?:walking|doing|just|even|getting)',
  ]),
  woundInfection: sig('normal', [
    '(?:weeping|leaking|oozing)(?: \\w+){0,2} (?:green\\w*|yellow\\w*|cloudy|smelly) (?:stuff|gunk|fluid|pus|liquid)',
    '(?:red|redness|red area|swelling)(?: \\w+){0,4} (?:spreading|spread|getting bigger|bigger|size of (?:my|a|his|her) hand)', 'hot and hard','pus', 'ooz\\w* (?:pus|yellow|green|gunk)', '(?:yellow|green) (?:gunk|pus|discharge|stuff)', 'smells? (?:bad|horrible|off|awful)?', 'red (?:streaks?|lines?) (?:going|spreading)', '(?:red|hot|swollen)(?: \\w+){0,2} (?:round|around) (?:the|it|edges)', 'red round the edges']),
  woundWord: sig('normal', ['wound', 'cut', 'graze', 'burn(?:t|ed)?', 'scald\\w*', 'bite', 'bitten', 'scratch', 'stitches', 'piercing', 'splinter', 'blister']),
  bite: sig('normal', ['(?:dog|cat|fox|horse)(?: \\w+){0,2} (?:got|grabbed|went for|latched onto|latched on to|sank its teeth into) (?:my|his|her|their|the) (?:arm|hand|leg|face|finger|fingers|ankle|calf|cheek|lip|ear)', '(?:dog|cat|fox|horse)(?: \\w+){0,2} (?:went for|flew at|lunged at|attacked|jumped on) (?:me|him|her|them|us)(?: \\w+){0,12} (?:puncture|punctures|teeth|tooth|broke the skin|bleed\\w*|bled)', '(?:dog|cat|animal|fox|horse|human|someone|bat|rat|monkey)(?: \\w+){0,3} (?:bit|bite|bitten|attacked)', '(?:bit|bitten) by (?:a |the |my |his |her |our |their )?(?:neighbours? )?(?:dog|cat|animal|fox|horse|person|child|kid|bat|rat)', '(?:teeth|tooth) (?:went in|broke the skin|marks)']),
  dysuria: sig('normal', [
    '(?:burn\\w*|sting\\w*|pain\\w*|hurts?|sore|agony)(?: \\w+){0,2} (?:when|while|as) (?:i |he |she |they )?(?:pee\\w*|wee\\w*|urinat\\w*|go\\w* to the toilet)', 'pain(?:ful)? (?:when )?(?:peeing|weeing|passing urine|urinating)',
    '(?:peeing|weeing) (?:burns|stings|hurts)', '(?:burning|stinging|painful) (?:wee|pee|urine|weeing|peeing)', '(?:wee|pee) (?:burns|stings|hurts)', 'cystitis', 'uti', 'water infection', 'urine infection',
    // "keeps asking to go to the loo, says it burns": a burning or stinging told after the loo is a wee
    '(?:loo|toilet)(?: \\w+){0,5} (?:burns|stings|burning|stinging)',
  ]),
  vaginalDischarge: sig('normal', ['discharge', 'fishy (?:smell|odour)', 'itch\\w* (?:down there|vagina)']),
  jawClaudication: sig('normal', [
    '(?:jaw|jaws)(?: \\w+){0,3} (?:aches?|aching|hurts?|pain|tired|cramp)(?: \\w+){0,2} (?:when|while|as) (?:i |he |she )?(?:chew|eat|talk)',
    '(?:temple|temples|scalp)(?: \\w+){0,3} (?:tender|sore|painful|hurts)', '(?:sore|tender|painful) (?:scalp|temple|temples)', 'sore when i brush my hair', '(?:hurts|sore|painful|tender) (?:to|when i|when she|when he) (?:comb|brush|touch) (?:my |her |his )?(?:hair|scalp)',
  ]),
  eyeSocket: sig('normal', [
    '(?:eyelid|eye lid|eyelids|eye|around (?:his|her|my|their|the) eye)(?: \\w+){0,5} (?:swollen shut|swelled shut|swelling shut|closed up|closing up|closing over|wont open|cant open|puffed shut)',
    '(?:hurts?|pain\\w*|sore)(?: \\w+){0,3} (?:to move|moving|when (?:he |she |i |they )?(?:moves?|looks?|turns?)) (?:(?:his|her|my|their|the) )?(?:eyes?|around)',
    '(?:bulging|sticking out|pushed forward) eye', 'eye(?: \\w+){0,2} (?:bulging|sticking out|pushed forward)',
  ]),
  swollenEyelid: sig('normal', ['(?:swollen|puffy|red and swollen|red n swollen)(?: \\w+){0,2} (?:eyelid|eye lid|eye)', '(?:eyelid|eye lid|eye)(?: \\w+){0,3} (?:swollen|puffy|puffed up)']),
  jaundice: sig('normal', [
    '(?:skin|eyes|whites of (?:my|his|her|their) eyes)(?: \\w+){0,4} (?:yellow|yellowish|yellowy|jaundiced)', 'yellow (?:skin|eyes|tinge)', '(?:skin|eyes)(?: \\w+){0,2} (?:yellower|more yellow) than (?:usual|normal|before)', 'jaundice\\w*', 'gone yellow', 'turned yellow', 'looking yellow',
  ], /\b(?:newborn|baby|babys|week old|day old|days old|weeks old)\b/),
  rigors: sig('normal', ['shivers', 'shivering', 'shivery', 'shaking (?:uncontrollably|all over)', 'uncontrollable shaking', 'rigou?rs', 'teeth (?:chattering|are chattering)']),
  pulsatileTinnitus: sig('normal', [
    '(?:whooshing|thumping|pulsing|throbbing|heartbeat|beating)(?: \\w+){0,6} (?:in time with|with|like) (?:my |his |her )?(?:pulse|heart ?beat|heart)',
    '(?:hear|hearing)(?: \\w+){0,2} (?:my |his |her )?(?:heart ?beat|pulse) in (?:my |his |her |one )?(?:left |right )?ears?', 'pulsatile tinnitus',
  ]),
  contactLens: sig('normal', ['contact lens\\w*', 'contacts', 'lenses', 'lens wearer']),
  painfulEye: sig('normal', ['eye(?: \\w+){0,4} (?:painful|pain|hurts|hurting|sore|agony|aching|aches)', '(?:painful|sore|aching) (?:red )?eye']),
  hormonal: sig('normal', ['(?:on|taking|started) (?:the )?(?:combined |contraceptive )?pill', 'contraceptive pill', 'combined pill', 'hrt', 'hormone replacement']),
  // ---- labour, deep burns, eyes, diabetes, COVID-19 (added after blind-e's first measurement)
  cordProlapse: sig('normal', [
    '(?:see|seen|feel|felt|seeing|feeling|theres|there is|something like)(?: \\w+){0,3} (?:the |a )?(?:umbilical )?cord', 'cord (?:is |has )?(?:coming|come|hanging|poking|sticking|slipped)(?: \\w+){0,1} (?:out|down)', 'cord prolapse', 'prolapsed cord',
  ], /\b(?:spinal|vocal|extension|charging|charger|phone|power|light)\b/),
  labour: sig('normal', ['waters (?:have |had )?(?:broken|broke|gone|went|burst)', 'labou?r', 'contractions']),
  deepBurnSkin: sig('normal', [
    '(?:skin|it|burn|patch|area|hand|hands|arm|leg|foot)(?: \\w+){0,4} (?:white|charred|black|blackened|leathery|waxy)(?: and (?:leathery|dry|waxy|hard|stiff))?',
    'leathery', 'charred',
  ]),
  eyeRash: sig('normal', [
    '(?:rash|blisters?|spots|shingles)(?: \\w+){0,8} (?:eye|eyes|eyelid|eyelids|tip of (?:my|the|his|her) nose)',
    '(?:eye|eyelid)(?: \\w+){0,3} (?:rash|blisters?)',
  ]),
  chickenpox: sig('normal', ['chicken ?pox']),
  hypoFrequent: sig('normal', [
    'hypo\\w*(?: \\w+){0,3} (?:every|most|each|nearly every|almost every) (?:days?|mornings?|nights?|evenings?|weeks?)',
    '(?:keep|keeps|kept|keeping) (?:on )?(?:having|getting) (?:hypos|lows|low (?:blood )?sugars?)',
    '(?:lots of|several|many|loads of|frequent|regular|repeated|more|a few|few|(?:\\d+|two|three|four|five) or more) (?:hypos|lows)',
  ]),
  covidMention: sig('normal', ['covid\\w*', 'corona ?virus', 'tested positive', 'positive (?:lateral flow|test|lft)']),
  covidHighRisk: sig('normal', [
    'copd', 'emphysema', 'chronic bronchitis', 'chemo\\w*', 'immunosuppress\\w*', 'transplant', 'cancer', 'leukaemia', 'lymphoma',
    'kidney (?:disease|failure)', 'dialysis', 'liver (?:disease|cirrhosis)', 'cirrhosis', 'sickle cell', 'hiv', 'downs? syndrome', 'multiple sclerosis',
  ]),
  // ---- found by blind-j, -k and -l's first measurement: infection spreading from a wound, alcohol
  // withdrawal, serious wounds and crush injuries, angina at rest, carbon monoxide, muscle breakdown,
  // a hot swollen joint, too much paracetamol, a baby moving less in pregnancy
  lymphangitis: sig('normal', ['red (?:line|lines|streak|streaks|track|tracks)(?: \\w+){0,4} (?:up|along|going|spreading|running|tracking|moving|towards?)', 'tracking up (?:my|his|her|the) (?:arm|leg)']),
  alcoholWithdrawal: sig('normal', [
    '(?:stopped|quit|gave up|give up|cut out|coming off|came off|come off|off the) (?:the )?(?:drinking|drink|booze|alcohol)', 'alcohol withdrawal', 'withdraw\\w* from (?:alcohol|drink|the drink|booze)', '(?:alcohol|drink) detox', 'detoxing', 'the dts', 'delirium tremens',
  ]),
  hallucinating: sig('normal', ['hallucinat\\w*', '(?:seeing|sees|saw) (?:bugs|insects|spiders|snakes|rats|mice|creatures)', '(?:bugs|insects|spiders|ants) (?:crawling|on the (?:walls?|ceiling))', 'hearing voices', 'hears voices', '(?:hearing|seeing|hears|sees|heard|saw) things(?! about| on| at| from| in the news)', 'voices in (?:my|his|her|their) head', '(?:thinks|says|saying|convinced|believes) (?:the |her |his |my )?baby (?:is|was) (?:evil|possessed|the devil|not (?:hers|his|mine|ours))', '(?:seeing|seen|hearing|heard|see|hear|sees|hears) (?:things|stuff|people|bugs|spiders|insects|voices)(?: \\w+){0,3} (?:that )?(?:arent|isnt|are not|is not|werent|wasnt) (?:there|real)', '(?:bugs|insects|spiders) crawling']),
  deepWound: sig('normal', [
    'flap of skin', 'skin(?: \\w+){0,2} (?:hanging|flapping) (?:off|open|loose|down)?', 'gaping', 'gaping wound', '(?:deep|big|huge|large|nasty) (?:cut|gash|wound|laceration|bite|puncture)',
    '(?:cut|gash|wound|bite)(?: \\w+){0,3} (?:is |looks |very |really |quite )*(?:deep|gaping|wide open)', 'can see (?:the |my |his |her )?(?:bone|fat|tendon|muscle)',
  ]),
  crushOrSevered: sig('normal', [
    '(?:finger|fingers|toe|toes|thumb|hand|foot|feet|arm|leg|ear|fingertip|tip of (?:my|his|her) (?:finger|thumb))(?: \\w+){0,4} (?:nearly off|almost off|hanging off|cut off|chopped off|sliced off|severed|came off|come off|ripped off|torn off|partly off)',
    '(?:took|taken|chopped|cut|sliced|ripped|torn|tore|lopped|snipped|sheared) (?:the )?(?:end|tip|top|half|part) (?:off )?of (?:my|his|her|their|the) (?:finger|thumb|toe|fingertip|ear|nose)(?: off)?', '(?:finger|thumb|toe|fingertip|tip)(?: \\w+){0,3} in a (?:bag|box|tub|glass|cup)',
    'degloving', '(?:skin|flesh)(?: \\w+){0,2} (?:pulled|ripped|torn|stripped|peeled|come|came) (?:right )?off (?:my|his|her|their|the) (?:finger|thumb|hand|fingers)', '(?:ring|wedding ring)(?: \\w+){0,4} (?:caught|snagged|ripped|pulled)(?: \\w+){0,10} (?:skin|flesh)', '(?:pulled|ripped|torn|tore|stripped|peeled) (?:all )?(?:the )?(?:skin|flesh) (?:right )?off (?:my|his|her|their|the) (?:finger|thumb|hand|fingers)',
    '(?:crushed|crush injury|crushed by|crushed under|crushed in)', 'caught (?:in|under) (?:a |the )?(?:machine|machinery|press|roller|conveyor|lathe|car door|gate)',
  ]),
  tightPressure: sig('normal', ['tightness', 'pressure', 'heaviness', 'squeezing', 'crushing', 'tight feeling', 'heavy feeling']),
  // Not where rest is what settles it ("fine at rest", "goes off when I sit down"): that is stable angina.
  atRest: sig('normal', ['(?:sat|sitting|lying|laid|resting|at rest|in bed|doing nothing|asleep|woke (?:me|him|her) up|watching (?:tv|telly|the telly))'],
    /\b(?:fine|ok|okay|alright|normal|no pain|pain free|nothing|goes|went|gone|settles|settled|eases|eased|better|stops|stopped|disappears)(?: \w+){0,3} (?:at rest|resting|(?:when|once|if) (?:i|he|she|they) (?:rest|sit|sat|stop|stopped))\b/),
  exertionalBefore: sig('normal', [
    '(?:when|while|walking|running|jogging|climbing|exercising|on exertion|going up)(?: \\w+){0,6} (?:went|goes|settled|settles|eased|eases|stopped|stops|passed) (?:off |away )?when (?:i|he|she) (?:stopped|stop|rested|rest|sat down|sit down)',
    '(?:had (?:that|this|it)|happened|had them|had these)(?: \\w+){0,2} (?:a few|several|few|a couple of|couple of|lots of|many) times', 'angina',
  ]),
  coSource: sig('normal', ['carbon monoxide', 'boiler', 'gas (?:fire|heater|leak|smell|appliance|cooker)', 'smell of gas', '(?:co|carbon monoxide) (?:alarm|detector)', 'fumes', 'generator indoors', 'bbq indoors', 'barbecue inside']),
  headacheAny: sig('normal', ['head ?aches?', 'headachy', 'head (?:is |keeps )?(?:pounding|banging|thumping|throbbing|hurting|hurts|sore)']),
  householdAffected: sig('none', ['(?:mum and dad|mum n dad|both of (?:us|them)|all of us|everyone (?:in the house|at home)|whole family|the (?:dog|cat) (?:is|seems|too)|we all|both (?:have|got|feel))']),
  darkBrownUrine: sig('normal', [
    '(?:pee|wee|urine|piss)(?: \\w+){0,3} (?:dark brown|brown|like coke|like cola|cola coloured|coke coloured|tea coloured|like tea|black|very dark)', '(?:dark brown|brown|cola coloured|coke coloured|tea coloured) (?:pee|wee|urine)',
  ]),
  muscleAgony: sig('normal', [
    '(?:legs|arms|muscles|thighs|calves|quads|legs are|arms are)(?: \\w+){0,3} (?:agony|swollen|rock hard|so painful|really painful|excruciating|cant move)', '(?:spin|gym|workout|exercise|marathon|training)(?: \\w+){0,4} (?:agony|swollen)',
  ]),
  // A temperature of the whole body, not the joint's own heat: "my toe is red and hot" is gout as
  // often as infection; "I feel hot and shivery" is a fever.
  bodyFever: sig('normal', [
    '(?<!hay )fever\\w*', 'temperature', 'high temp', 'temp', 'burning up', 'feverish', 'shivery', 'shivering', 'chills',
    '(?:i|im|i am|i feel|feel|feels|feeling|felt|he|she|hes|shes|he is|she is|he feels|she feels|they feel|whole body|all over) (?:really |very |so |boiling |all )?hot',
    '3[89](?: \\d)?(?! (?:min|mins|minutes?|hours?|hrs?|years?|yrs?|yo|days?|weeks?|months?|seconds?|secs?|mg|mcg|ml|kg|kilos?|lbs?|percent|pence|p|quid|pounds|miles|km|times|cigarettes|units|fags|pints|mins?|odd|something|plus|ish)\\b)(?: degrees| c)?', '4[01](?: \\d)?(?! (?:min|mins|minutes?|hours?|hrs?|years?|yrs?|yo|days?|weeks?|months?|seconds?|secs?|mg|mcg|ml|kg|kilos?|lbs?|percent|pence|p|quid|pounds|miles|km|times|cigarettes|units|fags|pints|mins?|odd|something|plus|ish)\\b)(?: degrees| c)?',
  ]),
  // The first signs of a reaction in the mouth and throat: in someone with a known allergy who has
  // met the thing they react to, anaphylaxis can follow within minutes.
  mouthThroatReaction: sig('normal', [
    'throat(?: \\w+){0,2} (?:itch\\w*|tingl\\w*|scratchy|prickl\\w*|funny|weird|strange|tight\\w*|thick)', '(?:itchy|tingly|tingling|scratchy|prickly|tight|funny) (?:throat|mouth|tongue|lips?)',
    '(?:lips?|mouth|tongue)(?: \\w+){0,3} (?:tingl\\w*|itch\\w*|prickl\\w*|numb|fizz\\w*|buzz\\w*|burning)',
  ]),
  // After a birth, thoughts of harming the baby need help the same day (with hallucinations, at once).
  harmBabyThoughts: sig('none', [
    '(?:thoughts?|thinking|thinkin|urges?|images?|scared (?:i|that i)(?: will| might| could)?|afraid (?:i|that i)(?: will| might| could)?|worried (?:i|that i)(?: will| might| could)?)(?: \\w+){0,3} (?:harm|harming|hurt|hurting|kill|killing|smother\\w*|shake|shaking|drown\\w*) (?:her|him|the baby|my baby|them|my son|my daughter)',
  ]),
  // Something pushed into a nose or ear: an urgent treatment centre removes it the same day.
  stuckObject: sig('normal', [
    '(?:pushed|put|stuck|shoved|poked|inserted|lodged|got|pushing|putting|shoving)(?: \\w+){0,4} (?:up|in|into|inside) (?:his|her|their|my|the|one) (?:nose|nostril|ear)',
    '(?:bead|pea|button|stone|pebble|lego|toy|crayon|rubber|sweet|raisin|peanut|nut|bean|sponge|paper|tissue|cotton bud|cotton wool)(?: \\w+){0,3} (?:up|in|stuck in|stuck up|inside) (?:his|her|their|my|the|one) (?:nose|nostril|ear)',
  ]),
  // A swelling, lump or ache in a testicle that came on slowly (sudden severe pain is torsion, above).
  testicleProblem: sig('normal', [
    '(?:testicle|testicles|testes|testis|scrotum|bollocks?|(?:my|his) balls|(?:my|his) nuts)(?: \\w+){0,5} (?:bigger|swollen|swelling|lump\\w*|sore|pain\\w*|ache\\w*|aching|hurts?|hurting|tender|heavy)',
    '(?:lump|swelling|pain|ache|aching) (?:in|on) (?:my|his|the|one|a) (?:testicle|testicles|scrotum|balls?)',
  ], /\bballs? of (?:my|his|her|the|their) (?:foot|feet)\b/),
  // Itching of the palms and soles in pregnancy, without a rash: possible obstetric cholestasis.
  itchPalmsSoles: sig('normal', [
    '(?:palms?|soles?|hands and feet|feet and hands|hands and soles)(?: \\w+){0,5} itch\\w*', 'itch\\w*(?: \\w+){0,4} (?:palms?|soles?|hands and feet|feet and hands)',
  ]),
  // A small object swallowed by a child (batteries and magnets are poisons above, an emergency).
  swallowedObject: sig('normal', [
    '(?:swallowed|swallow|ate|eaten|gulped)(?: \\w+){0,2} (?:a |an |the |some |one of (?:those|the|my|his|her) )?(?:small |little |tiny )?(?:coin|coins|\\dp|\\d\\dp|penny|pennies|marble|bead|button|toy|lego|earring|pin|screw|nail|stone|pebble|key|ring|bottle top|bead)\\b',
  ]),
  // Fever after a stay where malaria is found: NHS says get medical help the same day.
  malariaTravel: sig('normal', [
    '(?:back|returned|came back|come back|got back|flew back|flown back|home|travel\\w*|been|visiting|visited|trip|holiday)(?: \\w+){0,6} (?:africa|nigeria|ghana|kenya|uganda|tanzania|sierra leone|gambia|cameroon|congo|zambia|malawi|mozambique|zimbabwe|ethiopia|sudan|somalia|senegal|mali|ivory coast|the ivory coast|liberia|guinea|togo|benin|burkina faso|angola|madagascar|india|pakistan|bangladesh|papua new guinea|the amazon|the tropics|a malaria area|a malaria country)',
    'malaria (?:tablets|pills|area|country|region|zone)', 'didnt (?:take|get|have) (?:the |any |my )?(?:anti ?)?malaria\\w*',
  ]),
  // Redness or swelling that is spreading along a limb: possible cellulitis.
  spreadingRedness: sig('normal', [
    '(?:redness|red|red area|red patch|swelling|swollen|infection|it)(?: \\w+){0,3} (?:is |has been |keeps )?spreading (?:up|along|across|round|around|over|towards|to)',
    'spreading (?:up|along|towards) (?:(?:my|his|her|the|their) )?(?:finger|fingers|arm|leg|hand|foot|toe|wrist|ankle|shin|calf)',
    // the pen line people are told to draw round a red patch
    '(?:gone|spread|spreading|grown|growing|got bigger|moved|creeping) (?:past|beyond|outside|over|out of) (?:the |my |his |her )?(?:pen |biro |marker )?(?:line|lines|mark|marks|outline|ring|circle)',
  ]),
  // Any blood coughed up, even streaks: NHS says see a GP urgently (a lot of it is 999, above).
  coughBlood: sig('normal', [
    '(?:cough\\w*|coughed|hacking) up (?:a (?:bit|little|small amount|few specks) of |some |a little |specks of |streaks of |flecks of |spots of |traces of |bits of )?(?:bright |dark |fresh )?(?:red )?blood',
    'blood(?: \\w+){0,2} (?:in|on) (?:my |his |her |the )?(?:phlegm|spit|sputum|mucus)',
    '(?:phlegm|spit|sputum|mucus)(?: \\w+){0,3} (?:blood|bloody|blood stained|bloodstained|streaked with blood|pink|rusty)',
    '(?:pink|red|rusty|bloody) (?:in (?:my|his|her|the) )?(?:phlegm|spit|sputum|mucus)',
  ]),
  hotSwollenJoint: sig('normal', [
    '(?:knee|hip|ankle|elbow|wrist|shoulder|joint|toe|finger)(?: \\w+){0,3} (?:is |has gone |gone |really |very |so )*(?:red|hot|swollen|swelled up)(?: \\w+){0,2} (?:and )?(?:red|hot|swollen|warm)',
    '(?:red|hot|swollen) (?:and (?:red|hot|swollen) )?(?:knee|hip|ankle|elbow|wrist|shoulder|joint)',
  ]),
  paracetamolExcess: sig('normal', [
    'too much (?:paracetamol|ibuprofen|co ?codamol|codeine|insulin|medicine|medication|of (?:my|his|her|the) (?:tablets|meds|medicine|medication))',
    '(?:more|over) than (?:the )?(?:max|maximum|recommended|packet|dose)(?: \\w+){0,3} (?:paracetamol|tablets|dose)', 'paracetamol overdose', 'staggered overdose',
  ]),
  reducedMovements: sig('normal', [
    '(?:baby|babys|bump)(?: \\w+){0,3} (?:moving|movements?|kicking|kicks|wriggling)(?: \\w+){0,3} (?:less|fewer|slower|slowed|reduced|not as much|stopped|quieter)',
    '(?:baby|babys) (?:hasnt|has not|havent|not) (?:moved|kicked|been moving|been kicking)', '(?:not|havent|hasnt|cant) (?:felt|feel) (?:the |my )?baby (?:move|kick|moving|kicking)',
    '(?:baby|babys)(?: \\w+){0,2} not (?:moving|kicking|wriggling)(?: \\w+){0,1} (?:as much|as often|much|often|like (?:normal|usual))', 'reduced (?:fetal |foetal |baby )?movements?', '(?:baby|babys|bump)(?: \\w+){0,2} (?:has |have |is |has been |gone |been )(?:really |very |so |quite |a lot )?(?:quiet|quieter|still)(?! (?:now|asleep))', '(?:hardly|barely) (?:any|felt (?:any|anything|him|her|them|the baby)|feel (?:any|anything|him|her|the baby))(?: \\w+){0,2} (?:kicks?|movements?|moving|kicking|since|today|all day)', '(?:less|fewer) (?:movements?|kicks) (?:than usual|today)',
  ]),
  // ---- found by blind-h and -i (measured twice, then tuned on): a hypo that does not come up,
  // shock, retention, priapism, heavy bleeding from the bottom, black stools, sickle cell with fever
  hypoNotResponding: sig('normal', [
    '(?:still|stays?|stayed|staying|keeps? (?:dropping|going down)|wont (?:come|go) up|not (?:coming|going) up|hasnt (?:come|gone) up)(?: \\w+){0,3} (?:low|[1-3](?: \\d)?|under 4|below 4)',
    '(?:\\d|two|three|four|five|six|several|a few) (?:lots|rounds|goes|times|doses|lots of sugar|glucose tablets|dextrose tablets|jelly babies|sweets)(?: \\w+){0,5} (?:still|no better|not working|hasnt worked|didnt work)',
    '(?:sugars?|levels?|bms?|reading|its|it is|it s) (?:is |are )?still (?:not (?:coming|going) up|not rising|not budging|wont (?:come|go) up|dropping|going down)',
  ]),
  lowBloodPressure: sig('normal', ['(?:bp|blood pressure|pressure)(?: \\w+){0,4} (?:[4-8]\\d) (?:over )?\\d\\d\\b', '(?:very|really|dangerously) low blood pressure']),
  cantPee: sig('normal', [
    '(?:cant|couldnt|unable to|not able to|havent been able to|hasnt been able to) (?:pass water|pee|wee|urinate|pass urine|go for a wee|go for a pee|do a wee)',
    '(?:no|not passed any|hasnt passed any|not passed) (?:urine|water|wee|pee) (?:since|for|all)',
  ]),
  priapism: sig('normal', [
    '(?:erection|hard on|boner)(?: \\w+){0,4} (?:[4-9]|\\d\\d|four|five|six|seven|eight|several|many) hours', '(?:erection|hard on|boner) (?:wont|will not|isnt|not) go(?:ing)? (?:down|away)', 'priapism',
  ]),
  rectalBleedHeavy: sig('normal', [
    '(?:big|heavy|huge|massive|large|lot of|lots of|loads of) (?:bleed|blood|bleeding)(?: \\w+){0,3} (?:back passage|bum|bottom|rectum|anus|behind)',
    '(?:bleeding|blood) from (?:the |my |his |her |their )?(?:back passage|bum|bottom|rectum)(?: \\w+){0,4} (?:wont stop|not stopping|loads|a lot|heavily|clots|keeps coming|pouring)',
    '(?:toilet|bowl|pan)(?: \\w+){0,2} (?:full of|filled with|covered in) blood',
  ]),
  blackStool: sig('normal', ['(?:poo|stool|stools|poop|bowel movements?)(?: \\w+){0,3} (?:black|jet black|tarry|like tar)', 'black (?:poo|stool|stools|poop)']),
  sickleCell: sig('normal', ['sickle ?cell', 'sickle cell (?:disease|anaemia|anemia)', 'thalassaemia major']),
  // ---- found by blind-m (measured once, then tuned on): weakness climbing from the feet
  progressiveWeakness: sig('normal', [
    '(?:legs|arms|hands|feet)(?: \\w+){0,3} (?:getting|got|gone|going|have got|are getting|has got) (?:weaker|weak|floppy)', '(?:can hardly|cant|can barely) (?:get up|climb|walk up|manage) (?:the )?stairs',
    'weakness(?: \\w+){0,4} (?:spreading|moving up|climbing|creeping up|getting worse)',
    '(?:tingl\\w*|pins and needles|numbness)(?: \\w+){0,3} (?:creeping|spreading|moving|climbing|going|working its way) up (?:from )?(?:my |his |her |their |the |both )?(?:feet|legs|toes|hands)',
    '(?:legs|arms)(?: \\w+){0,2} (?:are |have gone |gone |feel |have been )?(?:weak|floppy|like jelly)(?: \\w+){0,3} (?:struggl\\w*|cant|could not|couldnt) (?:to )?(?:get up|stand|walk|climb)',
    'struggl\\w* (?:to )?(?:get up|climb|walk up) (?:the )?stairs',
  ]),
  slowPulse: sig('normal', [
    '(?:pulse|heart ?rate|heartbeat|heart)(?: \\w+){0,3} (?:really |very |so |quite |dead )?(?:slow|low)(?! down| it down)', 'slow (?:pulse|heart ?rate|heartbeat)', '(?:pulse|heart ?rate) (?:of |is |was |at |down to )?(?:2\\d|3\\d|4\\d)\\b',
  ]),
  // Tetanus after a wound: the jaw stiffening, then spasms.
  lockjaw: sig('normal', ['lock ?jaw', 'jaw(?: \\w+){0,2} (?:is |going |gone |getting |feels |locked |locking )?(?:stiff|locked|locking|tight|seizing|clenched)', '(?:cant|can barely|cannot|struggling to) open (?:my|his|her|their) (?:mouth|jaw)']),
  spasms: sig('normal', ['spasm\\w*', 'muscles? (?:keep )?(?:jerking|locking|cramping up)']),
  // Oil, grease, paint or vaccine forced under the skin: looks small, needs surgery the same day.
  injectionInjury: sig('normal', [
    '(?:grease gun|paint gun|paint sprayer|spray gun|high pressure|pressure washer|jet wash\\w*|hydraulic (?:line|hose|pipe|oil)|diesel injector|injector)(?: \\w+){0,5} (?:into|in|went into|injected|through) (?:my|his|her|their|the)',
    '(?:injected|jabbed|stabbed|stuck) (?:myself|himself|herself|themselves)(?: \\w+){0,8} (?:vaccine|oil|oily|grease|adjuvant)', '(?:vaccine|oil|grease|paint)(?: \\w+){0,3} (?:injected|injection) (?:into|in) (?:my|his|her|their)',
  ]),
  stungMouth: sig('normal', ['(?:stung|sting|bitten|bite)(?: \\w+){0,4} (?:in|inside|on the inside of|on) (?:the |my |his |her |their )?(?:inside of (?:the |my |his |her )?)?(?:mouth|throat|tongue)', '(?:wasp|bee|hornet|fly|insect)(?: \\w+){0,4} (?:in|into) (?:my|his|her|their) (?:mouth|throat)(?: \\w+){0,6} (?:stung|sting)']),
  // Swallowed something poisonous (beyond medicines): with symptoms, A&E (NHS poisoning).
  poisonSwallowed: sig('normal', [
    '(?:drank|drunk|swallowed|ate|eaten|had (?:a )?(?:sip|swig|mouthful|gulp) of|sipped)(?: \\w+){0,6} (?:weedkiller|weed killer|pesticide|insecticide|paraquat|glyphosate|roundup|sheep dip|antifreeze|screenwash|rat poison|slug pellets|white spirit|paraffin|petrol|diesel|lamp oil|bleach|brake fluid|creosote)',
    '(?:wild|foraged|picked) (?:\\w+ )?mushrooms?', 'mushrooms? (?:we |i |he |she |they )?(?:picked|foraged|found)', '(?:foraged|foraging)(?: \\w+){0,4} (?:ate|eaten|had|cooked)',
    '(?:weedkiller|weed killer|pesticide|paraquat|antifreeze|sheep dip)(?: \\w+){0,4} (?:swallowed|drank|drunk|in (?:my|his|her) mouth)',
  ]),
  // The mouth or throat burning after swallowing something: a corrosive.
  burningMouth: sig('normal', ['(?:mouth|throat|lips|tongue|gullet)(?: \\w+){0,2} (?:burning|burns|burnt|on fire|stinging|blistering)', 'burning (?:in )?(?:my |his |her |their |the )?(?:mouth|throat|lips|tongue)']),
  // A fall or blow, then neck or back pain with tingling or weakness in the limbs: a spinal injury.
  spinalTrauma: sig('normal', [
    '(?:fell|fall|fallen|came off|come off|thrown|threw me|crash\\w*|landed|dived|diving|rugby tackle|tackled|hit by|knocked off)(?: \\w+){0,8} (?:neck|back|spine)',
    '(?:neck|back|spine)(?: \\w+){0,6} (?:after|since) (?:i |he |she |they )?(?:fell|falling|the fall|a fall|came off|coming off|the crash|a crash|diving|being thrown)',
  ]),
  limbNeuro: sig('normal', ['tingl\\w*(?: \\w+){0,3} (?:both|arms|hands|legs|feet)', '(?:both|my|his|her) (?:hands|arms|legs|feet)(?: \\w+){0,3} (?:tingl\\w*|numb|weak|pins and needles|dead)', 'pins and needles in (?:both|my|his|her) (?:hands|arms|legs|feet)', 'cant feel (?:my|his|her) (?:hands|arms|legs|feet)']),
  tinglingAny: sig('normal', ['tingl\\w*', 'pins and needles', 'numb\\w*']),
  // ---- found by blind-ac and blind-ad (2026-11-25) ---------------------------------------------
  // Pauses in a baby's breathing (NHS bronchiolitis: long pauses are a 999 sign).
  breathingPauses: sig('normal', [
    '(?:pauses?|pausing|paused|gaps?|stops?|stopping) (?:in |with )?(?:her |his |their |the )?(?:breathing|breaths?)(?: for)?',
    '(?:breathing|breaths?)(?: \\w+){0,2} (?:pauses|pausing|stops and starts|stopping and starting|keeps stopping)',
    '(?:forgets|forgetting) to (?:breathe|breath)',
  ]),
  // Someone qualified has already said "go to hospital / A&E now": the assistant must not talk them
  // out of it. Advice for later ("if it gets worse", "tomorrow", a booked appointment) is not that.
  toldToGoToHospital: sig('normal', [
    '(?:gp|doctor|doctors|dr|doc|nurse|111|pharmacist|midwife|consultant|specialist|surgery|clinic|team|unit|paramedics?|ambulance crew|call handler|optician|dentist|hospital|they|he|she)(?: \\w+){0,10} (?:said|told|says|tells|telling|advised|advising|wants|want|rang|phoned|called)(?: \\w+){0,8} (?:to |i should |i need to |we need to |we should |i must |should |me to |him to |her to |us to |them to )(?:go|get|come|head|attend)(?: \\w+){0,2} (?:to |in to |into |up to )?(?:a e|a and e|ae|hospital|the hospital|emergency department|the emergency department|resus|emergency)',
    '(?:said|told|says|tells|advised)(?: \\w+){0,4} (?:to )?(?:call|ring|phone|dial) (?:999|an ambulance|for an ambulance)',
    '(?:sent|sending|referred) (?:me |him |her |us |them )?(?:straight |urgently )?(?:to|into) (?:a e|a and e|hospital|the hospital|resus|the emergency department)',
  ], /\bif (?:it|i|he|she|they|things|symptoms?|anything|the \w+|we|you)\b|\bno need\b|\b(?:dont|didnt|doesnt|not|never) (?:need|have|had|needed) to\b|\bnot to (?:go|come|bother)\b|\b(?:tomorrow|next week|appointment|booked|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b/),
  // Medicines a person must not miss (anti-rejection, replacement steroids): being unable to keep
  // them down is an emergency (NHS Addison's disease: adrenal crisis; transplant teams say the same).
  cantKeepMedsDown: sig('normal', [
    '(?:cant|couldnt|cannot|unable to|not able to|not) keep(?:ing)? (?:my |his |her |their |any |the |me |them )?(?:meds|medication|medications|medicines?|tablets|pills|anti ?rejection\\w*|steroids?|hydrocortisone|immunosuppressants?|doses?)(?: \\w+){0,2} down',
    '(?:vomit\\w*|throwing up|threw up|thrown up|sick|bringing)(?: \\w+){0,4} (?:my |his |her |their |the )?(?:meds|medication|medicines?|tablets|pills|steroids?|hydrocortisone)(?: \\w+){0,2} (?:back )?up',
  ]),
  steroidDependent: sig('normal', [
    'addison\\w*', 'adrenal (?:insufficiency|failure|crisis)', 'hydrocortisone', 'hypopituitar\\w*', 'steroid (?:emergency )?card', 'anti ?rejection', 'transplant\\w*', 'congenital adrenal',
  ]),
  // NHS asthma: needing the reliever more often than every 4 hours means an urgent appointment today.
  relieverOften: sig('normal', [
    '(?:blue inhaler|inhaler|reliever|ventolin|salbutamol|pump|puffer|nebuli[sz]er)(?: \\w+){0,4} every (?:hour|half hour|(?:1|2|3|4|one|two|three|four|couple of|few)(?: or | to | )?(?:2|3|4|two|three|four)?(?: ?hours?| ?hrs?| ?h)\\b)',
    '(?:blue inhaler|inhaler|reliever|ventolin|salbutamol|pump|puffer)(?: \\w+){0,4} (?:more than|over) (?:\\d+|four|five|six|eight|ten) times (?:a|per|in a) day',
    '(?:using|needing|on|taking)(?: \\w+){0,2} (?:blue inhaler|inhaler|reliever|ventolin|salbutamol|pump|puffer)(?: \\w+){0,2} (?:constantly|all the time|non stop|every hour|loads)',
  ]),
  // Medicines whose safe dose is close to a harmful one: sickness or diarrhoea can tip them over
  // (NHS lithium, digoxin: contact a doctor straight away).
  tremor: sig('normal', ['shaky', 'shaking', 'shakes', 'tremor\\w*', 'trembl\\w*', 'twitch\\w*', 'unsteady', 'wobbly on (?:my|his|her) feet']),
  narrowMarginMedicine: sig('normal', ['lithium', 'priadel', 'camcolit', 'digoxin', 'phenytoin', 'theophylline', 'aminophylline']),
  vomiting: sig('normal', ['vomit\\w*', '(?:been|being|keeps being|was|is) sick', 'throwing up', 'threw up', 'thrown up', 'puking', 'puked', 'spewing', 'cant keep (?:anything|food|fluids|water|drinks) down']),
  bloodInPoo: sig('normal', [
    '(?:blood|bloody|red streaks?|streaks? of blood|streaky blood)(?: \\w+){0,4} (?:in|on) (?:his |her |their |the |my )?(?:nappy|nappies|poo|poos|stool|stools)',
    '(?:nappy|nappies|poo|poos|stools?)(?: \\w+){0,4} (?:blood|bloody|red streaks?)',
  ], /\b(?:piles|haemorrhoids?|hemorrhoids?|constipat\w*|strain\w*)\b/),
  // NHS nosebleeds: A&E when it lasts over 10 to 15 minutes, a lot of blood is swallowed, or with dizziness.
  noseBleed: sig('normal', ['nose ?bleeds?', 'nose ?bleeding', 'nose(?: \\w+){0,3} (?:bleeding|bleed|pouring|gushing|pissing|streaming|running with blood|wont stop)', 'blood (?:pouring|gushing|streaming|coming) (?:out of|from) (?:my |his |her |their |the )?nose']),
  swallowingBlood: sig('normal', ['swallow\\w* (?:lots of |loads of |a lot of |so much |all the )?blood', 'blood (?:going |running |dripping )?down (?:the back of )?(?:my|his|her|their) throat']),
  lastedLong: sig('normal', ['(?:for|over|about|nearly|almost|more than|past|last|the last) (?:half an hour|an hour|(?:1[5-9]|[2-9]\\d) ?min\\w*|(?:fifteen|twenty|thirty|forty|forty five) min\\w*|\\d+ hours?)', 'half an hour', '(?:1[5-9]|[2-9]\\d) ?mins?\\b', '(?:1[5-9]|[2-9]\\d) minutes']),
  // Recreational drugs: with overheating, fits, collapse, confusion or chest pain, 999.
  recreationalDrugs: sig('normal', [
    '(?:took|taken|taking|had|done|did|dropped|necked|swallowed|snorted|smoked) (?:a |some |two |2 |a couple of |half a |too much |too many )?(?:pills?|mdma|molly|mandy|ecstasy|e|ket|ketamine|coke|cocaine|speed|amphetamines?|acid|lsd|spice|drugs|crystal|meth|ghb|g|pingers|bombs)',
    'took something (?:at|in|from|on)', '(?:drink|drinks) (?:was |got |were )?spiked', 'been spiked', 'spiked (?:me|him|her|them)', 'on (?:drugs|something)', 'overdos\\w*',
  ]),
  // ---- found by blind-ae after tuning (2026-11-25): NHS "see a GP urgently / get help today" signs
  // Bruises that appear without an injury (NHS bruises: see a GP urgently).
  unexplainedBruising: sig('normal', [
    'bruis\\w*(?: \\w+){0,2} (?:easily|for no reason|out of nowhere|without (?:a |any )?(?:bump|knock|injury|reason)|from nowhere|all over)',
    '(?:big|large|lots of|loads of|new|strange|unexplained) bruis\\w*(?: \\w+){0,4} (?:no|without|not) (?:bump|knock|injury|banged|hit)',
    'unexplained bruis\\w*', 'bruising easily', 'bruise (?:so |really |very )?easily', '(?:cant|dont|doesnt) remember (?:banging|knocking|hitting)(?: \\w+){0,3} bruis\\w*',
  ], /\b(?:since (?:i was|he was|she was) (?:a kid|little|young|a child|a baby)|for years|always (?:have|had|has|bruised))\b/),
  // A finger, toe or joint out of shape after an injury: a break or dislocation (urgent treatment centre).
  jointDeformity: sig('normal', [
    '(?:finger|thumb|toe|knuckle|wrist|elbow|shoulder|kneecap|ankle|joint)(?: \\w+){0,6} (?:is |looks |gone |now )?(?:crooked|bent|wonky|out of place|at a (?:funny|strange|odd|weird) angle|deformed|the wrong way|sticking out)',
    '(?:crooked|bent|wonky|deformed) (?:finger|thumb|toe|wrist|knuckle)',
  ], /\b(?:for years|since birth|arthritis|always been)\b/),
  // A knee that has locked or will not straighten after a twist (NHS knee pain: urgent treatment centre).
  lockedJoint: sig('normal', [
    '(?:knee|leg)(?: \\w+){0,3} (?:has |is |keeps |gone |got )?(?:locked|locking|stuck|jammed)(?! up with)',
    '(?:cant|cannot|couldnt|wont) (?:straighten|bend|fully straighten|fully bend) (?:it|my knee|the knee|his knee|her knee|my leg|his leg|her leg)',
  ]),
  // Sick every time they drink: not keeping fluids down (dehydration, 111).
  cantKeepFluids: sig('normal', [
    '(?:sick|vomit\\w*|throw\\w* up|bring\\w* (?:it|everything) (?:back )?up)(?: \\w+){0,2} (?:every time|whenever|each time|as soon as) (?:i|he|she|they|we) (?:drink|eat|have a drink|have a sip|take a sip|try to drink)',
  ]),
  breathingFaster: sig('normal', ['(?:breathing|breaths?) (?:a bit |much |a lot |way )?(?:faster|quicker) than (?:normal|usual)', '(?:breathing|breaths?) (?:really |very |so )?(?:fast|quick|rapid)']),
  // A tick bite followed by a spreading round red rash (NHS Lyme disease: see a GP).
  tickBite: sig('normal', ['ticks?']),
  ringRash: sig('normal', ['(?:ring|bullseye|bulls eye|target|circle|circular|round)(?: \\w+){0,2} (?:rash|mark|redness|patch)', 'rash(?: \\w+){0,4} (?:spreading|getting bigger|growing|in a ring|in a circle)', 'red (?:ring|circle|patch)']),
  // A red, painful breast while feeding (NHS mastitis: see a GP with a temperature or if not better).
  breastRedness: sig('normal', ['(?:breast|boob|boobs|nipple|nipples|tit)(?: \\w+){0,3} (?:red|hot|sore|painful|swollen|lump\\w*|hard)', '(?:red|hot|sore|painful|swollen|hard) (?:breast|boob|boobs|area on my boob|patch on my boob|lump in my (?:breast|boob))']),
  // ---- found by blind-ah's first measurement (2026-11-25)
  // The waters breaking (NHS signs of labour: before 37 weeks, or green, brown, smelly or bloody
  // fluid, call the maternity unit at once).
  watersBroken: sig('normal', [
    'waters (?:(?:have|has|had|are|is|just|might have|may have|seem to have) )*(?:broken|broke|gone|went|burst|breaking|leaking|started leaking)',
    '(?:gush|trickle|trickling|leak|leaking|dribbl\\w*|pouring|flood)(?: \\w+){0,4} (?:fluid|water|waters|liquid)',
    '(?:fluid|water|liquid)(?: \\w+){0,3} (?:trickling|leaking|gushing|pouring|dribbling|running) (?:out|down)',
  ], /\b(?:water infection|drinking water|hot water|bath water|glass of water|tap water|sea water|pool water)\b/),
  watersColoured: sig('normal', [
    '(?:green\\w*|brown\\w*|greeny|browny|khaki|smelly|foul|bloody|blood stained|bloodstained|pinky?)(?: \\w+){0,2} (?:fluid|waters|water|liquid)',
    '(?:fluid|waters|liquid)(?: \\w+){0,6} (?:is |was |are |were |looks |looked |smells |smelled |a bit |quite )*(?:green\\w*|brown\\w*|greeny|browny|khaki|smelly|foul|bloody|blood stained|bloodstained|pinky?|offensive)',
  ]),
  // A needle or sharps injury from a used needle (NHS: go to A&E straight away; treatment to
  // prevent HIV or hepatitis works best within hours). Not one's own clean needle.
  needleInjury: sig('normal', [
    'needle ?sticks?', 'sharps injury', 'needle injury',
    '(?:stabbed|pricked|jabbed|stuck|spiked|scratched|cut)(?: \\w+){0,3} (?:with|on|by) (?:a |an |some |the )?(?:used |dirty |discarded |old |contaminated |dropped |drug |someone elses |a patients )*(?:needle|syringe|sharps?)',
    '(?:used|dirty|discarded|contaminated|drug) (?:needle|syringe)(?: \\w+){0,4} (?:stabbed|pricked|went into|went in|jabbed|stuck|scratched|pierced)',
  ], /\b(?:own (?:insulin )?(?:needle|pen)|my insulin (?:needle|pen)|sewing|knitting|pine needles?|cactus|clean needle|new needle|unused|acupuncture)\b/),
  // Confusion itself, as the sudden-confusion rule needs it: not sleepiness or being "out of it"
  // (after a big lunch, a night shift or a drink), which the wider `confused` sign also counts.
  disoriented: sig('normal', ['confused', 'confusion', 'disorientated', 'disoriented', 'delirious', 'delerious', 'muddled', ...CONFUSION_PHRASES], /\b(?:confused|muddled) (?:about|by|as to|over|why|whether|what|if|with)\b/),
  // Confusion that came on suddenly (NHS: sudden confusion is a reason to call 999), told by when
  // it started rather than by the word "sudden".
  // When it began, not a symptom: "hasnt been himself since lunch" is not negated by its "hasnt".
  suddenOnset: sig('none', [
    'suddenly', 'all of a sudden', 'out of (?:nowhere|the blue)', 'came on (?:fast|quickly|suddenly|all at once)',
    'since (?:lunch|lunchtime|breakfast|this morning|this afternoon|this evening|earlier|earlier today|teatime|tea time|dinner|dinnertime|last night|an hour ago|a few hours ago|a couple of hours ago|(?:\\d+|two|three|four) hours ago|(?:he|she|they) (?:woke|got) up|waking up)',
    'in the (?:last|past) (?:hour|few hours|couple of hours)', '(?:was|were) (?:fine|ok|okay|normal|alright|(?:him|her|them)self|(?:his|her|their) usual self) (?:this morning|yesterday|last night|earlier|earlier today|at breakfast|at lunch|at lunchtime|at tea ?time|at dinner|an hour ago|a few hours ago)',
  ]),
  // ---- found by blind-ai's first measurement (2026-11-25)
  // Breathing that gurgles or rattles: in someone drunk, on drugs or who cannot be woken, the airway
  // is blocked or filling (NHS alcohol poisoning: risk of choking on vomit; call 999).
  gurglingBreath: sig('normal', [
    '(?:gurgl\\w*|rattl\\w*|bubbl\\w*)(?: \\w+){0,3} (?:when|as|while|whilst) (?:he|she|they|i|you) (?:breathes?|breathing)',
    '(?:gurgling|rattling|bubbling|gurgly|rattly) (?:noises?|sounds?|breath\\w*)', 'breath\\w*(?: \\w+){0,3} (?:gurgl\\w*|rattl\\w*|bubbl\\w*)',
    'choking on (?:his |her |their |my )?(?:own )?(?:sick|vomit)', '(?:been |being )sick (?:in|while|whilst) (?:his |her |their )?(?:sleep|asleep|passed out|unconscious)',
  ], /\b(?:tummy|stomach|belly|gut|guts)(?: \w+){0,2} (?:gurgl\w*|rumbl\w*)\b/),
  // Drunk: the state, not the verb ("drunk some bleach" is poisoning).
  intoxicated: sig('normal', [
    '(?:is|was|very|really|so|blind|too|falling down|paralytically?) drunk', 'drunk (?:and|as)', 'paralytic', 'hammered', 'wasted', 'smashed', 'off (?:his|her|their|my) (?:face|head)',
    '(?:lots|loads|a lot|way too much|too much) (?:to drink|of (?:drink|alcohol|booze|vodka|wine|beer|cider|gin|rum|shots))', 'been drinking',
    '(?:bottle|bottles|litre|pints?|cans?|shots?) of (?:vodka|wine|beer|cider|gin|rum|whisky|whiskey|tequila|jager|booze|spirits)',
  ]),
  // Medicines that can stop the bone marrow making white blood cells (agranulocytosis): a sign of
  // infection on them needs a blood count the same day, a temperature is treated as sepsis.
  // Injecting drugs (not prescribed injections: insulin, weight-loss pens, blood thinners, B12).
  injectsDrugs: sig('normal', [
    '(?:i|we|they) inject\\b', 'injects\\b', 'injects? (?:drugs|heroin|gear|speed|crack|meth|cocaine|coke)', 'injecting(?: \\w+){0,2} (?:drugs|heroin|gear|speed|crack|meth|cocaine|coke)',
    '(?:iv|intravenous) drug (?:use|user|users)', 'injecting drug user', 'shooting up', 'skin popping',
    'inject(?:s|ing|ed)? (?:in|into) (?:my|his|her|their) (?:groin|veins?|neck|feet|foot)',
  ], /\b(?:insulin|ozempic|mounjaro|wegovy|saxenda|semaglutide|tirzepatide|b12|methotrexate|humira|adalimumab|enoxaparin|clexane|heparin|fertility|ivf|epipen|pen|pens|hrt|depo|contracepti\w*|vaccine|jab|botox|filler)\b/),
  // ---- found by blind-ak's first measurement (2026-11-25)
  // A baby's soft spot sunken: severe dehydration (NHS dehydration).
  sunkenFontanelle: sig('normal', ['soft spot(?: \\w+){0,6} (?:sunken|sunk|sinking|dipped|dipping|caved in|hollow|gone in)', 'sunken (?:soft spot|fontanelle)', 'fontanelle(?: \\w+){0,3} (?:sunken|sunk|sinking|dipped)']),
  // Both legs weak, heavy or giving way, or falling over: with back pain, pressure on the spinal
  // cord or its nerves (NHS sciatica and back pain: A&E when both legs are weak or numb).
  legsGivingWay: sig('normal', [
    '(?:both )?legs(?: \\w+){0,3} (?:heavy|wobbly|weak|weaker|giving way|gave way|give way|like jelly|buckling|buckled|not working|numb|dead)',
    '(?:keep|keeps|kept|been|keep on) (?:tripping|falling|stumbling)(?: over| up)?',
  ], /\b(?:gym|workout|leg day|squats?|run|ran|running|marathon|hike|hiking|cycling|football|training)\b/),
  // Eczema with clusters of blisters or punched-out sores (eczema herpeticum), or weeping and
  // crusted (infected): NHS atopic eczema sends both to a GP or 111 the same day.
  eczemaWord: sig('none', ['eczema', 'atopic dermatitis']),
  herpeticSores: sig('normal', ['punched out', '(?:clusters?|crops?|patches|lots|loads) of (?:little |tiny |small )?(?:blisters|sores|spots)', 'blisters(?: \\w+){0,4} (?:burst|bursting|into sores|spreading)']),
  eczemaInfected: sig('normal', ['weep\\w*', 'crust\\w*', 'oozing', 'pus']),
  // A catheter that has stopped draining (NHS: contact the nurse or 111 now; retention if the
  // tummy swells or hurts).
  catheterBlocked: sig('normal', [
    'catheter(?: \\w+){0,4} (?:not draining|isnt draining|stopped draining|not working|blocked|empty|bypassing|leaking)',
    'catheter bag(?: \\w+){0,4} (?:empty|nothing in it|not filling|hasnt filled)', 'nothing (?:in|coming into) (?:the |his |her |my )?catheter',
  ]),
  whiteCellDrug: sig('normal', ['clozapine', 'clozaril', 'zaponex', 'denzapine', 'carbimazole', 'propylthiouracil']),
} satisfies Record<string, Signal>;
