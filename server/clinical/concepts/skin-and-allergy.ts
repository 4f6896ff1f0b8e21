/**
 * Allergy and anaphylaxis (swelling, what people react to, adrenaline) and the skin.
 *
 * Each concept is a phrase pattern over normalised clause text with its negation mode (signal.ts).
 */
import { conditionName, sig, type Signal } from './signal.js';

export const SKIN_AND_ALLERGY = {
  // Swelling of the lips, tongue or mouth (after an allergen, a 999 call on its own: NHS allergies).
  swellMouth: sig('normal', [
    '(?:lip|lips|tongue|mouth)(?: \\w+){0,2} (?:swell\\w*|swollen|swolen|sweling|puff\\w*|blown up|blowing up|ballooning|getting bigger|huge)',
    '(?:lip|lips|tongue)(?: \\w+){0,2} (?:feels?|feeling|is|gone) (?:fat|thick|big|huge|too big|swollen|tight)',
    '(?:lips?|tongue)(?: (?:is|looks|gone|all|so|very|really|go|going|getting))? (?:big|bigger|fat)',
    '(?:swell\\w*|swollen|swolen|puffy|puffed up|puffing up) (?:up )?(?:of )?(?:my |the |his |her |their )?(?:lip|lips|tongue|mouth)',
  ]),
  // The tongue swelling (NHS anaphylaxis and allergies: a tongue that suddenly swells is a 999 call
  // whatever set it off: ACE-inhibitor swelling comes with no new trigger, often after years on the
  // tablet). Not a tongue swollen where it was bitten, burnt or pierced.
  swellTongue: sig('normal', [
    'tongue(?: \\w+){0,2} (?:swell\\w*|swollen|swolen|sweling|puff\\w*|blown up|blowing up|ballooning|getting bigger)',
    'tongue(?: \\w+){0,2} (?:feels?|feeling|is|gone) (?:fat|thick|big|huge|too big|swollen|tight)',
    'tongue(?: (?:is|looks|gone|all|so|very|really|go|going|getting))? (?:big|bigger|fat)',
    '(?:swell\\w*|swollen|swolen|puffy|puffed up|puffing up) (?:up )?(?:of )?(?:my |the |his |her |their )?tongue',
  ], /\b(?:bit|bitten|biting|bite|burnt|burned|scalded|pierc\w*|stud)\b(?: \w+){0,4} (?:my |his |her |the )?tongue|\btongue(?: \w+){0,3} (?:bit|bitten|burnt|burned|scalded|pierc\w*)\b/),
  // Swelling of the face or eyes (a sting near the eye often swells it on its own).
  swellFaceEyes: sig('normal', [
    '(?:face|eyes|eyelids?)(?: \\w+){0,2} (?:swell\\w*|swollen|swolen|sweling|puff\\w*|blown up|blowing up|ballooning|getting bigger|huge)',
    'face(?: (?:is|looks|gone|all|so|very|really|go|going|getting))? (?:big|bigger|fat)',
    '(?:swell\\w*|swollen|swolen|puffy|puffed up|puffing up) (?:up )?(?:of )?(?:my |the |his |her |their )?face',
  ]),
  // A swollen or tight throat.
  swellThroat: sig('normal', [
    'throat(?: \\w+){0,2} (?:swell\\w*|swollen|swolen|closing|tight\\w*|puff\\w*)', '(?:swell\\w*|swollen|swolen) (?:of )?(?:my |the |his |her )?throat',
  ]),
  // The throat or airway closing.
  throatClosing: sig('normal', [
    'throat(?: \\w+){0,4} (?:closing|closed|swelling shut|shutting)', 'airway (?:closing|swelling|blocked)',
  ]),
  // Difficulty swallowing.
  swallow: sig('normal', ['(?:cant|hard to|difficult to|difficulty|trouble|struggling to|struggle to|problems?) (?:swallow\\w*)']),
  // Something people are often allergic to: nuts, shellfish, a sting, penicillin, latex, a food just eaten.
  allergen: sig('normal', [
    'peanut\\w*', 'nut', 'nuts', 'cashew\\w*', 'almond\\w*', 'walnut\\w*', 'hazelnut\\w*', 'pistachio\\w*', 'shellfish', 'prawn\\w*',
    'shrimp', 'crab', 'lobster', 'mussels?', 'sesame', 'sting', 'stung', 'bee', 'bees', 'wasp', 'wasps', 'hornet', 'penicillin',
    'amoxicillin', 'latex', 'kiwi', 'ate (?:a|some)',
  ]),
  // An allergy, or a bad reaction.
  allergyWord: sig('normal', ['allerg\\w*', 'alergic', 'alergy', 'alergies', '(?:bad|severe|serious) reaction']),
  // An adrenaline auto-injector used or needed, or the word anaphylaxis.
  epipen: sig('normal', [
    '(?:used|use|using|gave|give|given|needed|need|injected|jabbed|had to use) (?:my |his |her |an |the |their |2 |two )?(?:epi ?pens?|adrenaline|jext|emerade|auto ?injectors?)',
  ]),
  // Anaphylaxis named: the name of a condition, so "petrified of anaphylaxis" is a fear, while
  // "I think I'm having anaphylaxis" is what the person says they have.
  anaphylaxisMention: conditionName(['anaphyla\\w*', 'anaphala\\w*', 'anafala\\w*', 'anafila\\w*', 'anaphylatic', 'anaphalactic']),
  // Skin that has gone black: gangrene (NHS: with diabetes or signs of infection, A&E).
  blackSkin: sig('normal', [
    '(?:toe|toes|foot|feet|finger|fingers|fingertips?|heel|skin)(?: \\w+){0,3} (?:turned|gone|going|turning|is|are|look|looks) (?:black|blackish|blue black|dark purple|dead)',
    'black (?:toe|toes|foot|finger|fingers|patch on (?:my|his|her) (?:foot|toe|heel))',
  ]),
  // A rash from a new medicine that blisters or peels, with the eyes involved (Stevens-Johnson syndrome).
  newMedicine: sig('normal', [
    '(?:started|starting|began|begun|put on|since starting|after starting)(?: \\w+){0,2} (?:amoxicillin|amoxycillin|penicillin|co ?amoxiclav|flucloxacillin|trimethoprim|nitrofurantoin|doxycycline|clarithromycin|erythromycin|cefalexin|lamotrigine|carbamazepine|allopurinol)','(?:started|starting|new|began|begun|changed|put on)(?: \\w+){0,3} (?:tablets?|medicines?|medication|meds|pills|antibiotics?|drugs?|injections?)', '(?:since|after) (?:taking|starting) (?:the |a |my |these |some )?(?:new )?(?:tablets?|medicine|medication|meds|pills|antibiotics?)']),
  // The first signs of a reaction in the mouth and throat: in someone with a known allergy who has
  // met the thing they react to, anaphylaxis can follow within minutes.
  mouthThroatReaction: sig('normal', [
    'throat(?: \\w+){0,2} (?:itch\\w*|tingl\\w*|scratchy|prickl\\w*|funny|weird|strange|tight\\w*|thick)', '(?:itchy|tingly|tingling|scratchy|prickly|tight|funny) (?:throat|mouth|tongue|lips?)',
    '(?:lips?|mouth|tongue)(?: \\w+){0,3} (?:tingl\\w*|itch\\w*|prickl\\w*|numb|fizz\\w*|buzz\\w*|burning)',
  ]),
  // Redness or swelling that is spreading along a limb: possible cellulitis.
  spreadingRedness: sig('normal', [
    '(?:redness|red|red area|red patch|swelling|swollen|infection|it)(?: \\w+){0,3} (?:is |has been |keeps )?spreading (?:up|along|across|round|around|over|towards|to)',
    'spreading (?:up|along|towards) (?:(?:my|his|her|the|their) )?(?:finger|fingers|arm|leg|hand|foot|toe|wrist|ankle|shin|calf)',
    // the pen line people are told to draw round a red patch
    '(?:gone|spread|spreading|grown|growing|got bigger|moved|creeping) (?:past|beyond|outside|over|out of) (?:the |my |his |her )?(?:pen |biro |marker )?(?:line|lines|mark|marks|outline|ring|circle)',
  ]),
  // Stung or bitten inside the mouth or on the tongue.
  stungMouth: sig('normal', ['(?:stung|sting|bitten|bite)(?: \\w+){0,4} (?:in|inside|on the inside of|on) (?:the |my |his |her |their )?(?:inside of (?:the |my |his |her )?)?(?:mouth|throat|tongue)', '(?:wasp|bee|hornet|fly|insect)(?: \\w+){0,4} (?:in|into) (?:my|his|her|their) (?:mouth|throat)(?: \\w+){0,6} (?:stung|sting)']),
  // Bruises that appear without an injury (NHS bruises: see a GP urgently).
  unexplainedBruising: sig('normal', [
    'bruis\\w*(?: \\w+){0,2} (?:easily|for no reason|out of nowhere|without (?:a |any )?(?:bump|knock|injury|reason)|from nowhere|all over)',
    '(?:big|large|lots of|loads of|new|strange|unexplained) bruis\\w*(?: \\w+){0,4} (?:no|without|not) (?:bump|knock|injury|banged|hit)',
    'unexplained bruis\\w*', 'bruising easily', 'bruise (?:so |really |very )?easily', '(?:cant|dont|doesnt) remember (?:banging|knocking|hitting)(?: \\w+){0,3} bruis\\w*',
  ], /\b(?:since (?:i was|he was|she was) (?:a kid|little|young|a child|a baby)|for years|always (?:have|had|has|bruised))\b/),
  // Eczema with clusters of blisters or punched-out sores (eczema herpeticum), or weeping and
  // crusted (infected): NHS atopic eczema sends both to a GP or 111 the same day.
  eczemaWord: sig('none', ['eczema', 'atopic dermatitis']),
  // Clusters of blisters or punched-out sores (eczema herpeticum).
  herpeticSores: sig('normal', ['punched out', '(?:clusters?|crops?|patches|lots|loads) of (?:little |tiny |small )?(?:blisters|sores|spots)', 'blisters(?: \\w+){0,4} (?:burst|bursting|into sores|spreading)']),
  // Skin weeping, crusted or oozing pus (infected).
  eczemaInfected: sig('normal', ['weep\\w*', 'crust\\w*', 'oozing', 'pus']),
} satisfies Record<string, Signal>;
