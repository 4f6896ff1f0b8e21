import type { Severity } from '../../contract/events.js';

/**
 * Every sentence the offline engine says, in one place. The engine fills these in; it never
 * writes prose inline. Plain UK English, second person, no claims of certainty.
 */

const ENGINE_NOTE =
  "I'm running as the offline triage engine: there's no language model behind me, so I work by matching what you tell me against NHS condition pages and their warning signs.";

export const DIRECT = {
  greeting: `Hello! I can help you work out what might be going on with your symptoms and where to get help. ${ENGINE_NOTE} What symptoms would you like to tell me about?`,
  thanks:
    "You're welcome, I'm glad it helped. If anything changes or new symptoms appear, tell me and I'll take another look. Is there anything else you'd like to check?",
  goodbye:
    'Take care. If things get worse, contact NHS 111, and in an emergency call 999. Is there anything else before you go?',
  about: `I'm a triage assistant for symptoms, using NHS condition pages. ${ENGINE_NOTE} I can't diagnose, but I can suggest what it might be and how urgently to get help: looking after yourself at home, seeing a GP or NHS 111, or going to A&E. What symptoms would you like to check?`,
  human: `No, I'm not a person. I'm an automated symptom checker. ${ENGINE_NOTE} If you'd like to speak to someone, NHS 111 is there day and night. What symptoms can I help you with?`,
  acknowledge: "No problem. Whenever you're ready, describe what you're feeling and I'll help you work out what to do next. What's been bothering you?",
  chat: "I'm an automated symptom checker, so I'll leave the chat and jokes to people, but I'm here whenever you need me. Is there a symptom or health worry I can help you with?",
  animal:
    "I'm sorry your animal isn't well, but I can only help with people's health. A vet is the right place to ask: most practices have an out-of-hours number. If a person has been bitten or scratched, tell me about them and I'll help. Is there anything about your own health, or someone else's, I can help with?",
  offTopic: `Sorry, I can only help with health symptoms, so I can't help with that. ${ENGINE_NOTE} Is there a symptom or health worry I can help you with?`,
};

/** What the person has already told us: a question never asks for it again. */
export interface Known {
  age: boolean;
  duration: boolean;
}
const NOTHING_KNOWN: Known = { age: false, duration: false };

const askFor = (parts: (string | false)[]) => parts.filter((p): p is string => !!p);
/** "a, b, and c" (the questions' own style), "a and b". */
const oxford = (items: string[]): string => (items.length <= 2 ? items.join(' and ') : `${items.slice(0, -1).join(', ')}, and ${items.at(-1)}`);

export const CLARIFY = {
  adult: (k: Known = NOTHING_KNOWN) =>
    `I'm sorry you're not feeling well. To point you in the right direction I need a little more detail. ${sentence(askFor(['What symptoms do you have (and where)', !k.duration && 'when did they start', 'how bad are they', !k.age && "how old is the person who's unwell"]))}`,
  child: (k: Known = NOTHING_KNOWN) =>
    `I'm sorry your child isn't well. To help, could you tell me ${oxford(askFor([!k.age && 'how old they are', "what symptoms you've noticed (for example a temperature, rash, cough, being sick, or not feeding or drinking)", !k.duration && 'when it started']))}?`,
  other: (k: Known = NOTHING_KNOWN) =>
    `I'm sorry they're not well. Could you tell me ${oxford(askFor(["what you've noticed (their symptoms, and where any pain is)", !k.duration && 'when it started', 'how bad it seems', !k.age && 'how old they are']))}?`,
  brief: (k: Known = NOTHING_KNOWN) =>
    `Thanks for telling me. To work out what might be going on I need a little more detail: ${oxford(askFor(['where exactly is it', !k.duration && 'when did it start', 'how bad is it', 'have you noticed anything else (such as a high temperature)', !k.age && "how old is the person it's affecting"]))}?`,
  pain: (k: Known = NOTHING_KNOWN) =>
    `I'm sorry you're in pain. ${sentence(askFor(['Where exactly is the pain', !k.duration && 'when did it start', 'how bad is it (mild, moderate or severe)', 'is anything else going on, such as a temperature or being sick']))}`,
};

/** "A, b and c?": a question made of parts. */
function sentence(parts: string[]): string {
  return `${oxford(parts)}?`;
}

// ---- reasoning ----------------------------------------------------------------------------------

export const REASONING = {
  reading: (said: string[]) => `Reading the message, the main things described are ${list(said.map((s) => `"${s}"`))}.`,
  readingNothing: 'I could not find anything in the message that matches the symptoms listed on the NHS pages.',
  duration: (text: string) => `It has been going on for ${text}, which matters for how urgent it is.`,
  age: (who: string) => `This is about ${who}, which changes which conditions fit and how urgent some signs are.`,
  pregnant: 'Pregnancy is mentioned, so pregnancy-related causes have to be considered.',
  maybePregnant: 'A late or missed period is mentioned, so pregnancy is possible and pregnancy-related causes have to be considered.',
  denied: (items: string[]) =>
    items.length === 1
      ? `"${items[0]}" was ruled out by the message, so conditions where that is a main sign are less likely.`
      : `${list(items.map((s) => `"${s}"`))} were ruled out by the message, so conditions where those are main signs are less likely.`,
  best: (title: string, matched: string[]) =>
    matched.length
      ? `The closest match among the NHS pages found is ${title}: ${list(matched.map((s) => `"${s}"`))} fit its typical picture.`
      : `The closest match among the NHS pages found is ${title}, mostly because the search and the wording of the message point to it.`,
  named: (title: string) => `${title} is also named in the message itself.`,
  notMentioned: (signs: string[]) => `Other typical signs, such as ${list(signs.map((s) => `"${s}"`))}, were not mentioned.`,
  notRetrieved: 'It was not among the pages the search returned first, but the symptoms match its own list closely.',
  alternative: (title: string, matched: string[], why: string) =>
    matched.length ? `${title} was considered too (${list(matched.map((s) => `"${s}"`))}), but ${why}.` : `${title} was considered too, but ${why}.`,
  excluded: (title: string, why: string) => `${title} was set aside because ${why}.`,
  fewerSigns: 'fewer of its characteristic signs were described',
  missingHallmark: (hallmark: string) => `its key sign, "${hallmark}", was not mentioned`,
  severity: (severity: Severity, reason: string) => `Severity: ${severity}, because ${reason}.`,
  inconclusive: (nearest: string | undefined) =>
    nearest
      ? `Nothing matches clearly enough to name one condition; ${nearest} was the nearest, but on too little evidence to rely on.`
      : 'Nothing matches clearly enough to name one condition.',
  inconclusiveSeverity: 'Without a clearer picture and with no warning sign mentioned, the advice is a pharmacist or a GP appointment, and NHS 111 if it gets worse.',
  /** The final line, in the reasoner model's format. */
  verdict: (slug: string, severity: Severity) => `(${slug}, ${severity})`,
};

// ---- answer -------------------------------------------------------------------------------------

/** Conditions where "this sounds like it could be X" is the wrong tone; the notice speaks first. */
export const GENTLE_CONDITIONS = new Set(['suicidal-thoughts']);

export const ANSWER = {
  gentleOpening: "What you're going through sounds really hard, and you deserve support with it. Thank you for telling me.",
  opening: (title: string) => `From what you describe, this sounds like it could be **${title}**.`,
  because: (matched: string[]) => `What you describe (${list(matched)}) is typical of it.`,
  uncertain: "I can't be certain without an examination, and this isn't a diagnosis.",
  nextAction: {
    'Self-care': '**What to do now:** this can usually be looked after at home. A pharmacist can advise on treatments, and see a GP if it is not getting better or you are worried.',
    'Urgent Primary Care':
      '**What to do now:** please get seen soon. Contact your GP surgery today, or call NHS 111 or go to an urgent treatment centre, as soon as possible.',
    'A&E': '**What to do now: call 999 or go to A&E now.**',
  } satisfies Record<Severity, string>,
  /** Self-care that should still see a GP when they can: NHS "non-urgent advice". */
  seeGpAction:
    '**What to do now:** this is not urgent, but please book an appointment with your GP when you can. Until then it can usually be looked after at home, and a pharmacist can advise on treatments.',
  seeGpHeading: 'Why a GP should check it:',
  selfCareHeading: 'Things that usually help:',
  whileWaitingHeading: 'While you wait:',
  urgentHeading: 'Why it should be checked:',
  emergencyHeading: 'Why this needs emergency care:',
  safetyNet: (signs: string[]) => `Call 999 or go to A&E if you notice ${list(signs)}.`,
  question: {
    'Self-care': (k: Known = NOTHING_KNOWN) => (k.duration ? 'Is anything making them better or worse?' : 'How long have you had these symptoms, and is anything making them better or worse?'),
    'Urgent Primary Care': (missing: string | undefined) =>
      missing ? `Have you also noticed "${missing}", or anything else that's changed?` : "Is there anything else you've noticed, or anything that's changed since it started?",
    'A&E': 'Are you able to get help now, or is there someone with you who can call 999?',
  },
  inconclusive: [
    "I'm sorry, I can't tell from this what might be causing it, and I don't want to guess.",
    "The safest next step is to call **NHS 111** (or use 111 online): they can assess you properly and tell you where to go. If it feels like an emergency, call 999 or go to A&E.",
  ],
  inconclusiveAsk: (k: Known = NOTHING_KNOWN) =>
    `Could you tell me more: ${oxford(askFor(['which symptoms you have and where', !k.duration && 'how long it has been going on', 'how bad it is', !k.age && 'the age of the person who is unwell']))}?`,
  /** A question about the complaint, answered from its page (follow-up.ts). */
  followUpFromPage: (title: string, sentences: string[]) => `**About your question:** the NHS page on ${title.toLowerCase()} says: ${sentences.join(' ')}`,
  followUpNotOnPage: (title: string) =>
    `**About your question:** the NHS page on ${title.toLowerCase()} does not cover that. A pharmacist can tell you whether a medicine is right for you, or call **NHS 111** if you're not sure.`,
  /** In place of the second line when nothing urgent was described. */
  inconclusiveNotUrgent:
    "Nothing you've described sounds urgent. A pharmacist can help with many everyday problems, and if it carries on or you're worried about it, book an appointment with your GP. If it gets worse or you're not sure what to do, call **NHS 111** (or use 111 online), and if it feels like an emergency, call 999 or go to A&E.",
};

/** "a, b and c". */
export function list(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
