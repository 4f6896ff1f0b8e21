import type { Demographics } from '../contract/turn.js';
import { normalise, tokenIndexAt, toClauses } from './text.js';
import { assertionAt } from './context.js';
import type { ContextSignalId, SignalId } from './concepts/index.js';

/**
 * Facts about the person that change what a symptom means, read from the form's demographics and
 * from the message itself ("my 6 week old", "mum is 78 and on apixaban", "type 2 diabetic"): a
 * baby's age in weeks, older age, diabetes, blood thinners, pregnancy, a temperature in degrees.
 * They take part in rules like any other signal (e.g. a head knock + a blood thinner).
 */

// The ids of these signals are part of the concept registry (server/clinical/concepts/person.ts).
export type { ContextSignalId };

const ADULT_AGE = 16;
const OLDER_AGE = 65;
const CARDIAC_RISK_AGE = 50;

// "6 week old", and "baby 6 weeks" / "baby is 2 months" (not "baby 3 weeks ago").
const WEEKS = /\b(\d{1,2}) ?(?:days?|d) olds?\b|\b(\d{1,2}) ?(?:weeks?|wks?|wk) olds?\b|\b(\d{1,2}) ?(?:months?|mths?|mo) olds?\b|\b(?:baby|newborn)(?: is| aged)? (\d{1,2}) ?(?:weeks?|wks?)\b(?! ago)|\b(?:baby|newborn)(?: is| aged)? (\d{1,2}) ?(?:months?|mths?)\b(?! ago)/g;
const NEWBORN = /\b(?:newborn|new born|neonate|(?:just|only) (?:born|been born)|born (?:yesterday|last week|\d+ days ago))\b/;
const YEARS = /\b(?:im|i am|hes|he is|shes|she is|aged?|(?:mum|mom|mother|dad|father|nan|gran|grandma|grandad|husband|wife|partner|he|she) is) (\d{1,3})\b|\b(\d{1,3}) ?(?:years? old|yrs? old|yo|year old)\b|\bin (?:my|his|her|their) (\d)0s\b/g;
const OLD_WORDS = /\b(?:elderly|pensioner|my (?:nan|nana|nanna|gran|granny|grandma|grandad|grandpa|grandmother|grandfather)|care home|nursing home)\b/;
const DIABETES = /\b(?:diabet\w*|type (?:1|one|2|two)\b|t1d|t2d|insulin|metformin|gliclazide|sitagliptin|empagliflozin|dapagliflozin)/;
const BLOOD_THINNER =
  /\b(?:warfarin|apixaban|eliquis|rivaroxaban|xarelto|edoxaban|lixiana|dabigatran|pradaxa|blood thinn\w*|anticoag\w*|clopidogrel|ticagrelor|heparin|clexane|enoxaparin|haemophilia|hemophilia|haemophiliac|von willebrand\w*|bleeding disorder|clotting disorder)\b/;
const HEART = /\b(?:angina|heart (?:disease|problems?|condition|failure)|had a heart attack|stents?|bypass|high blood pressure|high cholesterol|smoker)\b/;
// "since my pregnancy", "after my pregnancy": a pregnancy that is over.
const PREGNANT = /\b(?:(?<!not |never been |no longer )pregnant|expecting (?:a baby|twins)|(?<!(?:since|after|before|ever since) )my pregnancy|my bump|my midwife)\b/;
// Weeks of pregnancy, told with the word ("26 weeks pregnant", "34 wks gone", "pregnant with twins
// at 30 weeks") or, as pregnant women often tell them, without: after "I'm", "she's" or "at" ("I'm
// 32 weeks", "at 30+4"), or opening a message or a note ("32 weeks, waters gone"). Told without
// the word, only 12 to 42 weeks, and never a duration or an age ("for 16 weeks", "12 weeks ago",
// "16 weeks of back pain", "I'm 14 weeks post op", "at 12 weeks old").
const GESTATION_TOLD = /\b(\d{1,2}) ?(?:weeks?|wks?)(?: ?\+ ?\d)? (?:pregnant|gone|pg)\b|\bpregnant(?: with (?:twins|my \w+ baby|\w+))?,? (?:at |and )?(\d{1,2}) ?(?:weeks?|wks?)\b/g;
const GESTATION_AFTER_SUBJECT =
  /\b(?:im|shes|she is|were|we are|at)(?: (?:only|just|nearly|almost|about))? ([1-4]\d)(?: ?\+ ?\d\b| ?(?:weeks?|wks?)\b)(?! (?:and a half )?(?:ago|old|olds|post|after|since|of|into|later|off|out|clean|sober|free|running|straight|in a row|now|before|back|on)\b)/g;
const GESTATION_OPENING = /^([1-4]\d) ?(?:\+ ?\d\b|(?:weeks?|wks?)(?=,|\s*$))/gm;
const POSTNATAL = /\b(?:gave birth|(?:just )?had (?:a|my|the|our|her) baby|had (?:a |my |the |our |her )?baby (?:\d+|a few|few|two|three|four|five|six|a couple of) (?:days?|weeks?) ago|post ?(?:partum|natal)|since (?:the|my) (?:birth|delivery|c ?section)|after (?:the|my) (?:birth|delivery|c ?section|caesarean)|since (?:having |i had )?(?:my|the|our) (?:baby|son|daughter)\b(?! (?:was|got|has|had|became|started|is) (?:ill|sick|poorly|unwell|a cold)))\b/;
const MALE_WORDS = /\b(?:bloke|(?:im|i am) a (?:man|guy|bloke|male)|male,? \d|\d+ ?(?:m|male)\b|my (?:husband|son|dad|father|boyfriend|partner hes))/;
const TEMPERATURE = /\b(3[5-9]|4[0-3])(?:[ .](\d))? ?(?:degrees?|c|°c)?\b|\b(9[5-9]|10[0-9])(?:[ .]\d)? ?(?:f|degrees f|°f)\b/g;

/** The first match of `re` that no nearby negation switches off ("not on blood thinners", "no diabetes"). */
function affirmed(re: RegExp, text: string): string | null {
  const global = new RegExp(re.source, 'g');
  for (const m of text.matchAll(global)) {
    const before = text.slice(Math.max(0, m.index - 30), m.index);
    if (/\b(?:not|no|never|isnt|arent|without|stopped|dont|doesnt|not taking|not on|off)\b[^.,;!?\n]{0,14}$/.test(before)) continue;
    if (toldAsTheirs(global, text, m.index)) return m[0];
  }
  return null;
}

/**
 * A risk factor counts when it is the person's, now or in the past ("had a heart attack in 2019"),
 * not one feared, asked about or someone else's ("read it can be a sign of a heart problem", "my
 * dad died of heart disease"): the clause's context modifiers (clinical/context.ts) decide.
 */
function toldAsTheirs(re: RegExp, text: string, at: number): boolean {
  const line = text.slice(text.lastIndexOf('\n', at) + 1).split('\n')[0] ?? '';
  let matched = false;
  for (const clause of toClauses(line)) {
    for (const m of clause.text.matchAll(new RegExp(re.source, 'g'))) {
      matched = true;
      const start = tokenIndexAt(clause, m.index);
      const end = tokenIndexAt(clause, m.index + m[0].length - 1) + 1;
      const { assertion } = assertionAt(clause, start, end, { negation: false, modifiers: true });
      if (assertion !== 'feared' && assertion !== 'hypothetical' && assertion !== 'other') return true;
    }
  }
  // (Not found again in the clauses, as punctuation split it: it counts, the cautious reading.)
  return !matched;
}

/** Weeks of pregnancy the text tells, with the word or (not for a man) without it. */
function pregnancyWeeks(text: string, male: boolean): number[] {
  const told = [...text.matchAll(GESTATION_TOLD)].map((m) => Number(m[1] ?? m[2])).filter((w) => w >= 1 && w <= 42);
  if (male) return told;
  const implied = [...text.matchAll(GESTATION_AFTER_SUBJECT), ...text.matchAll(GESTATION_OPENING)].map((m) => Number(m[1])).filter((w) => w >= 12 && w <= 42);
  return [...told, ...implied];
}

function ageInMonths(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(WEEKS)) {
    if (m[1]) out.push(Number(m[1]) / 30);
    else if (m[2]) out.push((Number(m[2]) * 7) / 30);
    else if (m[3]) out.push(Number(m[3]));
    else if (m[4]) out.push((Number(m[4]) * 7) / 30);
    else if (m[5]) out.push(Number(m[5]));
  }
  if (NEWBORN.test(text)) out.push(0);
  return out;
}

function agesInYears(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(YEARS)) {
    const years = Number(m[1] ?? m[2] ?? (m[3] ? `${m[3]}5` : NaN));
    if (years >= 1 && years <= 110) out.push(years);
  }
  return out;
}

/** The highest temperature given in degrees Celsius (Fahrenheit converted), if any. */
function highestTemperature(text: string): number | undefined {
  let best: number | undefined;
  for (const m of text.matchAll(TEMPERATURE)) {
    const celsius = m[1] ? Number(`${m[1]}.${m[2] ?? 0}`) : ((Number(m[3]) - 32) * 5) / 9;
    // Whole numbers 35-43 are read as temperatures only next to a temperature word (not "I'm 39").
    const said = m[0];
    const nearWord = /\b(?:temp\w*|fever\w*|thermometer|degrees?|reading)\b[^.]{0,20}$/.test(text.slice(0, m.index)) || /(?:degrees|c|°c|f)$/.test(said) || m[2] !== undefined;
    if (!nearWord) continue;
    if (best === undefined || celsius > best) best = celsius;
  }
  return best;
}

/** Peak flow as a share of the person's best or normal ("peak flow is 140, my best is 480"). */
function peakFlowShare(text: string): number | undefined {
  const now = /\bpeak flow(?: \w+){0,3}? (?:is |was |of |at |reading )?(?:only |just |about |around )?(\d{2,3})\b/.exec(text);
  const best = /\b(?:normal|best|usual|usually|normally)(?: \w+){0,4}? (?:is |of |about |around )?(\d{3})\b/.exec(text);
  if (!now || !best) return undefined;
  const share = Number(now[1]) / Number(best[1]);
  return share > 0 && share < 1.5 ? share : undefined;
}

// An oxygen reading: a word for it, then the number ("sats 91", "finger monitor says 89", "o2 was
// 90%"), or the number then the word ("89 on the oximeter"). A bare "pulse" is the heart rate.
const OXYGEN_WORD = '(?:oxygen(?: levels?| sats?| saturations?)?|o2(?: levels?| sats?)?|sats|saturations?|spo2|sp02|pulse ?ox\\w*|oximeter|(?:finger|oxygen|sats) (?:monitor|probe|clip|thing|reader|gadget|sensor|meter))';
// Only small words may stand between the word and the number, so "on home oxygen, she is 89" is not a reading.
const LINK = '(?:on|the|his|her|my|finger|thumb|probe|clip|monitor|machine|meter|reading|level|levels|is|was|were|are|at|of|says|said|reads|read|showing|shows|showed|down|to|dropped|dropping|only|about|around|between|under|below|keeps|going|went|its|just|now|still|thing|gadget|device|app|watch)';
const NOT_A_READING = '(?! ?(?:years?|yrs?|yo|minutes?|mins?|hours?|hrs?|seconds?|secs?|kg|bpm|beats|litres?|mg|times))';
const OXYGEN_THEN_NUMBER = new RegExp(`\\b${OXYGEN_WORD}(?: ${LINK}){0,5} (\\d{2,3})\\b${NOT_A_READING}`, 'g');
// The reader named, then what it says ("an oximeter from lockdown, it says 91%").
const OXYGEN_IT_SAYS = new RegExp(`\\b${OXYGEN_WORD}(?: [a-z]+){0,6},? (?:it|which|that) (?:says|said|reads|read|shows|showed|is showing|was showing|is saying|was saying|gives|gave) (?:about |around |only |just )?(\\d{2,3})\\b${NOT_A_READING}`, 'g');
const NUMBER_THEN_OXYGEN = new RegExp(`\\b(\\d{2,3}) ?(?:%|percent|per cent)?(?: on| on the| on his| on her| on my)? ${OXYGEN_WORD}`, 'g');

// "blood pressure was 185/112", "bp 190 over 105", "my reading was 220/130": the two numbers of a reading near the words.
const BLOOD_PRESSURE = /\b(?:bp|blood pressure|pressure|reading|readings|monitor|machine|cuff)\b[^.!?\n]{0,30}?\b(\d{2,3}) ?(?:\/|over) ?(\d{2,3})\b/g;
// "blood ketones are 1.2", "ketones 0.8": a blood ketone reading (mmol/L), not urine's "++".
const KETONES = /\bketones?\b[^.!?\n]{0,20}?\b(\d(?:\.\d{1,2})?)\b(?! ?\+)/g;

/** The highest blood pressure reading given, as [top, bottom], if any. */
function highestBloodPressure(text: string): [number, number] | undefined {
  let highest: [number, number] | undefined;
  for (const m of text.matchAll(BLOOD_PRESSURE)) {
    const top = Number(m[1]);
    const bottom = Number(m[2]);
    if (top >= 60 && top <= 300 && bottom >= 30 && bottom < top && (!highest || top > highest[0])) highest = [top, bottom];
  }
  return highest;
}

/** The highest blood ketone reading given (mmol/L), if any. */
function highestKetones(text: string): number | undefined {
  const values = [...text.matchAll(KETONES)].map((m) => Number(m[1])).filter((v) => v > 0 && v < 10);
  return values.length ? Math.max(...values) : undefined;
}

/** The lowest oxygen saturation given (a percentage from 50 to 100), if any. */
function lowestOxygen(text: string): number | undefined {
  let lowest: number | undefined;
  for (const re of [OXYGEN_THEN_NUMBER, OXYGEN_IT_SAYS, NUMBER_THEN_OXYGEN]) {
    for (const m of text.matchAll(re)) {
      const value = Number(m[1]);
      if (value >= 50 && value <= 100 && (lowest === undefined || value < lowest)) lowest = value;
    }
  }
  return lowest;
}

/** Context signals present for this text and person, with what showed each (for staff traces). */
export function contextSignals(text: string, demographics?: Demographics): Map<ContextSignalId, string[]> {
  const found = new Map<ContextSignalId, string[]>();
  const add = (id: ContextSignalId, why: string) => found.set(id, [...(found.get(id) ?? []), why]);
  const said = normalise(text);
  const notes = demographics?.notes ? normalise(demographics.notes) : '';
  const both = `${said}\n${notes}`;

  const months = ageInMonths(said);
  if (months.some((m) => m < 3)) add('infantUnder3Months', 'a baby under 3 months');
  if (months.some((m) => m >= 3 && m < 6)) add('infant3To6Months', 'a baby of 3 to 6 months');

  const temperature = highestTemperature(said);
  if (temperature !== undefined && temperature >= 38) add('temperature38', `temperature ${temperature.toFixed(1)}`);
  if (temperature !== undefined && temperature >= 39) add('temperature39', `temperature ${temperature.toFixed(1)}`);

  const ages = [...(demographics?.age !== undefined ? [demographics.age] : []), ...agesInYears(said)];
  const oldest = ages.length ? Math.max(...ages) : undefined;
  if (oldest !== undefined && oldest >= ADULT_AGE) add('adult', `age ${oldest}`);
  // "my nan" is the person only when told as such, not in a fear or another's story ("sepsis like my nan had").
  if ((oldest !== undefined && oldest >= OLDER_AGE) || affirmed(OLD_WORDS, said)) add('olderAge', oldest !== undefined && oldest >= OLDER_AGE ? `age ${oldest}` : 'older age');

  const diabetic = affirmed(DIABETES, both);
  if (diabetic) add('diabetic', diabetic);
  const thinner = affirmed(BLOOD_THINNER, both);
  if (thinner) add('anticoagulant', thinner);
  if (found.has('olderAge') || (oldest !== undefined && oldest >= CARDIAC_RISK_AGE) || diabetic || affirmed(HEART, both)) add('cardiacRisk', 'older age, diabetes or heart disease');

  // The form's notes count too ("34 weeks pregnant" written there, not in the message).
  if (demographics?.pregnant || PREGNANT.test(both)) add('pregnant', 'pregnant');
  const weeks = pregnancyWeeks(both, demographics?.sex === 'male');
  if (weeks.length && !found.has('pregnant')) add('pregnant', `${Math.max(...weeks)} weeks`);
  // Before 37 weeks a baby is premature: waters breaking then is a reason to go in at once.
  const latest = weeks.length ? Math.max(...weeks) : 0;
  if (latest >= 4 && latest < 37) add('pretermPregnancy', `${latest} weeks pregnant`);
  const postnatal = POSTNATAL.exec(both);
  if (postnatal) add('postnatal', postnatal[0]);
  if (demographics?.sex === 'male' || MALE_WORDS.test(said)) add('male', 'male');
  // NHS (pulse oximeters at home): 92% or lower, go to A&E or call 999; 93 or 94%, get help today.
  const oxygen = lowestOxygen(said);
  if (oxygen !== undefined && oxygen <= 92) add('oxygenLow', `oxygen ${oxygen}%`);
  else if (oxygen !== undefined && oxygen <= 94) add('oxygenBorderline', `oxygen ${oxygen}%`);
  // NHS high blood pressure: a reading of 180/120 or higher needs advice the same day.
  const pressure = highestBloodPressure(said);
  if (pressure && (pressure[0] >= 180 || pressure[1] >= 120)) add('bloodPressureVeryHigh', `blood pressure ${pressure[0]}/${pressure[1]}`);
  // NHS diabetic ketoacidosis: blood ketones of 0.6 or more in diabetes need the sick-day rules and
  // the diabetes team (the 999 rule for very high ketones with symptoms is separate).
  const ketones = highestKetones(said);
  if (ketones !== undefined && ketones >= 0.6 && diabetic) add('ketonesRaised', `blood ketones ${ketones}`);
  const flow = peakFlowShare(said);
  if (flow !== undefined && flow < 0.5) add('peakFlowLow', `peak flow ${Math.round(flow * 100)}% of normal`);
  return found;
}

// "sugar was 2.9", "bm 3.1", "glucose now 6.8", "back up to 6.4": a blood glucose reading (mmol/L).
const GLUCOSE = /\b(?:blood sugars?|sugars?|glucose|bms?|levels?|reading|readings|meter says|(?:back )?(?:up )?to|now)(?: (?:is|are|was|were|its|at|of|reads|says|back|up|to|now|only|about|around)){0,3} (\d{1,2}(?:\.\d)?)\b(?! ?(?:years?|yrs?|mins?|minutes?|hours?|hrs?|weeks?|days?|kg|mg|units?|am|pm|%))/g;
// "15 mins later its 6.4", "checked and im 6.8 now": a bare reading with one decimal, read as glucose
// only where the conversation is about blood sugar (a hypo, diabetes) and never with a temperature unit.
const BARE_GLUCOSE = /\b(?:its|im|it was|(?:checked|tested)(?: it| again)?(?: and)?(?: its| im)?) (\d{1,2}\.\d)\b(?! ?(?:c\b|degrees|mmhg|%))(?: (now))?/g;
const NOW_CUE = /\b(?:now|back (?:up )?to|came up to|gone up to|up to|after|then)\b[^.]{0,12}$/;
/** Words of blood sugar or diabetes: a message after them may give a reading without saying what of. */
export const DIABETES_WORDS = /\b(?:hypo\w*|sugars?|glucose|bms?|diabet\w*|insulin)\b/;

/** A reading that answers signs (the concepts it shows are not there now), and whether it is told as now. */
export interface ReadingAnswer {
  concepts: SignalId[];
  /** Told as the state now ("now 6.8", "back up to 6.4"): it answers the signs said before it. */
  now: boolean;
}

/**
 * Readings that say a sign is not there now: a temperature under 38, oxygen at 95% or more, a
 * blood glucose of 4 to 12 after a hypo (NHS: once above 4, have a snack; no emergency). A later
 * normal reading answers an earlier abnormal one in the conversation's case (the latest reading
 * is the one that stands).
 */
export function normalReadings(text: string, demographics?: Demographics, sugarTalkedOf = false): ReadingAnswer[] {
  const said = normalise(text);
  const out: ReadingAnswer[] = [];
  const temperature = highestTemperature(said);
  if (temperature !== undefined && temperature < 38) out.push({ concepts: ['temperature38', 'temperature39'], now: false });
  const oxygen = lowestOxygen(said);
  if (oxygen !== undefined && oxygen >= 95) out.push({ concepts: ['oxygenLow', 'oxygenBorderline'], now: false });
  if (sugarTalkedOf || DIABETES_WORDS.test(said) || DIABETES.test(demographics?.notes ? normalise(demographics.notes) : '')) {
    const told = [...said.matchAll(GLUCOSE)].map((m) => ({ at: m.index, value: Number(m[1]), now: NOW_CUE.test(said.slice(0, m.index + m[0].length - (m[1] as string).length)) }));
    const bare = [...said.matchAll(BARE_GLUCOSE)].map((m) => ({ at: m.index, value: Number(m[1]), now: m[2] === 'now' || NOW_CUE.test(said.slice(0, m.index)) }));
    const readings = [...told, ...bare.filter((b) => !told.some((t) => Math.abs(t.at - b.at) < 12))].sort((a, b) => a.at - b.at);
    const last = readings.at(-1);
    if (last && last.value >= 4 && last.value <= 12) out.push({ concepts: ['hypoSigns', 'hypoDanger', 'hypoNotResponding'], now: last.now || readings.length > 1 });
  }
  return out;
}
