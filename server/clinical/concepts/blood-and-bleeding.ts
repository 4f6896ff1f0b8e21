/**
 * Bleeding, bruising, blood clots and blood disorders.
 *
 * Each concept is a phrase pattern over normalised clause text with its negation mode (signal.ts).
 */
import { sig, type Signal } from './signal.js';
import { BREATH_PLAIN } from './phrases.js';

export const BLOOD_AND_BLEEDING = {
  // Heavy bleeding that will not stop, vomiting or coughing up a lot of blood, or black tarry poo (not bleeding gums).
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
  // A bleed that stopped with first aid: pressure on a cut, the soft part of the nose pinched.
  bleedingStopped: sig('normal', [
    '(?:press\\w*|pressure|pinch\\w*|held|holding|squeez\\w*|towel|tissue|cloth|plaster|bandage|dressing)(?: \\w+){0,15} (?:its|it has|it|bleeding has|bleeding|blood has|blood) stopped',
    '(?:stopped|stopped bleeding) (?:after|with|when i|once i|by) (?:\\w+ ){0,3}(?:press\\w*|pressure|pinch\\w*|held|holding)',
  ]),
  // A calf or leg that is swollen, red, warm or painful (a blood clot in the leg).
  calfLeg: sig('normal', [
    '(?:calf|calves|leg|thigh)(?: \\w+){0,3} (?:is |has |feels |looks |gone |got )*(?:swollen|swelling|swolen|puffy|red|hot|warm|tender|painful|hurts|hurting|aching|sore|throbbing|tight)',
    '(?:swollen|painful|tender|red|hot|throbbing|sore|puffy) (?:left |right )?(?:calf|leg|thigh)', 'pain in (?:my |his |her |the )?(?:left |right )?(?:calf|leg|thigh)',
  ]),
  // Chest pain when breathing in, or coughing up blood (a blood clot in the lung).
  pleuritic: sig('normal', [
    `(?:pain|hurts|sharp|stabbing|catches|twinges?|twinging)(?: \\w+){0,4} (?:when|as|if) (?:i |he |she )?(?:${BREATH_PLAIN}|take a (?:deep )?breath|breathing in|breathe in)`,
    'cough\\w* (?:up )?(?:blood|bloody)',
  ]),
  // A leg, foot, arm or hand suddenly cold, pale or blue (a blocked artery).
  limbIschaemia: sig('normal', ['(?:leg|foot|arm|hand)(?: \\w+){0,4} (?:suddenly )?(?:went|gone|turned|is|feels|going) (?:cold and (?:pale|white|blue)|(?:pale|white|blue) and cold)', '(?:leg|foot|arm|hand)(?: \\w+){0,3} (?:suddenly )?(?:went|gone|turned) (?:cold|pale|white)'],
    // Skin that went white under a pressed glass is the glass test's reassuring answer.
    /\b(?:glass|tumbler|pressed|press it|blanch\w*)\b/),
  // Any blood coughed up, even streaks: NHS says see a GP urgently (a lot of it is 999, above).
  coughBlood: sig('normal', [
    '(?:cough\\w*|coughed|hacking) up (?:a (?:bit|little|small amount|few specks) of |some |a little |specks of |streaks of |flecks of |spots of |traces of |bits of )?(?:bright |dark |fresh )?(?:red )?blood',
    'blood(?: \\w+){0,2} (?:in|on) (?:my |his |her |the )?(?:phlegm|spit|sputum|mucus)',
    '(?:phlegm|spit|sputum|mucus)(?: \\w+){0,3} (?:blood|bloody|blood stained|bloodstained|streaked with blood|pink|rusty)',
    '(?:pink|red|rusty|bloody) (?:in (?:my|his|her|the) )?(?:phlegm|spit|sputum|mucus)',
  ]),
  // Sickle cell disease or thalassaemia major.
  sickleCell: sig('normal', ['sickle ?cell', 'sickle cell (?:disease|anaemia|anemia)', 'thalassaemia major']),
} satisfies Record<string, Signal>;
