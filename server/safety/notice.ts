import type { EmergencyKind, SafetyAssessment } from './types.js';

/**
 * The emergency next action shown to the person. Kept short: someone in an emergency should read
 * the one thing to do first. Wording follows NHS advice (call 999 or go to A&E; for suicidal
 * thoughts also NHS 111 option 2 and Samaritans).
 */

const HEADLINE = '**This could be an emergency. Call 999 now, or go to A&E straight away.**';

const SUICIDE = [
  "**I'm really sorry you're feeling like this. You don't have to go through it on your own, and help is there right now.**",
  '',
  '- If you feel you might act on these thoughts, or you have already hurt yourself, **call 999 or go to A&E now**.',
  '- For urgent mental health support, **call NHS 111 and choose option 2**.',
  '- You can talk to **Samaritans on 116 123**. It is free, and someone is there any time, day or night.',
  '',
  'If you can, tell someone you trust how you are feeling and stay with them.',
].join('\n');

const KIND_LINES: Record<Exclude<EmergencyKind, 'suicide'>, string> = {
  cardiac:
    'Chest pain with breathlessness, sweating, or pain spreading to your arm, jaw, neck or back can be a heart attack. Sit down and rest while you wait; chew an adult aspirin (300mg) if you have one and are not allergic to it.',
  stroke:
    'A drooping face, arm weakness or slurred speech can be signs of a stroke. Note the time the symptoms started, and call even if they seem to be getting better.',
  anaphylaxis:
    'Swelling of the lips, tongue or throat with breathing trouble can be anaphylaxis. Use an adrenaline auto-injector (such as an EpiPen) now if there is one, and say "anaphylaxis" when you call.',
  sepsis: 'These can be signs of sepsis, which needs hospital treatment straight away. Say you are worried about sepsis when you call.',
  meningitis:
    'A rash that does not fade when you press a glass on it, or a stiff neck with a high temperature, can be signs of meningitis or sepsis. Do not wait for a rash if other signs are there.',
  child: 'A child who is floppy, very hard to wake, fitting, struggling to breathe or has a rash that does not fade needs help straight away.',
  bleeding: 'Heavy bleeding needs help now. If it is from a wound, press firmly on it with a clean pad or cloth and keep pressing until help arrives.',
  breathing: 'Severe difficulty breathing needs help now. Sit upright, loosen tight clothing, and use your reliever inhaler if you have one while you wait.',
  other: 'What you describe needs to be checked in hospital straight away.',
};

const WAITING = 'Do not drive yourself. If things get worse before help arrives, call 999 again.';

/** Short Markdown telling the person what to do now. Use only when `assessment.emergency`. */
export function emergencyNotice(assessment: SafetyAssessment): string {
  const others = assessment.kinds.filter((k): k is Exclude<EmergencyKind, 'suicide'> => k !== 'suicide');
  const lines = others.slice(0, 2).map((k) => KIND_LINES[k]);
  if (assessment.kinds.includes('suicide')) {
    return lines.length > 0 ? `${SUICIDE}\n\n${HEADLINE} ${lines.join(' ')}` : SUICIDE;
  }
  return [HEADLINE, lines.length > 0 ? lines.join(' ') : KIND_LINES.other, WAITING].join('\n\n');
}
