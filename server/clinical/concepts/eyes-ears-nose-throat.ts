/**
 * The eyes, ears, nose, mouth and throat.
 *
 * Each concept is a phrase pattern over normalised clause text with its negation mode (signal.ts).
 */
import { sig, type Signal } from './signal.js';
import { BREATH_PLAIN } from './phrases.js';

export const EYES_EARS_NOSE_THROAT = {
  // Sore, red, stinging or burning eyes.
  soreEyes: sig('normal', ['eyes?(?: \\w+){0,3} (?:sore|red and sore|stinging|burning|raw|gritty and red|crusted)', 'sore (?:red )?eyes?']),
  // NHS detached retina: new floaters, flashes with them, or a shadow or curtain across the sight.
  retinaSigns: sig('normal', [
    'floaters?', '(?:shadow|curtain|veil|dark patch)(?: \\w+){0,3} (?:over|across|in|coming (?:over|across|down|up)) (?:my |his |her |the |part of (?:my |the )?)?(?:vision|sight|eye)',
  ], /\b(?:for years|always had|had them for|for ages)\b/),
  // Swelling of the face, jaw, neck or under the tongue, or swelling spreading towards the eye or throat.
  faceNeckSwelling: sig('normal', [
    '(?:face|jaw|neck|cheek|under (?:my|his|her|the) (?:jaw|chin|tongue)|floor of (?:my|the) mouth)(?: \\w+){0,3} (?:swell\\w*|swollen|swolen|puff\\w*|blown up|huge|massive)',
    '(?:swell\\w*|swollen|swolen|puffy) (?:up )?(?:of )?(?:my |the |his |her |their )?(?:whole )?(?:face|jaw|neck|cheek)',
    'swelling(?: \\w+){0,2} (?:spreading|spread|going|moving|gone) (?:\\w+ )?(?:to|into|down|up|towards?) (?:my |the |his |her )?(?:neck|eye|face|jaw|throat)',
  ]),
  // Cannot swallow (even saliva), drooling, cannot open the mouth, or struggling to breathe (a blocked airway).
  airwayStruggle: sig('normal', [
    '(?:cant|can barely|can hardly|can only just|barely|hardly|hard to|difficult to|difficulty|trouble|struggling to|struggle to|problems?|painful to|hurts to) (?:swallow\\w*|open (?:my|his|her) mouth)',
    'drool\\w*', 'dribbl\\w*', 'cant (?:swallow|manage) (?:my |his |her )?(?:own )?(?:spit|saliva)', `(?:cant|hard to|struggling to|difficult to) ${BREATH_PLAIN}`,
  ]),
  // A hoarse or croaky voice, or a voice that keeps going.
  voiceChange: sig('normal', ['voice (?:keeps |is |has )?(?:going|gone|changing|changed|hoarse|croaky|funny|disappearing)', '(?:hoarse|croaky|raspy) voice']),
  // Pus or fluid coming out of the ear.
  earDischarge: sig('normal', ['ear(?: \\w+){0,4} (?:gunk|pus|discharge|goo|fluid|yellow\\w* \\w+)(?: \\w+){0,2} (?:coming|leaking|running|dripping)','(?:gunk|pus|fluid|discharge|goo|liquid|stuff)(?: \\w+){0,4} (?:coming |leaking |running |dripping )?(?:out of|from) (?:his|her|my|their|the) ear', 'ear(?: \\w+){0,3} (?:is )?(?:leaking|discharging|weeping|oozing)', 'discharge from (?:the |his |her |my )?ear']),
  // Something has gone in or hit the eye.
  eyeInjury: sig('normal', [
    '(?:flew|went|got|hit|poked|scratched|flicked|splashed|stuck)(?: \\w+){0,3} (?:in|into) (?:my|his|her|their) eye', 'something in (?:my|his|her|their) eye', 'eye injury', '(?:hit|poked|punched|scratched) (?:in )?(?:the|my|his|her) eye',
  ]),
  // With an eye injury: cannot open the eye, blurred or lost vision, severe pain, bleeding.
  eyeDanger: sig('normal', ['(?:cant|couldnt) open (?:it|my eye|his eye|her eye)', 'blurr?(?:ed|y)', 'vision', 'cant see', 'really (?:painful|sore)', 'bleeding', 'blood in']),
  // Hearing lost suddenly, in one ear or both.
  suddenHearingLoss: sig('normal', ['(?:lost|losing|lose|gone)(?: \\w+){0,2} (?:hearing|my hearing)(?: \\w+){0,3} (?:in )?(?:one|my left|my right|the left|the right|left|right) ear', '(?:sudden(?:ly)?|overnight)(?: \\w+){0,2} (?:deaf|lost (?:the |my |some |all )?hearing)', '(?:woke|woken|waking) up(?: \\w+){0,2} (?:deaf|cant hear|couldnt hear|with no hearing|unable to hear)(?: \\w+){0,2} (?:in|on|out of) (?:one|my|his|her|the|their|left|right)', 'deaf in one ear', '(?:lost|losing) (?:some |all |the )?hearing'], /\b(?:for years|gradually|slowly|over the years|getting older)\b/),
  // Jaw pain when chewing, or a tender scalp (giant cell arteritis).
  jawClaudication: sig('normal', [
    '(?:jaw|jaws)(?: \\w+){0,3} (?:aches?|aching|hurts?|pain|tired|cramp)(?: \\w+){0,2} (?:when|while|as) (?:i |he |she )?(?:chew|eat|talk)',
    '(?:temple|temples|scalp)(?: \\w+){0,3} (?:tender|sore|painful|hurts)', '(?:sore|tender|painful) (?:scalp|temple|temples)', 'sore when i brush my hair', '(?:hurts|sore|painful|tender) (?:to|when i|when she|when he) (?:comb|brush|touch) (?:my |her |his )?(?:hair|scalp)',
  ]),
  // An eye swollen shut, bulging or painful to move (infection around the eye).
  eyeSocket: sig('normal', [
    '(?:eyelid|eye lid|eyelids|eye|around (?:his|her|my|their|the) eye)(?: \\w+){0,5} (?:swollen shut|swelled shut|swelling shut|closed up|closing up|closing over|wont open|cant open|puffed shut)',
    '(?:hurts?|pain\\w*|sore)(?: \\w+){0,3} (?:to move|moving|when (?:he |she |i |they )?(?:moves?|looks?|turns?)) (?:(?:his|her|my|their|the) )?(?:eyes?|around)',
    '(?:bulging|sticking out|pushed forward) eye', 'eye(?: \\w+){0,2} (?:bulging|sticking out|pushed forward)',
  ]),
  // A swollen, red or puffy eyelid.
  swollenEyelid: sig('normal', ['(?:swollen|puffy|red and swollen|red n swollen)(?: \\w+){0,2} (?:eyelid|eye lid|eye)', '(?:eyelid|eye lid|eye)(?: \\w+){0,3} (?:swollen|puffy|puffed up)']),
  // A whooshing or thumping in the ear in time with the pulse.
  pulsatileTinnitus: sig('normal', [
    '(?:whooshing|thumping|pulsing|throbbing|heartbeat|beating)(?: \\w+){0,6} (?:in time with|with|like) (?:my |his |her )?(?:pulse|heart ?beat|heart)',
    '(?:hear|hearing)(?: \\w+){0,2} (?:my |his |her )?(?:heart ?beat|pulse) in (?:my |his |her |one )?(?:left |right )?ears?', 'pulsatile tinnitus',
  ]),
  // Wears contact lenses.
  contactLens: sig('normal', ['contact lens\\w*', 'contacts', 'lenses', 'lens wearer']),
  // A painful or sore eye.
  painfulEye: sig('normal', ['eye(?: \\w+){0,4} (?:painful|pain|hurts|hurting|sore|agony|aching|aches)', '(?:painful|sore|aching) (?:red )?eye']),
  // A rash or blisters near the eye or on the tip of the nose (shingles in the eye).
  eyeRash: sig('normal', [
    '(?:rash|blisters?|spots|shingles)(?: \\w+){0,8} (?:eye|eyes|eyelid|eyelids|tip of (?:my|the|his|her) nose)',
    '(?:eye|eyelid)(?: \\w+){0,3} (?:rash|blisters?)',
  ]),
  // Something pushed into a nose or ear: an urgent treatment centre removes it the same day.
  stuckObject: sig('normal', [
    '(?:pushed|put|stuck|shoved|poked|inserted|lodged|got|pushing|putting|shoving)(?: \\w+){0,4} (?:up|in|into|inside) (?:his|her|their|my|the|one) (?:nose|nostril|ear)',
    '(?:bead|pea|button|stone|pebble|lego|toy|crayon|rubber|sweet|raisin|peanut|nut|bean|sponge|paper|tissue|cotton bud|cotton wool)(?: \\w+){0,3} (?:up|in|stuck in|stuck up|inside) (?:his|her|their|my|the|one) (?:nose|nostril|ear)',
  ]),
  // NHS nosebleeds: A&E when it lasts over 10 to 15 minutes, a lot of blood is swallowed, or with dizziness.
  noseBleed: sig('normal', ['nose ?bleeds?', 'nose ?bleeding', 'nose(?: \\w+){0,3} (?:bleeding|bleed|pouring|gushing|pissing|streaming|running with blood|wont stop)', 'blood (?:pouring|gushing|streaming|coming) (?:out of|from) (?:my |his |her |their |the )?nose']),
  // Swallowing blood, or blood running down the back of the throat.
  swallowingBlood: sig('normal', ['swallow\\w* (?:lots of |loads of |a lot of |so much |all the )?blood', 'blood (?:going |running |dripping )?down (?:the back of )?(?:my|his|her|their) throat']),
} satisfies Record<string, Signal>;
