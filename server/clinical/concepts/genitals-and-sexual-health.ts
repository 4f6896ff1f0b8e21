/**
 * The testicles, penis and vagina.
 *
 * Each concept is a phrase pattern over normalised clause text with its negation mode (signal.ts).
 */
import { sig, type Signal } from './signal.js';

export const GENITALS_AND_SEXUAL_HEALTH = {
  // Sudden severe pain or swelling in a testicle (torsion).
  testicleEmergency: sig('normal', [
    '(?:testicle|testicles|testes|scrotum|ball|balls|bollock\\w*)(?: \\w+){0,3} (?:is |are |has |have )?(?:killing|agony|swollen|swelling|really hurts|hurts? so much|suddenly (?:painful|hurting)|severe pain)',
    '(?:sudden|severe|agonising|bad) (?:pain|ache) in (?:his|my|the) (?:testicle|testicles|balls?|scrotum)',
  ], /\b(?:football|tennis|cricket|golf|rugby)\b/),
  // Vaginal discharge, a fishy smell or itching down there.
  vaginalDischarge: sig('normal', ['discharge', 'fishy (?:smell|odour)', 'itch\\w* (?:down there|vagina)']),
  // A swelling, lump or ache in a testicle that came on slowly (sudden severe pain is torsion, above).
  testicleProblem: sig('normal', [
    '(?:testicle|testicles|testes|testis|scrotum|bollocks?|(?:my|his) balls|(?:my|his) nuts)(?: \\w+){0,5} (?:bigger|swollen|swelling|lump\\w*|sore|pain\\w*|ache\\w*|aching|hurts?|hurting|tender|heavy)',
    '(?:lump|swelling|pain|ache|aching) (?:in|on) (?:my|his|the|one|a) (?:testicle|testicles|scrotum|balls?)',
  ], /\bballs? of (?:my|his|her|the|their) (?:foot|feet)\b/),
  // An erection lasting 4 hours or more (priapism).
  priapism: sig('normal', [
    '(?:erection|hard on|boner)(?: \\w+){0,4} (?:[4-9]|\\d\\d|four|five|six|seven|eight|several|many) hours', '(?:erection|hard on|boner) (?:wont|will not|isnt|not) go(?:ing)? (?:down|away)', 'priapism',
  ]),
} satisfies Record<string, Signal>;
