import { describe, expect, it } from 'vitest';
import { assessSafety } from '../../server/safety/index.js';
import { assessConversation } from '../../server/safety/turn.js';
import { readMessage } from '../../server/safety/find-signals.js';
import { modifierScopes } from '../../server/clinical/context.js';
import { toClauses } from '../../server/clinical/text.js';

/**
 * The context modifiers (clinical/modifiers.ts), each with minimal pairs: the same words with one
 * difference, and a different level. A 999 sign the person has fires its rule; the same sign
 * feared, asked about, someone else's or long ago does not. The pairs here are our own wording,
 * not the evaluation sets'.
 */

const level = (text: string) => {
  const a = assessSafety(text);
  return a.emergency ? 'EMERGENCY' : a.urgent ? 'URGENT' : 'NONE';
};
const assertionOf = (text: string, concept: string) => readMessage(text).findings.find((f) => f.concept === concept)?.assertion;

describe.each([
  ['feared', 'my son has a rash that doesnt fade under a glass', 'im terrified it could be meningitis, a rash that doesnt fade'],
  ['feared (a future state)', 'my lips are going blue', 'im scared my lips are going to go blue'],
  ['asked about', 'my face has dropped on one side', 'what are the signs of a face dropping on one side'],
  ['asked about (a condition to come)', 'he has a stiff neck and a temperature of 39', 'what if he gets a stiff neck with his temperature of 39'],
  ['historical', 'i am coughing up lots of blood', 'i coughed up lots of blood in 2015, now i have a cold'],
  ['someone else', 'crushing chest pain going into my arm', 'my dad died of crushing chest pain going into his arm, i have a cold'],
  ['asked what it leads to', 'my sore throat has turned into a stiff neck and i cant look at the light', 'can a sore throat turn into a stiff neck where you cant look at the light?'],
  ['asked when it matters', 'ive got flu and now a stiff neck and the light hurts my eyes', 'ive got flu, when is a stiff neck and the light hurting your eyes a worry?'],
  ['seen, not had', 'my toddler has a meningitis rash on her legs', 'my toddler has dry cheeks, i looked at photos of meningitis rash and got scared'],
  ['a thought that will not leave', 'he has a rash that wont fade with a glass', 'he has a cold and i keep thinking about a rash that wont fade with a glass'],
  ['asked whether it is a named condition', 'i have anaphylaxis, i used my epipen', 'itchy blotches on my arms, lips fine. is this anaphylaxis starting?'],
  ['feared, told in the past tense', 'i am having a heart attack', 'heartburn after a curry, gone now, im worried it was a heart attack'],
  ['what a sign can mean in general', 'my face has dropped on one side', 'my cheek twitches, i read it can be a sign of a face dropping from a stroke'],
  ['a fear of a named illness', 'the gp thinks its meningitis, my neck is so stiff', 'panicking about meningitis, my neck is so stiff from sleeping funny'],
  ['feared, with a contracted person ("shes going to")', 'she has gone floppy and wont wake up properly', 'she has a cold and im so scared shes going to go floppy and not wake up'],
  ['feared, with a contracted "will" ("theyll")', 'his lips are going blue', 'he has a bad cough, im frightened theyll turn blue in the night'],
  ['someone else, told beside the writer\'s own complaint', 'my son has noisy breathing and his ribs are sucking in', 'my cousins boy had noisy breathing and his ribs sucking in with croup. my son has a runny nose'],
  ['someone else (a relative), beside the writer\'s own', 'i went weak down my right arm and leg an hour ago', 'my husband went weak down his right arm and leg with his stroke. i have a tension headache'],
  ['a reassuring self-check (the chin bends to the chest)', 'stiff neck and a temp of 38.5, i cant touch my chin to my chest', 'stiff neck and a temp of 38.5, i can touch my chin to my chest fine'],
  ['an event seen happen to a stranger', 'i suddenly collapsed with chest pain and my heart racing', 'i watched a footballer collapse with chest pain on tv and now my heart keeps racing with worry'],
  ['what a search gave back', 'my baby has a rash and a stiff neck and is very unwell, could be meningitis', 'my baby has a rash, i typed it into google and meningitis came up, she is fine otherwise'],
  ["another lay person's guess at a name", 'i think its a stroke, my face has dropped on one side', 'i get dizzy standing up fast, my nan says it could be a stroke'],
  ['asking whether it is a named condition ("am i having")', 'crushing chest pain going into my arm and jaw, i am having a heart attack', 'burning in my chest after a curry, gaviscon helped, am i having a heart attack'],
  ['a named condition put as a question ("... right?")', 'stiff neck and a temperature with a rash, the gp says meningitis', 'stiff neck from my laptop, no fever, stiff neck means meningitis right??'],
  ['a conviction, not a sign', 'my throat is closing up after the peanuts', 'sore throat with a cold, every time i swallow im convinced my throat is closing'],
])('%s: a minimal pair', (_modifier, has, hasNot) => {
  it(`"${has}" fires a 999 rule`, () => expect(level(has)).toBe('EMERGENCY'));
  it(`"${hasNot}" does not`, () => expect(level(hasNot)).not.toBe('EMERGENCY'));
});

describe('what each modifier says of a phrase', () => {
  it('someone else telling what the person had is still the person\'s ("my husband says i had a fit")', () => {
    expect(level('my husband says i had a fit in the night, the first time ever. i feel ok now')).toBe('EMERGENCY');
    // The writer's reassurance is no complaint of their own: the husband's first fit is the matter.
    expect(level('my husband had a fit in the night, the first time ever. i feel ok now')).toBe('EMERGENCY');
    expect(level('my daughter had a coughing fit, first time ever')).not.toBe('EMERGENCY');
  });

  it('a fear "of" or "about" reaches only the name of an illness: "scared of this rash" still has the rash', () => {
    expect(assertionOf('im scared of meningitis', 'meningitisMention')).toBe('feared');
    expect(assertionOf('worried about sepsis', 'sepsisMention')).toBe('feared');
    expect(level('so scared of this rash, it doesnt fade when i press a glass on it')).toBe('EMERGENCY');
    expect(level('terrified about the chest pain, crushing and going into my left arm')).toBe('EMERGENCY');
  });

  it('names the assertion and the cue', () => {
    expect(assertionOf('terrified its meningitis', 'meningitisMention')).toBe('feared');
    expect(assertionOf('what are the signs of a stroke?', 'strokeMention')).toBe('hypothetical');
    expect(assertionOf('my neck isnt stiff', 'stiffNeck')).toBe('absent');
    expect(assertionOf('my neck is stiff', 'stiffNeck')).toBe('present');
  });

  it('a scope ends at a new statement: the sign after "and now" is the person\'s', () => {
    const text = 'dad had a heart attack last year and now he has crushing chest pain';
    expect(assertionOf(text, 'severeChest')).toBe('present');
    expect(level(text)).toBe('EMERGENCY');
  });

  it('a cue never reaches across a comma into a new statement ("terrified, he has a stiff neck")', () => {
    const [clause] = toClauses('im terrified, he has a rash that wont fade');
    expect(modifierScopes(clause!).filter((s) => s.category === 'FEARED')).toEqual([]);
    expect(level('im terrified, he has a rash that wont fade')).toBe('EMERGENCY');
  });

  it('signs told as the person\'s are not a question about signs ("showing signs of a stroke")', () => {
    expect(level('mum is showing signs of a stroke her face has dropped on one side')).toBe('EMERGENCY');
    expect(level('what are the signs of a stroke')).toBe('NONE');
  });

  it('a question about the person\'s own sign keeps its words ("is that normal?"); only a named condition asked about is not evidence', () => {
    const [asked] = toClauses('is this anaphylaxis starting?');
    expect(modifierScopes(asked!).map((s) => s.category)).toEqual(['FEARED']);
    const [normal] = toClauses('is that normal?');
    expect(modifierScopes(normal!)).toEqual([]);
    const [statement] = toClauses('is this anaphylaxis starting');
    expect(modifierScopes(statement!)).toEqual([]); // without the question mark it is not asked
  });

  it('a risk factor feared or someone else\'s is not the person\'s ("read it can be a sign of a heart problem")', () => {
    expect(assertionOf('chest pain and i have heart disease', 'cardiacRisk')).toBe('present');
    expect(assertionOf('hiccups for hours, i read it can be a sign of a heart problem', 'cardiacRisk')).toBeUndefined();
    expect(assertionOf('thirsty all the time and scared i have diabetes', 'diabetic')).toBeUndefined();
  });

  it('a red flag that is over, seen to by a clinician since, in a person well now, is resolved; back again, it counts', () => {
    expect(level('my 2 year old had a fit with a high temperature yesterday, the gp saw her and said febrile seizure, she is back to herself')).not.toBe('EMERGENCY');
    expect(level('my 2 year old had a fit with a high temperature yesterday, the gp saw her, now she has had another fit')).toBe('EMERGENCY');
    expect(level('had a reaction to a nut and used my epipen, they watched me in a and e for 6 hours and sent me home, fine now')).not.toBe('EMERGENCY');
    expect(level('had a reaction to a nut and used my epipen, they sent me home but my lips are swelling again')).toBe('EMERGENCY');
    expect(level('my son had a fit, the paramedics checked him, now he is floppy')).toBe('EMERGENCY');
    expect(level('my son had a fit yesterday and is back to himself')).toBe('EMERGENCY'); // not seen by anyone yet
  });

  it('a reassuring self-check is the absence of the red flag, a worrying one its presence', () => {
    expect(level('spots on her tummy, i pressed a glass on them and they dont go away')).toBe('EMERGENCY');
    expect(level('pressed a glass on the rash and it is not there any more')).toBe('NONE');
    expect(level('rolled a glass over the spots and i can still see them')).toBe('EMERGENCY');
    expect(level('did the glass test and the spots didnt fade')).toBe('EMERGENCY');
  });

  it('a denial in a phrase\'s gap words denies it, a denial that is the phrase\'s meaning does not', () => {
    expect(assertionOf('neck isnt stiff', 'stiffNeck')).toBe('absent');
    expect(assertionOf('the rash doesnt fade', 'nonBlanching')).toBe('present');
    // A failed treatment is no denial: the symptom is still there.
    expect(level('my angina spray hasnt helped the chest tightness, two doses and still there')).toBe('EMERGENCY');
  });

  it('a hypo told as treated and back to normal is resolved; one still low is not', () => {
    expect(level('had a hypo an hour ago, confused and shaky, had juice, now 6.8 and fine')).not.toBe('EMERGENCY');
    expect(level('type 1 diabetic, hypo, sugar 2.4 and confused, wont take anything')).toBe('EMERGENCY');
  });

  it('a question about what a sign is like, or how long before it matters, is not the sign', () => {
    expect(assertionOf('what does a stiff neck from meningitis feel like? just curious', 'stiffNeck')).toBe('hypothetical');
    expect(assertionOf('how long should a nosebleed go on before you worry about heavy bleeding', 'heavyBleeding')).not.toBe('present');
    // A question about the person's own sign is still their sign.
    expect(assertionOf('what does it mean when my neck is stiff and the light hurts', 'stiffNeck')).toBe('present');
  });

  it('yellow discharge at the eyes is not yellow eyes', () => {
    expect(assertionOf('both eyes red and sticky with yellow crust', 'jaundice')).toBeUndefined();
    expect(assertionOf('the whites of my eyes have gone a bit yellow', 'jaundice')).toBe('present');
  });

  it('a condition predicted by name ("ill get sepsis") is not a sign; a sign told in the future tense still is', () => {
    expect(assertionOf('burning when i wee, scared it will spread and ill get sepsis', 'sepsisMention')).toBe('hypothetical');
    expect(assertionOf('i think i have sepsis', 'sepsisMention')).not.toBe('hypothetical');
    expect(assertionOf('my heart is pounding and i feel like ill pass out', 'faint')).toBe('present');
  });

  it('likened to another person ("like my nan had") is the other person\'s, and does not make the writer old', () => {
    const read = readMessage('stinging wee, worried its sepsis like my nan had', { age: 28 });
    expect(read.findings.find((f) => f.concept === 'sepsisMention')?.assertion).not.toBe('present');
    expect(read.found.has('olderAge')).toBe(false);
    expect(readMessage('my nan has a stinging wee and is a bit muddled').found.has('olderAge')).toBe(true);
  });

  it('a temperature told as normal is not a fever; an age is not a temperature', () => {
    expect(assertionOf('checked my temp 3 times and its normal', 'fever')).toBe('absent');
    expect(assertionOf('checked my temp and its 38.9', 'fever')).toBe('present');
    expect(readMessage('blood when i wipe, a friend got bowel cancer, diagnosed at 40').found.has('fever')).toBe(false);
    expect(readMessage('shivery and hot, 40 on the thermometer').found.has('fever')).toBe(true);
  });

  it('a time after something ("15 mins later") is not how long a symptom has lasted', () => {
    expect(readMessage('15 mins later its 6.4, feel back to normal').found.has('lastedLong')).toBe(false);
    expect(readMessage('chest has been tight for 20 mins').found.has('lastedLong')).toBe(true);
  });

  it('a leg red and swollen "below the knee" is not a hot swollen knee', () => {
    expect(readMessage('left leg below the knee has gone red hot and swollen').found.has('hotSwollenJoint')).toBe(false);
    expect(readMessage('my knee has gone red hot and swollen').found.has('hotSwollenJoint')).toBe(true);
  });

  it('a joint named after its signs ("a red swollen painful knee", "hot to touch") is a hot swollen joint', () => {
    expect(readMessage('she has a red swollen painful ankle').found.has('hotSwollenJoint')).toBe(true);
    expect(readMessage('his wrist is puffy and hot to the touch').found.has('hotSwollenJoint')).toBe(true);
    expect(readMessage('painful knee when i climb stairs').found.has('hotSwollenJoint')).toBe(false);
  });

  it('a blister the size of a 5p is not a large blister; one the size of a palm is', () => {
    expect(readMessage('one blister about the size of a 5p').found.has('largeBlister')).toBe(false);
    expect(readMessage('a blister the size of my palm').found.has('largeBlister')).toBe(true);
  });

  it('a tongue swollen where it was bitten is not a swelling tongue; cutting down on salt is not a cut', () => {
    expect(readMessage('my tongue is swelling up').found.has('swellTongue')).toBe(true);
    expect(readMessage('bit my tongue and its swollen').found.has('swellTongue')).toBe(false);
    expect(readMessage('told to cut the salt and cut down on sugar').found.has('woundWord')).toBe(false);
    expect(readMessage('got a cut on my finger').found.has('woundWord')).toBe(true);
  });

  it('a child who will not or refuses to put weight on a leg cannot bear weight', () => {
    expect(readMessage('she wont put weight on her left foot').found.has('cantBearWeight')).toBe(true);
    expect(readMessage('he is refusing to stand on his leg').found.has('cantBearWeight')).toBe(true);
    expect(readMessage('not putting any weight on it').found.has('cantBearWeight')).toBe(true);
  });

  it('itching told with the palms or soles further on is itchy palms or soles', () => {
    expect(readMessage('shes itching like mad all over, worst on her hands and the soles of her feet').found.has('itchPalmsSoles')).toBe(true);
  });

  it('a scald told by what did it is a burn', () => {
    expect(readMessage('spilled boiling water over my arm').found.has('burnInjury')).toBe(true);
    expect(readMessage('hot water bottle burst on my leg').found.has('burnInjury')).toBe(true);
    expect(readMessage('hot water bottle on my tummy for cramps').found.has('burnInjury')).toBe(false);
  });

  it('a pregnancy that is over ("since my pregnancy") is not a pregnancy now', () => {
    expect(readMessage('had piles since my pregnancy, bit of blood on the paper').found.has('pregnant')).toBe(false);
    expect(readMessage('bleeding a bit in my pregnancy, 12 weeks').found.has('pregnant')).toBe(true);
  });

  it('a condition named as what a sign can mean ("stiff neck is a meningitis sign isnt it") is asked about, not had', () => {
    expect(assertionOf('stiff neck is a meningitis sign isnt it', 'meningitisMention')).toBe('hypothetical');
    expect(assertionOf('i think i have meningitis symptoms', 'meningitisMention')).not.toBe('hypothetical');
    expect(level('slept funny and woke with a stiff neck, no temperature, but stiff neck is a meningitis sign isnt it')).not.toBe('EMERGENCY');
    expect(level('slept funny and woke with a stiff neck and i have all the meningitis symptoms')).toBe('EMERGENCY');
  });

  it('a search result ("googled it and it came up leukaemia") and the next guess in a list ("or even cancer") are not a history', () => {
    expect(readMessage('googled tiredness and it came up leukaemia').found.has('covidHighRisk')).toBe(false);
    expect(readMessage('i have leukaemia and a temperature').found.has('covidHighRisk')).toBe(true);
    expect(readMessage('worried its an infection or even cancer').found.has('covidHighRisk')).toBe(false);
  });

  it('tiredness for months is not drowsiness; hands raw from washing are not a blister', () => {
    expect(readMessage('so tired all the time, been like this for months').found.has('drowsyMuddled')).toBe(false);
    expect(readMessage('he is so sleepy i cant keep him awake').found.has('drowsyMuddled')).toBe(true);
    expect(readMessage('my hands are raw from all the handwashing').found.has('blister')).toBe(false);
    expect(readMessage('burnt my arm on the oven and the skin is raw').found.has('blister')).toBe(true);
  });

  it('a possible 999 sign still counts', () => {
    expect(assessConversation(['i think im having a stroke, my arm has gone weak']).emergency).toBe(true);
  });
});
