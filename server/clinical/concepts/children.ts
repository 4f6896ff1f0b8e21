/**
 * Children and babies: who is a child, and the signs that matter most in them.
 *
 * Each concept is a phrase pattern over normalised clause text with its negation mode (signal.ts).
 */
import { sig, type Signal } from './signal.js';

export const CHILDREN = {
  // A child: the word for one, or an age under 16.
  child: sig('none', [
    '(?<!jelly )baby', '(?<!jelly )babies', 'babys', 'infant', 'newborn', 'toddler', 'child', 'childs', 'children', 'kid', 'kids', 'son', 'daughter',
    'little one', 'my boy', 'my girl', 'grandson', 'granddaughter', 'nephew', 'niece', 'schoolboy', 'schoolgirl',
    '(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) ?(?:week|wk|month|mth|day)s? old',
    '(?:[1-9]|1[0-5]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen) ?(?:years? old|yr old|yrs old|yo|year old)',
  ]),
  // Floppy, limp or lifeless.
  floppy: sig('normal', [
    'floppy', 'flopy', 'lifeless', 'like a rag ?doll', 'ragdoll',
    '(?:is|gone|went|goes|seems|feels|very|so|all|completely|really|looks) limp',
  ]),
  // Danger signs in a child: unresponsive, hard to wake, not breathing, turning blue, grunting, a weak or high-pitched cry, mottled skin.
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
  // A baby or child with a temperature.
  babyFever: sig('normal', [
    // The gap may not hold a denial: "my 1 week old, no redness or fever" is no fever.
    '(?:baby|babys|he|she|hes|shes|son|daughter|little one|newborn|old|it)(?: (?!(?:no|not|nor|without|never|isnt|hasnt|feel)\\b)\\w+){0,6} (?:temp\\w*|fever\\w*|feverish|hot to touch|burning up|38|39|40)',
    '(?:temp\\w*|fever) (?:in|for) (?:my|our|the) (?:baby|newborn|little one)',
  ]),
  // A baby under a year old.
  baby: sig('none', ['baby', 'babys', 'infant', 'newborn', '(?:[1-9]|1[01]) months? old']),
  // A child limping, or will not walk or stand on a leg.
  limp: sig('normal', ['limp\\w*', '(?:wont|will not|isnt|refuses to|cant) (?:walk|stand) on (?:it|his leg|her leg|that leg)', 'cries when (?:he|she|they) (?:puts? weight|walks|stands)']),
  // A small object swallowed by a child (batteries and magnets are poisons above, an emergency).
  swallowedObject: sig('normal', [
    '(?:swallowed|swallow|ate|eaten|gulped)(?: \\w+){0,2} (?:a |an |the |some |one of (?:those|the|my|his|her) )?(?:small |little |tiny )?(?:coin|coins|\\dp|\\d\\dp|penny|pennies|marble|bead|button|toy|lego|earring|pin|screw|nail|stone|pebble|key|ring|bottle top|bead)\\b',
  ]),
  // A button battery or a magnet: swallowed, they burn through or pinch the gut within hours.
  batteryOrMagnet: sig('normal', [
    'button batter(?:y|ies)', '(?:round|coin|flat|little|small|tiny|watch|remote|key fob|fob|car key|hearing aid) (?:cell |type )?batter(?:y|ies)',
    'lithium (?:coin|cell|battery)', 'coin cells?', 'magnets?', 'magnetic balls?',
  ]),
  // Something swallowed that the message named before ("might have swallowed it", "one is missing
  // and she had it in her mouth").
  swallowedIt: sig('normal', ['(?:swallowed|swallow|eaten|ate|gulped|put) (?:it|one|them|some|a few|both)\\b', 'in (?:his|her|their|my) mouth']),
  // A baby's soft spot sunken: severe dehydration (NHS dehydration).
  sunkenFontanelle: sig('normal', ['soft spot(?: \\w+){0,6} (?:sunken|sunk|sinking|dipped|dipping|caved in|hollow|gone in)', 'sunken (?:soft spot|fontanelle)', 'fontanelle(?: \\w+){0,3} (?:sunken|sunk|sinking|dipped)']),
} satisfies Record<string, Signal>;
