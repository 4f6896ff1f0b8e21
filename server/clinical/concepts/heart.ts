/**
 * The heart and circulation: chest pain and how it is told, a heart attack without chest pain,
 * angina, fainting and collapse, the pulse and blood pressure.
 *
 * Each concept is a phrase pattern over normalised clause text with its negation mode (signal.ts).
 */
import { conditionName, sig, type Signal } from './signal.js';
import { POSS, CHEST, TUMMY } from './phrases.js';

export const HEART = {
  // Pain, tightness, pressure or heaviness in the chest, told in any of the usual ways.
  chestPain: sig('normal', [
    `(?:${CHEST}|heart) (?:pain|pian|pains|ache|aches|aching|hurts?|hurting|tight\\w*|pressure|discomfort|heaviness|heavy|squeez\\w*|crush\\w*|burning|sore|agony)`,
    `(?:pain|pains|tightness|tight|pressure|heaviness|heavy|ache|aching|squeezing|crushing|discomfort|weight|burning|sore|hurting|hurts|sharp|stabbing)(?: \\w+){0,3} (?:in|on|across|around|over|through|at|behind|of) (?:my |the |his |her |their |your )?(?:${CHEST}|heart|breastbone|sternum)`,
    `${CHEST}(?: \\w+){0,3} (?:feels? |is |was |getting |gone |really |very |so |a bit |quite )*(?:tight|heavy|crushed|squeezed|painful|sore|hurting|like (?:an elephant|a weight|someone|a band|something|its being))`,
    `elephant (?:on|sitting on|standing on) ${POSS}? ?${CHEST}`, `band (?:around|round|across) ${POSS}? ?${CHEST}`,
    `(?:tight|heavy|painful|sore|crushing|pressure in the) ${CHEST}`,
  ]),
  // Chest pain told as crushing, severe, sudden or the worst ever.
  severeChest: sig('normal', [
    `(?:crushing|crushed|squeezing|vice like|vicelike|severe|sudden|terrible|agonising|agonizing|excruciating|worst|really bad|very bad|awful|massive|unbearable|intense|horrible)(?: \\w+){0,2} (?:${CHEST} (?:pain|pressure|tightness)|(?:pain|pressure|tightness|heaviness|ache)(?: \\w+){0,5} ${CHEST})`,
    `elephant (?:on|sitting on|standing on) ${POSS}? ?${CHEST}`,
    `(?:${CHEST}|heart) (?:feels|is|feel) (?:like (?:its|it is) )?(?:being )?(?:crushed|squeezed|in a vice)`,
  ]),
  // "like it's in a vice", often in a sentence of its own after "my chest."
  vice: sig('normal', ['(?:in|like) a vice', 'vice like', 'vicelike', 'someone (?:is )?(?:sitting|standing|kneeling) on (?:my|his|her) chest']),
  // The person says this is (or may be) a heart attack or a cardiac arrest.
  heartAttack: conditionName([
    '(?:having|is having|am having|im having|hes having|shes having) (?:a )?heart attack',
    'think (?:i|im|hes|shes|he|she|theyre|it|its|this)(?: is| am| might be| could be| may be)?(?: having)?(?: a)? heart attack',
    'heart attack (?:right )?now', 'cardiac arrest', 'heart atack',
  ]),
  // Sweating, clammy or drenched.
  sweating: sig('normal', ['sweat\\w*', 'swet\\w*', 'clammy', 'drenched', 'perspir\\w*']),
  // Pain spreading to, or an ache or numbness in, the arm, jaw, neck, back or shoulder.
  radiating: sig('normal', [
    `(?:spread\\w*|radiat\\w*|going|goes|went|moving|moves|shoot\\w*|travel\\w*|runs|running|extends?|extending)(?: \\w+){0,2} (?:down|into|up|to|through|towards?|along|across) (?:my |the |his |her |their |your |both )?(?:left |right )?(?:arm|arms|jaw|neck|back|shoulder|shoulders)`,
    '(?:pain|ache|aching|tingl\\w*|numb\\w*|heavy|heaviness) (?:in|down) (?:my |his |her |the |their )?(?:left |right )?(?:arm|jaw)',
    '(?:left )?(?:arm|jaw) (?:pain|pains|ache|aches|aching|hurts|hurting|tingl\\w*|numb\\w*|feels heavy|is numb|is heavy)',
    '(?:left )?(?:arm|jaw)(?: \\w+){0,2} (?:gone|going|went|is|feels|has gone) (?:all )?(?:numb|heavy|dead|tingly)',
  ]),
  // Feeling faint, light-headed or dizzy, or having collapsed or passed out.
  faint: sig('normal', ['faint\\w*', 'light ?headed', 'dizz\\w*', 'collaps\\w*', 'passed out', 'pass out', 'passing out', 'blacked out']),
  // Chest pain brought on by pressing on the spot or by twisting: the chest wall (a strained muscle or
  // rib), which NHS chest pain guidance separates from the heart.
  chestWallPain: sig('normal', [
    '(?:hurts|hurting|sore|painful|tender|pain|worse|only)(?: \\w+){0,3} (?:when|if) (?:i|you|he|she|they) (?:press|presses|pressed|push|pushes|touch|touches|poke|pokes|prod|prods)',
    '(?:sore|painful|tender) to (?:the )?touch', '(?:press|pressing|push|pushing) on (?:it|the spot|a spot|the sore spot|my ribs?)(?: \\w+){0,2} (?:hurts|makes it worse|brings it on)',
    '(?:only|just) (?:hurts )?(?:when|if) (?:i|he|she|they) (?:press|push|touch|twist|turn round|turn around)',
    '(?:hurts|sore|painful|pain|worse)(?: \\w+){0,2} when (?:i|he|she|they) twist',
    // "when i twist or press on it", "pressing the exact spot sets it off": the pain made by moving or pressing.
    '(?:when|if) (?:i|you|he|she|they) (?:twist|press|push|touch|poke|prod|move)(?: \\w+){0,2} (?:or|and) (?:press|push|touch|twist|poke|prod|move)',
    'press\\w*(?: on)? (?:the|that|a|one) (?:exact |same |sore |tender |one )?(?:spot|place|bit|area)(?: \\w+){0,2} (?:sets it off|brings it on|makes it (?:hurt|worse)|hurts|sets off the pain)',
  ]),
  // Pain that goes away with rest (stable angina rather than a heart attack).
  // Read with every modifier: "it doesnt go away when I rest" denies it, and "last month it went
  // with rest" is an earlier episode; neither takes a heart attack's chest pain off 999.
  settlesWithRest: sig('normal', [
    '(?:goes|went|gone|go|settles|settled|eases|eased|stops|stopped|disappears|wears off|passes)(?: away| off)?(?: \\w+){0,4} (?:rest|resting|i stop|i sit|sitting down|stopping)',
  ]),
  // Fainting, collapsing, passing out or being found on the floor.
  collapse: sig('normal', [
    'faint(?:ed|ing|s)?', 'collaps\\w*', 'passed out', 'pass(?:es|ing)? out', 'blacked out', 'black(?:s|ing) out', 'keeled over',
    'lost consciousness', 'knocked out', 'out cold', 'went down like a', 'dropped to the (?:floor|ground)', 'went down (?:in|on) the', 'hit the deck',
    '(?:dont|doesnt|didnt|cant) remember (?:falling|going down|hitting)', 'found (?:him|her|them|my \\w+) on the floor',
  ]),
  // During or just after exercise or sport (a collapse then can be the heart).
  exertion: sig('normal', [
    '(?:during|in|at|after) (?:a |the |his |her |my )?(?:football|training|exercise|run|running|sport|sports|pe|match|games|netball|rugby|swimming|race|game|workout|gym|hockey|basketball|tennis|cycling|practice|parkrun|marathon|spin class)',
    '(?:while|when|whilst|as) (?:he was |she was |i was |they were )?(?:running|jogging|exercising|playing|training|cycling|swimming|working out|lifting|sprinting|dancing)',
    'on the treadmill', 'on (?:a|his|her|my) run', 'mid (?:run|match|game|race)',
    'in the middle of (?:a |the |his |her |my )?(?:\\w+ )?(?:match|game|race|run|training|class|session|lesson)',
    '(?:netball|football|rugby|hockey|basketball|tennis|cricket|squash|badminton|boxing) (?:match|game|training|practice|session|lesson)',
  ]),
  // The heart racing, pounding, fluttering, skipping or beating irregularly.
  palpitations: sig('normal', [
    'palpitat\\w*', 'heart (?:is |was |keeps |started |starts )?(?:racing|pounding|fluttering|flutters|flutter|skipping|skips|jumping|irregular|thumping|going (?:really |very )?fast|beating (?:really |very )?(?:fast|hard|irregular\\w*))',
    'racing heart', 'pounding heart', 'irregular (?:heart ?beat|pulse)', 'flutter\\w* in (?:my|his|her) chest',
  ]),
  // Pain or pressure in the jaw, neck, shoulders, arms, upper back or upper tummy (a heart attack told without the chest).
  atypicalSite: sig('normal', [
    `(?:pain|ache|aching|heavy|heaviness|pressure|tightness|tight|discomfort|burning|squeezing)(?: \\w+){0,4} (?:in|on|across|around|between|through|at|down|into|up) (?:my |the |his |her |their |both )?(?:left |right )?(?:jaw|neck|shoulder blades|shoulders|shoulder|upper back|arms?|upper ${TUMMY}|top of (?:my |the |his |her )?${TUMMY})`,
    `(?:jaw|neck|shoulder blades?|upper back|upper ${TUMMY}|left arm)(?: \\w+){0,2} (?:pain|ache|aches|aching|hurts|heavy|tight|pressure)`,
    `heavy (?:feeling|pressure|weight) in (?:my |the |his |her )?(?:upper )?(?:${TUMMY}|chest)`,
  ]),
  // Gone grey, ashen or deathly pale, often with clamminess.
  greyPale: sig('normal', [
    '(?:gone|went|go|goes|looks?|looking|looked|turned|turning|is|was|hes|shes|im|theyre) (?:all |very |really |a bit )?(?:grey|gray|ashen|white as a sheet|deathly pale)',
    '(?:grey|gray|ashen|pale) and (?:clammy|sweaty|cold)', '(?:clammy|sweaty|cold) and (?:grey|gray|ashen|pale)',
  ]),
  // A GTN (angina) spray or other doses have not helped the pain.
  gtnFailed: sig('normal', [
    '(?:hasnt|havent|has not|not|didnt|wont|doesnt|isnt) (?:gone|go|going|eased|easing|settled|settling|stopped|stopping|shifted|shifting|helped)(?: \\w+){0,4} (?:with |after |despite )?(?:my |the |two |2 )?(?:gtn|glyceryl|nitro\\w*|angina spray|spray|sprays|puffs of (?:my |the )?spray)',
    '(?:gtn|glyceryl|nitro\\w*|angina spray|spray|puffs?|sprays|doses?)(?: \\w+){0,12} (?:isnt shifting|not shifting|wont shift|hasnt shifted|no change|no better|not (?:helped|helping|working|worked|touched|touching)|hasnt (?:helped|worked|touched)|didnt (?:help|work|touch)|isnt (?:helping|working)|doing nothing|no different|still (?:there|going|tight|painful|hurting|bad))',
  ]),
  // Known angina, or a GTN spray.
  anginaKnown: sig('normal', ['angina', 'gtn', 'glyceryl', 'nitro spray']),
  // A treatment used a second time and the pain is no better.
  usedAgainNoBetter: sig('normal', ['used it (?:twice|two times|again|a second time)(?: \\w+){0,10} (?:isnt shifting|not shifting|still (?:there|going|bad|painful)|no better|not helping|no different|worse)']),
  // Antacids or indigestion remedies have not helped (indigestion that may be the heart).
  antacidFailed: sig('normal', ['(?:gaviscon|rennie|rennies|antacids?|indigestion (?:tablets|medicine|remedy|stuff))(?: \\w+){0,6} (?:not|hasnt|havent|didnt|isnt|doesnt) (?:done|helped|helping|worked|working|touched|done a thing|done anything)']),
  // Tightness, pressure, heaviness, squeezing or crushing, wherever it is.
  tightPressure: sig('normal', ['tightness', 'pressure', 'heaviness', 'squeezing', 'crushing', 'tight feeling', 'heavy feeling']),
  // Not where rest is what settles it ("fine at rest", "goes off when I sit down"): that is stable angina.
  atRest: sig('normal', ['(?:sat|sitting|lying|laid|resting|at rest|in bed|doing nothing|asleep|woke (?:me|him|her) up|watching (?:tv|telly|the telly))'],
    /\b(?:fine|ok|okay|alright|normal|no pain|pain free|nothing|goes|went|gone|settles|settled|eases|eased|better|stops|stopped|disappears)(?: \w+){0,3} (?:at rest|resting|(?:when|once|if) (?:i|he|she|they) (?:rest|sit|sat|stop|stopped))\b/),
  // Pain that used to come on with effort and settle with rest.
  exertionalBefore: sig('normal', [
    '(?:when|while|walking|running|jogging|climbing|exercising|on exertion|going up)(?: \\w+){0,6} (?:went|goes|settled|settles|eased|eases|stopped|stops|passed) (?:off |away )?when (?:i|he|she) (?:stopped|stop|rested|rest|sat down|sit down)',
    '(?:had (?:that|this|it)|happened|had them|had these)(?: \\w+){0,2} (?:a few|several|few|a couple of|couple of|lots of|many) times', 'angina',
  ]),
  // A very low blood pressure reading, or said to be very low (shock).
  lowBloodPressure: sig('normal', ['(?:bp|blood pressure|pressure)(?: \\w+){0,4} (?:[4-8]\\d) (?:over )?\\d\\d\\b', '(?:very|really|dangerously) low blood pressure']),
  // A pulse or heart rate said to be very slow or low.
  slowPulse: sig('normal', [
    '(?:pulse|heart ?rate|heartbeat|heart)(?: \\w+){0,3} (?:really |very |so |quite |dead )?(?:slow|low)(?! down| it down)', 'slow (?:pulse|heart ?rate|heartbeat)', '(?:pulse|heart ?rate) (?:of |is |was |at |down to )?(?:2\\d|3\\d|4\\d)\\b',
  ]),
} satisfies Record<string, Signal>;
