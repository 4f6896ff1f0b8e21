import { assessSafety } from '../../safety/index.js';
import { normalise } from '../../safety/text.js';
import type { CompiledCondition, WeightedPhrase } from './conditions.js';
import { matchPhrase, stem, STOPWORDS, type Reader } from './lexicon.js';
import { CLARIFY, DIRECT } from './templates.js';

/**
 * Deciding what a message is, without a model: symptoms (triage), too little to go on (ask),
 * or conversation (answer directly). Symptom content is recognised with the same phrase lists the
 * triage uses, so anything the pages could match is never answered with small talk.
 */

export type MessageKind =
  | 'symptoms'
  | 'followUp'
  | 'vague'
  /** One common symptom and nothing else ("I have a rash"): worth a question before guessing. */
  | 'brief'
  | 'greeting'
  | 'thanks'
  | 'goodbye'
  | 'about'
  | 'human'
  | 'acknowledge'
  | 'offTopic';

export type DirectKind = Exclude<MessageKind, 'symptoms' | 'followUp' | 'vague' | 'brief'>;

// Words that say someone is unwell without saying how: on their own they call for a question.
const VAGUE_WORDS = [
  'unwell', 'ill', 'sick', 'poorly', 'pain', 'ache', 'hurt', 'wrong', 'right', 'weird', 'off', 'bad', 'rubbish', 'awful',
  'terrible', 'help', 'worried', 'worry', 'health', 'symptom', 'symptoms', 'well', 'great', 'good', 'body', 'strange', 'funny',
  'doctor', 'problem', 'issue', 'child', 'baby', 'fine', 'normal', 'better', 'worse', 'day', 'today', 'feeling', 'side', 'down',
];
const VAGUE_STEMS = new Set(VAGUE_WORDS.map(stem));
// Everyday words some page phrases reduce to ("have a plan", "seasonal", "ringing", "started in the
// night"): on their own they say nothing about symptoms ("plan a weekend", "ring my GP").
const EVERYDAY_WORDS = [
  'abroad', 'adult', 'avoid', 'back', 'bear', 'bigger', 'bit', 'black', 'blue', 'bump', 'chuck', 'colour', 'crack', 'crawl', 'down', 'dream',
  'drink', 'drop', 'end', 'expect', 'fast', 'feed', 'flat', 'flood', 'floor', 'food', 'forget', 'give', 'goes', 'gradual', 'hear', 'hot', 'low',
  'month', 'need', 'night', 'nowhere', 'on', 'pass', 'phone', 'plan', 'pop', 'ring', 'ringing', 'rope', 'rough', 'sea', 'season', 'seasonal', 'second',
  'see', 'smell', 'space', 'spin', 'spread', 'sudden', 'sun', 'switch', 'tear', 'tilt', 'trap', 'use', 'warm', 'wash', 'week', 'weight', 'white', 'wind',
  'wipe', 'worry', 'worse', 'wrong', 'yellow', 'zone', 'mad', 'crazy', 'start', 'started', 'time', 'morning', 'day', 'game', 'match', 'play',
];
const EVERYDAY_STEMS = new Set(EVERYDAY_WORDS.map(stem));

const VAGUE =
  /\b(?:is (?:this|that|it) (?:normal|serious|bad|dangerous|worrying|ok)|medical (?:question|matter|issue|query|concern)|advice (?:regarding|about|on|re) (?:a |my |some )?(?:medical|health)|(?:need|want|like) (?:some )?advice(?: about| on)? (?:my )?(?:medication|medicine|tablets|health)|had this thing|this thing for|somethings? (?:up|wrong) with my|everything aches|question about (?:my|a) (?:health|medicine|condition)|down there|problem|issue|unwell|ill|sick|poorly|rubbish|awful|terrible|rough|not (?:feeling )?(?:well|right|great|good|ok|okay|myself|herself|himself|100)|isnt (?:well|right)|(?:isnt|not|hasnt been|havent been|not been|not acting|not being) (?:herself|himself|themselves|myself|yourself|themself)|dont feel (?:right|good|well|great)|off|weird|strange|wrong|under the weather|coming down with|in pain|pain|hurts?|help|worried|health|symptoms?|doctor|something)\b/;
const GREETING = /^(?:hi+|hello+|hey+|hiya|heya|yo|howdy|greetings|good (?:morning|afternoon|evening|day)|morning|evening|afternoon)\b/;
const THANKS = /\b(?:thanks|thank you|thankyou|thx|ty|cheers|ta|much appreciated|appreciate it)\b/;
const GOODBYE = /\b(?:bye|goodbye|see you|see ya|cya|good night|goodnight|take care)\b/;
const HUMAN = /\b(?:are you (?:a )?(?:real|human|person|bot|robot|ai|machine|computer|doctor|nurse)|am i (?:talking|speaking) to (?:a )?(?:real|human|person|bot|robot|machine))\b/;
const ABOUT = /\b(?:who are you|what are you|what can you do|what (?:can|do) you help (?:me )?with|what (?:sort of |kind of )?(?:things|stuff) (?:can|do) you (?:help|do)|how can you help|what do you do|how do(?:es)? (?:you|this|it) work|what is this|help me understand what you|your name|who (?:runs|made|owns|built|operates|is behind|created) (?:this|you|the))\b/;
// Requests that are plainly not about health: answered with what the assistant is for.
const OFF_TOPIC =
  /\b(?:recipes?|cook(?:ing)? (?:a|the|some)|bake|homework|maths?|algebra|equation|essay|(?<!under the )weather|forecast|football|premier league|match|score|fixtures?|holiday|weekend away|trip to|travel|hotel|flights? to|train times|write (?:me )?(?:an? |the |my )?(?:email|message|letter|cover letter|poem|story|cv|speech|essay|text)|cover letter|poem|joke|song|lyrics|film|movie|tv|netflix|code|coding|program(?:ming)?|python|javascript|excel|spreadsheet|translate|capital of|directions|shopping|buy|price of|stock market|crypto|bitcoin|news|election|quiz|crossword|wordle|restaurant|pub|mortgage|tax|car insurance|plan (?:a|my|our) (?:weekend|trip|holiday|party|wedding|day))\b/;
const ACKNOWLEDGE = /^(?:ok+|okay|k|kk|lol|haha+|cool|great|nice|alright|sure|fine|got it|right|noted|hmm+|yes|no|yep|nope|yeah)\b/;
// Health words that do not always appear as page phrases ("my knee hurts", "a lump").
const MEDICAL =
  /\b(?:rash|lump|swell\w*|swollen|bleed\w*|blood|cough\w*|fever\w*|temperature|temp|vomit\w*|diarrh\w*|dizz\w*|headache|migraine|itch\w*|spots?|breath\w*|chest|throat|ears?|eyes?|tummy|stomach|belly|neck|legs?|arms?|knee|ankle|wrist|foot|feet|hands?|tooth|teeth|gums?|skin|wee|pee|poo|periods?|pregnan\w*|infection|nose|sneez\w*|burn\w*|bite|sting|stung|sore|numb\w*|tingl\w*|faint\w*|tired|exhausted|insomnia|anxious|anxiety|panic\w*|depress\w*|blister\w*|head|back pain|backache|nausea|nauseous|cramps?|bloated|constipat\w*|discharge|lumps?|shaking|shivering|palpitations?|heart)\b/;
const FOLLOW_UP = /\b(?:it|its|still|also|now|since|worse|better|same|serious|bad|severe|mild|days?|weeks?|months?|hours?|yesterday|today|yes|yeah|no|nope|not|started|hurts?|pain|sore|old|aged|years?)\b|\d/;
const BRIEF_MAX_SPECIFICITY = 0.32;
const BRIEF_MAX_WORDS = 4;
// Anything that adds detail: a time, a number, a body part on top of the symptom, a qualifier.
const DETAIL = /\d|\b(?:since|for|days?|weeks?|months?|hours?|years?|yesterday|today|tonight|morning|night|when|after|before|and|with|but|really|very|severe|bad|worse|sudden\w*)\b/;
const CHILD = /\b(?:child|children|kid|kids|baby|son|daughter|toddler|little one|boy|girl)\b/;
const SOMEONE_ELSE = /\b(?:mum|mom|mother|dad|father|husband|wife|partner|friend|nan|gran|grandma|grandad|grandpa|brother|sister|neighbour|he|she|him|her)\b/;

export interface Router {
  /** `answersQuestion`: the message replies to the engine's own yes/no question. */
  classify(text: string, previousUserMessages: string[], answersQuestion?: boolean): MessageKind;
  /** The text names symptoms the pages list (or an emergency). */
  describesSymptoms(text: string): boolean;
}

export function createRouter(reader: Reader, conditions: readonly CompiledCondition[]): Router {
  // Every distinct page phrase with at least one telling (non-vague) word.
  const seen = new Set<string>();
  const phrases: WeightedPhrase[] = [];
  for (const c of conditions) {
    for (const p of [...c.symptoms.flatMap((s) => s.phrases), ...c.flags.flatMap((f) => f.phrases)]) {
      const key = p.stems.join(' ');
      if (seen.has(key) || p.stems.every((s) => VAGUE_STEMS.has(s) || EVERYDAY_STEMS.has(s))) continue;
      seen.add(key);
      phrases.push(p);
    }
  }
  /** How specific the most specific page phrase in the text is, or null when none matches. */
  const strongest = (text: string): number | null => {
    const clauses = reader.read([text]);
    let best: number | null = null;
    // Negated phrases count too: "no fever" is still talk about symptoms.
    for (const p of phrases) if (matchPhrase(p, clauses)?.quality === 1) best = Math.max(best ?? 0, p.specificity);
    return best;
  };
  const describesSymptoms = (text: string): boolean => assessSafety(text).emergency || strongest(text) !== null;
  const medical = (text: string) => describesSymptoms(text) || MEDICAL.test(normalise(text));
  // Short, one common symptom, no time or detail: "I have a rash", "headache", "tired all the time".
  const brief = (t: string, specificity: number) =>
    specificity < BRIEF_MAX_SPECIFICITY && t.split(/\s+/).filter((w) => w && !STOPWORDS.has(w)).length <= BRIEF_MAX_WORDS && !DETAIL.test(t);

  return {
    describesSymptoms,
    classify(text, previousUserMessages, answersQuestion = false) {
      const t = normalise(text).trim();
      if (answersQuestion) return 'followUp';
      const followsSymptoms = previousUserMessages.some(medical);
      if (assessSafety(text).emergency) return 'symptoms';
      // A plain non-health request, before page phrases can misread it ("flights to Spain" is no sprain).
      if (OFF_TOPIC.test(t) && !MEDICAL.test(t)) return 'offTopic';
      const specificity = strongest(text);
      if (specificity !== null) return !followsSymptoms && brief(t, specificity) ? 'brief' : 'symptoms';
      // "ok", "yes" on their own, not answering a question of ours: nothing new to triage.
      if (ACKNOWLEDGE.test(t) && t.split(/\s+/).length <= 2) return 'acknowledge';
      if (THANKS.test(t)) return 'thanks';
      if (GOODBYE.test(t)) return 'goodbye';
      if (HUMAN.test(t)) return 'human';
      if (ABOUT.test(t)) return 'about';
      if (MEDICAL.test(t)) return !followsSymptoms && brief(t, 0) ? 'brief' : 'symptoms';
      if (followsSymptoms && FOLLOW_UP.test(t)) return 'followUp';
      if (VAGUE.test(t)) return 'vague';
      if (GREETING.test(t)) return 'greeting';
      if (ACKNOWLEDGE.test(t)) return 'acknowledge';
      return 'offTopic';
    },
  };
}

export function directReply(kind: DirectKind): string {
  return DIRECT[kind];
}

/** The clarifying question, shaped by who the message is about (and whether a symptom was named). */
export function clarifyingQuestion(text: string, kind: 'vague' | 'brief' = 'vague'): string {
  const t = normalise(text);
  if (CHILD.test(t)) return CLARIFY.child;
  if (kind === 'brief') return CLARIFY.brief;
  if (SOMEONE_ELSE.test(t)) return CLARIFY.other;
  if (/\b(?:pain|hurts?|ache|aching|sore)\b/.test(t)) return CLARIFY.pain;
  return CLARIFY.adult;
}
