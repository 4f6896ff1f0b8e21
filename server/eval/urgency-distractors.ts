import { createHash } from 'node:crypto';

/**
 * What people add to a message that says nothing about how urgent it is: an everyday complaint
 * beside the real one, a fear they name, a worry about wasting anyone's time. The urgency model
 * reads words, and in the files it is fitted on such words are rare and sit mostly in cases that
 * happen to be urgent, so on its own it learns "a bad back" or "googled it" as urgency: anxious
 * messages were sent to a doctor or to 999 for them (issue #30). Fitting it also on a copy of each
 * case with one of these added, under the same label, makes them equally common at every level,
 * so they carry no weight, and the model's verdict rests on what the person has.
 *
 * Our own wording, none taken from an evaluation set. Nothing here names a sign that changes a
 * level (no chest pain, breathing, bleeding, confusion, rash, fever or headache): those words must
 * keep their weight. The fears name diseases as fears ("scared it's...", "googled..."), which the
 * context modifiers read as not evidence (clinical/modifiers.ts, FEARED).
 */
const EVERYDAY = [
  'also my back has been playing up from work',
  'my lower back aches from the office chair as well',
  'i have a cold sore coming too',
  'also got hay fever at the moment',
  'and im shattered from night shifts',
  'been really tired with the kids',
  'my knee is sore from football as well',
  'also my skin is dry on my hands',
  'i have a stye on my eyelid too',
  'not sleeping great with stress at work',
  'also a bit of a blocked nose',
  'my shoulder is stiff from the gym',
  'and i have a verruca on my foot',
  'also my hands are chapped',
  'i have a mouth ulcer as well',
];

const FEARS = [
  'googled it and now im scared its cancer',
  'im terrified it is a brain tumour',
  'my friends mum had something like this and im panicking',
  'i read online it could be ms and now im worried sick',
  'scared it might be something serious',
  'worried its lymphoma because my cousin had that',
  'could it be something bad? i always think the worst',
  'im so anxious about it, i have health anxiety',
  'i keep googling and scaring myself',
  'my mum thinks its nothing but i am freaking out',
  'probably nothing but i dont want to waste anyones time',
  'sorry if this is silly',
  'i know im probably overreacting',
  'what if it is leukaemia',
];

/** One everyday complaint, one fear, or both, chosen by the case id so a refit gives the same weights. */
export function withDistractor(id: string, text: string): string {
  const h = createHash('sha256').update(id).digest();
  const everyday = EVERYDAY[(h[0] as number) % EVERYDAY.length] as string;
  const fear = FEARS[(h[1] as number) % FEARS.length] as string;
  const parts = [[everyday], [fear], [everyday, fear], [fear, everyday]][(h[2] as number) % 4] as string[];
  return `${text.trim()}. ${parts.join('. ')}`;
}
