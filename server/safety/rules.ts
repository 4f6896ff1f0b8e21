import type { EmergencyKind } from './types.js';
import type { SignalId } from '../clinical/concepts/index.js';

/**
 * A rule fires when every group in `needs` has at least one signal present (groups are AND,
 * signals within a group are OR). EMERGENCY rules floor a prediction at A&E ("call 999 or go to
 * A&E"); URGENT rules floor it at Urgent Primary Care ("speak to NHS 111 or a GP today"). Rules
 * only ever raise a severity. Each names the NHS page whose advice it follows.
 */
export interface Rule {
  kind: EmergencyKind;
  /** EMERGENCY (default) or URGENT. */
  level?: 'EMERGENCY' | 'URGENT';
  /** Condition slug the emergency most likely is, when one is clear. */
  hint?: string;
  /** Plain description for traces. */
  label: string;
  needs: SignalId[][];
  /** The rule does not fire when every group here is present too (a documented clinical exception). */
  except?: SignalId[][];
  /** The NHS page whose "call 999 / go to A&E" or "get help today" advice the rule follows. */
  source: string;
}

const NHS = 'https://www.nhs.uk/conditions/';
const SEPSIS_SIGNS: SignalId[] = ['confused', 'noWee', 'fastBreathing', 'feelDying', 'blotchy'];
const PREGNANT: SignalId[] = ['pregnant'];

export const RULES: Rule[] = [
  // ---- suicide and self-harm (product policy: any suicidal thought gets 111 option 2 and Samaritans, and 999 unless the person says they have no plan and will not act)
  // A method or preparation is an emergency whatever else is said; thoughts the person says they
  // will not act on, with no plan, are urgent (NHS 111 option 2 or a GP today; 999 if that changes).
  { kind: 'suicide', hint: 'suicidal-thoughts', label: 'suicidal thoughts with a plan, a method or preparations', needs: [['suicidal', 'killSelf'], ['suicideMeans']], source: `${NHS}suicide/` },
  { kind: 'suicide', hint: 'suicidal-thoughts', label: 'suicidal thoughts', needs: [['suicidal']], except: [['noSuicidalIntent', 'notSuicidal']], source: `${NHS}suicide/` },
  { kind: 'suicide', hint: 'suicidal-thoughts', label: 'thoughts of ending life', needs: [['killSelf']], except: [['noSuicidalIntent']], source: `${NHS}suicide/` },
  { kind: 'suicide', level: 'URGENT', hint: 'suicidal-thoughts', label: 'thoughts of ending life, with no plan and no intent to act (urgent help today)', needs: [['suicidal', 'killSelf'], ['noSuicidalIntent']], source: 'https://www.nhs.uk/mental-health/feelings-symptoms-behaviours/behaviours/help-for-suicidal-thoughts/' },
  // Self-harm, done or thought of, is 999 unless the person says they do not want to die or have no
  // plan and will not act; then it is urgent help today (NHS self-harm: a GP or 111, A&E for a
  // serious injury), and a deep cut or bleeding that will not stop is 999 whatever is said.
  { kind: 'suicide', hint: 'suicidal-thoughts', label: 'self-harm', needs: [['hurtSelf']], except: [['noSuicidalIntent', 'notSuicidal']], source: `${NHS}self-harm/` },
  { kind: 'suicide', hint: 'suicidal-thoughts', label: 'self-harm by cutting', needs: [['cuttingSelf']], except: [['noSuicidalIntent', 'notSuicidal']], source: `${NHS}self-harm/` },
  { kind: 'suicide', hint: 'suicidal-thoughts', label: 'self-harm with a deep wound or bleeding that will not stop', needs: [['hurtSelf', 'cuttingSelf'], ['deepWound', 'heavyBleeding']], source: `${NHS}self-harm/` },
  { kind: 'suicide', level: 'URGENT', hint: 'suicidal-thoughts', label: 'self-harm, or thoughts of it, without wanting to die and with no plan to act (urgent help today)', needs: [['hurtSelf', 'cuttingSelf', 'suicidal'], ['noSuicidalIntent', 'notSuicidal']], source: `${NHS}self-harm/` },

  // ---- anaphylaxis and the airway
  { kind: 'anaphylaxis', hint: 'anaphylaxis', label: 'swelling of lips, tongue or face with breathing, swallowing, voice changes or fainting', needs: [['swellMouth', 'swellFaceEyes'], ['breathingSevere', 'wheeze', 'breathless', 'faint', 'swallow', 'voiceChange']], source: `${NHS}anaphylaxis/` },
  // NHS allergies: call 999 if the lips, mouth, throat or tongue suddenly swell (not the face or eyes alone).
  { kind: 'anaphylaxis', hint: 'anaphylaxis', label: 'lips, mouth or tongue swelling after food, a sting or a medicine', needs: [['swellMouth'], ['allergen', 'allergyWord', 'newMedicine']], source: `${NHS}allergies/` },
  // NHS anaphylaxis: call 999 if the throat or tongue swells, with or without a trigger the person knows of.
  { kind: 'anaphylaxis', hint: 'anaphylaxis', label: 'the tongue swelling', needs: [['swellTongue']], source: `${NHS}anaphylaxis/` },
  { kind: 'anaphylaxis', hint: 'anaphylaxis', label: 'throat swelling after an allergen', needs: [['swellThroat'], ['allergen', 'allergyWord']], source: `${NHS}anaphylaxis/` },
  { kind: 'anaphylaxis', hint: 'anaphylaxis', label: 'throat closing', needs: [['throatClosing']], source: `${NHS}anaphylaxis/` },
  { kind: 'anaphylaxis', hint: 'anaphylaxis', label: 'breathing trouble after food, a sting or a medicine', needs: [['allergen'], ['breathingSevere', 'wheeze']], source: `${NHS}anaphylaxis/` },
  { kind: 'anaphylaxis', hint: 'anaphylaxis', label: 'a known allergy, the thing it is to, and a reaction starting in the mouth or throat', needs: [['allergyWord'], ['allergen'], ['mouthThroatReaction']], source: `${NHS}anaphylaxis/` },
  { kind: 'anaphylaxis', hint: 'anaphylaxis', label: 'breathing trouble with an allergic reaction', needs: [['allergyWord'], ['breathingSevere']], source: `${NHS}anaphylaxis/` },
  { kind: 'anaphylaxis', hint: 'anaphylaxis', label: 'anaphylaxis or adrenaline pen used', needs: [['epipen', 'anaphylaxisMention']], source: `${NHS}anaphylaxis/` },
  { kind: 'airway', label: 'face, jaw or neck swelling with difficulty swallowing, opening the mouth or breathing', needs: [['faceNeckSwelling'], ['airwayStruggle', 'breathingSevere']], source: `${NHS}dental-abscess/` },

  // ---- stroke and mini-stroke (signs that have passed still count: a TIA warns of a stroke)
  // Face weakness alone, with arms and speech stated to be normal, is how Bell's palsy presents; the
  // NHS sends that to a GP urgently, and to 999 only with the other stroke signs (which fire below).
  { kind: 'stroke', hint: 'stroke', label: 'face drooping', needs: [['faceDroop']], except: [['armsNormal'], ['speechNormal']], source: `${NHS}stroke/symptoms/` },
  { kind: 'stroke', level: 'URGENT', hint: 'bells-palsy', label: 'face weakness on one side with both arms and speech normal (a GP today)', needs: [['faceDroop'], ['armsNormal'], ['speechNormal']], source: `${NHS}bells-palsy/` },
  { kind: 'stroke', hint: 'stroke', label: 'arm or one-sided weakness', needs: [['armWeak']], source: `${NHS}stroke/symptoms/` },
  { kind: 'stroke', hint: 'stroke', label: 'speech problems', needs: [['speech']], source: `${NHS}stroke/symptoms/` },
  { kind: 'stroke', hint: 'stroke', label: 'suspected stroke or mini-stroke', needs: [['strokeMention']], source: `${NHS}transient-ischaemic-attack-tia/` },
  { kind: 'stroke', hint: 'stroke', label: 'sudden loss of vision', needs: [['vision']], source: `${NHS}stroke/symptoms/` },

  // ---- heart: typical and atypical heart attack, angina that does not settle
  // Exertional chest pain that settles within minutes of rest is stable angina (urgent GP, NHS);
  // pain at rest, lasting, or described as severe still fires (severeChest, heartAttack).
  // Chest pain that comes only with coughing is the chest wall or an infection (GP or 111), not the heart.
  { kind: 'cardiac', hint: 'heart-attack', label: 'chest pain with sweating, spreading pain or faintness', needs: [['chestPain'], ['sweating', 'radiating', 'faint']], except: [['settlesWithRest']], source: `${NHS}heart-attack/` },
  { kind: 'cardiac', hint: 'heart-attack', label: 'chest pain with breathlessness', needs: [['chestPain'], ['breathless']], except: [['settlesWithRest', 'coughPain']], source: `${NHS}heart-attack/` },
  { kind: 'cardiac', hint: 'heart-attack', label: 'severe or crushing chest pain', needs: [['severeChest']], source: `${NHS}heart-attack/` },
  { kind: 'cardiac', hint: 'heart-attack', label: 'suspected heart attack', needs: [['heartAttack']], source: `${NHS}heart-attack/` },
  { kind: 'cardiac', hint: 'heart-attack', label: 'angina not relieved by GTN', needs: [['gtnFailed'], ['chestPain', 'tightPressure', 'severeChest', 'anginaKnown', 'radiating', 'atypicalSite']], source: `${NHS}angina/` },
  { kind: 'cardiac', hint: 'heart-attack', label: 'angina not relieved by GTN', needs: [['anginaKnown'], ['usedAgainNoBetter']], source: `${NHS}angina/` },
  { kind: 'cardiac', hint: 'heart-attack', label: 'chest pain that indigestion remedies have not helped', needs: [['chestPain'], ['antacidFailed']], source: `${NHS}heart-attack/symptoms/` },
  { kind: 'cardiac', hint: 'heart-attack', label: 'chest pressure "like a vice" with breathlessness or sweating', needs: [['vice'], ['breathless', 'sweating', 'radiating', 'severeBreathing']], source: `${NHS}heart-attack/` },
  { kind: 'cardiac', hint: 'heart-attack', label: 'ache in the jaw, neck, arm, back or upper tummy with sweating and breathlessness, sickness or greyness (atypical heart attack)', needs: [['atypicalSite'], ['sweating'], ['breathless', 'nausea', 'greyPale', 'faint']], source: `${NHS}heart-attack/symptoms/` },
  { kind: 'cardiac', hint: 'heart-attack', label: 'ache in the jaw, neck, arm, back or upper tummy with breathlessness and sickness, in older age, diabetes or heart disease', needs: [['atypicalSite'], ['breathless', 'greyPale'], ['nausea', 'greyPale', 'faint', 'sweating'], ['cardiacRisk']], source: `${NHS}heart-attack/symptoms/` },
  { kind: 'cardiac', hint: 'heart-attack', label: 'ache in the jaw, neck, arm, back or upper tummy with sweating or clamminess, in older age, diabetes or heart disease', needs: [['atypicalSite'], ['sweating'], ['cardiacRisk']], except: [['fever']], source: `${NHS}heart-attack/symptoms/` },
  // Angina that used to come with effort and now comes at rest is unstable: NHS angina advice is 999.
  { kind: 'cardiac', hint: 'heart-attack', label: 'chest, arm or jaw pain that used to come with effort now coming on at rest', needs: [['chestPain', 'atypicalSite', 'radiating', 'severeChest', 'tightPressure'], ['exertionalBefore'], ['atRest']], source: `${NHS}angina/` },
  { kind: 'cardiac', hint: 'heart-attack', label: 'chest pain with sickness or greyness in older age, diabetes or heart disease', needs: [['chestPain'], ['nausea', 'greyPale'], ['cardiacRisk']], except: [['settlesWithRest']], source: `${NHS}heart-attack/symptoms/` },

  // ---- collapse and fits
  { kind: 'other', hint: 'fainting', label: 'collapse or fainting during exercise', needs: [['collapse'], ['exertion']], source: `${NHS}fainting/` },
  { kind: 'other', hint: 'fainting', label: 'collapse or fainting with chest pain or palpitations', needs: [['collapse'], ['chestPain', 'palpitations']], source: `${NHS}fainting/` },
  // A very slow pulse with fainting is a heart rhythm problem (heart block) until shown otherwise.
  { kind: 'other', hint: 'fainting', label: 'fainting with a very slow pulse', needs: [['collapse'], ['slowPulse']], source: `${NHS}fainting/` },
  { kind: 'other', label: 'unconscious or not breathing', needs: [['unconscious']], source: `${NHS}fainting/` },
  { kind: 'other', hint: 'epilepsy', label: 'long or first seizure', needs: [['longSeizure']], source: `${NHS}epilepsy/` },
  // The fit and how long it went on are often told in separate sentences or messages.
  { kind: 'other', hint: 'epilepsy', label: 'a fit that went on for 5 minutes or more', needs: [['childSeizure'], ['lastedFiveMinutes']], source: `${NHS}epilepsy/` },

  // ---- blood clot in the lung
  { kind: 'clot', hint: 'pulmonary-embolism', label: 'breathlessness or chest pain with a swollen painful leg, or after childbirth, surgery or a long journey', needs: [['breathless', 'severeBreathing', 'chestPain', 'pleuritic'], ['calfLeg', 'clotRisk', 'postnatal']], source: `${NHS}pulmonary-embolism/` },

  // ---- meningitis, sepsis, children
  { kind: 'meningitis', hint: 'meningitis', label: 'rash that does not fade under a glass', needs: [['nonBlanching']], source: `${NHS}meningitis/` },
  { kind: 'meningitis', hint: 'meningitis', label: 'stiff neck with fever or dislike of light', needs: [['stiffNeck'], ['fever', 'photophobia']],
    // NHS meningitis: a stiff neck means the chin cannot be bent to the chest; a neck that bends is
    // the check's reassuring answer (an ache in the neck muscles is not that sign).
    except: [['neckFlexes']], source: `${NHS}meningitis/` },
  // NHS meningitis: a person with a fever who cannot bear bright light needs 999, a stiff neck or
  // not (the neck is often not the first sign); with a headache or being sick it is the picture.
  { kind: 'meningitis', hint: 'meningitis', label: 'fever with dislike of bright light and a headache or being sick', needs: [['fever'], ['photophobia'], ['meningitisCompanion']], source: `${NHS}meningitis/` },
  { kind: 'meningitis', hint: 'meningitis', label: 'suspected meningitis', needs: [['meningitisMention'], ['fever', 'stiffNeck', 'photophobia', 'meningitisCompanion']], source: `${NHS}meningitis/` },
  { kind: 'sepsis', hint: 'sepsis', label: 'mottled, blue or grey skin', needs: [['mottled']], source: `${NHS}sepsis/` },
  { kind: 'sepsis', hint: 'sepsis', label: 'suspected sepsis', needs: [['sepsisMention'], [...SEPSIS_SIGNS, 'mottled']], source: `${NHS}sepsis/` },
  { kind: 'sepsis', hint: 'sepsis', label: 'infection with confusion, no urine, fast breathing or feeling very unwell', needs: [['infection'], SEPSIS_SIGNS], source: `${NHS}sepsis/` },
  // A spreading red line from a wound is infection tracking along the lymph vessels: with shivering,
  // a racing heart or feeling very unwell it is sepsis until shown otherwise.
  { kind: 'sepsis', hint: 'sepsis', label: 'a red line spreading from a wound or infection, with a temperature, shivering, a racing heart or feeling very unwell', needs: [['lymphangitis'], ['rigors', 'bodyFever', 'palpitations', 'veryUnwell', 'feelDying', 'fastBreathing', 'confused']], source: `${NHS}sepsis/` },
  // A short febrile fit in a child who has had them before and is back to normal is "call 111 or a GP".
  { kind: 'child', label: 'child floppy, unresponsive, struggling to breathe or with a non-fading rash', needs: [['child', 'infantUnder3Months', 'infant3To6Months'], ['floppy', 'childDanger', 'nonBlanching']], source: `${NHS}fever-in-children/` },
  { kind: 'child', hint: 'bronchiolitis', label: 'a baby with pauses in their breathing', needs: [['baby', 'infantUnder3Months', 'infant3To6Months'], ['breathingPauses']], source: `${NHS}bronchiolitis/` },
  { kind: 'child', label: 'child having a fit', needs: [['child'], ['childSeizure']], except: [['knownFits'], ['recovered']], source: `${NHS}febrile-seizures/` },
  // The exception above is a GP or 111 call today, not nothing (NHS febrile seizures).
  { kind: 'child', level: 'URGENT', hint: 'febrile-seizures', label: 'a child who has had fits before, had one and has come round (a GP or 111 today)', needs: [['child'], ['childSeizure'], ['knownFits'], ['recovered']], source: `${NHS}febrile-seizures/` },
  { kind: 'child', label: 'floppy', needs: [['floppy']], source: `${NHS}fever-in-children/` },
  // A breastfeeding mother may describe her own fever with her baby's age: that one needs babyFever.
  { kind: 'child', hint: 'fever-in-children', label: 'a baby under 3 months with a temperature of 38C or more', needs: [['infantUnder3Months'], ['temperature38', 'fever']], except: [['ownFever']], source: `${NHS}fever-in-children/` },
  { kind: 'child', hint: 'fever-in-children', label: 'a baby under 3 months with a temperature of 38C or more', needs: [['infantUnder3Months'], ['babyFever']], source: `${NHS}fever-in-children/` },
  { kind: 'child', label: 'a baby or child vomiting green (bile)', needs: [['greenVomit'], ['child', 'infantUnder3Months', 'infant3To6Months']], source: `${NHS}diarrhoea-and-vomiting/` },

  // ---- breathing and bleeding
  // A known panic attack that is passing feels like not being able to breathe (NHS panic disorder: self-care,
  // a GP if they keep happening); what others can see (blue lips, no sentences) is 999 whatever the cause.
  { kind: 'breathing', label: 'severe difficulty breathing', needs: [['severeBreathing']], except: [['panicAttack'], ['episodePassing']], source: 'https://www.nhs.uk/symptoms/shortness-of-breath/' },
  { kind: 'breathing', label: 'blue or grey lips, too breathless to speak, or ribs sucking in', needs: [['seenBreathing']], source: 'https://www.nhs.uk/symptoms/shortness-of-breath/' },
  { kind: 'breathing', label: 'noisy, high-pitched breathing (stridor)', needs: [['stridor', 'stridorBreathIn']], source: `${NHS}croup/` },
  { kind: 'bleeding', label: 'heavy bleeding, or vomiting or coughing up blood', needs: [['heavyBleeding']], source: 'https://www.nhs.uk/symptoms/vomiting-blood/' },

  // ---- head and brain
  { kind: 'other', hint: 'subarachnoid-haemorrhage', label: 'sudden severe headache', needs: [['thunderclap']], source: `${NHS}subarachnoid-haemorrhage/` },
  { kind: 'head', hint: 'head-injury-and-concussion', label: 'head injury with knock-out, vomiting, drowsiness, memory loss or fluid from the nose or ears', needs: [['headHit', 'headKnock'], ['headDanger', 'headWarning']], source: `${NHS}head-injury-and-concussion/` },
  { kind: 'head', hint: 'head-injury-and-concussion', label: 'head injury on blood thinners', needs: [['headHit', 'headKnock'], ['anticoagulant']], source: `${NHS}head-injury-and-concussion/` },
  // A fall with a new headache, confusion or sickness afterwards is a head injury until shown not
  // to be, when bleeding inside the head is more likely (blood thinners, older age).
  { kind: 'head', hint: 'head-injury-and-concussion', label: 'a fall on blood thinners, then a headache, confusion, drowsiness or being sick', needs: [['fall'], ['anticoagulant'], ['headacheAny', 'headWarning', 'confused', 'nausea']], source: `${NHS}head-injury-and-concussion/` },
  { kind: 'head', hint: 'head-injury-and-concussion', label: 'an older person who fell, then a headache with confusion, drowsiness or being sick', needs: [['fall'], ['olderAge'], ['headacheAny'], ['headWarning', 'confused', 'nausea']], source: `${NHS}head-injury-and-concussion/` },
  { kind: 'head', hint: 'head-injury-and-concussion', label: 'head injury in older age', needs: [['headHit', 'headKnock'], ['olderAge']], source: `${NHS}head-injury-and-concussion/` },
  { kind: 'head', hint: 'head-injury-and-concussion', label: 'a child who fell and is now vomiting or drowsy', needs: [['fall', 'headKnock'], ['child'], ['nausea', 'headWarning']], source: `${NHS}head-injury-and-concussion/` },
  { kind: 'head', hint: 'head-injury-and-concussion', label: 'knocked out, then repeating questions or unable to remember', needs: [['collapse', 'headWarning'], ['amnesia']], source: `${NHS}head-injury-and-concussion/` },
  { kind: 'head', hint: 'head-injury-and-concussion', label: 'a baby who fell or hit their head, with a large lump or swelling', needs: [['baby', 'infantUnder3Months', 'infant3To6Months'], ['fall', 'headKnock'], ['headLump']], source: `${NHS}head-injury-and-concussion/` },
  { kind: 'other', label: 'sudden severe pain or swelling in a testicle (possible torsion)', needs: [['testicleEmergency']], except: [['gradualOnset', 'mumpsMention']], source: 'https://www.nhs.uk/conditions/testicular-torsion/' },

  // ---- spine
  { kind: 'other', hint: 'cauda-equina-syndrome', label: 'numbness around the bottom or genitals', needs: [['saddle']], source: `${NHS}cauda-equina-syndrome/` },
  { kind: 'other', hint: 'cauda-equina-syndrome', label: 'back pain with loss of bladder or bowel control', needs: [['sphincter'], ['backPain']], source: `${NHS}cauda-equina-syndrome/` },

  // ---- tummy
  { kind: 'abdominal', label: 'severe tummy pain with a hard tummy, collapse, or pain going through to the back', needs: [['severeTummy'], ['rigid', 'collapse', 'throughToBack']], source: 'https://www.nhs.uk/symptoms/stomach-ache/' },
  // Cramps with vomiting and diarrhoea are usually a stomach bug (self-care); without diarrhoea,
  // severe pain with vomiting needs to be seen now.
  { kind: 'abdominal', label: 'severe tummy pain with vomiting', needs: [['severeTummy'], ['nausea']], except: [['diarrhoea']], source: 'https://www.nhs.uk/symptoms/stomach-ache/' },
  { kind: 'abdominal', label: 'green vomit with a swollen tummy', needs: [['greenVomit'], ['swollenTummy']], source: 'https://www.nhs.uk/symptoms/stomach-ache/' },

  // ---- pregnancy and after birth
  { kind: 'pregnancy', label: 'bleeding in pregnancy', needs: [PREGNANT, ['pregnancyBleeding', 'heavyBleeding']], source: 'https://www.nhs.uk/pregnancy/related-conditions/common-symptoms/vaginal-bleeding/' },
  { kind: 'pregnancy', label: 'severe tummy pain in pregnancy', needs: [PREGNANT, ['severeTummy']], source: 'https://www.nhs.uk/pregnancy/related-conditions/common-symptoms/stomach-pain/' },
  { kind: 'pregnancy', label: 'severe headache with vision changes, sudden swelling or pain under the ribs in pregnancy or after birth (pre-eclampsia)', needs: [['pregnant', 'postnatal'], ['severeHeadache', 'visionChange'], ['visionChange', 'suddenSwelling', 'underRibs']], source: `${NHS}pre-eclampsia/` },

  // ---- infections spreading: around the eye, a blocked bile duct
  // Swelling around the eye with pain on moving it, an eye swollen shut, or a swollen eyelid with a
  // temperature in a child: cellulitis around the eye socket needs hospital treatment now.
  { kind: 'other', hint: 'cellulitis', label: 'an eye swollen shut, or painful to move, or a swollen eyelid with a temperature in a child (cellulitis around the eye)', needs: [['eyeSocket', 'swollenEyelid'], ['eyeSocket', 'fever', 'temperature38'], ['eyeSocket', 'child', 'olderAge', 'fever', 'temperature38']], source: `${NHS}cellulitis/` },
  // Yellow skin or eyes with a high temperature and shivering is how an infected bile duct
  // (cholangitis) shows: NHS sends gallstone jaundice or fever for urgent help, and with shivering
  // and a temperature together this is a sepsis risk, so it is treated as an emergency.
  { kind: 'sepsis', hint: 'gallstones', label: 'yellow skin or eyes with a high temperature and shivering (infected bile duct)', needs: [['jaundice'], ['rigors'], ['fever', 'temperature38', 'rigors']], source: `${NHS}sepsis/` },

  // ---- eyes and arteries
  { kind: 'stroke', hint: 'headaches', label: 'jaw pain on chewing or a tender scalp with changes in vision (giant cell arteritis)', needs: [['jawClaudication'], ['visionChange', 'vision']], source: `${NHS}giant-cell-arteritis/` },
  { kind: 'other', hint: 'conjunctivitis', label: 'a painful eye in a contact lens wearer with light sensitivity or changed vision', needs: [['contactLens'], ['painfulEye'], ['photophobia', 'visionChange', 'vision']], source: 'https://www.nhs.uk/symptoms/red-eye/' },
  { kind: 'clot', hint: 'pulmonary-embolism', label: 'pain on breathing in with breathlessness while on the pill or HRT', needs: [['pleuritic'], ['breathless', 'severeBreathing'], ['hormonal']], source: `${NHS}pulmonary-embolism/` },

  // ---- labour
  { kind: 'pregnancy', label: 'the cord seen or felt after the waters break (cord prolapse)', needs: [['pregnant', 'labour'], ['cordProlapse']], source: 'https://www.nhs.uk/pregnancy/labour-and-birth/signs-of-labour/signs-that-labour-has-begun/' },
  { kind: 'pregnancy', label: 'waters breaking before 37 weeks, or with green, brown, smelly or bloody fluid: call your maternity unit now and go in', needs: [['pregnant', 'labour'], ['watersBroken'], ['pretermPregnancy', 'watersColoured']], source: 'https://www.nhs.uk/pregnancy/labour-and-birth/signs-of-labour/signs-that-labour-has-begun/' },

  // ---- burns, electricity, poisoning
  { kind: 'other', hint: 'burns-and-scalds', label: 'a burn that has left the skin white, charred or leathery (deep burn)', needs: [['burnInjury', 'electrical', 'chemical'], ['deepBurnSkin']], source: `${NHS}burns-and-scalds/` },
  { kind: 'other', hint: 'burns-and-scalds', label: 'large, deep, chemical or electrical burn', needs: [['severeBurn']], source: `${NHS}burns-and-scalds/` },
  { kind: 'other', hint: 'burns-and-scalds', label: 'a burn or scald bigger than the hand', needs: [['burnInjury'], ['biggerThanHand']], source: `${NHS}burns-and-scalds/` },
  { kind: 'other', hint: 'burns-and-scalds', label: 'any electrical injury', needs: [['electrical']], source: `${NHS}burns-and-scalds/` },
  { kind: 'other', hint: 'burns-and-scalds', label: 'chemical burn or splash', needs: [['chemical']], source: `${NHS}burns-and-scalds/` },
  { kind: 'other', hint: 'burns-and-scalds', label: 'burn to the face, mouth or genitals with blisters, or with a hoarse voice or breathed-in smoke', needs: [['burnFace', 'burnInjury'], ['inhalation', 'blister'], ['burnFace', 'inhalation']], source: `${NHS}burns-and-scalds/` },
  { kind: 'other', label: 'too much paracetamol or another medicine', needs: [['paracetamolExcess']], source: 'https://www.nhs.uk/conditions/paracetamol-overdose/' },
  // Hallucinations or fits while coming off alcohol (delirium tremens) can kill.
  { kind: 'other', label: 'seeing things, fits or confusion while coming off alcohol', needs: [['alcoholWithdrawal'], ['hallucinating', 'childSeizure', 'confused']], source: 'https://www.nhs.uk/conditions/alcohol-misuse/' },
  { kind: 'other', label: 'jaw stiffness or muscle spasms after a wound (tetanus)', needs: [['lockjaw'], ['spasms', 'woundWord', 'deepWound', 'bite']], source: 'https://www.nhs.uk/conditions/tetanus/' },
  { kind: 'other', label: 'oil, grease, paint or vaccine injected under the skin (injection injury)', needs: [['injectionInjury']], source: 'https://www.nhs.uk/nhs-services/urgent-and-emergency-care-services/when-to-go-to-ae/' },
  { kind: 'airway', label: 'a sting or bite inside the mouth or throat', needs: [['stungMouth']], source: 'https://www.nhs.uk/conditions/insect-bites-and-stings/' },
  { kind: 'other', label: 'swallowed a poison (weedkiller, chemicals, wild mushrooms) and now unwell', needs: [['poisonSwallowed'], ['nausea', 'diarrhoea', 'burningMouth', 'confused', 'drowsyMuddled', 'collapse', 'breathless', 'fastBreathing']], source: 'https://www.nhs.uk/conditions/poisoning/' },
  { kind: 'other', label: 'neck or back pain after a fall or blow, with tingling, numbness or weakness in the arms or legs', needs: [['spinalTrauma'], ['limbNeuro']], source: 'https://www.nhs.uk/conditions/spinal-injury/' },
  { kind: 'other', label: 'a body part crushed, nearly cut off or severed', needs: [['crushOrSevered']], source: 'https://www.nhs.uk/nhs-services/urgent-and-emergency-care-services/when-to-go-to-ae/' },
  { kind: 'other', label: 'a deep or gaping bite', needs: [['bite'], ['deepWound']], source: 'https://www.nhs.uk/conditions/animal-and-human-bites/' },
  { kind: 'other', label: 'headache, sickness or dizziness with a possible carbon monoxide source, or in several people at home', needs: [['coSource'], ['headacheAny', 'nausea', 'faint', 'confused', 'collapse', 'householdAffected']], source: 'https://www.nhs.uk/conditions/carbon-monoxide-poisoning/' },
  { kind: 'other', label: 'dark brown urine with painful or swollen muscles (muscle breakdown)', needs: [['darkBrownUrine'], ['muscleAgony', 'exertion', 'crushOrSevered']], source: 'https://www.nhs.uk/nhs-services/urgent-and-emergency-care-services/when-to-go-to-ae/' },
  { kind: 'other', label: 'a hot, swollen joint, or one too painful to move, with a high temperature (possible joint infection)', needs: [['hotSwollenJoint', 'jointPainOnMoving'], ['bodyFever', 'temperature38', 'rigors']], source: 'https://www.nhs.uk/conditions/septic-arthritis/' },
  // NHS low blood sugar: treated three times and still low is a 999 call.
  { kind: 'other', label: 'a hypo that is still low after treating it', needs: [['hypoNotResponding'], ['hypoSigns', 'diabetic']], source: 'https://www.nhs.uk/conditions/low-blood-sugar-hypoglycaemia/' },
  { kind: 'other', label: 'very low blood pressure with feeling faint, weak or very unwell (shock)', needs: [['lowBloodPressure'], ['faint', 'veryUnwell', 'confused', 'collapse', 'nausea']], source: 'https://www.nhs.uk/nhs-services/urgent-and-emergency-care-services/when-to-go-to-ae/' },
  { kind: 'other', label: 'not able to pee at all (urinary retention)', needs: [['cantPee']], source: 'https://www.nhs.uk/conditions/urinary-retention/' },
  { kind: 'other', label: 'an erection lasting 4 hours or more (priapism)', needs: [['priapism']], source: 'https://www.nhs.uk/conditions/priapism/' },
  { kind: 'bleeding', label: 'heavy bleeding from the bottom', needs: [['rectalBleedHeavy']], source: 'https://www.nhs.uk/conditions/bleeding-from-the-bottom-rectal-bleeding/' },
  { kind: 'bleeding', label: 'black poo with dizziness or fainting, or on blood thinners (bleeding in the gut)', needs: [['blackStool'], ['faint', 'collapse', 'anticoagulant', 'greyPale', 'veryUnwell']], source: 'https://www.nhs.uk/conditions/stomach-ulcer/' },
  { kind: 'sepsis', label: 'a temperature with sickle cell disease', needs: [['sickleCell'], ['fever', 'temperature38', 'rigors']], source: 'https://www.nhs.uk/conditions/sickle-cell-disease/' },
  // Weakness spreading up from tingling feet over days (Guillain-Barre syndrome) can reach the breathing muscles.
  { kind: 'other', label: 'weakness getting worse over hours or days, with tingling or numbness', needs: [['progressiveWeakness'], ['tinglingAny']], source: 'https://www.nhs.uk/conditions/guillain-barre-syndrome/' },
  // Hearing voices or strange beliefs after giving birth (postpartum psychosis) is an emergency.
  { kind: 'other', label: 'hearing voices or strange beliefs after giving birth', needs: [['postnatal'], ['hallucinating', 'confused']], source: 'https://www.nhs.uk/mental-health/conditions/post-partum-psychosis/' },
  { kind: 'other', level: 'URGENT', label: 'thoughts of harming the baby after giving birth', needs: [['postnatal'], ['harmBabyThoughts']], source: 'https://www.nhs.uk/mental-health/conditions/post-partum-psychosis/' },
  { kind: 'other', label: 'poisoning or overdose', needs: [['poisoning']], source: 'https://www.nhs.uk/conditions/poisoning/' },
  { kind: 'child', label: 'a child who has swallowed medicine', needs: [['ingestedMedicine'], ['child', 'infantUnder3Months', 'infant3To6Months']], source: 'https://www.nhs.uk/conditions/poisoning/' },
  { kind: 'other', hint: 'burns-and-scalds', label: 'breathed-in smoke with a hoarse voice, coughing or breathlessness', needs: [['smokeInhaled'], ['inhalation', 'breathless', 'severeBreathing', 'nausea']], source: `${NHS}burns-and-scalds/` },
  { kind: 'other', hint: 'dehydration', label: 'dehydration with drowsiness or confusion, or no wee for a day', needs: [['dehydration', 'noWee', 'poorIntake'], ['drowsyMuddled', 'confused', 'floppy', 'childDanger']], source: `${NHS}dehydration/` },
  { kind: 'other', hint: 'subarachnoid-haemorrhage', label: 'a sudden headache with a stiff neck', needs: [['thunderclap'], ['stiffNeck']], source: `${NHS}subarachnoid-haemorrhage/` },
  { kind: 'sepsis', hint: 'sepsis', label: 'a temperature during chemotherapy or with a weak immune system (neutropenic sepsis)', needs: [['immunosuppressed'], ['temperature38', 'fever', 'veryUnwell']], source: `${NHS}sepsis/` },
  { kind: 'sepsis', hint: 'sepsis', label: 'an infected wound after an operation or birth with shivering, a racing heart or feeling very unwell', needs: [['woundInfection', 'infection'], ['postnatal', 'clotRisk'], ['veryUnwell', 'feelDying', 'fastBreathing', 'confused']], source: `${NHS}sepsis/` },
  { kind: 'other', hint: 'low-blood-sugar', label: 'diabetes with confusion, drowsiness, aggression or unable to swallow (severe hypo)', needs: [['diabetic'], ['hypoDanger'], ['hypoSigns', 'sweating', 'collapse', 'hypoDanger']], source: `${NHS}low-blood-sugar-hypoglycaemia/` },
  { kind: 'breathing', hint: 'asthma', label: 'peak flow under half of normal', needs: [['peakFlowLow']], source: `${NHS}asthma/` },
  { kind: 'breathing', label: 'an oxygen level of 92% or lower on a pulse oximeter', needs: [['oxygenLow']], source: 'https://www.nhs.uk/conditions/pulse-oximeter/' },
  // A clinician who has assessed the person (a GP with a blood result, NHS 111, a specialist team)
  // has said to go now: the assistant backs that up, whatever the person feels.
  { kind: 'other', label: 'a doctor, nurse or NHS 111 has already said to go to hospital or A&E now', needs: [['toldToGoToHospital']], source: 'https://www.nhs.uk/nhs-services/urgent-and-emergency-care-services/when-to-go-to-ae/' },
  { kind: 'bleeding', hint: 'nosebleed', label: 'a nosebleed lasting over 15 minutes, with a lot of blood swallowed, or with dizziness or faintness', needs: [['noseBleed'], ['lastedLong', 'swallowingBlood', 'faint', 'collapse', 'anticoagulant']], source: `${NHS}nosebleed/` },
  { kind: 'other', label: 'unable to pass urine, or a catheter not draining, with a swollen or painful lower tummy (urinary retention)', needs: [['cantPee', 'noWee', 'catheterBlocked'], ['swollenTummy', 'lowerTummyPain', 'severeTummy']], source: `${NHS}urinary-retention/` },
  { kind: 'other', label: 'recreational drugs with overheating, a fit, collapse, confusion or chest pain', needs: [['recreationalDrugs'], ['bodyFever', 'temperature38', 'childSeizure', 'longSeizure', 'collapse', 'confused', 'drowsyMuddled', 'chestPain', 'childDanger']], source: 'https://www.nhs.uk/live-well/addiction-support/drug-addiction-getting-help/' },
  { kind: 'other', label: 'unable to keep down steroid replacement or anti-rejection medicines', needs: [['cantKeepMedsDown'], ['steroidDependent']], source: `${NHS}addisons-disease/` },
  { kind: 'other', label: 'an eye injury with pain, blurred vision or an eye that will not open', needs: [['eyeInjury'], ['eyeDanger']], source: 'https://www.nhs.uk/conditions/eye-injuries/' },
  { kind: 'other', label: 'a limb suddenly cold, pale and painful or numb (lost blood supply)', needs: [['limbIschaemia']], source: 'https://www.nhs.uk/conditions/peripheral-arterial-disease-pad/' },
  { kind: 'other', hint: 'broken-arm-or-wrist', label: 'a bone out of shape, or an older person who fell and cannot get up or stand', needs: [['legDeformity', 'longLie'], ['legDeformity', 'olderAge', 'fall']], source: 'https://www.nhs.uk/conditions/broken-leg/' },
  { kind: 'abdominal', label: 'no poo or wind with a swollen tummy and vomiting (blocked bowel)', needs: [['noPooWind'], ['swollenTummy'], ['nausea']], source: 'https://www.nhs.uk/conditions/bowel-obstruction/' },
  { kind: 'pregnancy', hint: 'ectopic-pregnancy', label: 'possible pregnancy with low tummy pain and faintness, a pale clammy look or shoulder-tip pain (ectopic)', needs: [['maybePregnant', 'pregnant'], ['lowerTummyPain', 'shoulderTip'], ['faint', 'collapse', 'shoulderTip', 'greyPale']], source: `${NHS}ectopic-pregnancy/` },

  { kind: 'sepsis', hint: 'kidney-stones', label: 'kidney stone pain with a temperature or shivering (an infected, blocked kidney)', needs: [['kidneyStone'], ['temperature38', 'bodyFever', 'rigors']], source: `${NHS}kidney-stones/` },
  { kind: 'sepsis', label: 'skin turning black (gangrene) with diabetes or signs of infection', needs: [['blackSkin'], ['diabetic', 'bodyFever', 'temperature38', 'rigors', 'spreadingRedness', 'veryUnwell']], source: `${NHS}gangrene/` },
  { kind: 'other', label: 'a blistering or peeling rash with sore eyes, after a new medicine or with a temperature (Stevens-Johnson syndrome)', needs: [['blister'], ['soreEyes'], ['newMedicine', 'bodyFever', 'temperature38']], except: [['chickenpox']], source: `${NHS}stevens-johnson-syndrome/` },
  // ---- from blind-ak: a baby's sunken soft spot, legs giving way with back pain
  { kind: 'child', hint: 'dehydration', label: "a baby's soft spot sunken (severe dehydration)", needs: [['sunkenFontanelle']], source: `${NHS}dehydration/` },
  { kind: 'other', label: 'back pain with both legs weak, heavy or giving way (pressure on the spinal cord or its nerves)', needs: [['backPain'], ['legsGivingWay']], source: `${NHS}sciatica/` },
  // ---- drink and drugs, medicines that lower white cells, sudden confusion, used needles
  { kind: 'other', label: 'gurgling or rattling breathing in someone drunk, on drugs or who cannot be woken (a blocked airway): call 999 and put them on their side', needs: [['gurglingBreath'], ['intoxicated', 'recreationalDrugs', 'childDanger', 'collapse']], source: 'https://www.nhs.uk/conditions/alcohol-poisoning/' },
  // Clozapine and carbimazole can stop the bone marrow making white blood cells: with a temperature
  // this is treated as sepsis (a sore throat or mouth ulcers without one is a blood test today, below).
  // Injecting drugs carries bacteria into the blood: a temperature may be sepsis, a heart valve or a
  // spinal infection, which need hospital tests the same day.
  { kind: 'sepsis', hint: 'sepsis', label: 'a temperature or shivers in someone who injects drugs', needs: [['injectsDrugs'], ['fever', 'temperature38', 'rigors', 'veryUnwell']], source: `${NHS}sepsis/` },
  { kind: 'sepsis', hint: 'sepsis', label: 'a temperature on clozapine or carbimazole, which can stop the body making white blood cells', needs: [['whiteCellDrug'], ['temperature38', 'fever', 'veryUnwell']], source: 'https://www.nhs.uk/medicines/carbimazole/' },
  // NHS lists sudden confusion (delirium) among the reasons to call 999, with dementia too: there
  // it is a sudden change from the person's usual self (confusion that creeps up is urgent, below).
  { kind: 'other', label: 'confusion that came on suddenly (delirium)', needs: [['disoriented'], ['suddenOnset']], source: `${NHS}confusion/` },
  { kind: 'other', label: 'an injury from a used needle: go to A&E now, treatment against HIV and hepatitis works best within hours', needs: [['needleInjury']], source: 'https://www.nhs.uk/common-health-questions/accidents-first-aid-and-treatments/what-should-i-do-if-i-injure-myself-with-a-used-needle/' },
  // ---- diabetes
  { kind: 'other', hint: 'diabetic-ketoacidosis', label: 'very high blood sugar or ketones with drowsiness, confusion, vomiting or fast breathing', needs: [['diabetic'], ['veryHighSugar'], ['drowsyMuddled', 'nausea', 'fastBreathing']], source: `${NHS}diabetic-ketoacidosis/` },

  // ---- get seen today: Urgent Primary Care floors ------------------------------------------------
  { kind: 'other', level: 'URGENT', hint: 'fever-in-children', label: 'a baby of 3 to 6 months with a temperature of 39C or more', needs: [['infant3To6Months'], ['temperature39']], source: `${NHS}fever-in-children/` },
  // NHS: a baby moving less than usual means calling the midwife or maternity unit straight away, not waiting.
  // NHS: contact the maternity unit immediately, day or night, and do not wait until tomorrow: that is
  // being checked in hospital now, the A&E tier (it was URGENT; three blind writers in four said A&E).
  { kind: 'pregnancy', label: 'a baby moving less than usual in pregnancy: call your maternity unit now, day or night, and go in to be checked', needs: [['pregnant', 'reducedMovements'], ['reducedMovements']], source: 'https://www.nhs.uk/pregnancy/keeping-well/your-babys-movements/' },
  { kind: 'other', level: 'URGENT', label: 'signs of dehydration (few wet nappies, little or dark wee, cannot keep fluids down)', needs: [['dehydration']], source: `${NHS}dehydration/` },
  { kind: 'other', level: 'URGENT', label: 'a baby, child or older person not drinking or feeding', needs: [['poorIntake'], ['child', 'infantUnder3Months', 'infant3To6Months', 'olderAge']], source: `${NHS}dehydration/` },
  { kind: 'other', level: 'URGENT', label: 'a swelling, lump or pain in a testicle', needs: [['testicleProblem']], source: 'https://www.nhs.uk/conditions/testicular-lumps-and-swellings/' },
  { kind: 'pregnancy', level: 'URGENT', label: 'itchy palms or soles in pregnancy (possible obstetric cholestasis)', needs: [['pregnant'], ['itchPalmsSoles']], source: 'https://www.nhs.uk/conditions/intrahepatic-cholestasis-of-pregnancy/' },
  // A button battery or magnets swallowed, or maybe swallowed, is A&E straight away, however
  // well the person seems (the damage starts within hours, before any sign).
  { kind: 'other', label: 'a button battery or magnet swallowed, or it might have been', needs: [['batteryOrMagnet'], ['swallowedObject', 'swallowedIt']], source: 'https://www.nhs.uk/nhs-services/urgent-and-emergency-care-services/when-to-go-to-ae/' },
  { kind: 'child', level: 'URGENT', label: 'a child who swallowed a small object', needs: [['child'], ['swallowedObject']], source: 'https://www.nhs.uk/nhs-services/urgent-and-emergency-care-services/when-to-visit-an-urgent-treatment-centre/' },
  { kind: 'other', level: 'URGENT', label: 'a fever after travel where malaria is found', needs: [['malariaTravel'], ['fever', 'rigors', 'temperature38']], source: `${NHS}malaria/` },
  { kind: 'other', level: 'URGENT', label: 'redness or swelling spreading along a limb (possible cellulitis)', needs: [['spreadingRedness']], source: `${NHS}cellulitis/` },
  { kind: 'other', level: 'URGENT', hint: 'cellulitis', label: 'a red line spreading from a wound or infection', needs: [['lymphangitis']], source: `${NHS}cellulitis/` },
  { kind: 'other', level: 'URGENT', label: 'bruises that appear without an injury', needs: [['unexplainedBruising']], source: 'https://www.nhs.uk/conditions/bruises/' },
  { kind: 'other', level: 'URGENT', label: 'a finger, toe or joint out of shape', needs: [['jointDeformity']], source: `${NHS}broken-finger/` },
  { kind: 'other', level: 'URGENT', label: 'a knee that has locked or will not straighten', needs: [['lockedJoint']], source: 'https://www.nhs.uk/symptoms/knee-pain/' },
  { kind: 'other', level: 'URGENT', hint: 'dehydration', label: 'being sick every time they drink', needs: [['cantKeepFluids']], source: `${NHS}diarrhoea-and-vomiting/` },
  { kind: 'other', level: 'URGENT', hint: 'lyme-disease', label: 'a spreading or ring-shaped rash after a tick bite', needs: [['tickBite'], ['ringRash', 'rashInfection']], source: `${NHS}lyme-disease/` },
  { kind: 'other', level: 'URGENT', hint: 'mastitis', label: 'a red, painful breast with a temperature or flu-like feeling', needs: [['breastRedness'], ['temperature38', 'bodyFever', 'fever', 'rigors']], source: `${NHS}mastitis/` },
  { kind: 'child', level: 'URGENT', label: 'a child with a temperature who is breathing faster than normal', needs: [['child', 'baby', 'infantUnder3Months', 'infant3To6Months'], ['fastBreathing', 'breathingFaster'], ['fever', 'temperature38', 'bodyFever']], source: `${NHS}fever-in-children/` },
  { kind: 'other', level: 'URGENT', label: 'a new rash after starting a new medicine', needs: [['newMedicine'], ['rashInfection']], except: [['chickenpox']], source: 'https://www.nhs.uk/nhs-services/urgent-and-emergency-care-services/when-to-use-111/' },
  { kind: 'breathing', level: 'URGENT', hint: 'asthma', label: 'an asthma attack that needed the reliever inhaler: an urgent same-day GP or asthma nurse appointment, even if it settled', needs: [['relieverUsed'], ['asthmaAttack', 'severeBreathing']], source: `${NHS}asthma/asthma-attacks/` },
  { kind: 'breathing', level: 'URGENT', hint: 'asthma', label: 'needing a reliever inhaler every 4 hours or more often', needs: [['relieverOften']], source: `${NHS}asthma/asthma-attacks/` },
  { kind: 'breathing', level: 'URGENT', label: 'an oxygen level of 93 or 94% on a pulse oximeter', needs: [['oxygenBorderline']], source: 'https://www.nhs.uk/conditions/pulse-oximeter/' },
  { kind: 'other', level: 'URGENT', label: 'being sick, diarrhoea or shaking on lithium, digoxin or a similar medicine (possible toxicity)', needs: [['narrowMarginMedicine'], ['vomiting', 'diarrhoea', 'tremor']], source: 'https://www.nhs.uk/medicines/lithium/' },
  { kind: 'other', level: 'URGENT', label: 'being sick during chemotherapy, after a transplant or on medicines that weaken the immune system', needs: [['immunosuppressed'], ['vomiting']], source: `${NHS}chemotherapy/side-effects/` },
  { kind: 'child', level: 'URGENT', label: 'blood in a baby or child\'s poo', needs: [['bloodInPoo'], ['baby', 'child', 'infantUnder3Months', 'infant3To6Months']], source: 'https://www.nhs.uk/symptoms/blood-in-poo/' },
  { kind: 'other', level: 'URGENT', hint: 'coughing-up-blood', label: 'coughing up blood, even a little', needs: [['coughBlood']], source: `${NHS}coughing-up-blood/` },
  { kind: 'other', level: 'URGENT', label: 'new floaters or a shadow across the sight (possible detached retina)', needs: [['retinaSigns']], source: `${NHS}detached-retina-retinal-detachment/` },
  { kind: 'pregnancy', level: 'URGENT', hint: 'ectopic-pregnancy', label: 'early or possible pregnancy with pain on one side low in the tummy (possible ectopic)', needs: [['maybePregnant', 'pregnant'], ['oneSidedPain', 'lowerTummyPain']], source: `${NHS}ectopic-pregnancy/` },
  { kind: 'other', level: 'URGENT', label: 'emergency contraception or HIV PEP, which work only if started within hours or days', needs: [['timeCriticalMedicine']], source: 'https://www.nhs.uk/contraception/methods-of-contraception/emergency-contraception/' },
  { kind: 'other', level: 'URGENT', label: 'a double dose or too many tablets taken by mistake', needs: [['doubleDose']], source: 'https://www.nhs.uk/nhs-services/urgent-and-emergency-care-services/when-to-use-111/' },
  { kind: 'child', level: 'URGENT', label: 'a child with a new limp and a temperature, or who will not put weight on a leg', needs: [['child'], ['limp'], ['bodyFever', 'temperature38', 'noInjury']], source: 'https://www.nhs.uk/nhs-services/urgent-and-emergency-care-services/when-to-use-111/' },
  { kind: 'other', level: 'URGENT', label: 'hearing lost suddenly in one or both ears', needs: [['suddenHearingLoss']], source: `${NHS}hearing-loss/` },
  { kind: 'other', level: 'URGENT', label: 'something stuck in the nose or ear', needs: [['stuckObject']], source: 'https://www.nhs.uk/nhs-services/urgent-and-emergency-care-services/when-to-visit-an-urgent-treatment-centre/' },
  { kind: 'other', level: 'URGENT', label: 'symptoms not helped by treatment', needs: [['treatmentFailed']], source: 'https://www.nhs.uk/nhs-services/gps/' },
  { kind: 'other', level: 'URGENT', label: 'symptoms that keep coming back', needs: [['recurrent']], source: 'https://www.nhs.uk/nhs-services/gps/' },
  { kind: 'sepsis', level: 'URGENT', label: 'a sore throat, mouth ulcers or another sign of infection on clozapine or carbimazole: a blood count today', needs: [['whiteCellDrug'], ['infectionSymptom']], source: 'https://www.nhs.uk/medicines/carbimazole/' },
  // NHS atopic eczema: eczema suddenly worse with clusters of blisters or punched-out sores
  // (eczema herpeticum), or weeping and crusted (infected), needs a GP or 111 the same day.
  { kind: 'other', level: 'URGENT', hint: 'atopic-eczema', label: 'eczema that is weeping, crusted, or has clusters of blisters or punched-out sores (infected eczema or eczema herpeticum)', needs: [['eczemaWord'], ['herpeticSores', 'eczemaInfected']], source: `${NHS}atopic-eczema/` },
  { kind: 'other', level: 'URGENT', label: 'a urinary catheter that has stopped draining', needs: [['catheterBlocked']], source: `${NHS}urinary-catheters/` },
  // NHS high blood pressure: 180/120 or higher with chest pain, changed sight, a severe headache,
  // breathlessness, confusion or weakness is a 999 call; without them, a GP or 111 today (below).
  { kind: 'other', label: 'a blood pressure of 180/120 or higher with chest pain, changed vision, a severe headache, breathlessness, confusion or weakness', needs: [['bloodPressureVeryHigh'], ['chestPain', 'vision', 'visionChange', 'severeHeadache', 'thunderclap', 'breathless', 'confused', 'armWeak', 'speech']], source: `${NHS}high-blood-pressure-hypertension/` },
  { kind: 'other', level: 'URGENT', label: 'a blood pressure reading with the top number 180 or more, or the bottom number 120 or more', needs: [['bloodPressureVeryHigh']], source: `${NHS}high-blood-pressure-hypertension/` },
  { kind: 'other', level: 'URGENT', hint: 'diabetic-ketoacidosis', label: 'blood ketones of 0.6 or more in diabetes', needs: [['ketonesRaised']], source: `${NHS}diabetic-ketoacidosis/` },
  { kind: 'other', level: 'URGENT', label: 'new or increasing confusion', needs: [['newConfusion']], source: `${NHS}confusion/` },
  { kind: 'other', level: 'URGENT', label: 'a temperature with symptoms getting worse', needs: [['gettingWorse'], ['fever', 'temperature38']], source: `${NHS}fever-in-adults/` },
  { kind: 'other', level: 'URGENT', hint: 'kidney-infection', label: 'a urine infection with a temperature or pain in the side or back', needs: [['dysuria', 'loinPain'], ['fever', 'temperature38', 'loinPain'], ['dysuria', 'fever', 'temperature38']], source: `${NHS}kidney-infection/` },
  { kind: 'other', level: 'URGENT', label: 'breathlessness getting worse', needs: [['worseningBreath']], source: 'https://www.nhs.uk/symptoms/shortness-of-breath/' },
  { kind: 'other', level: 'URGENT', label: 'a wound, burn or bite that looks infected', needs: [['woundWord'], ['woundInfection']], source: `${NHS}cellulitis/` },
  { kind: 'other', level: 'URGENT', label: 'an animal or human bite', needs: [['bite']], source: `${NHS}animal-and-human-bites/` },
  { kind: 'other', level: 'URGENT', hint: 'fainting', label: 'fainting for no clear reason, or for the first time', needs: [['collapse'], ['noReason']], source: `${NHS}fainting/` },
  { kind: 'other', level: 'URGENT', label: 'a man, a child or an older person with urinary infection symptoms', needs: [['male', 'child', 'olderAge'], ['dysuria']], source: `${NHS}urinary-tract-infections/` },
  { kind: 'other', level: 'URGENT', label: 'discharge from the ear', needs: [['earDischarge']], source: `${NHS}ear-infections/` },
  { kind: 'other', level: 'URGENT', hint: 'deep-vein-thrombosis', label: 'a painful or swollen calf after a long journey, an operation or a birth (possible DVT)', needs: [['calfLeg'], ['clotRisk', 'postnatal']], source: `${NHS}deep-vein-thrombosis/` },
  { kind: 'other', level: 'URGENT', label: 'cannot put weight on an injured leg or foot', needs: [['cantBearWeight']], source: `${NHS}sprains-and-strains/` },
  { kind: 'other', level: 'URGENT', label: 'a sore, cut or ulcer on the foot in diabetes', needs: [['diabetic'], ['footProblem']], source: `${NHS}type-2-diabetes/` },
  { kind: 'other', level: 'URGENT', label: 'an infection or a temperature on medicines that weaken the immune system', needs: [['immunosuppressed'], ['infection', 'fever', 'temperature38', 'veryUnwell', 'infectionSymptom']], source: `${NHS}sepsis/` },
  { kind: 'other', level: 'URGENT', hint: 'burns-and-scalds', label: 'a burn with large blisters, or a burn or sunburn on a baby', needs: [['burnInjury', 'sunburnWord'], ['largeBlister', 'infantUnder3Months', 'infant3To6Months', 'baby']], source: `${NHS}burns-and-scalds/` },
  { kind: 'abdominal', level: 'URGENT', label: 'severe tummy pain', needs: [['severeTummy']], source: 'https://www.nhs.uk/symptoms/stomach-ache/' },
  { kind: 'pregnancy', level: 'URGENT', label: 'spotting, a new discharge, pain passing urine or a temperature in pregnancy', needs: [PREGNANT, ['spotting', 'vaginalDischarge', 'dysuria', 'temperature38', 'fever', 'rashInfection']], source: 'https://www.nhs.uk/pregnancy/' },
  { kind: 'other', level: 'URGENT', label: 'blood sugar staying high in diabetes', needs: [['diabetic'], ['highSugar', 'veryHighSugar']], source: `${NHS}type-2-diabetes/` },
  { kind: 'other', level: 'URGENT', hint: 'chickenpox', label: 'chickenpox in an adult, a young baby, in pregnancy or with a weak immune system', needs: [['chickenpox'], ['adult', 'infantUnder3Months', 'pregnant', 'immunosuppressed']], source: `${NHS}chickenpox/` },
  { kind: 'other', level: 'URGENT', hint: 'tinnitus', label: 'a whooshing or thumping in the ear in time with the heartbeat', needs: [['pulsatileTinnitus']], source: `${NHS}tinnitus/` },
  { kind: 'other', level: 'URGENT', hint: 'gallstones', label: 'yellow skin or eyes', needs: [['jaundice']], source: `${NHS}jaundice/` },
  { kind: 'other', level: 'URGENT', hint: 'shingles', label: 'a blistering rash on or around the eye (chickenpox spots on the eyelids are the exception)', needs: [['eyeRash']], except: [['chickenpox']], source: `${NHS}shingles/` },
  { kind: 'other', level: 'URGENT', hint: 'low-blood-sugar', label: 'hypos that keep happening', needs: [['hypoFrequent']], source: `${NHS}low-blood-sugar-hypoglycaemia/` },
  { kind: 'other', level: 'URGENT', hint: 'covid-19', label: 'COVID-19 in someone older or at high risk (treatments must start within days)', needs: [['covidMention'], ['olderAge', 'covidHighRisk', 'immunosuppressed']], source: `${NHS}covid-19/treatments-for-covid-19/` },
  { kind: 'other', level: 'URGENT', hint: 'headaches', label: 'a new headache with a tender scalp or jaw pain when chewing, over 50', needs: [['jawClaudication'], ['cardiacRisk']], source: `${NHS}headaches/` },
];

/** Order in which kinds are reported, and in which a condition hint is chosen. */
/**
 * What NHS guidance calls usually not serious, told with none of the signs that would make it so: a
 * considered "not 999", as a rule's documented exception is. No rule fires for it; while it stands,
 * the urgency model (which weighs words like "chest" and "pain") may not raise the message past
 * "get seen today".
 */
export interface Reassurance {
  label: string;
  needs: SignalId[][];
  /** Any of these present and the reassurance does not hold. */
  unless: SignalId[];
  source: string;
}

/** The signs of a heart attack beside chest pain (NHS heart attack): any one and the pain is not a strain. */
export const HEART_ATTACK_SIGNS: readonly SignalId[] = ['severeChest', 'vice', 'radiating', 'atypicalSite', 'sweating', 'breathless', 'faint', 'collapse', 'greyPale', 'tightPressure', 'heartAttack', 'exertion', 'palpitations'];

export const REASSURANCES: Reassurance[] = [
  // NHS chest pain: pain that is worse when the chest is pressed or the body twists is usually a
  // strained muscle or rib (the same reading answers chest pain told earlier in a conversation:
  // safety/turn.ts SUSPICIONS).
  {
    label: 'chest pain made by pressing on the spot or twisting, with no sign of a heart attack',
    needs: [['chestPain'], ['chestWallPain']],
    unless: [...HEART_ATTACK_SIGNS, 'nausea', 'cardiacRisk'],
    source: `${NHS}chest-pain/`,
  },
  // NHS migraine: urgent help is for a headache unlike the person's usual ones, or with the signs
  // of a stroke, meningitis or a bleed; the usual aura and headache of a known migraine are not.
  {
    label: "the person's usual migraine, aura and headache as always, with no sign of a stroke, meningitis or a bleed",
    needs: [['usualPattern'], ['headacheAny', 'visionChange', 'severeHeadache']],
    unless: ['thunderclap', 'faceDroop', 'armWeak', 'speech', 'confused', 'newConfusion', 'drowsyMuddled', 'stiffNeck', 'bodyFever', 'temperature38', 'headHit', 'headKnock', 'limbNeuro', 'progressiveWeakness', 'unconscious', 'childSeizure', 'vision', 'nonBlanching', 'pregnant', 'postnatal'],
    source: `${NHS}migraine/`,
  },
];

export const KIND_PRIORITY: EmergencyKind[] = [
  'suicide', 'anaphylaxis', 'airway', 'stroke', 'cardiac', 'clot', 'meningitis', 'sepsis', 'pregnancy', 'head', 'abdominal', 'other', 'child', 'breathing', 'bleeding',
];

/**
 * Conditions that are a reasonable reading of each emergency: a prediction among them keeps its
 * condition when the floor raises the severity (the hint replaces anything else).
 */
export const RELATED_CONDITIONS: Record<EmergencyKind, string[]> = {
  suicide: ['suicidal-thoughts'],
  cardiac: ['heart-attack', 'angina', 'chest-pain', 'pulmonary-embolism', 'abdominal-aortic-aneurysm', 'heart-failure', 'atrial-fibrillation'],
  stroke: ['stroke', 'subarachnoid-haemorrhage'],
  anaphylaxis: ['anaphylaxis'],
  airway: ['dental-abscess', 'quinsy', 'tonsillitis', 'anaphylaxis'],
  sepsis: ['sepsis', 'meningitis'],
  meningitis: ['meningitis', 'sepsis'],
  child: [],
  bleeding: [],
  breathing: [],
  clot: ['pulmonary-embolism', 'deep-vein-thrombosis'],
  head: ['head-injury-and-concussion'],
  pregnancy: ['ectopic-pregnancy'],
  abdominal: ['appendicitis', 'acute-pancreatitis', 'gallstones', 'kidney-stones', 'abdominal-aortic-aneurysm', 'stomach-ulcer', 'ectopic-pregnancy'],
  other: [],
};
