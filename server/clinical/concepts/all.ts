/**
 * Every concept family, merged. A concept id may be defined once only: the families are checked at
 * load (a spread would let a later family silently replace an earlier family's concept).
 */
import { MENTAL_HEALTH } from './mental-health.js';
import { HEART } from './heart.js';
import { BREATHING } from './breathing.js';
import { BRAIN_AND_NERVES } from './brain-and-nerves.js';
import { INFECTION_AND_SEPSIS } from './infection-and-sepsis.js';
import { SKIN_AND_ALLERGY } from './skin-and-allergy.js';
import { BURNS } from './burns.js';
import { ABDOMEN_AND_DIGESTION } from './abdomen-and-digestion.js';
import { URINARY_AND_KIDNEY } from './urinary-and-kidney.js';
import { GENITALS_AND_SEXUAL_HEALTH } from './genitals-and-sexual-health.js';
import { PREGNANCY_AND_BABIES } from './pregnancy-and-babies.js';
import { CHILDREN } from './children.js';
import { EYES_EARS_NOSE_THROAT } from './eyes-ears-nose-throat.js';
import { BONES_AND_INJURY } from './bones-and-injury.js';
import { BLOOD_AND_BLEEDING } from './blood-and-bleeding.js';
import { MEDICINES_AND_SUBSTANCES } from './medicines-and-substances.js';
import { DIABETES } from './diabetes.js';
import { PERSON } from './person.js';
import { COURSE_AND_TIMING } from './course-and-timing.js';
import type { Signal } from './signal.js';

const FAMILIES = [
  MENTAL_HEALTH, HEART, BREATHING, BRAIN_AND_NERVES, INFECTION_AND_SEPSIS, SKIN_AND_ALLERGY, BURNS,
  ABDOMEN_AND_DIGESTION, URINARY_AND_KIDNEY, GENITALS_AND_SEXUAL_HEALTH, PREGNANCY_AND_BABIES, CHILDREN,
  EYES_EARS_NOSE_THROAT, BONES_AND_INJURY, BLOOD_AND_BLEEDING, MEDICINES_AND_SUBSTANCES, DIABETES, PERSON,
  COURSE_AND_TIMING,
] as const;

export const ALL_CONCEPTS = {
  ...MENTAL_HEALTH, ...HEART, ...BREATHING, ...BRAIN_AND_NERVES, ...INFECTION_AND_SEPSIS, ...SKIN_AND_ALLERGY,
  ...BURNS, ...ABDOMEN_AND_DIGESTION, ...URINARY_AND_KIDNEY, ...GENITALS_AND_SEXUAL_HEALTH,
  ...PREGNANCY_AND_BABIES, ...CHILDREN, ...EYES_EARS_NOSE_THROAT, ...BONES_AND_INJURY, ...BLOOD_AND_BLEEDING,
  ...MEDICINES_AND_SUBSTANCES, ...DIABETES, ...PERSON, ...COURSE_AND_TIMING,
} satisfies Record<string, Signal>;

export type ConceptId = keyof typeof ALL_CONCEPTS;

const defined = FAMILIES.reduce((n, family) => n + Object.keys(family).length, 0);
if (defined !== Object.keys(ALL_CONCEPTS).length) {
  const seen = new Set<string>();
  const twice = FAMILIES.flatMap((family) => Object.keys(family)).filter((id) => seen.has(id) || !seen.add(id));
  throw new Error(`concepts defined in more than one family: ${twice.join(', ')}`);
}
