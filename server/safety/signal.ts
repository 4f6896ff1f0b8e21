/**
 * One signal: a phrase pattern over normalised clause text and how negation applies to it
 * (see signals.ts for the modes).
 */
export type NegationMode = 'normal' | 'strict' | 'none';

export interface Signal {
  pattern: RegExp;
  negation: NegationMode;
  /** When this also matches the clause, the signal is ignored there (e.g. "cut myself shaving"). */
  unless?: RegExp;
}

export const alt = (...parts: string[]): RegExp => new RegExp(`\\b(?:${parts.join('|')})\\b`, 'g');

export const sig = (negation: NegationMode, parts: string[], unless?: RegExp): Signal => ({
  pattern: alt(...parts),
  negation,
  ...(unless ? { unless } : {}),
});
