/**
 * Breathing: breathlessness, severe difficulty breathing (as felt and as seen), wheeze, stridor,
 * asthma.
 *
 * Each concept is a phrase pattern over normalised clause text with its negation mode (signal.ts).
 */
import { sig, type Signal } from './signal.js';
import { BREATH, BREATH_PLAIN } from './phrases.js';

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
  'lips(?: (?:are|have|has|look|looks|gone|went|turned|turning|going|a|bit|slightly|all|very|quite|kind|sort|of|slight))* (?:blue|bluish|grey|gray|greyish|grayish|purple|purplish)',
  'sucking in (?:under|between|below)', 'ribs sucking in',
  '(?:skin|ribs|tummy|chest)(?: \\w+){0,4} (?:pulling|sucking|drawing|sinking|caving) in', '(?:pulling|sucking|drawing) in (?:between|under|below) (?:the |her |his |their )?ribs',
  '(?:inhaler|blue inhaler|reliever|salbutamol|ventolin)(?: \\w+){0,6} (?:not|isnt|doesnt|didnt|arent) (?:working|help\\w*|touching (?:it|them|the sides))',
  '(?:can|could) (?:hardly|barely|only just) (?:talk|speak|get (?:my |the |any )?words out|say (?:a few )?words|finish (?:a )?sentences?)',
  '(?:can|could) only (?:get|say|manage|speak) (?:a |one or two |1 or 2 )?(?:few |couple of )?words?(?: out)?',
];
const NOT_THE_CHEST = /\b(?:through (?:my |his |her |the )?nose|nose|nostrils?|(?:or|otherwise|else|unless) (?:i|he|she|they) (?:cant|couldnt))\b/;

export const BREATHING = {
  // Breathless or short of breath, or breathing that is hard or fast.
  breathless: sig('normal', [
    'breathless\\w*', 'brethless', 'short(?:ness)? of breath', 'out of breath', 'sob',
    `(?:cant|struggling to|struggle to|hard to|difficult to|difficulty|trouble|problems?|struggling|hardly|barely)(?: catch(?:ing)? (?:my|his|her|their))? ${BREATH}`,
    'cant get (?:my |enough |any )?(?:breath|air)', `${BREATH} (?:is |feels |has been |got |getting )?(?:hard|difficult|laboured|labored|heavy|fast|rapid|funny|weird|shallow|tight|a struggle)`,
    'gasping', 'winded', 'puffed out',
  ]),
  // Breathing that is a struggle, gasping, or a tight or noisy throat (with an allergy, anaphylaxis).
  breathingSevere: sig('normal', [
    `cant ${BREATH}`, `(?:struggling|struggle|fighting) (?:to |for )?(?:${BREATH}|air)`, 'gasping',
    'throat (?:is |feels )?tight', 'tight throat', 'noisy breathing', 'stridor', `${BREATH}(?: \\w+){0,2} (?:difficult|hard|laboured)`,
  ]),
  // Wheezing or a whistling chest.
  wheeze: sig('normal', ['wheez\\w*', 'whistling (?:chest|breath\\w*)']),
  // Breathing very fast, or very breathless (a sepsis sign).
  fastBreathing: sig('normal', [
    `${BREATH} (?:really |very |so |super |too |extremely |very very )?(?:fast|quick\\w*|rapid\\w*)`, '(?:rapid|fast|quick) breath\\w*',
    `(?:struggling|struggle|fighting) (?:to |for )?(?:${BREATH}|air)`, `cant ${BREATH}`, 'gasping',
    '(?:very|severely|extremely|really|so) (?:breathless|short of breath|out of breath)',
  ]),
  // Severe difficulty breathing, as felt (cannot breathe, gasping) or as seen (blue lips, no full sentences, ribs sucking in).
  severeBreathing: sig('normal', [...FELT_BREATHING, ...SEEN_BREATHING], NOT_THE_CHEST),
  // A known panic attack that is passing feels like this but is not a breathing emergency; the signs
  // others can see are (they are an emergency whatever the person has been diagnosed with).
  seenBreathing: sig('normal', SEEN_BREATHING, NOT_THE_CHEST),
  // Pain that comes with coughing or sneezing (chest wall pain, not the heart).
  coughPain: sig('none', [
    '(?:hurts?|pain\\w*|sore|aches?|aching)(?: \\w+){0,4} (?:when|if|as) (?:i |he |she )?(?:cough|coughing|sneeze)', '(?:coughing|cough) (?:makes|hurts|has made)', 'sore from (?:all the )?coughing',
  ]),
  // A high-pitched noise when breathing in (stridor), not only when crying or coughing.
  stridorBreathIn: sig('normal', ['(?:high pitched|high|squeaky|whistling|harsh|rasping|raspy|crowing|horrible|weird|strange) (?:whistling |squeaky |pitched |whistly )?(?:noise|sound|squeak|whistle)(?: \\w+){0,2} (?:breathing|breathes|breathe) in'], /\bwhoop|\bwhen (?:he|she|they|baby|hes|shes|theyre) (?:cries|crying|is crying|gets upset|is upset|upset|coughs|coughing)\b/),
  // Noisy breathing only while crying or coughing is not the at-rest stridor that needs 999.
  stridor: sig('normal', [
    'stridor', 'noisy breathing', 'breathing (?:is |sounds |has gone |became )?(?:very |really )?(?:noisy|squeaky|raspy|harsh)',
    `(?:high pitched|squeaky|harsh|rasping|raspy|crowing|strange|weird|funny|horrible) (?:noise|sound|squeak|gasp)(?: \\w+){0,3} (?:when|while|as|if) (?:he|she|they|i|baby|it) (?:${BREATH_PLAIN}|takes a breath)`,
  // Only when crying or upset: NHS croup advice is 111 then, 999 when it is there at rest.
  ], /\bwhen (?:he|she|they|baby|hes|shes|theyre) (?:cries|crying|is crying|gets upset|is upset|upset|coughs|coughing)\b|\bwhoop/),
  // Peak flow told as below half of the person's best.
  peakFlowLow: sig('none', ['peak flow(?: \\w+){0,3} (?:is |of |at )?(?:below|under|less than) half']),
  // Breathlessness or wheeze that is getting worse.
  worseningBreath: sig('normal', [
    '(?:more and more|getting more|increasingly|more) (?:breathless|short of breath|out of breath|wheezy)', '(?:breathless\\w*|breathing|shortness of breath)(?: \\w+){0,2} (?:getting|is getting|has got|got) worse',
    'breathless (?:walking|doing|just|even|getting)',
  ]),
  // Pauses in a baby's breathing (NHS bronchiolitis: long pauses are a 999 sign).
  breathingPauses: sig('normal', [
    '(?:pauses?|pausing|paused|gaps?|stops?|stopping) (?:in |with )?(?:her |his |their |the )?(?:breathing|breaths?)(?: for)?',
    '(?:breathing|breaths?)(?: \\w+){0,2} (?:pauses|pausing|stops and starts|stopping and starting|keeps stopping)',
    '(?:forgets|forgetting) to (?:breathe|breath)',
  ]),
  // An asthma attack, by name or as asthma flaring.
  asthmaAttack: sig('normal', ['asthma attack', 'attack of (?:my )?asthma', 'asthma (?:flare\\w*|is playing up|was playing up|has been bad|was really bad|got really bad)']),
  // The reliever inhaler taken for it ("took 10 puffs of my blue inhaler", "used the nebuliser").
  relieverUsed: sig('normal', [
    '(?:took|take|taken|had|used|use|did|done|tried|given|gave|give)(?: \\w+){0,4} (?:puffs?|blue inhaler|reliever|ventolin|salbutamol|nebuli[sz]er)',
    '(?:\\d+|two|four|six|eight|ten|few|couple of|several) puffs',
  ]),
  // NHS asthma: needing the reliever more often than every 4 hours means an urgent appointment today.
  relieverOften: sig('normal', [
    '(?:blue inhaler|inhaler|reliever|ventolin|salbutamol|pump|puffer|nebuli[sz]er)(?: \\w+){0,4} every (?:hour|half hour|(?:1|2|3|4|one|two|three|four|couple of|few)(?: or | to | )?(?:2|3|4|two|three|four)?(?: ?hours?| ?hrs?| ?h)\\b)',
    '(?:blue inhaler|inhaler|reliever|ventolin|salbutamol|pump|puffer)(?: \\w+){0,4} (?:more than|over) (?:\\d+|four|five|six|eight|ten) times (?:a|per|in a) day',
    '(?:using|needing|on|taking)(?: \\w+){0,2} (?:blue inhaler|inhaler|reliever|ventolin|salbutamol|pump|puffer)(?: \\w+){0,2} (?:constantly|all the time|non stop|every hour|loads)',
  ]),
  // Breathing faster than normal.
  breathingFaster: sig('normal', ['(?:breathing|breaths?) (?:a bit |much |a lot |way )?(?:faster|quicker) than (?:normal|usual)', '(?:breathing|breaths?) (?:really |very |so )?(?:fast|quick|rapid)']),
  // Breathing that gurgles or rattles: in someone drunk, on drugs or who cannot be woken, the airway
  // is blocked or filling (NHS alcohol poisoning: risk of choking on vomit; call 999).
  gurglingBreath: sig('normal', [
    '(?:gurgl\\w*|rattl\\w*|bubbl\\w*)(?: \\w+){0,3} (?:when|as|while|whilst) (?:he|she|they|i|you) (?:breathes?|breathing)',
    '(?:gurgling|rattling|bubbling|gurgly|rattly) (?:noises?|sounds?|breath\\w*)', 'breath\\w*(?: \\w+){0,3} (?:gurgl\\w*|rattl\\w*|bubbl\\w*)',
    'choking on (?:his |her |their |my )?(?:own )?(?:sick|vomit)', '(?:been |being )sick (?:in|while|whilst) (?:his |her |their )?(?:sleep|asleep|passed out|unconscious)',
  ], /\b(?:tummy|stomach|belly|gut|guts)(?: \w+){0,2} (?:gurgl\w*|rumbl\w*)\b/),
} satisfies Record<string, Signal>;
