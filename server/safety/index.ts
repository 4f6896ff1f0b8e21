/**
 * Safety rules that hold for every engine: detection (`assessSafety`, and `assessTurn` for a
 * message in its conversation), the advice given to the person (`emergencyAdvice`,
 * `adviceForSeverity`) and the floor applied to any prediction (`applySafetyFloor`). `text.ts`
 * holds the lexical helpers the offline engine shares.
 */
export { assessSafety } from './assess.js';
export { assessTurn, type TurnText } from './turn.js';
export { adviceForSeverity, adviceMarkdown, answerCarriesAdvice, emergencyAdvice, emergencyNotice } from './advice.js';
export { applySafetyFloor, type SafetyFloorResult, type SafetyFloorTrace } from './floor.js';
export { loadUrgencyModel } from './urgency/model.js';
export type { AssessSafety, EmergencyKind, SafetyAssessment } from './types.js';
