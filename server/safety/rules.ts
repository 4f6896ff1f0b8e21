import type { EmergencyKind } from './types.js';
import type { SignalId } from './signals.js';

/**
 * An emergency rule fires when every group in `needs` has at least one signal present
 * (groups are AND, signals within a group are OR).
 */
export interface Rule {
  kind: EmergencyKind;
  /** Condition slug the emergency most likely is, when one is clear. */
  hint?: string;
  /** Plain description for traces. */
  label: string;
  needs: SignalId[][];
  /** The rule does not fire when every group here is present too (a documented clinical exception). */
  except?: SignalId[][];
}

const SEPSIS_SIGNS: SignalId[] = ['confused', 'noWee', 'fastBreathing', 'feelDying', 'blotchy'];

export const RULES: Rule[] = [
  { kind: 'suicide', hint: 'suicidal-thoughts', label: 'suicidal thoughts', needs: [['suicidal']] },
  { kind: 'suicide', hint: 'suicidal-thoughts', label: 'thoughts of ending life', needs: [['killSelf']] },
  { kind: 'suicide', hint: 'suicidal-thoughts', label: 'self-harm', needs: [['hurtSelf']] },
  { kind: 'suicide', hint: 'suicidal-thoughts', label: 'self-harm by cutting', needs: [['cuttingSelf']] },

  { kind: 'anaphylaxis', hint: 'anaphylaxis', label: 'swelling of lips, tongue or face with breathing, swallowing or fainting', needs: [['swellLipsTongue'], ['breathingSevere', 'wheeze', 'breathless', 'faint', 'swallow']] },
  { kind: 'anaphylaxis', hint: 'anaphylaxis', label: 'throat swelling after an allergen', needs: [['swellThroat'], ['allergen', 'allergyWord']] },
  { kind: 'anaphylaxis', hint: 'anaphylaxis', label: 'throat closing', needs: [['throatClosing']] },
  { kind: 'anaphylaxis', hint: 'anaphylaxis', label: 'breathing trouble after food, a sting or a medicine', needs: [['allergen'], ['breathingSevere', 'wheeze']] },
  { kind: 'anaphylaxis', hint: 'anaphylaxis', label: 'breathing trouble with an allergic reaction', needs: [['allergyWord'], ['breathingSevere']] },
  { kind: 'anaphylaxis', hint: 'anaphylaxis', label: 'anaphylaxis or adrenaline pen used', needs: [['epipen']] },

  // Face weakness alone, with arms and speech stated to be normal, is how Bell's palsy presents; the
  // NHS sends that to a GP urgently, and to 999 only with the other stroke signs (which fire below).
  { kind: 'stroke', hint: 'stroke', label: 'face drooping', needs: [['faceDroop']], except: [['armsNormal'], ['speechNormal']] },
  { kind: 'stroke', hint: 'stroke', label: 'arm or one-sided weakness', needs: [['armWeak']] },
  { kind: 'stroke', hint: 'stroke', label: 'speech problems', needs: [['speech']] },
  { kind: 'stroke', hint: 'stroke', label: 'suspected stroke', needs: [['strokeMention']] },
  { kind: 'stroke', hint: 'stroke', label: 'sudden loss of vision', needs: [['vision']] },

  // Exertional chest pain that settles within minutes of rest is stable angina (urgent GP, NHS);
  // pain at rest, lasting, or described as severe still fires (severeChest, heartAttack).
  { kind: 'cardiac', hint: 'heart-attack', label: 'chest pain with breathlessness, sweating, spreading pain or faintness', needs: [['chestPain'], ['breathless', 'sweating', 'radiating', 'faint']], except: [['settlesWithRest']] },
  { kind: 'cardiac', hint: 'heart-attack', label: 'severe or crushing chest pain', needs: [['severeChest']] },
  { kind: 'cardiac', hint: 'heart-attack', label: 'suspected heart attack', needs: [['heartAttack']] },

  { kind: 'meningitis', hint: 'meningitis', label: 'rash that does not fade under a glass', needs: [['nonBlanching']] },
  { kind: 'meningitis', hint: 'meningitis', label: 'stiff neck with fever or dislike of light', needs: [['stiffNeck'], ['fever', 'photophobia']] },
  { kind: 'meningitis', hint: 'meningitis', label: 'suspected meningitis', needs: [['meningitisMention'], ['fever', 'stiffNeck', 'photophobia', 'meningitisCompanion']] },

  { kind: 'sepsis', hint: 'sepsis', label: 'mottled, blue or grey skin', needs: [['mottled']] },
  { kind: 'sepsis', hint: 'sepsis', label: 'suspected sepsis', needs: [['sepsisMention'], [...SEPSIS_SIGNS, 'mottled']] },
  { kind: 'sepsis', hint: 'sepsis', label: 'infection with confusion, no urine, fast breathing or feeling very unwell', needs: [['infection'], SEPSIS_SIGNS] },

  { kind: 'child', label: 'child floppy, unresponsive, fitting or with a non-fading rash', needs: [['child'], ['floppy', 'childDanger', 'nonBlanching']] },
  { kind: 'child', label: 'floppy', needs: [['floppy']] },

  { kind: 'breathing', label: 'severe difficulty breathing', needs: [['severeBreathing']] },
  { kind: 'bleeding', label: 'heavy bleeding', needs: [['heavyBleeding']] },

  { kind: 'other', label: 'unconscious or not breathing', needs: [['unconscious']] },
  { kind: 'other', label: 'long or first seizure', needs: [['longSeizure']] },
  { kind: 'other', hint: 'subarachnoid-haemorrhage', label: 'sudden severe headache', needs: [['thunderclap']] },
  { kind: 'other', hint: 'cauda-equina-syndrome', label: 'numbness around the bottom or genitals', needs: [['saddle']] },
  { kind: 'other', hint: 'cauda-equina-syndrome', label: 'back pain with loss of bladder or bowel control', needs: [['sphincter'], ['backPain']] },
  { kind: 'other', hint: 'head-injury-and-concussion', label: 'head injury with knock-out, vomiting or confusion', needs: [['headHit'], ['headDanger']] },
  { kind: 'other', label: 'poisoning or overdose', needs: [['poisoning']] },
  { kind: 'other', hint: 'burns-and-scalds', label: 'large, deep, chemical or electrical burn', needs: [['severeBurn']] },
];

/** Order in which kinds are reported, and in which a condition hint is chosen. */
export const KIND_PRIORITY: EmergencyKind[] = [
  'suicide', 'anaphylaxis', 'stroke', 'cardiac', 'clot', 'meningitis', 'sepsis', 'pregnancy', 'head', 'abdominal', 'other', 'child', 'breathing', 'bleeding',
];

/**
 * Conditions that are a reasonable reading of each emergency: a prediction among them keeps its
 * condition when the floor raises the severity (the hint replaces anything else).
 */
export const RELATED_CONDITIONS: Record<EmergencyKind, string[]> = {
  suicide: ['suicidal-thoughts'],
  cardiac: ['heart-attack', 'angina', 'chest-pain', 'pulmonary-embolism', 'abdominal-aortic-aneurysm', 'heart-failure', 'atrial-fibrillation'],
  stroke: ['stroke', 'subarachnoid-haemorrhage'],
  anaphylaxis: ['anaphylaxis'],
  sepsis: ['sepsis', 'meningitis'],
  meningitis: ['meningitis', 'sepsis'],
  child: [],
  bleeding: [],
  breathing: [],
  clot: ['pulmonary-embolism', 'deep-vein-thrombosis'],
  head: ['head-injury-and-concussion'],
  pregnancy: ['ectopic-pregnancy'],
  abdominal: ['appendicitis', 'acute-pancreatitis', 'gallstones', 'kidney-stones', 'abdominal-aortic-aneurysm', 'stomach-ulcer', 'ectopic-pregnancy'],
  other: [],
};
