/**
 * The order the concepts are read in, which is the order of a message's findings (Turn.case lists
 * them in it). It is the order the signals had before they were organised by body system, kept so
 * that the move changed nothing a person or a member of staff can see. A new concept is added
 * where it reads best (EVERY_CONCEPT_LISTED fails to compile until every concept is listed).
 */
import type { ConceptId } from './all.js';

export const READING_ORDER = [
  'suicidal', 'killSelf', 'suicideMeans', 'noSuicidalIntent', 'notSuicidal', 'hurtSelf',
  'cuttingSelf', 'chestPain', 'chestWallPain', 'severeChest', 'vice', 'heartAttack', 'breathless', 'sweating',
  'radiating', 'faint', 'faceDroop', 'armWeak', 'speech', 'strokeMention', 'vision',
  'armsNormal', 'speechNormal', 'settlesWithRest', 'swellMouth', 'swellTongue', 'swellFaceEyes', 'swellThroat',
  'throatClosing', 'swallow', 'breathingSevere', 'wheeze', 'allergen', 'allergyWord', 'epipen', 'anaphylaxisMention',
  'infection', 'mottled', 'blotchy', 'confused', 'noWee', 'fastBreathing', 'feelDying',
  'sepsisMention', 'nonBlanching', 'stiffNeck', 'neckFlexes', 'fever', 'photophobia', 'meningitisMention',
  'meningitisCompanion', 'child', 'childSeizure', 'floppy', 'childDanger', 'heavyBleeding', 'bleedingStopped',
  'severeBreathing', 'seenBreathing', 'unconscious', 'longSeizure', 'thunderclap', 'saddle',
  'sphincter', 'backPain', 'headHit', 'headDanger', 'poisoning', 'severeBurn', 'collapse',
  'exertion', 'palpitations', 'ownFever', 'babyFever', 'coughPain', 'stridorBreathIn',
  'knownFits', 'recovered', 'panicAttack', 'episodePassing', 'gradualOnset', 'mumpsMention',
  'kidneyStone', 'blackSkin', 'newMedicine', 'soreEyes', 'retinaSigns', 'noReason',
  'atypicalSite', 'nausea', 'greyPale', 'gtnFailed', 'faceNeckSwelling', 'airwayStruggle',
  'stridor', 'calfLeg', 'clotRisk', 'pleuritic', 'severeTummy', 'throughToBack', 'rigid',
  'diarrhoea', 'greenVomit', 'swollenTummy', 'electrical', 'chemical', 'burnInjury', 'blister',
  'burnFace', 'inhalation', 'headKnock', 'fall', 'headWarning', 'pregnancyBleeding',
  'severeHeadache', 'visionChange', 'suddenSwelling', 'underRibs', 'spotting', 'smokeInhaled',
  'ingestedMedicine', 'anginaKnown', 'usedAgainNoBetter', 'antacidFailed', 'cantBearWeight',
  'footProblem', 'testicleEmergency', 'amnesia', 'headLump', 'voiceChange', 'newConfusion',
  'gettingWorse', 'loinPain', 'rashInfection', 'largeBlister', 'biggerThanHand', 'infectionSymptom', 'sunburnWord',
  'baby', 'immunosuppressed', 'earDischarge', 'hypoSigns', 'hypoDanger', 'peakFlowLow',
  'eyeInjury', 'eyeDanger', 'limbIschaemia', 'legDeformity', 'longLie', 'noPooWind',
  'maybePregnant', 'lowerTummyPain', 'oneSidedPain', 'timeCriticalMedicine', 'doubleDose',
  'noInjury', 'limp', 'suddenHearingLoss', 'shoulderTip', 'veryHighSugar', 'highSugar',
  'veryUnwell', 'drowsyMuddled', 'dehydration', 'poorIntake', 'treatmentFailed', 'lastedFiveMinutes', 'usualPattern', 'recurrent',
  'worseningBreath', 'woundInfection', 'woundWord', 'bite', 'dysuria', 'vaginalDischarge',
  'jawClaudication', 'eyeSocket', 'swollenEyelid', 'jaundice', 'rigors', 'pulsatileTinnitus',
  'contactLens', 'painfulEye', 'hormonal', 'cordProlapse', 'labour', 'deepBurnSkin', 'eyeRash',
  'chickenpox', 'hypoFrequent', 'covidMention', 'covidHighRisk', 'lymphangitis',
  'alcoholWithdrawal', 'hallucinating', 'deepWound', 'crushOrSevered', 'tightPressure', 'atRest',
  'exertionalBefore', 'coSource', 'headacheAny', 'householdAffected', 'darkBrownUrine',
  'muscleAgony', 'bodyFever', 'mouthThroatReaction', 'harmBabyThoughts', 'stuckObject', 'batteryOrMagnet', 'swallowedIt',
  'testicleProblem', 'itchPalmsSoles', 'swallowedObject', 'malariaTravel', 'spreadingRedness',
  'coughBlood', 'hotSwollenJoint', 'jointPainOnMoving', 'paracetamolExcess', 'reducedMovements', 'hypoNotResponding',
  'lowBloodPressure', 'cantPee', 'priapism', 'rectalBleedHeavy', 'blackStool', 'sickleCell',
  'progressiveWeakness', 'slowPulse', 'lockjaw', 'spasms', 'injectionInjury', 'stungMouth',
  'poisonSwallowed', 'burningMouth', 'spinalTrauma', 'limbNeuro', 'tinglingAny',
  'breathingPauses', 'toldToGoToHospital', 'cantKeepMedsDown', 'steroidDependent',
  'asthmaAttack', 'relieverUsed', 'relieverOften', 'tremor', 'narrowMarginMedicine', 'dentalAnaesthetic', 'vomiting', 'bloodInPoo', 'noseBleed',
  'swallowingBlood', 'lastedLong', 'recreationalDrugs', 'unexplainedBruising', 'jointDeformity',
  'lockedJoint', 'cantKeepFluids', 'breathingFaster', 'tickBite', 'ringRash', 'breastRedness',
  'watersBroken', 'watersColoured', 'needleInjury', 'disoriented', 'suddenOnset',
  'gurglingBreath', 'intoxicated', 'injectsDrugs', 'sunkenFontanelle', 'legsGivingWay',
  'eczemaWord', 'herpeticSores', 'eczemaInfected', 'catheterBlocked', 'whiteCellDrug',
] as const satisfies readonly ConceptId[];

/** `true` only when every concept is in READING_ORDER; otherwise the ids left out. */
type Unlisted = Exclude<ConceptId, (typeof READING_ORDER)[number]>;
export const EVERY_CONCEPT_LISTED: [Unlisted] extends [never] ? true : Unlisted = true;
