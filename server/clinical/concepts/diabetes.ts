/**
 * Diabetes: hypos and high blood sugar (the readings themselves are read in
 * server/clinical/readings.ts).
 *
 * Each concept is a phrase pattern over normalised clause text with its negation mode (signal.ts).
 */
import { sig, type Signal } from './signal.js';

export const DIABETES = {
  // A hypo: low blood sugar, or its signs (sweaty and shaky).
  hypoSigns: sig('normal', ['hypo\\w*', 'low (?:blood )?sugar', 'sugar(?:s)? (?:is |are )?(?:low|dropping)', 'sweaty and (?:confused|shaky)', 'shaky and (?:sweaty|confused)']),
  // A hypo that is dangerous: confused, drowsy, aggressive, cannot eat or drink, a fit.
  hypoDanger: sig('normal', [
    'confused', 'drowsy', 'aggressive', 'talking (?:rubbish|nonsense|gibberish)', 'not making sense', '(?:wont|cant|unable to|couldnt) (?:swallow|drink|eat)',
    'unconscious', 'unresponsive', '(?:cant|wont) wake', 'fitting', 'seizure', 'found (?:him|her|them|my \\w+) on the floor',
  ]),
  // A blood sugar reading that is very high (or the meter says HI).
  veryHighSugar: sig('normal', [
    '(?:meter|monitor|reading|readings|sugar|sugars|glucose|bm|levels?)(?: \\w+){0,3} (?:says |reads |showing |shows |is |are |of |at |just says )?(?:hi|off the scale|over 2\\d|over 3\\d|2[5-9]|3\\d)',
    'ketones (?:are |is )?(?:high|very high|[2-9])', 'high ketones', 'pear drops', 'fruity breath',
  ]),
  // Blood sugar readings that are high (14 or more).
  highSugar: sig('normal', [
    '(?:sugars?|glucose|readings?|bms?|levels?)(?: \\w+){0,4} (?:of |at |are |is |been |have been |between |around |about )*(?:1[4-9]|2\\d|3\\d)', '(?:sugars?|glucose|readings?) (?:are |is |have been |been )?(?:really |very |too )?high',
  ]),
  // Hypos that keep happening, most days.
  hypoFrequent: sig('normal', [
    'hypo\\w*(?: \\w+){0,3} (?:every|most|each|nearly every|almost every) (?:days?|mornings?|nights?|evenings?|weeks?)',
    '(?:keep|keeps|kept|keeping) (?:on )?(?:having|getting) (?:hypos|lows|low (?:blood )?sugars?)',
    '(?:lots of|several|many|loads of|frequent|regular|repeated|more|a few|few|(?:\\d+|two|three|four|five) or more) (?:hypos|lows)',
  ]),
  // A hypo that does not come up with treatment.
  hypoNotResponding: sig('normal', [
    '(?:still|stays?|stayed|staying|keeps? (?:dropping|going down)|wont (?:come|go) up|not (?:coming|going) up|hasnt (?:come|gone) up)(?: \\w+){0,3} (?:low|[1-3](?: \\d)?|under 4|below 4)',
    '(?:\\d|two|three|four|five|six|several|a few) (?:lots|rounds|goes|times|doses|lots of sugar|glucose tablets|dextrose tablets|jelly babies|sweets)(?: \\w+){0,5} (?:still|no better|not working|hasnt worked|didnt work)',
    '(?:sugars?|levels?|bms?|reading|its|it is|it s) (?:is |are )?still (?:not (?:coming|going) up|not rising|not budging|wont (?:come|go) up|dropping|going down)',
  ]),
} satisfies Record<string, Signal>;
