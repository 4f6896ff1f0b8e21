/**
 * Medicines, poisons, alcohol, recreational drugs and carbon monoxide.
 *
 * Each concept is a phrase pattern over normalised clause text with its negation mode (signal.ts).
 */
import { sig, type Signal } from './signal.js';

export const MEDICINES_AND_SUBSTANCES = {
  // Swallowed a poison, button battery or magnets, an overdose, or too many tablets.
  poisoning: sig('normal', [
    '(?:swallowed|drank|drunk|ate|eaten|taken|took|has had|got into|(?<!a )bit|bitten|chewed|chewing|sucked|sucking|licked|licking)(?: \\w+){0,6} (?:bleach|batter(?:y|ies)|button batter(?:y|ies)|magnets?|detergent|washing (?:tablet|capsule|pod)s?|liquitabs?|weedkiller|antifreeze|poison\\w*|chemicals?|white spirit|dishwasher tablets?)',
    'overdos\\w*', 'od d', 'taken an od', 'took an od',
    '(?:button|watch|coin|little round|small round|tiny round) batter(?:y|ies)', '(?:taken|took|had) (?:a )?double (?:his |her |my |the |their )?(?:dose|doses|tablets|meds|medication)',
    '(?:\\d+|some|several|a few|lots) (?:are )?(?:gone|missing) from (?:the|my|his|her) (?:packet|pack|blister|box|bottle|dosette)',
    'paracetamol(?: \\w+){0,12} (?:lemsip|beechams|night nurse|cold and flu|co ?codamol|cocodamol|solpadeine|panadol)', '(?:lemsip|beechams|night nurse|cold and flu|co ?codamol|solpadeine)(?: \\w+){0,12} paracetamol',
    '(?:took|taken|swallowed|had|ate|eaten)(?: \\w+){0,2} (?:too many|a whole (?:box|pack|packet|bottle|strip)|all (?:of )?(?:my|his|her|the)|loads of|lots of|a handful of|handful of|a bunch of|\\d\\d+)(?: \\w+){0,2} (?:pills|tablets|paracetamol|painkillers|meds|medication|medicine|sleeping pills|ibuprofen|antidepressants|co codamol)',
  ]),
  // Someone (often a child) has swallowed a medicine that is dangerous in small amounts.
  ingestedMedicine: sig('normal', [
    '(?:ate|eaten|swallowed|got into|drank|drunk|chewed|taken|took|had)(?: \\w+){0,4} (?:sertraline|citalopram|fluoxetine|amitriptyline|codeine|co ?codamol|tramadol|morphine|oxycodone|diazepam|zopiclone|propranolol|digoxin|warfarin|iron|paracetamol|ibuprofen|aspirin|insulin|metformin|amlodipine|ramipril|antidepressants?|sleeping (?:pills|tablets)|painkillers)',
    '(?:ate|eaten|swallowed|got into|drank|drunk|chewed|taken|took|had)(?: \\w+){0,5} (?:tablets|pills|medicine|medication|meds|capsules|vitamins|iron tablets|e ?cig liquid|vape liquid|nicotine|methadone|drugs|cannabis|edibles|vodka|gin|whisky|alcohol|cocaine|pills)',
  ]),
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
  // Stopping alcohol after drinking heavily, or alcohol withdrawal.
  alcoholWithdrawal: sig('normal', [
    '(?:stopped|quit|gave up|give up|cut out|coming off|came off|come off|off the) (?:the )?(?:drinking|drink|booze|alcohol)', 'alcohol withdrawal', 'withdraw\\w* from (?:alcohol|drink|the drink|booze)', '(?:alcohol|drink) detox', 'detoxing', 'the dts', 'delirium tremens',
  ]),
  // A possible source of carbon monoxide: a boiler, a gas fire, a CO alarm.
  coSource: sig('normal', ['carbon monoxide', 'boiler', 'gas (?:fire|heater|leak|smell|appliance|cooker)', 'smell of gas', '(?:co|carbon monoxide) (?:alarm|detector)', 'fumes', 'generator indoors', 'bbq indoors', 'barbecue inside']),
  // Others in the household (or pets) unwell at the same time (carbon monoxide).
  householdAffected: sig('none', ['(?:mum and dad|mum n dad|both of (?:us|them)|all of us|everyone (?:in the house|at home)|whole family|the (?:dog|cat) (?:is|seems|too)|we all|both (?:have|got|feel))']),
  // Too much paracetamol or another medicine taken.
  paracetamolExcess: sig('normal', [
    'too much (?:paracetamol|ibuprofen|co ?codamol|codeine|insulin|medicine|medication|of (?:my|his|her|the) (?:tablets|meds|medicine|medication))',
    '(?:more|over) than (?:the )?(?:max|maximum|recommended|packet|dose)(?: \\w+){0,3} (?:paracetamol|tablets|dose)', 'paracetamol overdose', 'staggered overdose',
  ]),
  // Swallowed something poisonous (beyond medicines): with symptoms, A&E (NHS poisoning).
  poisonSwallowed: sig('normal', [
    '(?:drank|drunk|swallowed|ate|eaten|had (?:a )?(?:sip|swig|mouthful|gulp) of|sipped)(?: \\w+){0,6} (?:weedkiller|weed killer|pesticide|insecticide|paraquat|glyphosate|roundup|sheep dip|antifreeze|screenwash|rat poison|slug pellets|white spirit|paraffin|petrol|diesel|lamp oil|bleach|brake fluid|creosote)',
    '(?:wild|foraged|picked) (?:\\w+ )?mushrooms?', 'mushrooms? (?:we |i |he |she |they )?(?:picked|foraged|found)', '(?:foraged|foraging)(?: \\w+){0,4} (?:ate|eaten|had|cooked)',
    '(?:weedkiller|weed killer|pesticide|paraquat|antifreeze|sheep dip)(?: \\w+){0,4} (?:swallowed|drank|drunk|in (?:my|his|her) mouth)',
  ]),
  // The mouth or throat burning after swallowing something: a corrosive.
  burningMouth: sig('normal', ['(?:mouth|throat|lips|tongue|gullet)(?: \\w+){0,2} (?:burning|burns|burnt|on fire|stinging|blistering)', 'burning (?:in )?(?:my |his |her |their |the )?(?:mouth|throat|lips|tongue)']),
  // Medicines a person must not miss (anti-rejection, replacement steroids): being unable to keep
  // them down is an emergency (NHS Addison's disease: adrenal crisis; transplant teams say the same).
  cantKeepMedsDown: sig('normal', [
    '(?:cant|couldnt|cannot|unable to|not able to|not) keep(?:ing)? (?:my |his |her |their |any |the |me |them )?(?:meds|medication|medications|medicines?|tablets|pills|anti ?rejection\\w*|steroids?|hydrocortisone|immunosuppressants?|doses?)(?: \\w+){0,2} down',
    '(?:vomit\\w*|throwing up|threw up|thrown up|sick|bringing)(?: \\w+){0,4} (?:my |his |her |their |the )?(?:meds|medication|medicines?|tablets|pills|steroids?|hydrocortisone)(?: \\w+){0,2} (?:back )?up',
  ]),
  // Shaky, trembling, twitching or unsteady (on a medicine below, a sign of too much of it).
  tremor: sig('normal', ['shaky', 'shaking', 'shakes', 'tremor\\w*', 'trembl\\w*', 'twitch\\w*', 'unsteady', 'wobbly on (?:my|his|her) feet']),
  // Medicines whose safe dose is close to a harmful one: sickness or diarrhoea can tip them over
  // (NHS lithium, digoxin: contact a doctor straight away).
  // A dentist's local anaesthetic: the lip, cheek and mouth on that side are numb and may droop
  // for a few hours (a filling, an extraction, root canal work).
  dentalAnaesthetic: sig('normal', [
    '(?:dentist|dentists|dental)(?: \\w+){0,8} (?:injection|injections|jab|numbing|numbed|anaesthetic|anesthetic|local)',
    '(?:injection|injections|jab|numbing|anaesthetic|anesthetic|local|filling|fillings|extraction|root canal|tooth (?:out|pulled|taken out|removed))(?: \\w+){0,6} (?:dentist|dentists|dental)',
  ]),
  narrowMarginMedicine: sig('normal', ['lithium', 'priadel', 'camcolit', 'digoxin', 'phenytoin', 'theophylline', 'aminophylline']),
  // Recreational drugs: with overheating, fits, collapse, confusion or chest pain, 999.
  recreationalDrugs: sig('normal', [
    '(?:took|taken|taking|had|done|did|dropped|necked|swallowed|snorted|smoked) (?:a |some |two |2 |a couple of |half a |too much |too many )?(?:pills?|mdma|molly|mandy|ecstasy|e|ket|ketamine|coke|cocaine|speed|amphetamines?|acid|lsd|spice|drugs|crystal|meth|ghb|g|pingers|bombs)',
    'took something (?:at|in|from|on)', '(?:drink|drinks) (?:was |got |were )?spiked', 'been spiked', 'spiked (?:me|him|her|them)', 'on (?:drugs|something)', 'overdos\\w*',
  ]),
  // Drunk: the state, not the verb ("drunk some bleach" is poisoning).
  intoxicated: sig('normal', [
    '(?:is|was|very|really|so|blind|too|falling down|paralytically?) drunk', 'drunk (?:and|as)', 'paralytic', 'hammered', 'wasted', 'smashed', 'off (?:his|her|their|my) (?:face|head)',
    '(?:lots|loads|a lot|way too much|too much) (?:to drink|of (?:drink|alcohol|booze|vodka|wine|beer|cider|gin|rum|shots))', 'been drinking',
    '(?:bottle|bottles|litre|pints?|cans?|shots?) of (?:vodka|wine|beer|cider|gin|rum|whisky|whiskey|tequila|jager|booze|spirits)',
  ]),
  // Injecting drugs (not prescribed injections: insulin, weight-loss pens, blood thinners, B12).
  injectsDrugs: sig('normal', [
    '(?:i|we|they) inject\\b', 'injects\\b', 'injects? (?:drugs|heroin|gear|speed|crack|meth|cocaine|coke)', 'injecting(?: \\w+){0,2} (?:drugs|heroin|gear|speed|crack|meth|cocaine|coke)',
    '(?:iv|intravenous) drug (?:use|user|users)', 'injecting drug user', 'shooting up', 'skin popping',
    'inject(?:s|ing|ed)? (?:in|into) (?:my|his|her|their) (?:groin|veins?|neck|feet|foot)',
  ], /\b(?:insulin|ozempic|mounjaro|wegovy|saxenda|semaglutide|tirzepatide|b12|methotrexate|humira|adalimumab|enoxaparin|clexane|heparin|fertility|ivf|epipen|pen|pens|hrt|depo|contracepti\w*|vaccine|jab|botox|filler)\b/),
  // Medicines that can stop the bone marrow making white blood cells (agranulocytosis): a sign of
  // infection on them needs a blood count the same day, a temperature is treated as sepsis.
  whiteCellDrug: sig('normal', ['clozapine', 'clozaril', 'zaponex', 'denzapine', 'carbimazole', 'propylthiouracil']),
} satisfies Record<string, Signal>;
