import { describe, expect, it } from 'vitest';
import type { Demographics } from '../../server/contract/turn.js';
import { adviceForSeverity, applySafetyFloor, assessSafety } from '../../server/safety/index.js';
import { contextSignals } from '../../server/clinical/readings.js';
import { RULES } from '../../server/safety/rules.js';
import { SAFETY_KNOWN_WORDS, SAFETY_VOCABULARY, SIGNALS } from '../../server/clinical/concepts/index.js';
import { typoFixer } from '../../server/clinical/text.js';
import type { EmergencyKind } from '../../server/safety/types.js';

/**
 * The general NHS "call 999 / go to A&E" signs that no single condition page owns, and the "get
 * seen today" signs, phrased the way people type them: lay words, typos, no punctuation, the alarm
 * after something ordinary. Negations, past events and the look-alikes must not fire.
 */

type Case = [text: string, kind: EmergencyKind, demographics?: Demographics];

const EMERGENCY: Case[] = [
  ['one of the flat watch batteries has gone from the drawer and my toddler had it in her mouth earlier', 'other'],
  ['my son might have swallowed a magnet from the fridge set, hes fine in himself', 'other'],
  ['i think this is anaphylaxis, ate a prawn and my throat feels funny', 'anaphylaxis'],
  // from styles-j's first measurement (other words than theirs): heart-attack chest pain that rest
  // does not settle or that settled only last time, a deep or joint-to-joint burn, a landing on the
  // head with tingling hands
  ['chest feels heavy and im clammy, it doesnt go away when i stop and sit', 'cardiac', { age: 58 }],
  ['got angina, the tightness has been going an hour and its not gone with two puffs of my spray', 'cardiac', { age: 71 }],
  ['tight chest into my jaw and sweating. it went off with rest a few months ago but not today', 'cardiac', { age: 62 }],
  ['spilt boiling soup down my leg, red and blistered from my knee to my ankle', 'other'],
  ['burnt my hand on the oven shelf, small but the middle has gone white and leathery', 'other'],
  ['dived into the shallow end and hit my head, neck sore and both arms feel tingly', 'other'],
  // from blind-ah's first measurement (other words than theirs): the waters breaking early or
  // coloured, a used-needle injury, confusion dated by when it started, pre-eclampsia after "had baby"
  ['my waters have gone and its a browny green colour, im 39 weeks', 'pregnancy'],
  ['i think my waters are leaking, keep getting a trickle of clear fluid', 'pregnancy', { sex: 'female', notes: '33 weeks pregnant' }],
  ['31 wks pregnant and there was a gush of water when i stood up', 'pregnancy'],
  // from blind-ai's first measurement (other words than theirs): a child who chewed a cleaning
  // product, gurgling breathing in someone drunk or on drugs, a temperature on clozapine or carbimazole
  ['my 3 year old chewed one of those washing pods and now she keeps drooling', 'other'],
  ['my boyfriend is passed out after a bottle of vodka and his breathing sounds all gurgly', 'other'],
  ['took some pills at a party, now out cold and theres a rattling noise when he breathes', 'other'],
  ['on clozapine for my schizophrenia and have had a fever of 38.4 since last night', 'sepsis'],
  ['mum takes carbimazole for her thyroid, now shivery with a high temperature', 'sepsis'],
  ['been cutting my thighs again and one is gaping open and keeps bleeding, not suicidal', 'suicide'],
  ['never had thoughts of harming myself until this week', 'suicide'],
  // from blind-aj's misses (other words than theirs): an early pregnancy with low pain and the
  // look of shock, a tooth infection swelling the eye shut with a temperature, a fever in someone
  // who injects drugs
  ['im 7 weeks pregnant with bad cramps low down and i went pale and clammy on the toilet', 'pregnancy'],
  ['side of my face is swelling from a bad tooth and now my eye is closing up, temp 38.5', 'other'],
  ['i inject heroin and ive got a fever and the shivers, sore arm where i go in', 'sepsis'],
  ['my brother injects and hes burning up, back is agony', 'sepsis'],
  // from blind-ak's misses (other words than theirs): a baby's sunken soft spot, seeing insects while
  // coming off drink, back pain with legs giving way, a baby going blue after coughing, eczema with
  // punched-out sores and a temperature (urgent: below)
  ['my 5 month old has been sick all day and his soft spot is sunken in', 'child'],
  ['day 3 off the booze and theres spiders crawling on the ceiling that my wife cant see', 'other'],
  ['back has been aching for weeks and now both my legs feel weak and keep giving way', 'other'],
  ['had breast cancer, now bad back pain at night and my legs have gone heavy, i keep tripping up', 'other'],
  ['baby is 6 weeks, coughing bouts and then she went floppy and blue for a few seconds', 'child'],
  // weeks of pregnancy told without the word "pregnant"
  ['32 weeks, waters gone about an hour ago', 'pregnancy'],
  ['im 30+4 and i think my waters have just broken', 'pregnancy'],
  ['she is 28 wks with twins and a trickle of water keeps coming', 'pregnancy'],
  ['my waters are leaking', 'pregnancy', { sex: 'female', notes: '34 weeks' }],
  ['cleaning the park and a discarded syringe went into my thumb through my glove', 'other'],
  ['pricked myself on a dirty needle at work', 'other'],
  ['grandad was fine at breakfast but now he doesnt know where he is and keeps calling me by my mums name', 'other', { age: 84 }],
  ['my wife has been muddled and disorientated since a couple of hours ago, she is normally sharp', 'other'],
  ['had baby 10 days ago and now have a thumping headache with blurry vision and puffy hands', 'pregnancy'],
  // from blind-ac, -ad and -ae's first measurement (other words than theirs): a clinician already said go,
  // a low oxygen reading, medicines that cannot be kept down, a baby's colour and breathing pauses,
  // stroke signs told by what the person can no longer do or in broken English, a long nosebleed,
  // retention, drugs with overheating
  ['the renal nurse phoned about my blood test and told me to head up to A&E tonight, do i really have to', 'other'],
  ['111 said I need to go to hospital now but I feel ok, can I just sleep it off', 'other'],
  ['the pulse ox on his finger keeps reading 90 and hes getting more breathless', 'breathing'],
  ['my oxygen sats are 88% this morning', 'breathing'],
  ['wheezy with a chest infection and the oximeter gadget says 90', 'breathing'],
  ['my 2 year old has a fever and just had a fit, stiff and shaking for a minute, she has never had one before', 'child'],
  ['i have addisons and have been throwing up since 5am, cant keep my hydrocortisone down', 'other'],
  ['my 3 week old goes dusky around the lips during feeds', 'child'],
  ['baby is 2 months and has gaps in her breathing where she just stops for a bit', 'child'],
  ['mum no talk properly since lunch and her right arm not working', 'stroke'],
  ['i couldnt grip my mug this morning and my right hand went useless for a few minutes', 'stroke'],
  ['he keeps banging into doors on his right since he woke up', 'stroke'],
  ['nose has been bleeding for 40 minutes and wont stop with pressure', 'bleeding'],
  ['grandad has not weed all day and his lower belly is swollen and sore', 'other'],
  ['friend necked two pills at a rave and now shes burning up and confused', 'other'],
  ['my throat feels like it is closing up after that prawn curry', 'anaphylaxis'],
  ['his bottom lip has puffed up after a bite of a cashew cookie', 'anaphylaxis'],
  // from blind-y and -z's first measurement: an infected blocked kidney, gangrene, a drug rash with the eyes involved,
  // numbness only noticed on wiping, a blocked bowel in a swelling belly
  ['have kidney stones and the pain is back, now running a temperature of 38.9 and shaking', 'sepsis'],
  ['dads toes have gone black and the foot is hot and angry looking, he has diabetes', 'sepsis', { age: 77 }],
  ['started new tablets last week, now a peeling blistery rash and my eyes are red and sore', 'other'],
  ['lower back pain and today i couldnt feel the paper when i wiped', 'other'],
  ['no poo for five days, belly swelling up and I keep being sick', 'abdominal'],
  // a goodbye sent by text is preparation, whatever the model makes of it
  ['my sister has messaged everyone goodbye and isnt answering her phone', 'suicide'],
  // several fits written in the plural (the typo fixer once turned 'seizures' into 'seizure' and the
  // patterns still asked for the plural)
  ['grandad has had two seizures this afternoon', 'other', { age: 81 }],
  // a panic attack that has not settled, with signs others can see
  ['i get panic attacks but this one is different, my lips look blue and i can only get a few words out', 'breathing'],
  // not a known panic attack, or one that eased and came back
  ['this is not one of my panic attacks, i cant breathe properly and nothing helps', 'breathing'],
  ['panic attack i thought, i could not breathe, it eased off then came back worse', 'breathing'],
  // breathing, whatever the cause
  ['my son is making a high pitched squeaky noise when he breathes in and hes really struggling', 'breathing'],
  ['his lips have gone a greyish blue colour', 'breathing'],
  ['she cant finish a sentence without stopping for breath', 'breathing'],
  // the airway
  ['tooth abscess and now my whole jaw and neck are swollen and it hurts to swallow', 'airway'],
  ['face swelling spreading down into my neck, i can barely open my mouth', 'airway'],
  ['my tongue is swelling up after a new blood pressure tablet and its hard to swallow', 'anaphylaxis'],
  // collapse, exercise, palpitations
  ['my daughter fainted in the middle of a netball match', 'other'],
  ['I passed out while jogging this morning, came round after a minute', 'other'],
  ['keep getting palpitations and today I blacked out at work', 'other'],
  ['grandad keeled over in the kitchen, his heart rate on the monitor says 38', 'other', { age: 88 }],
  // electricity, whatever the mark it leaves
  ['was rewiring a lamp and grabbed an exposed cable, just a red dot on my thumb, arm feels odd', 'other'],
  // breathing: few words, reliever doing nothing
  ['puffing my ventolin over and over, not touching it, I can only manage a couple of words', 'breathing'],
  // meningitis in a parent's words
  ['my son has a temperature and a stiff neck and keeps hiding from the light', 'meningitis'],
  // head injury with a bleeding disorder
  ['I have von willebrand disease and smacked my head on a shelf, headache getting worse', 'head'],
  // red streaks with a temperature
  ['cut on my shin is angry and there are red streaks going up towards my knee, temp 38.5', 'sepsis'],
  // weakness climbing from the feet
  ['numbness spreading up from my toes over three days and now my legs are like jelly, couldnt stand up from the sofa', 'other'],
  // outdoor work and home: injuries that look small or sound calm
  ['angle grinder slipped into my forearm, blood is soaking through the tea towel and it keeps pumping', 'bleeding'],
  ['sliced the tip off my thumb on the mandoline, I have the tip in a cup of ice', 'other'],
  ['my ring snagged on the fence as I climbed over and ripped the skin off my finger', 'other'],
  ['stood on a rusty nail a week ago, now my jaw feels tight and my back keeps going into spasms', 'other'],
  ['grease gun went off into the side of my hand, tiny hole but it is swelling fast', 'other'],
  ['a wasp went into my can and it stung me inside my mouth, lip and tongue swelling', 'airway'],
  ['my son drank some of the antifreeze from a squash bottle in the garage and now hes been sick', 'other'],
  ['ate some mushrooms we foraged on our walk, now vomiting with stomach cramps', 'other'],
  ['came off my mountain bike over the handlebars, neck really sore and pins and needles in both hands', 'other'],
  // reduced movements: the maternity unit now
  ['34 weeks and the baby has gone really quiet today, hardly any kicks', 'pregnancy'],
  // heart, typical and atypical
  ['heavy pressure across my chest and i feel sick and sweaty', 'cardiac'],
  ['ache in my jaw and down my left arm, cold and clammy, feel like i might be sick', 'cardiac', { age: 68, notes: 'type 2 diabetes' }],
  ['pain between the shoulder blades for an hour, out of breath and clammy', 'cardiac'],
  ['burning in my upper stomach, short of breath, feel sick and gone grey', 'cardiac', { age: 72 }],
  ['my angina spray hasnt helped the chest tightness, two doses and still there', 'cardiac'],
  // stroke and mini-stroke, also when it has passed
  ['mums speech went all slurred for about 20 mins this morning, shes back to normal now', 'stroke'],
  ['my left arm went dead and heavy for ten minutes earlier today but its fine now', 'stroke'],
  ['think i had a mini stroke an hour ago', 'stroke'],
  // sudden severe headache
  ['sudden agonising headache came on in seconds while lifting a box', 'other'],
  ['my wife collapsed in the hall, shes breathing but I cant wake her', 'other'],
  // signs found by the later outside sets (blind-e, blind-f), in other words than theirs
  ['waters broke at home and theres something like a cord coming down', 'pregnancy', { pregnant: true }],
  ['boiling fat went over his arm, the skin there looks waxy white and leathery', 'other'],
  ['having an asthma attack and my blue inhaler has done nothing, can barely get words out', 'breathing'],
  ['toddler has spots that dont fade when I press a glass tumbler on them', 'meningitis'],
  ['my 7 year olds eye is swollen shut and its sore for her to move it', 'other'],
  ['grandma is barely responding to us today', 'other'],
  ['whites of my eyes went yellow yesterday, now shaking uncontrollably with a fever', 'sepsis'],
  ['my colleague dropped to the floor and is shaking all over, he has never had a seizure before', 'other'],
  ['my dad has angina, used his spray twice and the pain is no better after ten minutes', 'cardiac'],
  ['her words came out all wrong and she couldnt lift her arm this morning, fine now', 'stroke'],
  ['gone all heavy down my left side and cant hold a cup', 'stroke'],
  ['my little boy has a barking cough and a harsh noise breathing in even at rest, and the skin is pulling in between his ribs', 'breathing'],
  ['coughing up blood this morning, about a tablespoon', 'bleeding'],
  ['my son swallowed one of those small round button batteries', 'other'],
  ['my 4 year old got into the cupboard and ate some of my iron tablets', 'child'],
  ['kitchen fire, I breathed in a lot of smoke and now my voice is croaky', 'other'],
  ['baby has had diarrhoea for two days, no wet nappy since last night and is very sleepy', 'other'],
  ['sudden headache in a couple of seconds, worst ever, and my neck is stiff', 'other'],
  ['husband had a fit, he has never had one before, now very confused', 'other'],
  ['banged my head at football yesterday and clear watery stuff is running out of my nose', 'head'],
  ['type 1 diabetic, sweaty and muddled and now too drowsy to drink the juice I gave him', 'other'],
  ['she is having chemo and her temperature is 38.3', 'sepsis'],
  ['peak flow is 150 and my best is usually 450, bit wheezy', 'breathing'],
  ['a bit of metal flew into my eye at work and now my vision is blurry', 'other'],
  ['my foot suddenly went cold and white and it really hurts', 'other'],
  ['grandma fell and her leg looks shorter and turned out', 'other'],
  ['have not pooed or passed wind for days, tummy swollen and now vomiting', 'abdominal'],
  ['period is two weeks late, sharp pain low on the right and I feel faint', 'pregnancy'],
  ['giving my dog to my neighbour because I will not be needing anything after Friday', 'suicide'],
  ['been taking paracetamol for my back and lemsip for my cold on top', 'other'],
  ['my toddler drank some of the vodka left on the table', 'child'],
  ['had my baby last week and soaked three pads in an hour with big clots', 'bleeding'],
  ['my fit has been going for 6 minutes and is not stopping, she has epilepsy', 'other'],
  ['dad keeled over walking the dog, he had a tight chest just before', 'other'],
  ['my chest. it feels like it is in a vice, cant get a breath and sweating', 'cardiac'],
  ['I have angina. Used the spray twice and the pain is still there', 'cardiac'],
  ['heavy burning in the middle of my chest and the gaviscon has not done a thing', 'cardiac'],
  ['tongue feels fat and my voice keeps going, I get hives sometimes', 'anaphylaxis'],
  ['her left arm and leg have gone weak and she cant find the words', 'stroke'],
  ['dad keeps dropping things from his right hand since lunch', 'stroke'],
  ['everything on my left side is just missing, I keep bumping into things on that side', 'stroke'],
  ['no point anymore, I keep thinking about the bridge', 'suicide'],
  ['I just want to make it all stop, I have her tablets here', 'suicide'],
  ['my toddler had one of those watch batteries and I cannot find it now', 'other'],
  ['mum has taken double her tablets today', 'other'],
  ['three seizures in the last hour and she has not come round in between', 'other'],
  ['my son says his ball is killing him, came on suddenly and he has been sick', 'other'],
  ['he was out cold for a minute after coming off his bike and keeps asking the same questions', 'head'],
  ['my 5 month old rolled off the bed and has a big squishy lump on her head', 'head'],
  ['nosebleed on apixaban, started 40 minutes ago and still pouring', 'bleeding'],
  ["left arm's gone numb and there is pressure in my chest", 'cardiac'],
  // clot in the lung
  ['had my baby 10 days ago and now suddenly really short of breath', 'clot'],
  ['sharp pain when i breathe in and my left calf is swollen and sore', 'clot'],
  ['flew back from australia yesterday and now breathless with chest pain', 'clot'],
  // tummy
  ['severe pain at the top of my stomach going through to my back and I keep being sick', 'abdominal'],
  ['worst stomach pain ive ever had and my tummy is rock hard', 'abdominal'],
  ['baby keeps bringing up green sick', 'child'],
  // bleeding
  ['been vomiting blood this evening', 'bleeding'],
  ['coughing up mouthfuls of blood', 'bleeding'],
  // burns and electricity
  ['my son got an electric shock from a socket, he says hes fine', 'other'],
  ['touched a live wire at work and my hand has a black mark', 'other'],
  ['splashed oven cleaner on my arm and its still stinging after rinsing', 'other'],
  ['burnt my face on the barbecue, blisters on my cheek, and my voice is going croaky', 'other'],
  // head injuries
  ['my 80 year old dad banged his head on the door frame', 'head'],
  ['fell and hit my head, I take apixaban', 'head'],
  ['bumped my head yesterday', 'head', { age: 70 }],
  ['hit her head on the radiator and has been sick twice and keeps nodding off', 'head'],
  ['knocked my head and cant remember the last hour', 'head'],
  ['my toddler fell off the kitchen table and now shes vomiting and really sleepy', 'head'],
  ['clear fluid coming from his nose after he hit his head', 'head'],
  // children and babies
  ['my 5 week old feels hot, temp is 38.4', 'child'],
  ['newborn baby has a fever', 'child'],
  ['my 6 wk old is floppy and wont feed', 'child'],
  ['my 3 year old has had a fit for the first time', 'child'],
  // pregnancy
  ['im 20 weeks pregnant and bleeding', 'pregnancy'],
  ['33 weeks pregnant with a terrible headache and flashing lights', 'pregnancy'],
  ['pregnant, really bad headache and my face and hands have puffed up suddenly', 'pregnancy', { pregnant: true }],
  // sepsis
  ['my nan has a water infection and is suddenly very confused and not passing urine', 'sepsis'],
  // diabetic emergency
  ['type 1, my sugars are 29 and ketones are 3, been vomiting all morning', 'other'],
  // suicidal intent with a plan or means
  ['ive got the tablets stockpiled and i plan to take them tonight', 'suicide'],
  // typos and lay words
  ['chest pian and sweting loads', 'cardiac'],
  ['cant breath properly lips going blue', 'breathing'],
  // found by blind-j, -k and -l (written here in other words)
  ['an older man, jaw has been aching for an hour and hes gone all sweaty', 'cardiac', { age: 77 }],
  ['the scratch on my leg has a red streak running up towards my groin and im shivering', 'sepsis'],
  ['off the booze since friday, shaking and hearing voices that arent real', 'other'],
  ['took too much paracetamol for my back over the weekend, maybe 12 a day', 'other'],
  ['caught my thumb in the machine at work, its crushed and bleeding', 'other'],
  ['neighbours dog got my arm, theres a gaping hole in it', 'other'],
  ['all of us have had headaches and felt dizzy since the gas fire went on', 'other'],
  ['ran a half marathon yesterday, my thighs are rock hard and my wee is like cola', 'other'],
  ['her ankle is red hot and swollen and shes running a temperature', 'other'],
  ['the tightness I get walking uphill went when I rested, now its here while im lying in bed', 'cardiac'],
  // found by blind-h and -i (written here in other words)
  ['cnt raise my lft arm n my words r comin out all jumbled', 'stroke'],
  ['been reading about the best way to end my life and ive got a noose', 'suicide'],
  ['sugar is 2.9, had four glucose tablets twice and its still not coming up', 'other', { notes: 'type 1 diabetes' }],
  ['my husband hasnt been able to pee since this morning and his belly is swollen', 'other'],
  ['on apixaban and my stools have gone jet black, feel faint', 'bleeding'],
  ['the toilet was full of blood after i went, keeps coming from my bottom', 'bleeding'],
  ['my son has sickle cell and is burning up tonight', 'sepsis'],
  // found by blind-m (written here in other words)
  ['34 weeks pregnant, tummy is hard as a rock and sore constantly, a little blood in my knickers', 'pregnancy'],
  ['since the birth last week my wife hears voices telling her things and thinks the baby is possessed', 'other'],
  ['pins and needles in both feet on monday, now my legs are getting weaker and my hands feel numb', 'other'],
  // a known allergy met, and the first signs in the mouth or throat
  ['i have a peanut allergy and think there were nuts in the curry, my throat feels scratchy and my mouth is tingling', 'anaphylaxis'],
  ['allergic to penicillin and took amoxicillin by mistake, lips are itchy and throat feels tight', 'anaphylaxis'],
  // a fall, then a headache or muddle, on blood thinners or in older age
  ['my husband is on apixaban, he fell in the garden this morning and now has a headache and keeps being sick', 'head'],
  ['grandma fell over on tuesday, she is 84, today she has a bad headache and is very drowsy', 'head'],
  // after a birth: hearing things
  ['three weeks after the birth she is hearing things and not sleeping at all', 'other'],
  // an atypical heart attack timed in minutes ("40 mins" is not a temperature of 40)
  ['its not pain exactly, more a heavy feeling in my left arm and im clammy and feel sick, been like it 40 mins', 'cardiac', { age: 66, sex: 'female' }],
  // suicidal thoughts with means, whatever else is said
  ['i wouldnt do anything but ive been saving up my tablets just in case i want to end it', 'suicide'],
  // a very high blood pressure reading with a symptom (NHS high blood pressure), read from "my reading was";
  // lips swelling after a new blood pressure tablet; fever, light hurting and a headache; a drowsy baby drying out
  ['by the way my reading this morning was 220/130 and my vision has gone blurry', 'other'],
  ['my lips have swollen up, started new blood pressure tablets last week', 'anaphylaxis'],
  ['temperature of 38.6, bad headache and the light really hurts my eyes', 'meningitis'],
  ['my 5 week old keeps being sick after feeds, fewer wet nappies and seems sleepy', 'other'],
  // from blind-an's misses (other words than theirs): a tongue swelling with no trigger (an ACE
  // inhibitor taken for years), a scald bigger than the hand told by what did it, a joint named
  // after its signs
  ['been on lisinopril ages, this morning my tongue feels thick and swollen on one side, breathing fine', 'anaphylaxis'],
  ['knocked the kettle over and boiling water went down my thigh, the red patch is larger than my hand', 'other'],
  ['grandad has a hot swollen sore elbow, temp 38.9', 'other'],
  ['my 6 year old has a temperature of 38.8 and cries when you bend her knee', 'other'],
  // a heart rate read off a watch is not advice to watch for something
  ['heart failure, pulse 170 on my watch for the last hour, dizzy and chest tight', 'cardiac'],
];

const URGENT: [string, Demographics?][] = [
  // from blind-ai's first measurement: a sign of infection without a temperature on a drug that can
  // stop the body making white blood cells
  ['on carbimazole and got a sore throat and a couple of mouth ulcers'],
  ['my 7 year old keeps running to the toilet and says it stings'],
  // from blind-ak's urgent cases sent home
  ['my babys eczema is weeping and crusted yellow round her mouth'],
  ['my daughters eczema has come up in clusters of little blisters that burst into sores and shes got a temperature of 38.6'],
  ['mums catheter bag has been empty since this morning, shes comfortable'],
  ['pharmacy checked my blood pressure and it was 190/105, i feel fine'],
  ['type 1 diabetic, tummy bug, my blood ketones are 1.2'],
  ['started flucloxacillin two days ago and now an itchy rash on my arms and chest'],
  ['my 8 month old has only had 1 wet nappy since this morning and is off her milk'],
  // self-harm, or the urge to, told with no wish to die or no plan to act
  ['i keep getting urges to harm myself but i honestly dont have a plan and wont act on it'],
  ['ive been burning myself with a lighter, im not suicidal, just need help to stop'],
  ['my 15 year old has been scratching her arms with a compass, not deep, she says she doesnt want to die'],
  ['been self harming again, im not suicidal, i just want to talk to someone about stopping'],
  // from blind-ac and -ad's first measurement (other words than theirs)
  ['cut on my shin is infected and theres a red line tracking up towards my knee'],
  ['asthma flaring, on my ventolin every 2 hours since yesterday'],
  ['sats 94 on the oximeter and a bad cough'],
  ['on lithium and had the runs and been sick all night'],
  ['having chemotherapy and been vomiting since lunchtime'],
  ['my 7 month old has blood streaks in her poo'],
  ['rash still spreading despite the antibiotics the gp gave'],
  ['woke up this morning deaf in my left ear'],
  ['my eyes look more yellow than usual'],
  // from blind-ae after tuning (other words than its cases)
  ['keep getting bruises on my arms and cant remember knocking them'],
  ['my thumb is bent the wrong way since i caught the ball'],
  ['twisted my knee on the stairs and now it is locked, cannot straighten it'],
  ['tummy bug, and i throw up every time i have a sip of water'],
  ['pulled a tick off my leg last week and now a red ring rash is spreading round it'],
  ['breastfeeding, right boob hot and red and I have a temp of 38.3'],
  ['toddler has had a temperature since friday and is breathing faster than usual'],
  ['started a new blood pressure tablet monday and now a rash on my chest and back'],
  ['marked the red bit on my calf with a pen last night and it has spread past the line'],
  ['my 4 month old has a temperature of 39.3', undefined],
  ['my toddler has had diarrhoea all day and fewer wet nappies than usual', undefined],
  ['grandad is 88 and has not been drinking much for two days', undefined],
  ['the cream from the chemist isnt working on this rash after two weeks', undefined],
  ['keep getting cystitis, third time this year', undefined],
  ['my cough is getting worse and im more and more breathless', undefined],
  ['cut on my hand is red round the edges and oozing pus', undefined],
  ['got bitten by my neighbours dog and it broke the skin', undefined],
  ['fainted at home out of the blue, never happened before, feel ok now', undefined],
  ['it burns when I wee and im going all the time', { sex: 'male', age: 40 }],
  ['15 weeks pregnant with a new discharge', undefined],
  ['type 2 and my readings have been around 17 all week', undefined],
  ['my dad is more confused than usual the last couple of days', undefined],
  ['my son has yellow gunk coming out of his ear', undefined],
  ['calf aching and a bit puffy since the long coach trip back', undefined],
  ['cant put any weight on my ankle after going over on it', undefined],
  ['type 2 and there is a small sore on the sole of my foot', undefined],
  ['third bout of thrush this year', undefined],
  ['the burn is weeping greenish stuff and red around it', undefined],
  ['my little girl says it stings when she wees', { age: 4 }],
  ['I am on methotrexate and have a sore throat', undefined],
  ['the pain in my tummy has got really bad since this morning', undefined],
  ['scalded my hand with the kettle, blisters the size of a 50p', undefined],
  ['burning when I pee, a temperature of 38.6 and pain in my side under the ribs', undefined],
  ['22 weeks pregnant and my niece I saw yesterday has chickenpox', undefined],
  ['sore throat for 4 days with a temperature and getting worse', undefined],
  ['been sick all day and my wee is really dark', undefined],
  ['the creams from the pharmacy are not doing anything for this rash', undefined],
  ['my temples are tender and my jaw aches when I chew', { age: 74 }],
  ['i can hear my heartbeat in my left ear, a thumping whoosh', undefined],
  ['painful blisters on my forehead spreading to my eyelid', undefined],
  ['keep having hypos in the night since my insulin changed', undefined],
  ['tested positive for covid and I have copd', undefined],
  ['did the full course of antibiotics for my chest and still not better', undefined],
  ['my baby is only taking about half her usual milk', { age: 0 }],
  ['my skin has gone a bit yellow', undefined],
  // suicidal thoughts the person says they will not act on, with no plan: urgent help today
  ['sometimes i think my family would be better off without me, i dont have a plan and i wont do anything', undefined],
  ['feel like ending it some days but im not going to act on it, im safe tonight', undefined],
  // after a birth, frightening thoughts about the baby
  ['since having my son i keep getting thoughts of hurting him and it terrifies me', undefined],
  // any blood coughed up, even a little (a lot of it is 999)
  ['been coughing for a fortnight and this morning there was a bit of blood in my phlegm', undefined],
  // a testicle slowly swelling, itchy palms in pregnancy, a fever after a malaria area, a child who swallowed a coin, spreading redness
  ['one of my testicles has gone bigger over the last week and aches', undefined],
  ['34 weeks pregnant and the soles of my feet itch like mad at night, no rash', undefined],
  ['back from ghana last week and now i have a fever and the shivers', undefined],
  ['my son swallowed a 10p coin, he seems ok', { age: 5 }],
  ['bite on my ankle is red and the redness is spreading up my leg', undefined],
  // something pushed into a nose or an ear
  ['my 4 year old has stuck a pea up her nose and we cant get it out', undefined],
  ['he pushed a bit of lego into his ear at nursery', undefined],
  // passive suicidal thoughts with no intention (once read as 'no infection'); a detached retina;
  // a testicle swelling over days, or with mumps; chickenpox in a young baby
  ['i keep wishing i wasnt around any more but i have no intention of doing anything', undefined],
  ['suddenly seeing lots of new floaters in one eye, like little cobwebs', undefined],
  ['one testicle has slowly got bigger and sore over a few days, slight temperature', undefined],
  ['my son has mumps and one of his testicles has swollen up and hurts', { age: 19 }],
  ['our baby is 3 weeks and has chickenpox spots like her brother', undefined],
  // time-critical medicines, a double dose, a possible ectopic, a limping child with a temperature, sudden deafness
  ['the condom came off last night, can i still get emergency contraception', undefined],
  ['gave my son his inhaler tablets twice by mistake this morning, he seems fine', undefined],
  ['pregnancy test was positive on monday and now i have a pain on my right side low down', undefined],
  ['my 5 year old started limping today, no fall, and she is hot with a temperature', undefined],
  ['woke up deaf in one ear, no pain', undefined],
  ['used the cream twice and still itching a month on', undefined],
  // a very high reading without symptoms is a GP or 111 today
  ['my bp machine says 185/110, no symptoms, feel fine'],
];

const NOT_EMERGENCY: [string, Demographics?][] = [
  ['the battery in the smoke alarm keeps beeping at night and i cant sleep, feel rough'],
  // look-alikes from styles-i's anxious messages (other words than theirs): a glass test whose
  // marks went white, a fear of anaphylaxis after a sting with nothing else, hot flushes beside a
  // stiff neck
  ['did the tumbler test on the spots on my arm and they went white, still worried'],
  ['bee sting on my hand, a bit swollen, im so scared of anaphylaxis but breathing and lips are fine'],
  ['menopausal, hot flushes all night and woke with a stiff neck from the pillow'],
  // look-alikes of the same: angina that settles with rest, a small burn, white patches on tonsils
  // with a burning throat, a fit that lasted a minute, an oximeter reading that is fine
  ['get a tight chest walking up the hill which goes away with rest after a minute or two, had it a few weeks', { age: 67 }],
  ['burnt my finger on the iron, small red patch, no blister'],
  ['white patches on my tonsils and it burns when i swallow'],
  ['my son has epilepsy and just had one of his usual fits, it lasted about a minute and hes come round'],
  ['covid day 3, my oximeter from the chemist, it says 97'],
  // look-alikes of blind-ai's new rules: a baby's normal gurgles, a gurgling tummy after drink, a
  // side effect of clozapine that is not an infection, "a bit" near a cleaning product
  ['my baby makes little gurgling noises when she breathes after a feed, otherwise happy and feeding well'],
  ['no thoughts of harming myself, just tired of feeling flat all the time'],
  ['i inject insulin four times a day and feel a bit hot today with a cold'],
  ['did leg day yesterday, back aches and my legs feel like jelly'],
  ['my back went lifting my toddler this morning, cant stand up straight'],
  ['my 10 year olds fingers turn white then blue in the cold then go red'],
  ['my son has eczema and a cold, a bit of a temperature, skin just dry and itchy as usual'],
  ['8 weeks pregnant, a bit pale and tired with mild period type cramps low down'],
  ['my hay fever is awful, itchy eyes and sneezing, the antihistamines make me sleepy'],
  ['had a panic attack on the bus and could not breathe for a bit, it went after ten minutes and im fine now'],
  ['the right side of my face has dropped since this morning and i cant shut my eye, but my arms are fine and i can talk normally'],
  ['had a lot to drink last night, tummy gurgling and feel rough'],
  ['on clozapine and put on a lot of weight this year'],
  ['felt a bit sick after cleaning the bathroom with bleach, fine now'],
  // look-alikes of blind-ah's new rules: waters at term and clear, needles of one's own, confusion
  // about a thing rather than confusion, a time without confusion
  ['40 weeks pregnant, waters broke an hour ago, fluid is clear, contractions every 8 minutes'],
  ['pricked my finger with my own insulin pen needle, bled a drop'],
  ['stood on a pine needle in the garden, bit sore'],
  ['had acupuncture this morning and my back aches a little'],
  ['got a bit confused about which inhaler to use first since this morning'],
  ['my son has had a water infection since lunch he says it stings'],
  // sleepy or "out of it" since a time is not sudden confusion
  ['since this morning my husband seems out of it after his night shift'],
  ['had a few drinks since lunch and feel a bit out of it'],
  ['been really sleepy since lunch, had a massive roast'],
  // advice for later or no advice to go, a reading that is fine, a hand cold or injured, snoring
  ['the doctor said to go to A&E if the swelling gets worse, it has not'],
  ['111 said there was no need to go to hospital and to rest'],
  ['gp wants me to go to the hospital next week for a scan of my knee'],
  ['sats 97 and a chesty cough'],
  ['she is on home oxygen, she is 89 and has a cold'],
  ['sprained my wrist at netball and cant hold a cup properly'],
  ['my husband snores and stops breathing for a few seconds in his sleep'],
  ['had a nosebleed for 5 minutes, stopped with pinching'],
  // a known panic attack that has settled; a fit like the ones before, short, and over
  ['diagnosed with panic attacks, had one on the train, heart racing and felt like i couldnt breathe, it settled after ten minutes'],
  ['our boy has had febrile seizures before, tonight he had a short one, under a minute, and he is back to himself', { age: 3 }],
  // a single bruise after a knock; piles in pregnancy; a breastfeeding mother's own temperature
  ['walked into the table and have a big purple bruise on my thigh'],
  ['pregnant with piles, a little bright red blood after straining on the loo'],
  ['breastfeeding my 5 week old, feel achy and fluey with a temp of 38.5 and a red patch on my breast'],
  // look-alikes of the rules above
  ['picked some blackberries on a walk and ate them, feel fine', undefined],
  ['jaw feels stiff in the mornings, I grind my teeth at night', undefined],
  ['fell off the sofa laughing, neck a bit stiff, no tingling anywhere', undefined],
  ['got stung on my arm by a wasp, red and itchy', undefined],
  ['my resting heart rate is low because I run a lot, no fainting or dizziness', undefined],
  ['the cable on my phone charger is frayed, should i replace it', undefined],
  ['red rash on my leg from shaving, no temperature', undefined],
  // negations and reassurances
  ['banged my head on a cupboard, tiny bump, not on blood thinners, no sickness', { age: 40 }],
  ['no chest pain, no jaw pain, just indigestion after a big meal', undefined],
  ['pregnant and bleeding gums when I brush', undefined],
  ['35 weeks pregnant, mild headache, no vision problems and no swelling', undefined],
  // past events
  ['had a faint last year, now I have a sore throat', undefined],
  ['I had a stroke five years ago and my arm is still a bit weak, asking about a cough', undefined],
  ['my daughter had a febrile seizure last year, today she has a cold and is totally herself', { age: 3 }],
  // look-alikes
  ['my 9 year old has coughing fits and whoops when she breathes in after them', { age: 9 }],
  ['a bit of noisy breathing when he cries but fine when hes calm', { age: 2 }],
  ['acid reflux burning in my throat after dinner', undefined],
  ['breastfeeding my 4 week old and I feel hot and shivery with a sore red breast', undefined],
  ['stomach cramps, diarrhoea and being sick since the takeaway, really bad cramps', undefined],
  ['suddenly lost the hearing in one ear', undefined],
  ['my chest hurts when I cough and im a bit out of breath on the stairs', undefined],
  ['daughter had another febrile fit, she has had them before, lasted a minute and she is back to herself', { age: 2 }],
  ['I got a bit out of breath running for the bus', undefined],
  ['burned my finger on the oven tray, small blister', undefined],
  ['I am confused about which inhaler to use', undefined],
  ['cheap flights to spain in may', undefined],
  ['my phone charging cord keeps snapping', undefined],
  ['chickenpox spots all over including her eyelids, otherwise fine', { age: 4 }],
  ['my newborn looks a little yellow on day 3', undefined],
  ['really self conscious about the spots on my back'],
  ['my 5 week old has a blocked nose, no temperature or fever, feeding fine'],
  ['sprained my ankle, its a bit swollen, no fever or temperature'],
  ['I stopped drinking for January and feel great'],
  ['black poo since I started taking iron tablets, otherwise fine'],
  ['had a hypo earlier, ate some biscuits and now im back to 7'],
  ['im goin out later n feelin fine'],
  ['14 weeks pregnant and my blood test results came back fine'],
  ['my wee is darker in the morning, I drink little water'],
  // a red, hot joint is not a fever; angina that settles at rest is not angina at rest
  ['my ankle is swollen, red and hot after I twisted it', undefined],
  ['tight chest going up stairs, settles when i stop, completely fine at rest', { age: 66 }],
  // a negated "or" list reaches its last item; reflux is not a chemical burn; a nasal spray is not GTN
  ['heartburn again after a late takeaway, no pain down my arm or breathlessness, antacid helps'],
  ['woke up with acid burning the back of my throat, happens after late meals'],
  ['hay fever spray not helping much this year'],
  ['having awful days but im not going to hurt myself, i just need some help coping'],
  ['my toddler makes a rasping noise when she breathes in when shes upset, fine when calm', { age: 2 }],
  // gums that bleed are for a dentist or GP, not heavy bleeding
  ['my gums bleed a lot when I brush and floss'],
  // a known allergy with no reaction, and hay fever in the throat
  ['allergic to nuts, ate a sesame bagel, feel completely fine'],
  ['hay fever is making my throat itchy and my eyes water'],
  // look-alikes of blind-y/-z's new rules
  ['chickenpox spots everywhere with a temperature, eyes a bit sore from crying', { age: 4 }],
  ['my coach gave me a pep talk before the match'],
  // the look-alikes of those: a tongue bitten, a hot water bottle used as one, a sore knee with no
  // temperature, cutting down on salt
  ['bit my tongue eating a sandwich and now its swollen and sore'],
  ['using a hot water bottle on my tummy for period cramps'],
  ['my knee is red and swollen after kneeling in the garden all day, no temperature'],
  ['doctor says i need to cut the salt and cut down on sugar'],
];

describe('general red flags (call 999 / go to A&E)', () => {
  it.each(EMERGENCY)('%j is an emergency (%s)', (text, kind, demographics) => {
    const a = assessSafety(text, demographics);
    expect(a.emergency, JSON.stringify(a.fired)).toBe(true);
    expect(a.kinds).toContain(kind);
  });

  it.each(NOT_EMERGENCY)('%j fires no emergency rule', (text, demographics) => {
    const a = assessSafety(text, demographics);
    const rules = a.fired.filter((f) => !f.label.includes('urgency model'));
    expect(rules.some((f) => f.level === 'EMERGENCY'), JSON.stringify(a.fired)).toBe(false);
  });

  // NHS allergies: lips, mouth or tongue swelling after an allergen is a 999 call on its own; a sting
  // near the eye swells the eyelid by itself (an urgent check, not 999; the urgency model still
  // leans to 999 on it, so it is not one of the look-alikes counted below).
  it('swelling of the mouth after an allergen fires the anaphylaxis rule, an eyelid after a sting does not', () => {
    expect(assessSafety('my tongue is swelling up after eating cashews').fired.map((f) => f.label)).toContain('lips, mouth or tongue swelling after food, a sting or a medicine');
    const eyelid = assessSafety('got stung by a bee on the eyebrow and my eyelid has swollen up');
    expect(eyelid.fired.filter((f) => f.level === 'EMERGENCY' && !f.label.includes('urgency model'))).toEqual([]);
  });

  // The urgency model may still lean towards 999 on a look-alike (its price: about 2 points of
  // over-triage on unseen sets), but not on most of them: 3 of these ~370, one of them labour at
  // term, which sits on the model's 999 line (0.201 against 0.2) since the refit on the question
  // cues of 2026-12-02.
  // What NHS guidance calls usually not serious (REASSURANCES), told without the signs that would
  // make it serious: the urgency model may not send it to 999; one such sign and it may.
  it('chest pain made by pressing or twisting, and a usual migraine, are not 999 on the model\'s word; a red flag beside them is', () => {
    const wall = 'sharp pain in my chest when i twist or press on it, started after lifting boxes, breathing fine, what if its my heart';
    expect(assessSafety(wall).emergency, JSON.stringify(assessSafety(wall).fired)).toBe(false);
    expect(assessSafety(`${wall}, and now im sweating and the pain goes down my left arm`).emergency).toBe(true);
    const migraine = 'had my usual zigzag lights for 20 mins then a throbbing headache and i feel sick, exactly like all my others, took my triptan';
    expect(assessSafety(migraine).emergency, JSON.stringify(assessSafety(migraine).fired)).toBe(false);
    expect(assessSafety(`${migraine} but this time my arm has gone weak and my speech is slurred`).emergency).toBe(true);
  });

  it('the urgency model leaves nearly all of the look-alikes alone', () => {
    const raised = NOT_EMERGENCY.filter(([text, demographics]) => assessSafety(text, demographics).emergency).map(([text]) => text);
    expect(raised.length, raised.join('\n')).toBeLessThanOrEqual(3);
  });

  it('reads weeks of pregnancy told without the word, and not a duration, an age or a man', () => {
    const weeks = (text: string, demographics?: Demographics) => contextSignals(text, demographics).get('pregnant');
    for (const told of ['im 36 weeks and the baby is quiet', 'at 30+4 i had a fall', '33 weeks, getting period pains', 'shes 29 wks']) expect(weeks(told), told).toBeDefined();
    expect(contextSignals('im only 33 weeks and getting period pains').has('pretermPregnancy')).toBe(true);
    expect(contextSignals('im 40 weeks, contractions every 5 minutes').has('pretermPregnancy')).toBe(false);
    for (const not of ['been coughing for 16 weeks', '12 weeks ago i had my op', '16 weeks of back pain', 'im 14 weeks post op', 'my baby at 12 weeks old had her jabs', '12 weeks sober today', 'im 32 and have a headache', 'im 18 weeks on antibiotics', 'had it about 16 weeks'])
      expect(weeks(not), not).toBeUndefined();
    expect(weeks('im 20 weeks into my training plan', { sex: 'male' })).toBeUndefined();
    expect(weeks('im 20 weeks, sore back', { sex: 'male' })).toBeUndefined();
  });

  it('reads risk from the form as well as the words: blood thinners in the notes, a baby given as weeks in the text', () => {
    expect(assessSafety('fell and bumped my head on the wardrobe', { age: 50, notes: 'warfarin for AF' }).kinds).toContain('head');
    expect(assessSafety('fell and bumped my head on the wardrobe', { age: 50, notes: 'no regular medicines' }).emergency).toBe(false);
    expect(assessSafety('she has a temperature of 38.5', { age: 0 }).emergency).toBe(false); // age 0 alone does not say under 3 months
    expect(assessSafety('my 9 week old has a temperature of 38.5').emergency).toBe(true);
  });
});

describe('urgent signs (speak to NHS 111 or a GP today)', () => {
  // No emergency RULE fires on these; the urgency model may still raise one it finds close to
  // the emergencies it learnt from (that is its job), so only the rules are held to "not 999" here.
  it.each(URGENT)('%j fires an urgent rule and no emergency rule', (text, demographics) => {
    const a = assessSafety(text, demographics);
    const rules = a.fired.filter((f) => !f.label.includes('urgency model'));
    expect(rules.some((f) => f.level === 'URGENT'), JSON.stringify(a.fired)).toBe(true);
    expect(rules.some((f) => f.level === 'EMERGENCY'), JSON.stringify(a.fired)).toBe(false);
  });

  it('suicidal thoughts with no plan or intent get the mental health advice (111 option 2, Samaritans, 999 if that changes)', () => {
    const a = assessSafety('keep thinking everyone would be better off if i was gone, no plans to do anything though');
    expect(a.emergency).toBe(false);
    expect(a.urgentKinds).toContain('suicide');
    const advice = adviceForSeverity('Urgent Primary Care', a);
    expect(advice?.actions.map((x) => x.href)).toEqual(['tel:111', 'tel:116123', 'tel:999']);
    expect(advice?.text).toMatch(/option 2/);
    expect(adviceForSeverity('Urgent Primary Care', assessSafety('got bitten by a dog and it broke the skin'))?.title).toMatch(/NHS 111 or your GP/);
  });

  it('floors a self-care prediction at Urgent Primary Care, never lowers one', () => {
    const urgent = assessSafety('got bitten by a dog and it broke the skin');
    const pred = (severity: 'Self-care' | 'Urgent Primary Care' | 'A&E') => ({ condition: 'insect-bites-and-stings', conditionTitle: 'Bites', severity });
    expect(applySafetyFloor(pred('Self-care'), urgent, []).prediction.severity).toBe('Urgent Primary Care');
    expect(applySafetyFloor(pred('A&E'), urgent, []).prediction.severity).toBe('A&E');
    expect(applySafetyFloor(pred('Self-care'), urgent, []).trace?.reason).toMatch(/bite/);
  });
});

describe('the rule set', () => {
  it('names the NHS page each rule follows', () => {
    for (const rule of RULES) expect(rule.source, rule.label).toMatch(/^https:\/\/www\.nhs\.uk\/[a-z0-9/-]+\/$/);
  });

  it('covers the general signs the NHS lists, each with at least one rule', () => {
    const labels = RULES.map((r) => r.label).join('\n');
    for (const sign of [
      /stridor/, /swallow/, /exercise/, /palpitations/, /atypical heart attack/, /GTN/, /mini-stroke/, /sudden severe headache/,
      /childbirth, surgery or a long journey/, /going through to the back/, /vomiting or coughing up blood/, /electrical/, /chemical/,
      /blood thinners/, /older age/, /carbon monoxide/, /coming off alcohol/, /urinary retention/, /priapism/, /still low after treating/, /too much paracetamol/, /joint infection/, /non-fading rash|does not fade/, /under 3 months/, /pregnancy/, /pre-eclampsia/, /sepsis/, /plan|ending life/,
    ]) {
      expect(labels).toMatch(sign);
    }
  });

  // The typo fixer rewrites the message before the patterns see it, so a pattern word the fixer
  // would bend ('seizures' to 'seizure', 'brightness' to 'tightness') can never match: each word a
  // signal names is left alone by the fixer, or is a listed misspelling of a word the signal names.
  it('asks only for words the typo fixer leaves as they are', () => {
    const fix = typoFixer(SAFETY_VOCABULARY, new Set(SAFETY_KNOWN_WORDS));
    const unreachable: string[] = [];
    for (const [id, signal] of Object.entries(SIGNALS)) {
      const source = signal.pattern.source.replace(/\\[a-z]/g, ' ');
      const stems = source.match(/[a-z]{4,}/g) ?? [];
      const names = (word: string) => new RegExp(`\\b${word}\\b`).test(source.replace(/ \?/g, '')) || stems.some((stem) => word.startsWith(stem));
      for (const word of new Set(source.match(/[a-z]{5,}/g))) if (fix(word) !== word && !names(fix(word))) unreachable.push(`${id}: ${word} -> ${fix(word)}`);
    }
    expect(unreachable).toEqual([]);
    expect(fix('intention')).toBe('intention');
    expect(fix('brightness')).toBe('brightness');
  });

  it('reports which rules fired, with their sources, for staff', () => {
    const a = assessSafety('my 80 year old dad banged his head on the door frame');
    expect(a.fired).toContainEqual(expect.objectContaining({ label: 'head injury in older age', level: 'EMERGENCY', source: expect.stringContaining('head-injury') }));
  });
});
