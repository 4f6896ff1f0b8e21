import type { Advice, AdviceAction, Severity } from '../contract/events.js';
import type { EmergencyKind, SafetyAssessment } from './types.js';

/**
 * What a person is told to do when the safety rules fire or an engine predicts A&E or Urgent
 * Primary Care: a short title with the one thing to do, a few sentences on why and while
 * waiting, and the numbers as actions. Wording follows NHS advice (call 999 or go to A&E; NHS 111
 * or a GP the same day; for suicidal thoughts also NHS 111 option 2 and Samaritans) in our words.
 * The same Advice is sent as its own event, kept on the Turn, given on failure, and written into
 * the answer (`adviceMarkdown`).
 */

const CALL_999: AdviceAction = { label: 'Call 999', href: 'tel:999' };
const CALL_111: AdviceAction = { label: 'Call NHS 111', href: 'tel:111' };
const NHS_111_ONLINE: AdviceAction = { label: 'NHS 111 online', href: 'https://111.nhs.uk/' };
const CALL_111_MENTAL_HEALTH: AdviceAction = { label: 'Call NHS 111, option 2', href: 'tel:111' };
const CALL_SAMARITANS: AdviceAction = { label: 'Call Samaritans on 116 123', href: 'tel:116123' };

const EMERGENCY_TITLE = 'This could be an emergency. Call 999 now, or go to A&E straight away.';

const KIND_LINES: Record<Exclude<EmergencyKind, 'suicide'>, string> = {
  cardiac:
    'Chest pain or pressure with breathlessness, sweating or feeling sick, or an ache spreading to the arm, jaw, neck or back, can be a heart attack, even without much pain. Sit down and rest while you wait; chew an adult aspirin (300mg) if you have one and are not allergic to it, unless the 999 call handler says otherwise.',
  stroke:
    'A drooping face, arm weakness or slurred speech can be signs of a stroke, and signs that come and go can be a mini-stroke warning of one. Note the time the symptoms started, and call even if they seem to be getting better.',
  anaphylaxis:
    'Swelling of the lips, tongue or throat with breathing trouble can be anaphylaxis. Use an adrenaline auto-injector (such as an EpiPen) now if there is one, and say "anaphylaxis" when you call.',
  sepsis: 'These can be signs of sepsis, which needs hospital treatment straight away. Say you are worried about sepsis when you call.',
  meningitis:
    'A rash that does not fade when you press a glass on it, or a stiff neck with a high temperature, can be signs of meningitis or sepsis. Do not wait for a rash if other signs are there.',
  child: 'A baby or child who is floppy, very hard to wake, fitting, struggling to breathe, has a rash that does not fade, or is a young baby with a high temperature needs help straight away.',
  bleeding: 'Heavy bleeding needs help now. If it is from a wound, press firmly on it with a clean pad or cloth and keep pressing until help arrives.',
  breathing: 'Severe difficulty breathing needs help now. Sit upright, loosen tight clothing, and use your reliever inhaler if you have one while you wait.',
  airway: 'Swelling of the face, jaw or neck that makes it hard to swallow, open your mouth or breathe can block the airway.',
  clot: 'Sudden breathlessness or chest pain, especially with a swollen, painful leg or after giving birth, an operation or a long journey, can be a blood clot in the lung.',
  head: 'A head injury with a knock-out, being sick, drowsiness, memory loss or fluid from the nose or ears, or in someone older or on blood thinners, needs to be checked in hospital now.',
  pregnancy: 'Bleeding, severe tummy pain, or a bad headache with changes in your vision while pregnant or just after giving birth need to be checked in hospital now.',
  abdominal: 'Sudden severe tummy pain, especially with vomiting, a hard tummy, pain going through to the back, or fainting, needs to be checked in hospital now.',
  other: 'What you describe needs to be checked in hospital straight away.',
};

const WAITING = 'Do not drive yourself. If things get worse before help arrives, call 999 again.';

const SUICIDE_TITLE = "You don't have to go through this on your own. Help is there right now.";
const SUICIDE_TEXT = [
  "I'm really sorry you're feeling like this.",
  '',
  '- If you feel you might act on these thoughts, or you have already hurt yourself, **call 999 or go to A&E now**.',
  '- For urgent mental health support, **call NHS 111 and choose option 2**.',
  '- You can talk to **Samaritans on 116 123**. It is free, and someone is there any time, day or night.',
  '',
  'If you can, tell someone you trust how you are feeling and stay with them.',
].join('\n');

const URGENT: Advice = {
  level: 'URGENT',
  title: 'Speak to a doctor today: call NHS 111 or your GP practice.',
  text: 'Ask your GP practice for an urgent appointment today, or get help from NHS 111 by phone or online. If it gets worse, or you think it has become an emergency, call 999 or go to A&E.',
  actions: [CALL_111, NHS_111_ONLINE],
};

/** The advice for an emergency the rules detected (use only when `assessment.emergency`). */
export function emergencyAdvice(assessment: Pick<SafetyAssessment, 'kinds'>): Advice {
  const others = assessment.kinds.filter((k): k is Exclude<EmergencyKind, 'suicide'> => k !== 'suicide');
  const lines = others.slice(0, 2).map((k) => KIND_LINES[k]);
  if (assessment.kinds.includes('suicide')) {
    return {
      level: 'EMERGENCY',
      title: SUICIDE_TITLE,
      text: lines.length > 0 ? `${SUICIDE_TEXT}\n\n**${EMERGENCY_TITLE}** ${lines.join(' ')}` : SUICIDE_TEXT,
      actions: [CALL_999, CALL_111_MENTAL_HEALTH, CALL_SAMARITANS],
    };
  }
  return {
    level: 'EMERGENCY',
    title: EMERGENCY_TITLE,
    text: [lines.length > 0 ? lines.join(' ') : KIND_LINES.other, WAITING].join('\n\n'),
    actions: [CALL_999],
  };
}

/** Suicidal thoughts with no plan or intent: urgent mental health help today, with 999 if that changes. */
const URGENT_SUICIDE: Advice = {
  level: 'URGENT',
  title: SUICIDE_TITLE,
  text: SUICIDE_TEXT,
  actions: [CALL_111_MENTAL_HEALTH, CALL_SAMARITANS, CALL_999],
};

/**
 * The advice a predicted severity carries (Self-care: none). Given the rules' assessment, urgent
 * advice for suicidal thoughts is the mental health one (111 option 2, Samaritans), not the GP's.
 */
export function adviceForSeverity(severity: Severity, safety?: Pick<SafetyAssessment, 'urgentKinds'>): Advice | null {
  if (severity === 'A&E') return emergencyAdvice({ kinds: ['other'] });
  if (severity === 'Urgent Primary Care') return safety?.urgentKinds?.includes('suicide') ? URGENT_SUICIDE : URGENT;
  return null;
}

/** The advice as Markdown for an answer or a stored message: the title in bold, then the text. */
export function adviceMarkdown(advice: Advice): string {
  return `**${advice.title}**\n\n${advice.text}`;
}

/** Short Markdown telling the person what to do now. Use only when `assessment.emergency`. */
export function emergencyNotice(assessment: Pick<SafetyAssessment, 'kinds'>): string {
  return adviceMarkdown(emergencyAdvice(assessment));
}

/** An answer that already names the advice's next action (so it is not appended twice). */
export function answerCarriesAdvice(answer: string, advice: Advice): boolean {
  if (advice.actions.includes(CALL_SAMARITANS) && !/116 ?123/.test(answer)) return false;
  return advice.level === 'EMERGENCY' ? /\b999\b|\bA&E\b/.test(answer) : /\b111\b|\bGP\b|\b999\b/.test(answer);
}
