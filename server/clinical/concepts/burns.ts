/**
 * Burns and scalds: how deep and where, electrical and chemical burns, smoke breathed in.
 *
 * Each concept is a phrase pattern over normalised clause text with its negation mode (signal.ts).
 */
import { sig, type Signal } from './signal.js';

export const BURNS = {
  // A large, deep, chemical or electrical burn, an electric shock, or a burn bigger than the hand.
  severeBurn: sig('normal', [
    '(?:large|big|huge|deep|severe|serious|bad|chemical|electrical|electric) (?:burn|burns|scald|scalds)', 'electric shock', 'electrocuted',
    'burn(?: \\w+){0,4} (?:bigger than (?:my|his|her|their|a) hand|white|charred|black|leathery)',
  ]),
  // An electric shock or burn, or touching a live wire.
  electrical: sig('normal', [
    'electric\\w* (?:shock|burn|injury|current)', 'electrocut\\w*', '(?:touched|touching|grabbed|hit|got hold of) (?:a |the )?live (?:wire|cable|rail|socket|terminal)',
    'live wire', '(?:bare|exposed|frayed|stripped) (?:wire|wires|cable|cables)', '(?:shock|zapped|jolt) (?:from|off) (?:a |the |an )?(?:\\w+ )?(?:socket|plug|wire|cable|mains|fence|appliance|kettle|toaster|charger|light switch)',
    'mains (?:electricity|shock|current)', 'struck by lightning', 'lightning strike',
  ]),
  // A chemical (bleach, drain cleaner, acid) splashed on the skin or in the eyes.
  chemical: sig('normal', [
    '(?:splash\\w*|spilt|spilled|spill\\w*|got|sprayed|poured|touched|squirted)(?: \\w+){0,4} (?:bleach|drain cleaner|oven cleaner|caustic\\w*|chemicals?|cement|ammonia|acid|lye|descaler|paint stripper)(?: \\w+){0,3} (?:on|in|into|over) (?:my|his|her|their|the)',
    'chemical (?:burn|burns|splash|in (?:my|his|her) eyes?)', '(?:bleach|drain cleaner|oven cleaner|caustic soda|acid|cement)(?: \\w+){0,3} (?:burn\\w*|in (?:my|his|her) eyes?)',
  ], /\b(?:reflux|indigestion|heartburn|stomach acid|acid in my (?:throat|mouth|stomach)|acid (?:burning|coming up|came up|repeating|rising)(?: \w+){0,4} (?:throat|chest|mouth)|sour taste)\b/),
  // A burn or scald of any kind, or being on fire.
  burnInjury: sig('normal', [
    'burn(?:t|ed|s)?', 'scald\\w*', 'chip pan', '(?:caught|on) fire', 'flames?',
    // A scald told by what did it: boiling water, a kettle knocked over, a hot water bottle that burst.
    'boiling (?:water|oil|fat|tea|coffee|soup|milk|kettle)', 'hot water bottle (?:burst|split|leaked|popped|broke)',
    '(?:spilt|spilled|spill|knocked|tipped|poured|splashed)(?: \\w+){0,3} (?:hot|boiling) (?:water|oil|fat|tea|coffee|soup|drink|kettle)',
    'kettle (?:spilt|spilled|tipped|fell|went over|over (?:me|him|her|my|his))',
  ]),
  // An area bigger than the person's hand (NHS: a burn bigger than the injured person's hand is an A&E visit).
  biggerThanHand: sig('normal', [
    '(?:bigger|larger|wider) than (?:my|his|her|their|your|a|the|an adults?) (?:hand|palm)', '(?:covers|covering|over) (?:most of|half|the whole of|all of) (?:my|his|her|their|the) (?:arm|leg|back|chest|tummy|belly|thigh)',
    // From one joint to the next ("wrist to elbow", "from his knee to his ankle"): far more than a hand.
    '(?:from )?(?:my |his |her |their |the )?(?:wrist|elbow|shoulder|knee|ankle|hip) (?:to|up to|down to|all the way to) (?:my |his |her |their |the )?(?:elbow|shoulder|wrist|knee|ankle|hip)',
  ]),
  // Blisters, skin coming off, or raw skin.
  // Raw skin where a burn or a rash took the top layer off (not hands raw from washing them).
  blister: sig('normal', ['blister\\w*', 'skin (?:came|coming|peeled|peeling) off', '(?:skin|burn|wound|area|patch|it|its|flesh)(?: \\w+){0,2} (?:is |looks |gone |went |all )?raw', 'raw (?:skin|flesh|patch|area|wound|red)']),
  // A burn to the face, mouth, throat, eyes or genitals.
  burnFace: sig('normal', [
    '(?:burn|burnt|burned|scald\\w*)(?: \\w+){0,3} (?:face|mouth|lips|throat|neck|eyes?|nose|genitals|groin|privates)',
    '(?:face|mouth|lips|throat|eyes?|nose)(?: \\w+){0,2} (?:burn|burnt|burned|scalded)',
  ]),
  // A hoarse voice, singed hair or soot around the mouth or nose (smoke breathed in).
  inhalation: sig('normal', [
    '(?:hoarse|croaky|raspy|husky)(?: voice)?', 'voice (?:is |going |gone |has gone )?(?:hoarse|croaky|raspy|funny|strange)', 'singed', 'smoke (?:inhal\\w*|in (?:my|his|her) (?:lungs|throat))',
    'breathed in (?:smoke|fumes)', 'soot (?:in|around) (?:my|his|her|the) (?:mouth|nose)', 'coughing (?:up )?(?:black|soot)',
  ]),
  // Smoke or fumes breathed in, or being in a fire.
  smokeInhaled: sig('normal', ['breathed in (?:smoke|fumes)', 'smoke inhal\\w*', '(?:house|flat|kitchen|car|building|bonfire) fire', '(?:in|from) (?:a|the) fire', 'singed', 'carbon monoxide']),
  // A large blister, or lots of them.
  largeBlister: sig('normal', ['blister\\w*(?: \\w+){0,4} (?:(?:size of|bigger than|as big as)(?! (?:a |an )?(?:5p|1p|2p|10p|pea|penny|grain|pin ?head|rice|lentil|pimple|spot)\\b)|large|big|huge)', '(?:large|big|huge|lots of|loads of) blisters?']),
  // Sunburn.
  sunburnWord: sig('normal', ['sunburn\\w*', 'burnt in the sun', 'got burnt (?:at|on|in) the (?:park|beach|garden|sun)']),
  // Burnt skin that is white, charred, black, leathery or waxy (a deep burn).
  deepBurnSkin: sig('normal', [
    '(?:skin|it|burn|patch|area|hand|hands|arm|leg|foot)(?: \\w+){0,4} (?:white|charred|black|blackened|leathery|waxy)(?: and (?:leathery|dry|waxy|hard|stiff))?',
    '(?:white|charred|blackened|leathery|waxy) (?:patches|patch|areas?|bits)',
    'leathery', 'charred',
    // White patches in the mouth or throat, or skin that went white under a glass, are no burn's.
  ], /\b(?:tonsils?|throat|tongue|mouth|gums?|discharge|glass|tumbler)\b/),
} satisfies Record<string, Signal>;
