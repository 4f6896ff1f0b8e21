import { assessSafety } from '../../safety/index.js';
import { CARE_QUESTION } from './follow-up.js';
import { normalise } from '../../clinical/text.js';
import type { CompiledCondition, WeightedPhrase } from './conditions.js';
import { matchPhrase, PhraseIndex, stem, STOPWORDS, type Reader } from './lexicon.js';
import { CLARIFY, type Known, DIRECT } from './templates.js';

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
  /** About an animal's health: we help people; a vet helps pets. */
  | 'animal'
  /** A remark or question to the assistant itself, or a joke. */
  | 'chat'
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
  'abroad', 'holiday', 'after', 'not', 'go', 'going', 'out', 'adult', 'avoid', 'back', 'bear', 'bigger', 'bit', 'black', 'blue', 'bump', 'chuck', 'colour', 'crack', 'crawl', 'down', 'dream',
  'drink', 'drop', 'end', 'expect', 'fast', 'feed', 'flat', 'flood', 'floor', 'food', 'forget', 'give', 'goes', 'gradual', 'hear', 'hot', 'low',
  'month', 'need', 'night', 'nowhere', 'on', 'pass', 'phone', 'plan', 'pop', 'ring', 'ringing', 'rope', 'rough', 'sea', 'season', 'seasonal', 'second',
  'see', 'smell', 'space', 'spin', 'spread', 'sudden', 'sun', 'switch', 'tear', 'tilt', 'trap', 'use', 'warm', 'wash', 'week', 'weight', 'white', 'wind',
  'wipe', 'worry', 'worse', 'wrong', 'yellow', 'zone', 'mad', 'crazy', 'start', 'started', 'time', 'morning', 'day', 'game', 'match', 'play',
];
const EVERYDAY_STEMS = new Set(EVERYDAY_WORDS.map(stem));

const VAGUE =
  /\b(?:is (?:this|that|it) (?:normal|serious|bad|dangerous|worrying|ok)|medical (?:question|matter|issue|query|concern)|advice (?:regarding|about|on|re) (?:a |my |some )?(?:medical|health)|(?:need|want|like) (?:some )?advice(?: about| on)? (?:my )?(?:medication|medicine|tablets|health)|had this thing|this thing for|somethings? (?:up|wrong) with my|(?:got|have|having|had|with) (?:this|a|some) (?:thing|things) (?:with|on|in|going on)|everything aches|question about (?:my|a) (?:health|medicine|condition)|down there|problems?|issues?|unwell|ill|sick|poorly|rubbish|awful|terrible|rough|not (?:feeling )?(?:well|right|great|good|ok|okay|myself|herself|himself|100)|isnt (?:well|right)|(?:isnt|not|hasnt been|havent been|not been|not acting|not being) (?:herself|himself|themselves|myself|yourself|themself)|dont feel (?:right|good|well|great)|off|weird|strange|wrong|under the weather|coming down with|in pain|pain|hurts?|help|worried|health|symptoms?|doctor|something|(?:had|having|another) (?:a )?(?:bad|rough|terrible|awful|horrible|hard|sleepless) (?:night|day|week|morning|time)|(?:things|it|everything|stuff|life) (?:arent|isnt|are not|is not|not) (?:good|great|right|ok|okay|going well)|(?:whats|what is|what s) (?:going on|happening|wrong|up) with (?:me|him|her|them|my body)|somethings? (?:up|wrong) with (?:me|him|her|them)|can (?:this|it) wait|(?:can|could|would) (?:you|u) (?:check|tell me|see) (?:if|whether) (?:im|i am|i m|hes|he is|shes|she is|theyre|they are|my \w+ is|(?:this|it) is) (?:ok|okay|alright|all right|fine|normal|serious)|am i (?:ok|okay|alright|all right|normal|going to be (?:ok|okay|alright|all right|fine))|what (?:should|do|can|shall) (?:i|we) do|(?:need|want|would like|looking for) (?:some )?(?:medical )?(?:advice|help)|should i (?:go to|call|ring|phone) (?:a ?e|a and e|a&e|hospital|the hospital|an ambulance|999|111|the doctors?|my gp|the gp)|(?:its|it has|it s|this has) (?:happened|started|come back|flared up) again)\b/;
// Health without a symptom: how someone feels, a person who is not right, medicines and hospital
// care. Too little to triage, but never off-topic: it gets a question, not "I can only help with
// health".
const HEALTH_ADJACENT =
  /\b(?:(?:that|the same|this) thing again|feel\w*|felt|funny|crap|meh|in bits|run down|under the weather|(?:test|blood|scan) results?|(?:if|whether) (?:its|it is|this is|thats) (?:serious|bad|normal)|(?:should|do i need to|need to) (?:see|speak to|talk to) (?:someone|somebody|a doctor|a gp|anyone)|(?:not|hasnt|havent|not been|hasnt been) (?:quite )?right|not (?:quite )?(?:right|good|ok|okay|themselves)|(?:doesnt|dont|didnt) seem (?:right|ok|well|themselves)|(?:bad|happening|at it|playing up) again|check (?:me|him|her|them)(?: over| out)?|tablets?|pills?|medication|medicines?|meds|prescription|hospital|operation|surgery|discharged|appointment|gp|nurse|(?:advice|worried|question) (?:about|for|on) (?:my|our|me|him|her)|(?:summat|something) up with|acting (?:funny|strange|odd|weird|differently)|(?:mum|mom|dad|husband|wife|partner|nan|gran|grandmother|grandfather|grandma|grandad|son|daughter|baby|child|friend)s? (?:is|isnt|has|hasnt|been|seems?) (?:not |)(?:good|well|right|ok|bad|poorly|off|struggling))\b/;
// A known diagnosis or treatment is background, not a symptom: "I have diabetes and I'm worried",
// "on chemo and feel weird" still need a question before any triage.
const BACKGROUND =
  /\b(?:(?:type (?:1|2|one|two) )?diabet\w*|copd|asthma\w*|epilep\w*|heart failure|cancer|chemo\w*|radiotherapy|dementia|alzheimers|parkinsons|arthritis|warfarin|apixaban|rivaroxaban|blood thinners?|dialysis|kidney disease|ms|multiple sclerosis|hiv|immunotherapy|steroids?|insulin|(?:\d+ weeks? )?pregnant|pregnancy)\b/g;
// How someone feels, without a symptom: taken out before asking whether anything specific is left.
const FEELINGS =
  /\b(?:feel\w*|felt|funny|unsettled|grizzly|clingy|whingey|whiny|(?:isnt|not|hasnt been|not been) (?:quite )?(?:himself|herself|themselves|myself|yourself|right)|crap|meh|in bits|run down|under the weather|weird|strange|off|not (?:quite )?(?:right|good|ok|okay|well|great)|worried|unwell|ill|poorly|rough|awful|terrible|rubbish|bad)\b/;
// Care someone has had or is waiting for: a question about it is not a symptom.
const SERVICES = /\b(?:(?:blood |urine |wee )?tests?(?: results?)?|results?|scans?|x ?rays?|referral|appointment|prescription|repeat prescription|discharge letter)\b/;
const PAIN = /\b(?:pain\w*|hurts?|hurting|ache\w*|aching|sore)\b/;
// Questions and remarks to the assistant itself, and jokes: small talk, not symptoms.
const CHAT =
  /\b(?:brb|be right back|back in a (?:sec|second|minute|min|bit)|tell me a joke|just (?:saying|wanted to say|popping in to say) (?:hi|hello|hey)|(?:first time|just|only) (?:using|trying|testing) (?:this|you|it|the app|the chat)|(?:pressed|clicked|hit|tapped) the wrong (?:button|thing|link))\b|^(?:(?:haha|lol|aw+) )?(?:knock knock|are you (?:there|listening|still there|awake|ok|okay)|can you hear me|do you (?:ever|even|like|have|get)|sorry,? (?:wrong (?:chat|window|person|number)|for (?:going on|rambling|the long message|bothering you|being a (?:pain|nuisance)|all (?:the|these) questions|asking so many questions))|(?:can|could|may) i ask (?:you )?(?:something|a question|you a question)$|(?:you are|youre|your) (?:so |really |very |actually |way )?(?:great|brilliant|helpful|useless|funny|clever|smart|a star|amazing|awesome|lovely|kind|wonderful|a legend|the best|better than))\b/;
// Questions about the assistant are small talk even when they name a symptom ("do you ever get tired").
const ABOUT_YOU = /^(?:do you (?:ever|even)|are you (?:ever|always)|tell me a joke|brb|be right back|back in a (?:sec|second|minute|min|bit))\b/;
const THANKS_FIRST = /^(?:thanks|thank you|thankyou|thx|ty|cheers|ta|appreciate (?:it|that|this)|much appreciated)\b/;
const IMPROVING = /\b(?:come down|gone down|coming down|better now|settled|asleep now|sleeping now|feeling better|much better|calmer|improving|eased|keep an eye)\b/;
// A thanks that goes on to something new is not a goodbye: "thanks, but now she has a rash".
const NEW_TROUBLE = /\b(?:but|now (?:she|he|they|i) (?:has|have|is|are)|worse|also|another)\b/;
// People ask about their pets too; a vet is the right place, not our pages. A bite or scratch from
// an animal is a person's injury and goes to triage.
const ANIMAL_WORD = '(?:dog|dogs|puppy|pup|cat|cats|kitten|rabbit|hamster|guinea pig|horse|pony|budgie|parrot|tortoise|ferret|pet|pets|ewe|ewes|sheep|goats?)';
// Whose animal it is, or the animal itself opening the message ("dog ate a bar of chocolate").
const ANIMAL = new RegExp(`\\b(?:my|our|me|the) (?:\\w+ )?${ANIMAL_WORD}\\b(?! (?:walk|lead))|^(?:\\w+ )?${ANIMAL_WORD} (?:has|have|had|ate|eaten|is|keeps|swallowed|got|been|wont|cant|isnt)\\b|\\b(?:the |a )?vets?\\b`);
// "Walking the dog", "the dog's lead": where a person was, not who is ill.
const WITH_ANIMAL = /\b(?:walk\w*|out with|took) (?:the|my|our) (?:dog|dogs|puppy)\b/;
const ANIMAL_INJURY = /\b(?:bit (?:me|him|her|them|us|my|his|our|their)|bite|bitten|attacked|clawed|licked (?:my|a) (?:cut|wound)|scratched (?:me|my|him|her|them|us|our))\b/;
const GREETING = /^(?:hi+|hello+|hey+|hiya|heya|yo|howdy|greetings|good (?:morning|afternoon|evening|day)|morning|evening|afternoon)\b/;
const THANKS = /\b(?:thanks|thank you|thankyou|thx|ty|cheers|ta|much appreciated|appreciate it)\b/;
const GOODBYE = /\b(?:bye|goodbye|see you|see ya|cya|good night|goodnight|take care)\b/;
const HUMAN = /\b(?:(?:is|am) (?:this|it|that|i talking to|i speaking to) (?:a |an )?(?:actual |real )?(?:nurse|doctor|gp|person|human|bot|robot|ai|machine|computer)|are you (?:actually |really |even |just )?(?:an? )?(?:actual |real )?(?:real|human|person|bot|robot|ai|machine|computer|doctor|nurse)|am i (?:talking|speaking) to (?:a )?(?:real|human|person|bot|robot|machine))\b/;
const ABOUT = /\b(?:who are you|what are you|what can you do|what (?:can|do) you help (?:me )?with|what (?:sort of |kind of )?(?:things|stuff) (?:can|do) you (?:help|do)|how can you help|what do you do|how do(?:es)? (?:you|this|it) work|what is this|help me understand what you|your name|who (?:runs|made|owns|built|operates|is behind|created) (?:this|you|the))\b/;
// Requests that are plainly not about health: answered with what the assistant is for.
// Requests whose verb says what they are, even with body words in them ("convert 5 foot 6 into cm",
// "rate my push pull legs split").
// Questions about using services (registering, ordering, paying, work and benefits) are not symptoms.
const SERVICE_ADMIN =
  /\b(?:how (?:do|can|would) i (?:change|register|switch|order|cancel|renew|sign up|log ?in|get through to)|how much (?:is|are|does|do) (?:a |an )?(?:prescription|dental|dentist|eye test|glasses)|(?:sick|statutory sick|maternity) pay|(?:app|website|site) (?:keeps|wont|won't|isnt|is not)|logging me out|(?:pack|packing) (?:in|for) (?:my|the|a) hospital bag|hospital bag|revise for|cancel (?:my |a |the )?(?:\w+ )?membership|employment (?:law|rights)|is (?:that|it|this) (?:even )?legal)\b/;
const PLAINLY_OFF_TOPIC = /^(?:(?:can|could|would|will) (?:you|u) (?:please )?|please |help me (?:to )?|i need help to ){0,2}(?:convert|rate my|translate|sum up|summari[sz]e|(?:fill|filling) (?:in|out) (?:the|a|an|my|this|her|his) (?:\w+ ){0,3}form|(?:check|proofread|look over) my (?:cv|essay|letter|email|spelling)|write (?:me )?(?:an? |the |my )?(?:\w+ ){0,3}(?:email|message|letter|complaint|review|poem|essay|cv|story|song|speech|card))\b|\b(?:recipes?|(?:ideas|suggestions) for (?:a |an |some )?(?:\w+ ){0,3}(?:pudding|cake|dinner|meal|meals|soup|lunch|breakfast|snacks?|dessert|menu)|(?:set|setting) (?:up )?(?:a |some )?reminders?|how (?:long|do i) (?:do i )?(?:boil|cook|bake|roast)|workout plan|training plan|gym (?:split|plan|routine)|into (?:cm|metres|meters|kg|stone|pounds|feet|inches)|under £|for less than £|£\d+|pension|(?:still )?open near me|help with my (?:\w+ )?homework|best time to (?:plant|sow|prune|visit|buy|book|sell)|(?:my )?landlord|deposit back|fishing (?:line|rod|tackle|bait)|universal credit|benefits? (?:claim|form|office)|council tax|block (?:a|this|that) number|scam calls?|(?:my|the) phone (?:settings|screen|wont|keeps)|how many steps|stay fit|get fit|lose weight for|spelling mistakes?)\b/;
const OFF_TOPIC =
  /\b(?:convert|conversion|how many (?:\w+ )?in an? |workout plan|training plan|gym (?:split|plan|routine)|rate my|(?:my|the) (?:car|van|bike|boiler|laptop|phone|washing machine|engine) (?:is|keeps|makes|wont|won't)|write (?:me )?(?:an? |the |my )?(?:\w+ )?(?:email|message|letter|complaint|review)|recipes?|cook(?:ing)? (?:a|the|some)|bake|homework|maths?|algebra|equation|essay|(?<!under the )weather|forecast|football|premier league|match|score|fixtures?|holiday|weekend away|trip to|travel|hotel|flights? to|train times|write (?:me )?(?:an? |the |my )?(?:email|message|letter|cover letter|poem|story|cv|speech|essay|text)|cover letter|poem|joke|song|lyrics|film|movie|tv|netflix|code|coding|program(?:ming)?|python|javascript|excel|spreadsheet|translate|capital of|directions|shopping|buy|price of|stock market|crypto|bitcoin|news|election|quiz|crossword|wordle|restaurant|pub|mortgage|tax|car insurance|takeaways? (?:open|near|nearby|deliver\w*|that)|garden(?:ing)?|allotment|fishing|landlord|tenancy|plan (?:a|my|our) (?:weekend|trip|holiday|party|wedding|day))\b/;
// Saying one feels unwell makes a message about health whatever else it mentions ("feeling off
// after holiday", "was sick on holiday").
const UNWELL = /\b(?:(?:feel\w*|felt) (?:\w+ )?(?:off|ill|unwell|poorly|rough|rubbish|awful|terrible|weird|strange|funny|sick|bad|crap|not right|not well)|not (?:feeling )?(?:well|right)|(?:been|being|was|were|is|keeps? being|kept being) sick)\b/;
const ACKNOWLEDGE = /^(?:ok+|okay|k|kk|lol|haha+|cool|great|nice|alright|sure|fine|got it|right|noted|hmm+|yes|no|yep|nope|yeah)\b/;
// Health words that do not always appear as page phrases ("my knee hurts", "a lump").
const MEDICAL =
  /\b(?:rash|lump|swell\w*|swollen|bleed\w*|blood(?! tests?\b)|cough\w*|fever\w*|temperature|temp|vomit\w*|diarrh\w*|dizz\w*|headache|migraine|itch\w*|spots?|breath\w*|chest|throat|ears?|eyes?|tummy|stomach|belly|neck|legs?|arms?|knee|ankle|wrist|foot|feet|hands?|tooth|teeth|gums?|skin|wee|pee|poo|periods?|pregnan\w*|infection|nose|sneez\w*|burn\w*|bite|sting|stung|sore|numb\w*|tingl\w*|faint\w*|tired|exhausted|insomnia|anxious|anxiety|panic\w*|depress\w*|blister\w*|head|back pain|backache|nausea|nauseous|cramps?|bloated|constipat\w*|discharge|lumps?|shaking|shivering|palpitations?|heart|heels?|ribs?|pelvis|fingers?(?! on it)|thumbs?|toes?|(?:finger|toe)?nails?|eyelids?|lips?|mouth|tongue|face|cheeks?|jaw|shoulders?|hips?|elbows?|bum|bottom|groin|armpits?|bowels?|splinters?|verrucas?|warts?|styes?|boils\b|an? boil|cysts?|graze\w*|cuts?|bruis\w*|sprain\w*|memory|voice|croaky|hoarse|\w*worms|scabies|lice|nits|condom|contracepti\w*|morning after pill|(?:blood|my|his|her|their) sugars?|sugars? (?:levels?|readings?|(?:is|are|was|were|went|have been) (?:high|low|up|down|\d))|ketones|glucose|needle|(?:car|travel|sea|motion) sick\w*|seasick\w*|carsick\w*|hangover|nappy rash|rash|(?:been|being|was|keeps? being|kept being) sick|sick (?:up|everywhere)|throwing up|threw up|nappies|nappy|chaf\w*|thighs?|(?:room|everything|world|head)(?: \w+){0,2} spin\w*|swallow\w*|(?:missed|forgot|forgotten) (?:my|the|a|her) pill|(?:went|gone|going|running) (?:a bit |quite |really |very )?(?:low|high)|jaundice\w*|(?:looks?|gone|going|turned|turning|is|still) (?:a bit |quite |very |really )?yellow|insulin|ran out of (?:my |his |her )?(?:\w+ )?(?:tablets|medication|meds|insulin|inhaler|pills)|snor\w*|moles?|cradle cap|stitch\w*|scratch\w*)\b/;
// A body part named and nothing said about it ("my back", "its his ankles again"): ask what is wrong.
const BODY_PART_ONLY =
  /^(?:(?:its|it s|it is|my|his|her|their|the|our|me|both|left|right|again|still|and|of|thing|problem|issue|with|this|that)\s+)*(?:back|neck|knees?|ankles?|feet|foot|legs?|arms?|hips?|shoulders?|head|tummy|stomach|belly|chest|ears?|eyes?|throat|hands?|wrists?|elbows?|toes?|fingers?|skin|teeth|tooth|mouth|bum|bottom|joints?|waterworks|bowels?)(?:\s+(?:again|still|now|too|thing|problem|issue|playing up))*$/;
// Saying one is well, with nothing wrong told: small talk ("feeling fine today touch wood, how are you").
const WELL =
  /(?<!\b(?:not|dont|never|isnt|hardly|barely) )\b(?:(?:feel\w*|im|i am|i m) (?:loads |much |a lot |so |really |very |absolutely |totally )?(?:better|great|fine|good|grand|brilliant|champion|well)|(?:(?:im|i am|i m) )?not (?:ill|sick|unwell|poorly))\b/;
const FOLLOW_UP = /\b(?:it|its|still|also|now|since|worse|better|same|serious|bad|severe|mild|days?|weeks?|months?|hours?|yesterday|today|yes|yeah|no|nope|not|started|hurts?|pain|sore|old|aged|years?)\b|\d/;
const BRIEF_MAX_SPECIFICITY = 0.32;
const BRIEF_MAX_WORDS = 4;
// Anything that adds detail: a time, a number, a body part on top of the symptom, a qualifier.
// "something up with my knee" names a place, not a detail.
const SOMETHING_WITH = /\b(?:somethings?|summat|sumthing|somethin) (?:up|wrong|going on|not right) with\b/g;
const DETAIL = /\d|\b(?:since|for|days?|weeks?|months?|hours?|years?|yesterday|today|tonight|morning|night|when|after|before|and|with|but|really|very|severe|bad|worse|sudden\w*)\b/;
const CHILD = /\b(?:child|children|kid|kids|baby|son|daughter|toddler|little one|boy|girl)\b/;
const SOMEONE_ELSE = /\b(?:mum|mom|mother|dad|father|husband|wife|partner|friend|nan|gran|grandma|grandad|grandpa|brother|sister|neighbour|he|she|him|her)\b/;

export interface Router {
  /** `answersQuestion`: the message replies to the engine's own yes/no question. */
  classify(text: string, previousUserMessages: string[], answersQuestion?: boolean): MessageKind;
  /** The text names symptoms the pages list (or an emergency), had or denied. */
  describesSymptoms(text: string): boolean;
  /**
   * The text tells symptoms the person has (or an emergency): "no fever, no shivering" talks about
   * symptoms but tells none, so it answers the complaint before it rather than starting another.
   */
  tellsSymptoms(text: string): boolean;
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
  const index = new PhraseIndex();
  /** How specific the most specific page phrase in the text is, or null when none matches. */
  // Negated phrases count too unless `had` is asked for: "no fever" is still talk about symptoms.
  const strongest = (text: string, had = false): number | null => {
    const clauses = reader.read([text]);
    let best: number | null = null;
    for (const p of index.couldMatch(phrases, clauses)) {
      const m = matchPhrase(p, clauses);
      if (m?.quality === 1 && !(had && m.negated)) best = Math.max(best ?? 0, p.specificity);
    }
    return best;
  };
  const describesSymptoms = (text: string): boolean => assessSafety(text).emergency || strongest(text) !== null;
  const tellsSymptoms = (text: string): boolean => assessSafety(text).emergency || strongest(text, true) !== null;
  const medical = (text: string) => describesSymptoms(text) || MEDICAL.test(normalise(text));
  // Short, one common symptom, no time or detail: "I have a rash", "headache", "tired all the time".
  const brief = (t: string, specificity: number) =>
    specificity < BRIEF_MAX_SPECIFICITY && t.split(/\s+/).filter((w) => w && !STOPWORDS.has(w)).length <= BRIEF_MAX_WORDS && !DETAIL.test(t.replace(SOMETHING_WITH, ' '));

  // What is left when the known diagnoses and the feeling words are taken out names no symptom:
  // "dad has copd and is not good", "feel a bit under the weather".
  const onlyBackground = (t: string): boolean => {
    if (MEDICAL.test(t) || PAIN.test(t) || !(FEELINGS.test(t) || SERVICES.test(t))) return false;
    const rest = t.replace(BACKGROUND, ' ').replace(new RegExp(FEELINGS.source, 'g'), ' ').replace(new RegExp(SERVICES.source, 'g'), ' ');
    return strongest(rest) === null;
  };
  return {
    describesSymptoms,
    tellsSymptoms,
    classify(text, previousUserMessages, answersQuestion = false) {
      const t = normalise(text).trim();
      if (answersQuestion) return 'followUp';
      const followsSymptoms = previousUserMessages.some(medical);
      if (assessSafety(text).emergency) return 'symptoms';
      if (ANIMAL.test(t) && !ANIMAL_INJURY.test(t) && !WITH_ANIMAL.test(t)) return 'animal';
      if (CHAT.test(t) && (!MEDICAL.test(t) || ABOUT_YOU.test(t))) return 'chat';
      // A plain non-health request, before page phrases can misread it ("flights to Spain" is no sprain).
      if (PLAINLY_OFF_TOPIC.test(t) || ((OFF_TOPIC.test(t) || SERVICE_ADMIN.test(t)) && !MEDICAL.test(t) && !UNWELL.test(t))) return 'offTopic';
      // "thank you, her temperature has come down": a closing thanks, not new symptoms.
      if (THANKS_FIRST.test(t) && (IMPROVING.test(t) || !MEDICAL.test(t)) && !NEW_TROUBLE.test(t)) return 'thanks';
      if (!followsSymptoms && BODY_PART_ONLY.test(t)) return 'vague';
      // (No emergency here: that returned above; so "tells no page phrase" is all describesSymptoms would add.)
      const specificity = strongest(text);
      if (!followsSymptoms && specificity === null && WELL.test(t) && !MEDICAL.test(t) && !PAIN.test(t) && !NEW_TROUBLE.test(t)) return 'chat';
      if (specificity !== null && !followsSymptoms && onlyBackground(t)) return 'vague';
      if (specificity !== null) return !followsSymptoms && brief(t, specificity) ? 'brief' : 'symptoms';
      // "ok", "yes" on their own, not answering a question of ours: nothing new to triage.
      if (ACKNOWLEDGE.test(t) && t.split(/\s+/).length <= 2) return 'acknowledge';
      if (THANKS.test(t)) return 'thanks';
      if (GOODBYE.test(t)) return 'goodbye';
      if (HUMAN.test(t)) return 'human';
      if (ABOUT.test(t)) return 'about';
      if (MEDICAL.test(t)) return !followsSymptoms && brief(t, 0) ? 'brief' : 'symptoms';
      // "can I take ibuprofen?", "can he go to school tomorrow?", "is it catching?": a question
      // about the complaint already described is answered in its context, at its level.
      if (followsSymptoms && (FOLLOW_UP.test(t) || CARE_QUESTION.test(t))) return 'followUp';
      // "good morning doctor": a greeting that names who it greets.
      if (GREETING.test(t) && t.split(/\s+/).length <= 4) {
        // "hi, health issue" says why they came: ask what it is, as for any vague message.
        const withoutWhom = t.replace(/\b(?:doctor|doc|nurse|gp)\b/g, '');
        if (!HEALTH_ADJACENT.test(withoutWhom) && !VAGUE.test(withoutWhom.replace(GREETING, ''))) return 'greeting';
      }
      if (VAGUE.test(t) || HEALTH_ADJACENT.test(t)) return 'vague';
      if (GREETING.test(t)) return 'greeting';
      if (ACKNOWLEDGE.test(t)) return 'acknowledge';
      return 'offTopic';
    },
  };
}

export function directReply(kind: DirectKind): string {
  return DIRECT[kind];
}

/** The clarifying question, shaped by who the message is about (and whether a symptom was named); it never asks for what is known. */
export function clarifyingQuestion(text: string, kind: 'vague' | 'brief' = 'vague', known?: Known): string {
  const t = normalise(text);
  if (CHILD.test(t)) return CLARIFY.child(known);
  if (kind === 'brief') return CLARIFY.brief(known);
  if (SOMEONE_ELSE.test(t)) return CLARIFY.other(known);
  if (/\b(?:pain|hurts?|ache|aching|sore)\b/.test(t)) return CLARIFY.pain(known);
  return CLARIFY.adult(known);
}
