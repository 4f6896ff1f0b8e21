/**
 * Bones, joints, muscles and injuries: falls, breaks, wounds, bites, needle injuries.
 *
 * Each concept is a phrase pattern over normalised clause text with its negation mode (signal.ts).
 */
import { sig, type Signal } from './signal.js';

export const BONES_AND_INJURY = {
  // Back pain of any kind.
  backPain: sig('normal', [
    'back pain', 'back ache', 'backache', 'back hurts', 'pain in (?:my |his |her |the )?(?:lower )?back', 'lower back', 'sciatica',
    'slipped disc', 'bad back', 'back is (?:killing|agony)',
  ]),
  // Someone has fallen.
  fall: sig('normal', ['(?:she|he|i|mum|mom|dad|nan|nana|gran|granny|grandad|grandpa|grandma|they|husband|wife|partner) (?:fell|has fallen|had fallen|took a tumble)(?! asleep| pregnant| ill| apart| behind| for| in love| out with)', 'came off (?:his|her|my|their|a) (?:bike|horse|scooter|skateboard|motorbike)', 'rolled off', '(?:fell|fallen|dropped) (?:off|from) (?:the|a) (?:bed|sofa|changing table|table|chair|high chair|bunk|stairs|ladder|wall|trampoline)','fell (?:off|from|down|over|out of|onto|on)', 'fallen (?:off|from|down|over)', 'had a fall', '(?:slipped|tripped)(?: \\w+){0,3} (?:and|on|over)', 'fall (?:off|from|down)']),
  // Cannot put weight on, stand on or walk on the injured part.
  // A child who will not or refuses to put weight on a leg counts the same.
  cantBearWeight: sig('normal', [
    '(?:cant|couldnt|cannot|unable to|wont|will not|would not|wouldnt|refus\\w* to|not able to) (?:put (?:any )?weight on|stand on|walk on|bear weight on)(?: \\w+){0,2} (?:it|my|his|her|their|the)',
    '(?:not|isnt|wont be) (?:putting|bearing) (?:any )?weight on',
  ]),
  // A sore, ulcer, wound, crack or black patch on the foot (with diabetes, urgent).
  footProblem: sig('normal', ['(?:sore|ulcer|wound|cut|blister|crack|red patch|black patch)(?: \\w+){0,5} (?:foot|feet|toe|toes|heel|sole)', '(?:foot|feet|toe|toes|heel|sole)(?: \\w+){0,3} (?:sore|ulcer|wound|cut|blister|infected|black)']),
  // A leg that looks shorter, turned out or at an odd angle (a broken hip).
  legDeformity: sig('normal', ['(?:leg|foot)(?: \\w+){0,3} (?:looks |is |gone )?(?:shorter|turned out\\w*|rotated|turned outwards|at a (?:funny|strange|odd) angle)', 'bend in it', 'dinner fork', 'bone (?:sticking|poking) out']),
  // On the floor for a long time after a fall.
  longLie: sig('normal', ['on the floor (?:for|all) (?:hours|night|ages|a long time|\\d+ hours)', 'couldnt get (?:up|herself up|himself up) (?:for|all)', '(?:cant|couldnt) (?:stand|put weight on|walk on|bear weight)']),
  // No fall or injury that explains it.
  noInjury: sig('none', ['no (?:fall|injury|bang|knock|trauma)', '(?:didnt|hasnt|havent|did not) (?:fall|hurt|injure|bang|knock)', 'no idea (?:how|why)', 'for no reason']),
  // A wound that is red, hot, swollen, spreading or oozing pus (infected).
  woundInfection: sig('normal', [
    '(?:weeping|leaking|oozing)(?: \\w+){0,2} (?:green\\w*|yellow\\w*|cloudy|smelly) (?:stuff|gunk|fluid|pus|liquid)',
    '(?:red|redness|red area|swelling)(?: \\w+){0,4} (?:spreading|spread|getting bigger|bigger|size of (?:my|a|his|her) hand)', 'hot and hard','pus', 'ooz\\w* (?:pus|yellow|green|gunk)', '(?:yellow|green) (?:gunk|pus|discharge|stuff)', 'smells? (?:bad|horrible|off|awful)?', 'red (?:streaks?|lines?) (?:going|spreading)', '(?:red|hot|swollen)(?: \\w+){0,2} (?:round|around) (?:the|it|edges)', 'red round the edges']),
  // A wound of any kind: a cut, a graze, a burn, a bite, stitches.
  // "Cut" as in cutting down ("cut the salt", "cut back on sugar") is not a wound.
  woundWord: sig('normal', ['wound', 'cut(?! (?:down|back|out|off|the (?:salt|sugar|fat|carbs|caffeine|booze|drinking)|(?:my |his |her )?(?:salt|sugar|fat|carbs|caffeine|alcohol|booze|drinking|smoking|hours|hair|grass|nails?)\\b))', 'graze', 'burn(?:t|ed)?', 'scald\\w*', 'bite', 'bitten', 'scratch', 'stitches', 'piercing', 'splinter', 'blister']),
  // An animal or human bite.
  bite: sig('normal', ['(?:dog|cat|fox|horse)(?: \\w+){0,2} (?:got|grabbed|went for|latched onto|latched on to|sank its teeth into) (?:my|his|her|their|the) (?:arm|hand|leg|face|finger|fingers|ankle|calf|cheek|lip|ear)', '(?:dog|cat|fox|horse)(?: \\w+){0,2} (?:went for|flew at|lunged at|attacked|jumped on) (?:me|him|her|them|us)(?: \\w+){0,12} (?:puncture|punctures|teeth|tooth|broke the skin|bleed\\w*|bled)', '(?:dog|cat|animal|fox|horse|human|someone|bat|rat|monkey)(?: \\w+){0,3} (?:bit|bite|bitten|attacked)', '(?:bit|bitten) by (?:a |the |my |his |her |our |their )?(?:neighbours? )?(?:dog|cat|animal|fox|horse|person|child|kid|bat|rat)', '(?:teeth|tooth) (?:went in|broke the skin|marks)']),
  // A deep or gaping wound, a flap of skin, or a wound that may need stitches.
  deepWound: sig('normal', [
    'flap of skin', 'skin(?: \\w+){0,2} (?:hanging|flapping) (?:off|open|loose|down)?', 'gaping', 'gaping wound', '(?:deep|big|huge|large|nasty) (?:cut|gash|wound|laceration|bite|puncture)',
    '(?:cut|gash|wound|bite)(?: \\w+){0,3} (?:is |looks |very |really |quite )*(?:deep|gaping|wide open)', 'can see (?:the |my |his |her )?(?:bone|fat|tendon|muscle)',
  ]),
  // A finger, hand, toe or limb crushed, nearly or fully cut off.
  crushOrSevered: sig('normal', [
    '(?:finger|fingers|toe|toes|thumb|hand|foot|feet|arm|leg|ear|fingertip|tip of (?:my|his|her) (?:finger|thumb))(?: \\w+){0,4} (?:nearly off|almost off|hanging off|cut off|chopped off|sliced off|severed|came off|come off|ripped off|torn off|partly off)',
    '(?:took|taken|chopped|cut|sliced|ripped|torn|tore|lopped|snipped|sheared) (?:the )?(?:end|tip|top|half|part) (?:off )?of (?:my|his|her|their|the) (?:finger|thumb|toe|fingertip|ear|nose)(?: off)?', '(?:finger|thumb|toe|fingertip|tip)(?: \\w+){0,3} in a (?:bag|box|tub|glass|cup)',
    'degloving', '(?:skin|flesh)(?: \\w+){0,2} (?:pulled|ripped|torn|stripped|peeled|come|came) (?:right )?off (?:my|his|her|their|the) (?:finger|thumb|hand|fingers)', '(?:ring|wedding ring)(?: \\w+){0,4} (?:caught|snagged|ripped|pulled)(?: \\w+){0,10} (?:skin|flesh)', '(?:pulled|ripped|torn|tore|stripped|peeled) (?:all )?(?:the )?(?:skin|flesh) (?:right )?off (?:my|his|her|their|the) (?:finger|thumb|hand|fingers)',
    '(?:crushed|crush injury|crushed by|crushed under|crushed in)', 'caught (?:in|under) (?:a |the )?(?:machine|machinery|press|roller|conveyor|lathe|car door|gate)',
  ]),
  // Muscles in agony, rock hard or swollen (muscle breakdown or compartment syndrome).
  muscleAgony: sig('normal', [
    '(?:legs|arms|muscles|thighs|calves|quads|legs are|arms are)(?: \\w+){0,3} (?:agony|swollen|rock hard|so painful|really painful|excruciating|cant move)', '(?:spin|gym|workout|exercise|marathon|training)(?: \\w+){0,4} (?:agony|swollen)',
  ]),
  // A joint that is red, hot or swollen.
  hotSwollenJoint: sig('normal', [
    // "my leg below the knee has gone red hot and swollen" places the leg (cellulitis), not the joint.
    '(?<!\\b(?:below|above|under|beneath|behind|from) (?:the |my |his |her |their )?)(?:knee|hip|ankle|elbow|wrist|shoulder|joint|toe|finger)(?: \\w+){0,3} (?:is |has gone |gone |really |very |so )*(?:red|hot|swollen|swelled up)(?: \\w+){0,2} (?:and )?(?:red|hot|swollen|warm)',
    // "a red swollen painful knee", "a painful hot swollen knee": the joint named after its signs.
    '(?:(?:painful|sore|tender|stiff) (?:and )?)?(?:red|hot|swollen)(?: (?:and )?(?:red|hot|swollen|painful|sore|tender|warm|puffy|stiff)){0,2} (?:knee|hip|ankle|elbow|wrist|shoulder|joint)',
    '(?:knee|hip|ankle|elbow|wrist|shoulder|joint)(?: \\w+){0,6} hot to (?:the )?touch',
  ]),
  // A joint too painful to move ("screams if we move his hip", "cant bend her knee for the pain").
  jointPainOnMoving: sig('normal', [
    '(?:screams?|screaming|cries|crying|yelps?|howls?|agony|hurts|pain)(?: \\w+){0,3} (?:if|when|whenever) (?:we|you|i|anyone|someone|they) (?:move|moves|touch|touches|bend|bends|straighten) (?:his|her|my|their|the) (?:hip|knee|leg|joint|ankle|shoulder|elbow|wrist)',
    '(?:cant|wont|cannot|unable to) (?:move|bend|straighten) (?:his|her|my|their|the) (?:hip|knee|joint|ankle|shoulder|elbow|wrist)(?: \\w+){0,2} (?:for|because of|with) (?:the )?pain',
  ]),
  // Tetanus after a wound: the jaw stiffening, then spasms.
  lockjaw: sig('normal', ['lock ?jaw', 'jaw(?: \\w+){0,2} (?:is |going |gone |getting |feels |locked |locking )?(?:stiff|locked|locking|tight|seizing|clenched)', '(?:cant|can barely|cannot|struggling to) open (?:my|his|her|their) (?:mouth|jaw)']),
  // Muscle spasms (with a wound, tetanus).
  spasms: sig('normal', ['spasm\\w*', 'muscles? (?:keep )?(?:jerking|locking|cramping up)']),
  // Oil, grease, paint or vaccine forced under the skin: looks small, needs surgery the same day.
  injectionInjury: sig('normal', [
    '(?:grease gun|paint gun|paint sprayer|spray gun|high pressure|pressure washer|jet wash\\w*|hydraulic (?:line|hose|pipe|oil)|diesel injector|injector)(?: \\w+){0,5} (?:into|in|went into|injected|through) (?:my|his|her|their|the)',
    '(?:injected|jabbed|stabbed|stuck) (?:myself|himself|herself|themselves)(?: \\w+){0,8} (?:vaccine|oil|oily|grease|adjuvant)', '(?:vaccine|oil|grease|paint)(?: \\w+){0,3} (?:injected|injection) (?:into|in) (?:my|his|her|their)',
  ]),
  // A fall or blow, then neck or back pain with tingling or weakness in the limbs: a spinal injury.
  spinalTrauma: sig('normal', [
    '(?:fell|fall|fallen|came off|come off|thrown|threw me|crash\\w*|landed|dived|diving|rugby tackle|tackled|hit by|knocked off)(?: \\w+){0,8} (?:neck|back|spine)',
    '(?:neck|back|spine)(?: \\w+){0,6} (?:after|since|from) (?:i |he |she |they )?(?:fell|falling|the fall|a fall|came off|coming off|falling off|the crash|a crash|diving|being thrown)',
    // Landing on the head or being thrown onto it loads the neck, whatever else hurts.
    '(?:landed|fell|came down|dived|thrown) (?:\\w+ )?(?:on|onto) (?:my|his|her|their|the) (?:head|neck)',
  ]),
  // A finger, toe or joint out of shape after an injury: a break or dislocation (urgent treatment centre).
  jointDeformity: sig('normal', [
    '(?:finger|thumb|toe|knuckle|wrist|elbow|shoulder|kneecap|ankle|joint)(?: \\w+){0,6} (?:is |looks |gone |now )?(?:crooked|bent|wonky|out of place|at a (?:funny|strange|odd|weird) angle|deformed|the wrong way|sticking out)',
    '(?:crooked|bent|wonky|deformed) (?:finger|thumb|toe|wrist|knuckle)',
  ], /\b(?:for years|since birth|arthritis|always been)\b/),
  // A knee that has locked or will not straighten after a twist (NHS knee pain: urgent treatment centre).
  lockedJoint: sig('normal', [
    '(?:knee|leg)(?: \\w+){0,3} (?:has |is |keeps |gone |got )?(?:locked|locking|stuck|jammed)(?! up with)',
    '(?:cant|cannot|couldnt|wont) (?:straighten|bend|fully straighten|fully bend) (?:it|my knee|the knee|his knee|her knee|my leg|his leg|her leg)',
  ]),
  // A needle or sharps injury from a used needle (NHS: go to A&E straight away; treatment to
  // prevent HIV or hepatitis works best within hours). Not one's own clean needle.
  needleInjury: sig('normal', [
    'needle ?sticks?', 'sharps injury', 'needle injury',
    '(?:stabbed|pricked|jabbed|stuck|spiked|scratched|cut)(?: \\w+){0,3} (?:with|on|by) (?:a |an |some |the )?(?:used |dirty |discarded |old |contaminated |dropped |drug |someone elses |a patients )*(?:needle|syringe|sharps?)',
    '(?:used|dirty|discarded|contaminated|drug) (?:needle|syringe)(?: \\w+){0,4} (?:stabbed|pricked|went into|went in|jabbed|stuck|scratched|pierced)',
  ], /\b(?:own (?:insulin )?(?:needle|pen)|my insulin (?:needle|pen)|sewing|knitting|pine needles?|cactus|clean needle|new needle|unused|acupuncture)\b/),
} satisfies Record<string, Signal>;
