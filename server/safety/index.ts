/**
 * Emergency safety rules that hold for every engine: detection (`assessSafety`), the next action
 * shown to the person (`emergencyNotice`) and the floor applied to any prediction
 * (`applySafetyFloor`). `text.ts` holds the lexical helpers the offline engine shares.
 */
export { assessSafety } from './assess.js';
export { emergencyNotice } from './notice.js';
export { applySafetyFloor, type SafetyFloorResult, type SafetyFloorTrace } from './floor.js';
export type { AssessSafety, EmergencyKind, SafetyAssessment } from './types.js';
