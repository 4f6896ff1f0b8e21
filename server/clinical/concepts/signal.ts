/**
 * One concept as the rules find it: a phrase pattern over normalised clause text (lower case, no
 * apostrophes, contractions folded: "cant", "dont", "im"; see ../text.ts) and how negation applies
 * to it. Patterns are written to over-trigger rather than under-trigger: a missed emergency is far
 * worse than an unnecessary "call 999". The negation modes:
 * - 'normal': "no chest pain", "breathing is fine" switch it off;
 * - 'strict': only a cue right before it ("not suicidal", "no self harm") switches it off;
 * - 'none': never switched off (the phrase carries its own meaning, e.g. "dont want to be here").
 */
export type NegationMode = 'normal' | 'strict' | 'none';

export interface Signal {
  pattern: RegExp;
  negation: NegationMode;
  /** When this also matches the clause, the signal is ignored there (e.g. "cut myself shaving"). */
  unless?: RegExp;
  /** The phrase names a condition ("meningitis", "sepsis"): a fear of it is a fear, not a sign. */
  namesCondition?: true;
}

export const alt = (...parts: string[]): RegExp => new RegExp(`\\b(?:${parts.join('|')})\\b`, 'g');

export const sig = (negation: NegationMode, parts: string[], unless?: RegExp): Signal => ({
  pattern: alt(...parts),
  negation,
  ...(unless ? { unless } : {}),
});

/** A concept that is the name of a condition the person may say they have, or fear. */
export const conditionName = (parts: string[]): Signal => ({ ...sig('normal', parts), namesCondition: true });
