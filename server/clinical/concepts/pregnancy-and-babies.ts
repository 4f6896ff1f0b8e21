/**
 * Pregnancy, labour and after the birth: bleeding, pre-eclampsia, the waters, the baby moving,
 * feeding.
 *
 * Each concept is a phrase pattern over normalised clause text with its negation mode (signal.ts).
 */
import { sig, type Signal } from './signal.js';

export const PREGNANCY_AND_BABIES = {
  // Something that raises the risk of a blood clot: a recent birth, an operation, a long flight, a plaster cast, bed rest.
  clotRisk: sig('normal', [
    '(?:gave|giving) birth', '(?:had|having) (?:a|my|the|our|her) (?:baby|son|daughter)', 'just had a baby', 'post ?(?:partum|natal)', 'c ?section', 'caesarean',
    'since the birth', 'after (?:the|my|her) (?:birth|delivery|labour)', '(?:after|since) (?:my|an|the|a|her|his) (?:operation|surgery|op|hip replacement|knee replacement|hysterectomy)',
    '(?:had|have had|has had) (?:an|my|a|his|her) (?:operation|surgery|op|hip replaced|knee replaced)',
    '(?:long|long haul|\\d+ hour|long distance) (?:flight|drive|journey|coach trip|car journey|haul)', 'flew (?:back|home|in) from', 'flight (?:from|back from)',
    'in (?:a )?plaster', '(?:cast|boot) on (?:my|his|her) leg', 'bed ?bound', 'laid up in bed',
  ]),
  // Bleeding or passing clots (in pregnancy or after birth).
  pregnancyBleeding: sig('normal', ['bleed\\w*', 'blood (?:loss|clots?|coming out)', 'passing clots', '(?:lots of|loads of|heavy) blood', '(?:some|dark|fresh|bright red|red|brown|a bit of|a little) blood', 'blood (?:down there|in my (?:pants|knickers|underwear)|when i wipe)'], /\b(?:nose|gums?|spotting|poo|pooing|piles|haemorrhoids?|hemorrhoids?|bum|back passage|strain\w*)\b/), // a nosebleed, gums or piles are not bleeding from the womb
  // Blurred vision, flashing lights or other changes in sight.
  visionChange: sig('normal', [
    'flashing lights?', 'flashes', 'blurr?(?:ed|y) (?:vision|sight)', 'vision(?: \\w+){0,2} (?:blurr?(?:ed|y)|funny|strange|odd|going|gone)', 'spots (?:in front of|before) (?:my |her )?eyes',
    'seeing (?:spots|stars|flashes|flashing)', 'cant see (?:properly|clearly)', 'zig ?zags?',
  ]),
  // Sudden swelling of the face, hands or feet (pre-eclampsia).
  suddenSwelling: sig('normal', ['(?:face|hands|feet|fingers|ankles)(?: \\w+){0,4} (?:suddenly )?(?:swollen|swelling|swelled|puffy|puffed up|swollen up)', 'sudden(?:ly)? swell\\w*']),
  // Pain just below the ribs or at the top of the tummy (pre-eclampsia).
  underRibs: sig('normal', ['pain (?:just )?(?:below|under|beneath) (?:my|the|her) ribs', 'pain (?:in|at) the top of (?:my|her) (?:tummy|stomach)']),
  // Spotting or light bleeding.
  spotting: sig('normal', ['spotting', 'spots of blood', 'bit of (?:brown|pink) (?:discharge|blood)', 'brown discharge', 'light bleeding']),
  // A late or missed period, or may be pregnant.
  maybePregnant: sig('normal', ['period(?: \\w+){0,5} (?:late|overdue)', 'missed (?:a |my )?period', 'might be pregnant', 'could be pregnant', 'late period', 'positive (?:pregnancy )?test', '(?:test|tests) (?:came back |was |were )?positive']),
  // Pain or cramps low down in the tummy, on one side or both.
  lowerTummyPain: sig('normal', ['(?:pain|ache|cramp\\w*)(?: \\w+){0,4} (?:low|lower|down) (?:on the |in my |in the )?(?:left|right|down)?', '(?:left|right)(?: \\w+)? (?:side|sided) (?:pain|tummy)', 'pelvic pain']),
  // Pain on one side of the tummy (an ectopic pregnancy, appendicitis).
  oneSidedPain: sig('normal', ['(?:one|1|left|right)(?: \\w+)? ?(?:side|sided)(?: \\w+){0,2} (?:pain|ache|cramp\\w*)', '(?:pain|ache|cramp\\w*)(?: \\w+){0,4} (?:on|down) (?:one|the left|the right|my left|my right) side', '(?:pain|ache)(?: \\w+){0,2} low (?:down )?on (?:one|the left|the right) side']),
  // Pain in the tip of the shoulder (bleeding inside the tummy, as in an ectopic pregnancy).
  shoulderTip: sig('normal', ['shoulder ?tip pain', 'pain in (?:my|the|her) shoulder ?tip', 'pain (?:at|in) the tip of (?:my|her) shoulder']),
  // The umbilical cord seen or felt in the vagina (cord prolapse).
  cordProlapse: sig('normal', [
    '(?:see|seen|feel|felt|seeing|feeling|theres|there is|something like)(?: \\w+){0,3} (?:the |a )?(?:umbilical )?cord', 'cord (?:is |has )?(?:coming|come|hanging|poking|sticking|slipped)(?: \\w+){0,1} (?:out|down)', 'cord prolapse', 'prolapsed cord',
  ], /\b(?:spinal|vocal|extension|charging|charger|phone|power|light)\b/),
  // Labour, contractions or the waters breaking.
  labour: sig('normal', ['waters (?:have |had )?(?:broken|broke|gone|went|burst)', 'labou?r', 'contractions']),
  // Itching of the palms and soles in pregnancy, without a rash: possible obstetric cholestasis.
  itchPalmsSoles: sig('normal', [
    '(?:palms?|soles?|hands and feet|feet and hands|hands and soles)(?: \\w+){0,5} itch\\w*', 'itch\\w*(?: \\w+){0,8} (?:palms?|soles?|hands and feet|feet and hands|hands and (?:the )?soles)',
  ]),
  // A baby moving less than usual in pregnancy.
  reducedMovements: sig('normal', [
    '(?:baby|babys|bump)(?: \\w+){0,3} (?:moving|movements?|kicking|kicks|wriggling)(?: \\w+){0,3} (?:less|fewer|slower|slowed|reduced|not as much|stopped|quieter)',
    '(?:baby|babys) (?:hasnt|has not|havent|not) (?:moved|kicked|been moving|been kicking)', '(?:not|havent|hasnt|cant) (?:felt|feel) (?:the |my )?baby (?:move|kick|moving|kicking)',
    '(?:baby|babys)(?: \\w+){0,2} not (?:moving|kicking|wriggling)(?: \\w+){0,1} (?:as much|as often|much|often|like (?:normal|usual))', 'reduced (?:fetal |foetal |baby )?movements?', '(?:baby|babys|bump)(?: \\w+){0,2} (?:has |have |is |has been |gone |been )(?:really |very |so |quite |a lot )?(?:quiet|quieter|still)(?! (?:now|asleep))', '(?:hardly|barely) (?:any|felt (?:any|anything|him|her|them|the baby)|feel (?:any|anything|him|her|the baby))(?: \\w+){0,2} (?:kicks?|movements?|moving|kicking|since|today|all day)', '(?:less|fewer) (?:movements?|kicks) (?:than usual|today)',
  ]),
  // A red, painful breast while feeding (NHS mastitis: see a GP with a temperature or if not better).
  breastRedness: sig('normal', ['(?:breast|boob|boobs|nipple|nipples|tit)(?: \\w+){0,3} (?:red|hot|sore|painful|swollen|lump\\w*|hard)', '(?:red|hot|sore|painful|swollen|hard) (?:breast|boob|boobs|area on my boob|patch on my boob|lump in my (?:breast|boob))']),
  // The waters breaking (NHS signs of labour: before 37 weeks, or green, brown, smelly or bloody
  // fluid, call the maternity unit at once).
  watersBroken: sig('normal', [
    'waters (?:(?:have|has|had|are|is|just|might have|may have|seem to have) )*(?:broken|broke|gone|went|burst|breaking|leaking|started leaking)',
    '(?:gush|trickle|trickling|leak|leaking|dribbl\\w*|pouring|flood)(?: \\w+){0,4} (?:fluid|water|waters|liquid)',
    '(?:fluid|water|liquid)(?: \\w+){0,3} (?:trickling|leaking|gushing|pouring|dribbling|running) (?:out|down)',
  ], /\b(?:water infection|drinking water|hot water|bath water|glass of water|tap water|sea water|pool water)\b/),
  // The waters or fluid green, brown, smelly or bloody.
  watersColoured: sig('normal', [
    '(?:green\\w*|brown\\w*|greeny|browny|khaki|smelly|foul|bloody|blood stained|bloodstained|pinky?)(?: \\w+){0,2} (?:fluid|waters|water|liquid)',
    '(?:fluid|waters|liquid)(?: \\w+){0,6} (?:is |was |are |were |looks |looked |smells |smelled |a bit |quite )*(?:green\\w*|brown\\w*|greeny|browny|khaki|smelly|foul|bloody|blood stained|bloodstained|pinky?|offensive)',
  ]),
} satisfies Record<string, Signal>;
