import { describe, expect, it } from 'vitest';
import { assessConversation } from '../../server/safety/turn.js';

/**
 * The case per conversation (clinical/case.ts, safety/turn.ts): findings accumulate message by
 * message and the level reached holds, unless the person corrects what they said or a later check
 * answers it. Our own wording, not the evaluation sets'.
 */

const level = (messages: string[], demographics?: Parameters<typeof assessConversation>[1]) => {
  const a = assessConversation(messages, demographics);
  return a.emergency ? 'EMERGENCY' : a.urgent ? 'URGENT' : 'NONE';
};

const HEART = ['probably just indigestion', 'my chest has been tight and heavy for an hour and my left arm aches', 'i am sweaty and feel sick but i dont want an ambulance'];

describe('a level that holds over the conversation', () => {
  it('signs split over messages combine', () => expect(level(HEART, { age: 66, sex: 'male', notes: 'type 2 diabetes' })).toBe('EMERGENCY'));

  it.each([
    'its eased a tiny bit now so ill see how i am in the morning',
    'can i take ibuprofen for it?',
    'thanks',
    'ok i will think about it',
    'also my knee has been sore since the weekend',
  ])('an emergency said earlier still counts after %j', (last) => {
    expect(level([...HEART, last], { age: 66, sex: 'male', notes: 'type 2 diabetes' })).toBe('EMERGENCY');
  });

  it('how long a fit went on, told in the next message, makes it an emergency', () => {
    expect(level(['my daughter has epilepsy and has just had a seizure', 'it carried on for about seven minutes before it stopped', 'shes sleepy now, is that normal?'])).toBe('EMERGENCY');
  });

  it('three messages back still counts', () => {
    expect(level(['my husband has slurred speech and his face has dropped', 'he is 70', 'he says he is fine', 'what should i do'])).toBe('EMERGENCY');
  });

  it('urgent signs hold too', () => {
    expect(level(['i have a urine infection and now a temperature of 38.5 and pain in my back', 'can i keep taking paracetamol?'])).toBe('URGENT');
  });
});

describe('what lowers a level, and what does not', () => {
  it.each([
    'nose was gushing blood all over the sink but i pinched it for ten minutes and it has stopped, im ok now',
    'the corner of my mouth is drooping and numb, i had a tooth out this afternoon and the dentist numbed that side',
  ])('a sign answered later in the same message is answered as by the next one: %j', (text) => {
    expect(level([text])).not.toBe('EMERGENCY');
  });

  it.each([
    'nose was gushing blood, pinched it for ten minutes and it stopped, now its pouring blood again',
    'nose gushing blood, pinched it and it stopped but i feel faint',
    'nose gushing blood, pinched it for ten minutes and it stopped, i take warfarin',
  ])('not when the sign comes back after the answer, another check is there, or an exception stands: %j', (text) => {
    expect(level([text])).toBe('EMERGENCY');
  });

  it('a correction takes back what it denies ("sorry, I meant my finger, not my chest")', () => {
    const said = ['cut my chest really badly and its bleeding everywhere'];
    expect(level(said)).toBe('EMERGENCY');
    expect(level([...said, 'sorry i meant my finger not my chest, its a small cut and the bleeding stopped with pressure'])).not.toBe('EMERGENCY');
  });

  it.each([
    'sorry that was my brother messing about on my phone, i just have a cold',
    'ignore that, it was a joke from my mate. i have a cold',
    'that wasnt me, my son grabbed my phone. i have a cold',
  ])('a message that says the last one was not the person\'s takes it back: %j', (last) => {
    const said = ['my face has dropped on one side and my speech is slurred'];
    expect(level(said)).toBe('EMERGENCY');
    expect(level([...said, last])).not.toBe('EMERGENCY');
  });

  it('"only joking" takes nothing back', () => {
    expect(level(['i want to end my life tonight', 'only joking lol'])).toBe('EMERGENCY');
  });

  it('a suspicion answered by its checks ("I think it is a stroke", then FAST is normal) is answered', () => {
    const first = 'i think im having a stroke, my face is tingling';
    expect(level([first])).toBe('EMERGENCY');
    expect(level([first, 'checked in the mirror, can lift both arms and talking fine'])).not.toBe('EMERGENCY');
  });

  it('chest pain later told as brought on by pressing or twisting is answered, unless a heart attack sign is in the conversation', () => {
    const pain = 'sharp pain in my chest, really worried its my heart';
    const wall = 'it only hurts when i press on the spot or twist, i lifted a sofa yesterday';
    const answered = assessConversation([pain, wall]).case?.findings.find((f) => f.concept === 'chestPain');
    expect(answered?.supersededBy).toBe(1);
    expect(level([pain, wall, 'not short of breath, no sweating'])).toBe('NONE');
    // With a heart attack sign anywhere, pain on pressing answers nothing.
    expect(level(['sharp pain in my chest and im sweating buckets', wall])).toBe('EMERGENCY');
    expect(assessConversation(['chest pain going down my left arm', wall]).case?.findings.find((f) => f.concept === 'chestPain')?.supersededBy).toBeUndefined();
  });

  it('a denied heart attack sign does not answer chest pain: only the pain\'s own cause does', () => {
    const pain = 'now my chest is tight and heavy and my left arm aches';
    const denial = "no, I'm not short of breath. can I take ibuprofen?";
    const chest = assessConversation(['sore throat for 3 days', pain, denial], { age: 58, sex: 'male' }).case?.findings.find((f) => f.concept === 'chestPain');
    expect(chest?.supersededBy).toBeUndefined();
    expect(assessConversation(['sharp pain in my chest', 'not short of breath, no sweating']).case?.findings.find((f) => f.concept === 'chestPain')?.supersededBy).toBeUndefined();
    expect(level(['sore throat for 3 days', pain, denial], { age: 58, sex: 'male' })).toBe('EMERGENCY');
    // By the heart attack rule itself, not only the urgency model: "my left arm aches" is pain spreading to the arm.
    expect(assessConversation([pain]).fired.map((f) => f.label)).toContain('chest pain with sweating, spreading pain or faintness');
  });

  it('after messages about blood sugar, a bare reading ("its 6.4 now") is a blood sugar; without them it is no reading', () => {
    const hypo = ['on insulin, sugar was 2.8 and i was shaky and sweaty', 'had some jelly babies', 'checked and im 6.4 now, back to normal'];
    const kase = assessConversation(hypo).case;
    expect(kase?.findings.some((f) => f.concept === 'hypoSigns' && f.message === 2 && f.assertion === 'absent')).toBe(true);
    expect(level(hypo)).not.toBe('EMERGENCY');
    expect(assessConversation(['bit of a sore throat', 'checked and im 6.4 now']).case?.findings.some((f) => f.concept === 'hypoSigns')).toBe(false);
    // Still low after treatment is no answer: the reading is not normal.
    expect(assessConversation(['on insulin, sugar was 2.8 and i was shaky and sweaty', 'had some jelly babies', 'checked again and its 2.9, still shaky']).case?.findings.some((f) => f.concept === 'hypoSigns' && f.assertion === 'absent')).toBe(false);
  });

  it('an asthma attack the reliever settled, talking normally again, is an urgent same-day appointment, not 999 (NHS asthma attacks)', () => {
    const attack = ['bad asthma attack this afternoon, i couldnt get my breath', 'did 8 puffs of my blue inhaler with the spacer'];
    expect(level(attack)).toBe('EMERGENCY');
    expect(level([...attack, 'its settled down now and im talking normally'])).toBe('URGENT');
    // Without the reliever, or with the signs of a severe attack seen, it stays a 999 call.
    expect(level(['bad asthma attack this afternoon, i couldnt get my breath', 'its settled down now and im talking normally'])).toBe('EMERGENCY');
    expect(level(['bad asthma attack, couldnt get my breath and my lips went blue', 'did 8 puffs of my blue inhaler', 'its settled down now and im talking normally'])).toBe('EMERGENCY');
  });

  it('a bleed that stopped with pressure is cared for at home; one that will not stop, or with faintness or blood thinners, stays 999 (NHS nosebleeds, cuts)', () => {
    const bleed = 'cut my hand on a glass and there is blood everywhere';
    expect(level([bleed])).toBe('EMERGENCY');
    expect(level([bleed, 'held a tea towel on it hard for ten minutes and its stopped'])).not.toBe('EMERGENCY');
    expect(level([bleed, 'held a tea towel on it for ten minutes and it hasnt stopped'])).toBe('EMERGENCY');
    expect(level([bleed, 'held a tea towel on it for ten minutes and its stopped', 'i feel faint though'])).toBe('EMERGENCY');
    expect(level([bleed, 'held a tea towel on it for ten minutes and its stopped'], { notes: 'on warfarin' })).toBe('EMERGENCY');
  });

  it('the answer to a rule\'s question counts for the message that raised it ("do you have a plan?", "can you lift both arms?")', () => {
    const thoughts = 'some days i feel like everyone would be better off if i was dead';
    expect(level([thoughts])).toBe('EMERGENCY');
    expect(level([thoughts, 'no i dont have a plan and im safe tonight'])).toBe('URGENT');
    expect(level([thoughts, 'i have been saving up my tablets'])).toBe('EMERGENCY');
    // Face weakness alone, arms and speech normal, is how Bell's palsy presents: a GP today.
    const face = 'woke up and the right side of my face has dropped, cant close that eye';
    expect(level([face])).toBe('EMERGENCY');
    expect(level([face, 'i can lift both arms fine and my speech is normal'])).toBe('URGENT');
    expect(level([face, 'my speech is normal but my right arm feels weak'])).toBe('EMERGENCY');
    // A repeat febrile fit that stopped, the child awake again: a GP or 111 today (NHS febrile seizures).
    const fit = 'my 3 year old just had a fit, shaking all over with a high temperature';
    expect(level([fit])).toBe('EMERGENCY');
    expect(level([fit, 'he has had them before with temperatures', 'lasted about a minute and hes come round now, having a drink'])).toBe('URGENT');
    expect(level([fit, 'lasted about a minute and hes come round now'])).toBe('EMERGENCY'); // a first fit is 999
  });

  it('a droop on the side a dentist numbed is the anaesthetic, unless another stroke sign is told', () => {
    const droop = 'half my bottom lip is numb and my mouth is drooping on the left';
    expect(level([droop])).toBe('EMERGENCY');
    expect(assessConversation([droop]).fired.map((f) => f.label)).toEqual(['face drooping']); // a bottom lip is not the saddle area
    expect(level([droop, 'oh i had a filling this morning and the dentist gave me an injection on that side'])).not.toBe('EMERGENCY');
    expect(level([droop, 'i had a filling this morning and the dentist gave me an injection on that side', 'and my left arm has gone weak'])).toBe('EMERGENCY');
  });

  it('a visit is not coming round ("can her friend come round") and a part checked is not the person back to normal ("vision is fine")', () => {
    const meningitis = 'my 16 year old has a temperature, a bad headache and says the light hurts her eyes';
    expect(level([meningitis, 'can her friend still come round tonight?'])).toBe('EMERGENCY');
    const found = (text: string) => assessConversation([text]).case?.findings.some((f) => f.concept === 'recovered' && f.assertion === 'present');
    expect(found('she fainted but came round after a few seconds')).toBe(true);
    expect(found('can her friend come round later')).toBe(false);
    expect(found('no my eye isnt red and my vision is fine')).toBe(false);
    expect(found('i feel normal again now')).toBe(true);
    expect(found('i dont feel normal again yet')).toBe(false);
  });

  it('a later normal reading answers an earlier one (the latest reading stands)', () => {
    const case_ = assessConversation(['my temperature is 38.6', 'took paracetamol and now its 37.2']).case;
    const earlier = case_?.findings.find((f) => f.concept === 'temperature38' && f.message === 0);
    expect(earlier?.supersededBy).toBe(1);
  });

  it('back to normal answers what only the urgency model made of an earlier message, never a red flag', () => {
    // No rule knows these words; the urgency model reads them as an emergency.
    const episode = 'felt really weird and went grey and clammy at work, nearly passed out';
    expect(assessConversation([episode]).fired.map((f) => f.label)).toEqual([expect.stringMatching(/urgency model/)]);
    expect(level([episode, 'sat down and had some water'])).toBe('EMERGENCY'); // resting is not yet better
    expect(level([episode, 'sat down and had some water', 'ten minutes later im back to normal, had skipped lunch'])).not.toBe('EMERGENCY');
    // Stroke signs that passed are still a 999 call (a mini-stroke warns of a stroke).
    expect(level(['my face dropped on one side and my speech went funny for ten minutes', 'its back to normal now'])).toBe('EMERGENCY');
  });

  it('easing is not a denial: the finding stands', () => {
    const case_ = assessConversation(['crushing chest pain for half an hour', 'the pain has eased a bit now']).case;
    const pain = case_?.findings.find((f) => f.concept === 'severeChest');
    expect(pain?.supersededBy).toBeUndefined();
    expect(pain?.retracted).toBeUndefined();
    expect(pain?.rules.length).toBeGreaterThan(0);
  });

  it('the case shows each finding with its assertion, the words and the rules it fired', () => {
    const case_ = assessConversation(['im terrified its meningitis', 'he has a stiff neck and a temperature of 39']).case;
    expect(case_?.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ concept: 'meningitisMention', assertion: 'feared', message: 0, rules: [] }),
        expect.objectContaining({ concept: 'stiffNeck', assertion: 'present', message: 1 }),
      ]),
    );
  });
});
