import type { Demographics } from '../../contract/turn.js';
import { normalise } from '../../clinical/text.js';

/**
 * Facts the offline engine reads from a message besides symptoms: who it is about (age, sex,
 * pregnancy) and how long it has been going on. The structured demographics win where given;
 * the text fills gaps ("my 8 week old", "im 67", "for 3 weeks", "since last week").
 */
export interface PatientFacts {
  /** Years (a 6-week-old is 0.115). */
  age?: number;
  /** Where the age came from, for the reasoning text. */
  ageSource?: 'demographics' | 'text';
  sex?: 'female' | 'male';
  pregnant: boolean;
  /** Said not to be pregnant (or cannot be): pregnancy-only conditions are set aside. */
  notPregnant: boolean;
  /** "my period is late", "might be pregnant": pregnancy is possible though not stated. */
  maybePregnant: boolean;
  /** Longest duration mentioned, in days. */
  durationDays?: number;
  /** The words that gave the duration ("for 4 weeks"). */
  durationText?: string;
  /**
   * Plain statements read from numbers, in the pages' words ("high temperature" for "38.9",
   * "low blood sugar" for a reading of 2.1), added to what the engine matches.
   */
  derived: string[];
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11,
  twelve: 12, couple: 2, 'a couple': 2, 'a few': 3, few: 3, several: 4,
};
const UNIT_DAYS: Record<string, number> = { minute: 1 / 1440, hour: 1 / 24, day: 1, night: 1, week: 7, fortnight: 14, month: 30, year: 365 };
const NUM = '(\\d+(?:\\.\\d+)?|a couple of|a few|couple of|an|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|several|few)';

const toNumber = (s: string): number => NUMBER_WORDS[s.replace(/ of$/, '')] ?? Number.parseFloat(s);

// "for 3 weeks", "2 days", "past two weeks"; not "3 week old", "baby 3 weeks", "6 weeks pregnant", "pregnant 28 weeks".
// "every few months" is how often, and "2 weeks after my operation" is since when, not how long.
const DURATION = new RegExp(`(?<!\\bevery |\\bonce a |\\btimes a |\\bpregnant |\\b(?:baby|newborn) (?:is |aged )?)\\b${NUM} (minute|hour|day|night|week|fortnight|month|year)s?\\b(?! old| pregnant| after| postpartum)`, 'g');
const RELATIVE: [RegExp, number][] = [
  [/\bsince (?:this morning|earlier|lunch|today)\b/, 0.3],
  [/\bsince (?:last night|yesterday|overnight)\b|\byesterday\b/, 1],
  [/\bsince (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|the weekend)\b/, 3],
  [/\b(?:since|for|over) (?:last|the last|the past|a) week\b|\bsince last week\b/, 7],
  [/\ba fortnight\b/, 14],
  [/\b(?:since|for|over) (?:last|the last|the past|a) month\b|\bsince last month\b/, 30],
  // "weeks now" on its own is a long while; "couple of weeks now" is counted as 2 weeks above.
  [/\bfor (?:ages|weeks|a long time)\b|(?<!\b(?:\d+|couple of|few|several|two|three|four|five|six) )\bweeks now\b/, 21],
  [/\b(?:for|over) (?:the )?(?:past |last )?months\b|\bmonths now\b/, 60],
  [/\b(?:for|over) (?:the )?(?:past |last )?years\b/, 365],
];

function duration(text: string): { days: number; text: string } | undefined {
  let best: { days: number; text: string } | undefined;
  const consider = (days: number, phrase: string) => {
    if (!best || days > best.days) best = { days, text: phrase };
  };
  for (const m of text.matchAll(DURATION)) {
    const n = toNumber(m[1] as string);
    const unit = UNIT_DAYS[m[2] as string] ?? 1;
    // "over 3 weeks" is longer than 3 weeks: a flag for "more than 3 weeks" should meet it.
    const beyond = /\b(?:over|more than|longer than|at least)\s*$/.test(text.slice(Math.max(0, m.index - 14), m.index)) ? 1 : 0;
    // "a few hours ago", "5 minutes" still count; "10 days ago" says how long it has been going on.
    if (Number.isFinite(n)) consider(n * unit + beyond, m[0]);
  }
  for (const [re, days] of RELATIVE) {
    const m = re.exec(text);
    if (m) consider(days, m[0]);
  }
  return best;
}

const FAMILY = '(?:mum|mom|mother|dad|father|husband|wife|partner|nan|nana|gran|granny|grandma|grandad|grandpa|grandfather|grandmother|son|daughter|brother|sister|neighbour|friend|boy|girl|baby|child|kid|toddler|man|woman|he|she|hes|shes)';

function ageFromText(text: string): number | undefined {
  const weeksOld = /\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) (day|week|month)s? olds?\b/.exec(text); // "2 week old's" loses its apostrophe
  if (weeksOld) return toNumber(weeksOld[1] as string) * ((UNIT_DAYS[weeksOld[2] as string] ?? 1) / 365);
  const monthsOld = /\b(?:baby|he|she|hes|shes|son|daughter) (?:is|is only|just turned) (\d+) (week|month)s?\b/.exec(text);
  if (monthsOld) return toNumber(monthsOld[1] as string) * ((UNIT_DAYS[monthsOld[2] as string] ?? 1) / 365);
  const babyAged = /\b(?:baby|newborn) (?:is |aged )?(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) (day|week|month)s?\b(?! ago)/.exec(text);
  if (babyAged) return toNumber(babyAged[1] as string) * ((UNIT_DAYS[babyAged[2] as string] ?? 1) / 365);
  const yearsOld = /\b(\d{1,3}) ?(?:years? old|yrs? old|year old|yo|y o)\b/.exec(text);
  if (yearsOld) return Number(yearsOld[1]);
  const iam = /\b(?:im|i am|aged|age|at) (\d{1,3})\b(?! (?:minute|hour|day|week|month|year|mg|degrees|times|weeks? pregnant))/.exec(text);
  if (iam && Number(iam[1]) >= 2) return Number(iam[1]);
  const family = new RegExp(`\\b${FAMILY}(?: is| who is| aged)? (\\d{1,3})\\b(?! (?:minute|hour|day|week|month|year|mg|degrees|times))`).exec(text);
  if (family && Number(family[1]) >= 1) return Number(family[1]);
  if (/\bnewborn\b/.test(text)) return 0.05;
  if (/\b(?:baby|babies|infant)\b/.test(text)) return 0.5;
  if (/\btoddler\b/.test(text)) return 2;
  if (/\b(?:teenager|teen)\b/.test(text)) return 15;
  if (/\b(?:nan|nana|gran|granny|grandma|grandad|grandpa|grandfather|grandmother|elderly|pensioner)\b/.test(text)) return 80;
  return undefined;
}

function sexFromText(text: string): 'female' | 'male' | undefined {
  if (/\b(?:pregnan\w*|period|periods|breastfeeding|vagina\w*|womb|ovar\w*|im a woman|im female)\b/.test(text)) return 'female';
  if (/\b(?:testicles?|balls|penis|prostate|scrotum|im a man|im male)\b/.test(text)) return 'male';
  if (/\b(?:my )?(?:husband|dad|father|son|brother|grandad|grandpa|boyfriend|grandson|nephew)\b/.test(text)) return 'male';
  if (/\b(?:my )?(?:wife|mum|mom|mother|daughter|sister|nan|nana|gran|granny|grandma|girlfriend|granddaughter|niece)\b/.test(text)) return 'female';
  return undefined;
}

/** Reads the facts from the messages (oldest first) and the structured demographics. */
export function readFacts(messages: string[], demographics?: Demographics): PatientFacts {
  const text = messages.map(normalise).join(' . ');
  // "my grandad (79)": brackets and the like only get in the way of reading numbers.
  const textAge = ageFromText(text.replace(/[^a-z0-9.\s]/g, ' ').replace(/\s+/g, ' '));
  // Demographics give whole years; "8 week old" in the text is more precise for a baby.
  let age: number | undefined;
  let ageSource: PatientFacts['ageSource'];
  if (demographics?.age !== undefined && !(demographics.age === 0 && textAge !== undefined && textAge < 1)) {
    age = demographics.age === 0 ? 0.5 : demographics.age;
    ageSource = 'demographics';
  } else if (textAge !== undefined) {
    age = textAge;
    ageSource = 'text';
  }
  const sex = demographics?.sex === 'female' || demographics?.sex === 'male' ? demographics.sex : sexFromText(text);
  const saysNotPregnant = /\b(?:not|isnt|im not|arent|cant be|couldnt be) pregnant\b/.test(text);
  const pregnant = demographics?.pregnant ?? (!saysNotPregnant && /\bpregnan\w*\b/.test(text) && !/\bafter (?:having|giving birth)\b/.test(text));
  const maybePregnant = !pregnant && !saysNotPregnant && /\b(?:period (?:is |was )?(?:late|overdue)|late period|missed (?:a |my )?period|might be pregnant|could be pregnant|may be pregnant)\b/.test(text);
  const d = duration(text);
  return {
    derived: derivedStatements(text),
    ...(age !== undefined ? { age, ageSource } : {}),
    ...(sex ? { sex } : {}),
    pregnant,
    notPregnant: demographics?.pregnant === false || saysNotPregnant || sex === 'male',
    maybePregnant,
    ...(d ? { durationDays: d.days, durationText: d.text } : {}),
  };
}

/** Numbers people quote, turned into the words the pages use. */
function derivedStatements(text: string): string[] {
  const out: string[] = [];
  const temp = /\b(?:temp|temperature|fever|thermometer|reading)\D{0,12}(3[5-9]|4[0-2])(?:\.(\d))?\b|\b(3[89]|4[0-2])(?:\.(\d))? ?(?:degrees|c)\b/.exec(text);
  if (temp) {
    const value = Number(`${temp[1] ?? temp[3]}.${temp[2] ?? temp[4] ?? 0}`);
    if (value >= 38) out.push('high temperature');
    if (value < 35) out.push('very low body temperature');
  }
  const sugar = /\b(?:sugar|sugars|glucose|bm|meter|reading|level)s?\D{0,12}(\d{1,2}(?:\.\d)?)\b/.exec(text);
  if (sugar && /\b(?:sugar|glucose|diabet\w*|insulin|bm|meter)\b/.test(text)) {
    const value = Number(sugar[1]);
    if (value > 0 && value < 4) out.push('low blood sugar');
    if (value >= 15 && value < 60) out.push('high blood sugar');
  }
  return out;
}

/** "3 weeks", "2 days", "a few hours": for the reasoning text. */
export function describeDays(days: number): string {
  if (days < 1) return 'less than a day';
  if (days < 14) return `${Math.round(days)} day${Math.round(days) === 1 ? '' : 's'}`;
  if (days < 60) return `about ${Math.round(days / 7)} weeks`;
  if (days < 730) return `about ${Math.round(days / 30)} months`;
  return `about ${Math.round(days / 365)} years`;
}

/** "8 weeks", "4 months", "72": for the reasoning text. */
export function describeAge(age: number): string {
  if (age < 0.25) return `${Math.max(1, Math.round(age * 52))} weeks old`;
  if (age < 2) return `${Math.max(1, Math.round(age * 12))} months old`;
  return `${Math.round(age)}`;
}
