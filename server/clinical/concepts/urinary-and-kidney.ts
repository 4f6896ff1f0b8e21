/**
 * The kidneys and bladder: weeing, kidney stones, retention, catheters.
 *
 * Each concept is a phrase pattern over normalised clause text with its negation mode (signal.ts).
 */
import { sig, type Signal } from './signal.js';

export const URINARY_AND_KIDNEY = {
  // Not weeing, or no wet nappies.
  noWee: sig('normal', [
    '(?:not|hasnt|havent|hadnt|didnt|no|cant|barely|hardly) (?:had a |done a |passed |been for a |been able to )?(?:wee|wees|weed|weeing|pee|pees|peed|peeing|urine|urinated|urinating|urinate|pass(?:ed)? urine|wet nappies|wet nappy)',
    'dry nappies', 'no wet nappies', 'not passed (?:any )?urine',
  ]),
  // Kidney stones or renal colic.
  kidneyStone: sig('normal', ['kidney stones?', 'renal colic', 'stones? in (?:my|his|her|the) (?:kidney|kidneys|ureter|tube)']),
  // Pain in the back or side below the ribs (the kidney).
  loinPain: sig('normal', ['(?:pain|ache|aching)(?: \\w+){0,3} (?:in|on) (?:my |the |his |her )?(?:back|side|loin)(?: \\w+){0,3} (?:under|below) (?:my |the |his |her )?ribs', '(?:side|loin|flank) pain', 'pain in (?:my |the )?(?:side|loin|flank)', 'kidney pain']),
  // Burning or pain when weeing.
  dysuria: sig('normal', [
    '(?:burn\\w*|sting\\w*|pain\\w*|hurts?|sore|agony)(?: \\w+){0,2} (?:when|while|as) (?:i |he |she |they )?(?:pee\\w*|wee\\w*|urinat\\w*|go\\w* to the toilet)', 'pain(?:ful)? (?:when )?(?:peeing|weeing|passing urine|urinating)',
    '(?:peeing|weeing) (?:burns|stings|hurts)', '(?:burning|stinging|painful) (?:wee|pee|urine|weeing|peeing)', '(?:wee|pee) (?:burns|stings|hurts)', 'cystitis', 'uti', 'water infection', 'urine infection',
    // "keeps asking to go to the loo, says it burns": a burning or stinging told after the loo is a wee
    '(?:loo|toilet)(?: \\w+){0,5} (?:burns|stings|burning|stinging)',
  ]),
  // Wee that is dark brown, like cola or tea (muscle breakdown, the liver).
  darkBrownUrine: sig('normal', [
    '(?:pee|wee|urine|piss)(?: \\w+){0,3} (?:dark brown|brown|like coke|like cola|cola coloured|coke coloured|tea coloured|like tea|black|very dark)', '(?:dark brown|brown|cola coloured|coke coloured|tea coloured) (?:pee|wee|urine)',
  ]),
  // Cannot wee at all (urinary retention).
  cantPee: sig('normal', [
    '(?:cant|couldnt|unable to|not able to|havent been able to|hasnt been able to) (?:pass water|pee|wee|urinate|pass urine|go for a wee|go for a pee|do a wee)',
    '(?:no|not passed any|hasnt passed any|not passed) (?:urine|water|wee|pee) (?:since|for|all)',
  ]),
  // A catheter that has stopped draining (NHS: contact the nurse or 111 now; retention if the
  // tummy swells or hurts).
  catheterBlocked: sig('normal', [
    'catheter(?: \\w+){0,4} (?:not draining|isnt draining|stopped draining|not working|blocked|empty|bypassing|leaking)',
    'catheter bag(?: \\w+){0,4} (?:empty|nothing in it|not filling|hasnt filled)', 'nothing (?:in|coming into) (?:the |his |her |my )?catheter',
  ]),
} satisfies Record<string, Signal>;
