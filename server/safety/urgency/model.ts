import { readFileSync } from 'node:fs';
import type { Demographics } from '../../contract/turn.js';
import type { ReadMessage } from '../find-signals.js';
import { urgencyFeatures } from './features.js';
import { scoreHead, type Head } from './train.js';

/**
 * The urgency model: two logistic heads over the message's words and the rules' signs, trained
 * on every labelled case set written by people outside the team (`npm run urgency:train`). It
 * sits beside the rules, not in place of them: a rule names the NHS page it follows and holds
 * whatever the model says; the model catches emergencies told in words no rule was written for
 * (the rules alone missed 12-22% of the A&E cases in each new outside set). It only raises.
 */

export interface UrgencyWeights {
  /** Where each head's probability turns into a floor: A&E at `emergency`, 111/GP at `urgent`. */
  thresholds: { emergency: number; emergencyOverRule: number; emergencyNeedsUrgent: number; marginalNeedsUrgent: number; urgent: number };
  heads: { emergency: Head; urgent: Head };
  /** The case files it was fitted on, with their SHA-256 (a test checks they are current). */
  trainedOn: { file: string; sha256: string; cases: number }[];
}

export interface UrgencyScore {
  /** Probability the message describes an emergency (A&E). */
  emergency: number;
  /** Probability it needs at least NHS 111 or a GP today. */
  urgent: number;
  level: 'EMERGENCY' | 'URGENT' | null;
  /** The features that pushed the emergency (or urgent) score up most, for staff traces. */
  because: string[];
}

export const URGENCY_WEIGHTS_FILE = new URL('./weights.json', import.meta.url);

let loaded: UrgencyWeights | undefined;
/** Reads the weights once; the service calls it at start-up so no visitor's first message pays for it. */
export function loadUrgencyModel(): UrgencyWeights {
  loaded ??= JSON.parse(readFileSync(URGENCY_WEIGHTS_FILE, 'utf8')) as UrgencyWeights;
  return loaded;
}

/**
 * Readable form of a feature name for staff traces: "w:not_breathing" → "not breathing",
 * "sig:chestPain" → "sign: chest pain", "n:diabetes" → "notes: diabetes".
 */
const readable = (feature: string): string => {
  const [, kind = '', name = feature] = /^([a-z]+):(.*)$/.exec(feature) ?? [];
  const words = name.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return kind === 'sig' ? `sign: ${words}` : kind === 'n' ? `notes: ${words}` : words;
};

/** Leaves out features that explain nothing to a reader ("and", "for 3"): words under four letters. */
const telling = (feature: string): boolean => !/^[wb]:/.test(feature) || /[a-z]{4,}/.test(feature.replace(/^[wb]:(?:not_)?/, ''));

/**
 * The A&E verdict from the two heads. An emergency is also urgent, so the urgent head must agree:
 * at least `emergencyNeedsUrgent`, and more likely than not (`marginalNeedsUrgent`) when the A&E
 * score itself is marginal (under `emergencyOverRule`). `urgentRuleFired`: a rule already said
 * "get seen today", so 999 needs the higher threshold.
 */
export function isEmergencyScore(emergency: number, urgent: number, t: UrgencyWeights['thresholds'], urgentRuleFired = false): boolean {
  const emergencyAt = urgentRuleFired ? t.emergencyOverRule : t.emergency;
  const urgentAt = emergency < t.emergencyOverRule ? t.marginalNeedsUrgent : t.emergencyNeedsUrgent;
  return emergency >= emergencyAt && urgent >= urgentAt;
}

/** `urgentRuleFired`: a rule already said "get seen today", so 999 needs the higher threshold. */
export function scoreUrgency(message: ReadMessage, demographics?: Demographics, urgentRuleFired = false, model: UrgencyWeights = loadUrgencyModel()): UrgencyScore {
  const features = urgencyFeatures(message, demographics);
  const emergency = scoreHead(model.heads.emergency, features);
  const urgent = scoreHead(model.heads.urgent, features);
  const isEmergency = isEmergencyScore(emergency.p, urgent.p, model.thresholds, urgentRuleFired);
  const level = isEmergency ? 'EMERGENCY' : urgent.p >= model.thresholds.urgent ? 'URGENT' : null;
  return {
    emergency: emergency.p,
    urgent: urgent.p,
    level,
    because: (level === 'URGENT' ? urgent.top : emergency.top).filter(telling).slice(0, 5).map(readable),
  };
}
