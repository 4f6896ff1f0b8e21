/**
 * The one table of context modifiers (after ConText, Harkema et al. 2009, and medspaCy's
 * `context` rules): every cue that changes what a found phrase says about the person, with its
 * category, the direction it reaches and how far. Nothing else in the code writes a negation,
 * fear, question or past-time cue of its own.
 *
 * Categories, and what the rules make of them (`Assertion` in findings.ts):
 * - NEGATED: "no chest pain", "hasnt been sick", "breathing is fine" (the sign is absent).
 * - POSSIBLE: "I think", "might be", "not sure if" (still counts for a 999 sign).
 * - HYPOTHETICAL: asked about or imagined: "what are the signs of", "what if he gets", "should I
 *   call 999 if" (never evidence).
 * - FEARED: "terrified it's meningitis", "scared my lips will go blue" (never evidence).
 * - HISTORICAL: "last year", "years ago", "as a child" (not now).
 * - OTHER: someone else's past: "my dad died of", "family history of" (not the person's).
 *
 * Directions follow ConText: FORWARD cues reach the words after them, BACKWARD the words before,
 * BIDIRECTIONAL both; a scope ends at a terminator, at the end of a clause ("but", a full stop),
 * or after `maxScope` words.
 */

export type ModifierCategory = 'NEGATED' | 'POSSIBLE' | 'HYPOTHETICAL' | 'FEARED' | 'HISTORICAL' | 'OTHER';
export type Direction = 'FORWARD' | 'BACKWARD' | 'BIDIRECTIONAL';

export interface ModifierRule {
  category: Exclude<ModifierCategory, 'NEGATED'>;
  direction: Direction;
  /** Over normalised clause text (lower case, contractions folded: "cant", "im", "its"). */
  pattern: RegExp;
  /** Words the scope reaches at most (default: to the clause's end or a terminator). */
  maxScope?: number;
  /** Only in a clause that ended with a question mark (the words alone could be a statement). */
  questionOnly?: boolean;
  /**
   * Only over a phrase that names a condition: "scared of meningitis" fears the illness, while
   * "scared of this rash" has the rash (see `Signal.namesCondition`).
   */
  namesOnly?: boolean;
  /** Why the cue exists, shown in staff traces. */
  note: string;
}

// With the contracted forms as typed without apostrophes ("shes going to", "im going to").
const PERSON = '(?:i|he|she|they|it|we|you|hes|shes|theyre|youre|im|my \\w+|his \\w+|her \\w+|the baby|baby)';
const WILL = '(?:will|might|could|may|would|is going to|are going to|going to|gonna|ll)';
const DEVELOP = '(?:get|gets|got|develop|develops|start|starts|begin|begins|become|becomes|go|goes|turn|turns|has|have|had|show|shows|end up|ends up|stop|stops|were|was)';

/** People other than the writer, as they are named: "my cousins boy", "her flatmate", "our neighbour". */
const RELATION =
  '(?:mum|mom|mother|dad|father|brother|sister|nan|nana|nanna|gran|granny|grandma|grandad|grandpa|grandfather|grandmother|uncle|aunt|auntie|aunty|cousin|friend|mate|neighbour|neighbor|colleague|boss|husband|wife|partner|boyfriend|girlfriend|fiance|fiancee|son|daughter|boy|girl|lad|kid|child|baby|flatmate|housemate|niece|nephew|stepdad|stepmum)';

/** Cues other than negation: each writes one way people talk about a sign they do not have now. */
export const MODIFIERS: readonly ModifierRule[] = [
  // ---- asked about or imagined
  { category: 'HYPOTHETICAL', direction: 'FORWARD', pattern: /\b(?:what|which) (?:are|is|r) (?:the )?(?:signs?|symptoms?|warning signs?|red flags?)\b/, note: 'a general question about signs' },
  // Not "showing signs of a stroke", "has all the symptoms of": signs told as the person's.
  {
    category: 'HYPOTHETICAL',
    direction: 'FORWARD',
    pattern: /\b(?<!(?:showing|shows|show|has|have|had|having|got|with|displaying|all the|classic|obvious|definite|clear|definitely|def) )(?:signs?|symptoms?|warning signs?|red flags?) (?:of|to (?:look|watch) (?:out )?for|that)\b/,
    note: 'signs asked about, or what a sign can mean in general ("can be a sign of")',
  },
  // "stiff neck is a meningitis sign isnt it": the condition named as what a sign can mean (not
  // "i have meningitis symptoms", "classic heart attack signs").
  {
    category: 'HYPOTHETICAL',
    direction: 'BACKWARD',
    pattern: /\b(?<!\b(?:showing|shows|show|has|have|had|having|got|with|displaying|all the|classic|obvious|definite|clear|definitely|def) (?:\w+ ){0,2})(?:sign|signs|symptom|symptoms)\b/,
    maxScope: 3,
    namesOnly: true,
    note: 'a condition named as what a sign can mean',
  },
  { category: 'HYPOTHETICAL', direction: 'FORWARD', pattern: /\bwhat (?:if|happens if|should i do if|do i do if|to do if)\b/, note: 'a what-if question' },
  // Not "when": "when she has a coughing fit she goes blue" tells what happens, not what might.
  { category: 'HYPOTHETICAL', direction: 'FORWARD', pattern: new RegExp(`\\b(?:if|in case|incase|just in case) ${PERSON} (?:ever |suddenly |then |also )?${DEVELOP}\\b`), note: 'a condition that may come' },
  { category: 'HYPOTHETICAL', direction: 'FORWARD', pattern: /\b(?:should|do|would|when should|when do|at what point (?:should|do)) (?:i|we|you) (?:call|ring|phone|go|worry|be worried|get (?:help|seen)|take (?:him|her|them))\b[^.]{0,40}\b(?:if|when)\b/, note: 'asking when to seek help' },
  { category: 'HYPOTHETICAL', direction: 'FORWARD', pattern: /\bhow (?:do|would|can|could|will) (?:i|you|we|one) (?:know|tell|spot|recognise|recognize)\b/, note: 'asking how to recognise' },
  { category: 'HYPOTHETICAL', direction: 'FORWARD', pattern: /\b(?<!\b(?:my|his|her|their|the|smart|apple|fitness|a) )(?:watch|look|keep an eye|be on the lookout|keep a lookout|look out) (?:out )?for\b/, note: 'safety-netting advice about what may come (not "160 on my watch for an hour")' },
  { category: 'HYPOTHETICAL', direction: 'FORWARD', pattern: /\b(?:told|said|advised|asked) (?:me |us |him |her )?to (?:call|ring|phone|go|come back|get|seek|return)(?: \w+){0,4} (?:if|when|should)\b/, note: 'advice to return if something happens' },
  { category: 'HYPOTHETICAL', direction: 'FORWARD', pattern: /\b(?:is it true|can you get|can (?:a|an) \w+ cause|does \w+ cause|is \w+ a sign)\b/, note: 'a general question' },
  // Questions about what a sign or condition is like, what it leads to, or when to worry: the
  // words asked about are in the question ("what does a kidney stone feel like", "can tonsillitis
  // turn into quinsy", "how long should a cut bleed before", "when is a stiff neck serious"). Not
  // "what does it mean when my face feels numb": a question about the person's own sign.
  { category: 'HYPOTHETICAL', direction: 'FORWARD', pattern: /\bwhat (?:does|do|would|did) (?:a |an |the )?(?:(?!mean\b|when\b|my\b|his\b|her\b|it\b|this\b|that\b)\w+ ){1,4}(?:feel|look|feels|looks) like\b/, note: 'asking what a sign or condition is like' },
  { category: 'HYPOTHETICAL', direction: 'FORWARD', pattern: /\b(?:can|could|does|do|will|would) (?:a |an |the )?\w+(?: \w+)? (?:turn into|lead to|develop into|go on to|progress to|become)\b/, maxScope: 6, note: 'asking what a condition can lead to' },
  { category: 'HYPOTHETICAL', direction: 'FORWARD', pattern: /\bhow long (?:should|can|does|do|would|will|before)\b/, note: 'asking how long before it matters' },
  { category: 'HYPOTHETICAL', direction: 'FORWARD', pattern: /\bwhen (?:is|are) (?:a |an |the )?\w+/, maxScope: 10, note: 'asking when a sign matters' },
  // "ill get sepsis", "he could end up with meningitis": a condition predicted, by name; not a sign
  // told in the future ("feel like ill pass out" is a sign now).
  { category: 'HYPOTHETICAL', direction: 'FORWARD', pattern: /\b(?:ill|hell|shell|theyll|youll|(?:i|he|she|they|it|you|we) (?:will|might|could|may|would)) (?:get|develop|end up with|catch|go into)\b/, maxScope: 5, namesOnly: true, note: 'a condition predicted' },
  // ---- feared: the sign or condition is what the person is afraid of, not what they have
  { category: 'FEARED', direction: 'FORWARD', pattern: new RegExp(`\\b(?:scared|afraid|terrified|frightened|petrified|paranoid|worried|worrying|panicking|anxious|fear|fearing|convinced|nervous|freaking out|freaked out|panicked)(?: \\w+){0,2}? (?:that |about |of )?(?:its|it is|it was|this was|that was|it could be|it might be|it may be|this is|this could be|thats|that its|its going to be|its gonna be|${PERSON} ${WILL}|(?:ill|hell|shell) (?:get|start|go|have|end up|develop|be)|${PERSON} (?:has|have|had|is having|am having|im having|might have|could have|has got|have got|got)|(?:getting|having|developing|catching|it being|it turning into|it becoming))\\b`), maxScope: 8, note: 'a named fear' },
  { category: 'FEARED', direction: 'FORWARD', pattern: /\b(?:scared|afraid|terrified|frightened|petrified|paranoid|worried|worrying|panicking|panicked|panicky|anxious|fear|fearing|freaking out|freaked out|nervous|obsessed|obsessing) (?:about|of|over) (?:(?:it being|getting|having|catching|developing) )?(?:a |an |the )?/, maxScope: 4, namesOnly: true, note: 'a fear of a named illness' },
  { category: 'FEARED', direction: 'FORWARD', pattern: /\b(?:googled|google says|dr google|read (?:online|on the internet|that|about)|(?:ive|i have|i|just|id) read|looked (?:it )?up|searched online|online (?:it )?says|the internet says|tiktok)\b/, maxScope: 12, note: 'something read, not something had' },
  {
    category: 'FEARED',
    direction: 'FORWARD',
    pattern: /\b(?:saw|seen|see|looked at|looking at|watched|watching|read|reading) (?:some |a |the |an |loads of |lots of )?(?:pictures?|photos?|pics|images|videos?|posts?|articles?|stories|story|threads?|documentary|programme|program|something|stuff) (?:of|about|on|online|saying|that)\b/,
    maxScope: 8,
    note: 'something seen, not something had ("saw pictures of meningitis rash")',
  },
  { category: 'FEARED', direction: 'FORWARD', pattern: /\b(?:it|google|the internet|the results?|everything|all|that) (?:came|comes|come|keeps coming) up(?: with)?\b/, maxScope: 6, note: 'a search result ("googled it and it came up leukaemia"), not something had' },
  // "typed rash into google and sepsis came up": what a search gave back, not what the person has.
  { category: 'FEARED', direction: 'FORWARD', pattern: /\b(?:typed|put|entered|searched|looked up) (?:\w+ ){1,4}(?:into|in|on) (?:google|the internet|chatgpt|an app|the nhs app|tiktok)\b/, maxScope: 6, note: 'a search, and what it gave back' },
  // "my mum says it could be a mini stroke", "my flatmate keeps saying stiff neck means meningitis":
  // another lay person's guess at a diagnosis (not a doctor's: "the GP said it's shingles" is told as the person's).
  {
    category: 'FEARED',
    direction: 'FORWARD',
    pattern: new RegExp(`\\b(?:(?:my|his|her|our) (?:\\w+s )?${RELATION}s?|people|everyone|they|google|the internet) (?:says?|said|thinks?|thought|reckons?|keeps? saying|kept saying|is saying|are saying|told me|keeps? telling me)\\b`),
    maxScope: 8,
    namesOnly: true,
    note: "someone else's guess at what it is",
  },
  // "am i having a heart attack", "is he getting sepsis": the person asks whether it is a named condition.
  { category: 'FEARED', direction: 'FORWARD', pattern: /\b(?:am i|is (?:he|she|it|this|my \w+)|are (?:we|they|you sure)) (?:having|getting|developing|going to (?:have|get|develop)|gonna (?:have|get)|in|going into)\b/, maxScope: 4, namesOnly: true, note: 'asking whether it is a named condition' },
  // "stiff neck means meningitis right??": a named condition checked as a question.
  { category: 'FEARED', direction: 'BACKWARD', pattern: /\b(?:right|yeah|isnt it|innit|surely)$/, maxScope: 3, questionOnly: true, namesOnly: true, note: 'a named condition put as a question' },
  // "every time i swallow im convinced my throat is closing": a belief the person holds, told as one.
  { category: 'FEARED', direction: 'FORWARD', pattern: /\b(?:im|i am|i m|hes|shes|i was|he was|she was|i get|i keep getting|i got) (?:\w+ )?convinced\b/, maxScope: 8, note: 'a conviction, not a sign told' },
  { category: 'FEARED', direction: 'FORWARD', pattern: /\b(?:cant stop|keep|kept|been) (?:thinking|worrying|reading|googling|researching|obsessing)(?: (?:about|that|up on|on|if|whether))?\b/, maxScope: 8, note: 'a thought the person cannot leave alone' },
  { category: 'FEARED', direction: 'FORWARD', pattern: /\b(?:could (?:it|this|that) be|might (?:it|this) be)\b/, maxScope: 6, note: 'asking whether it is a named condition' },
  // "is this anaphylaxis starting??": only as a question ("it is a rash that spreads" is not one).
  {
    category: 'FEARED',
    direction: 'FORWARD',
    pattern: /^(?:\w+ )?(?:is|iz) (?:it|this|that) (?:maybe |possibly |actually |just )?(?:a |an )?(?!(?:normal|ok|okay|fine|serious|bad|common|safe|worth|something|anything|possible|likely|contagious|catching|dangerous|urgent|an emergency|worrying|concerning|usual|related|because)\b)/,
    maxScope: 4,
    questionOnly: true,
    // Not "is that normal?", "is it serious?": asking about the person's own sign, whose words still count.
    note: 'asking whether it is a named condition',
  },
  { category: 'FEARED', direction: 'FORWARD', pattern: /\b(?:rule out|ruled out|make sure (?:its|it is|it isnt|its not)|check (?:its|it isnt|its not|for))\b/, maxScope: 6, note: 'asking to exclude a condition' },
  { category: 'FEARED', direction: 'BACKWARD', pattern: /\b(?:with|from|for) (?:worry|worrying|stress|anxiety|nerves|panic|fear|crying)\b/, maxScope: 4, note: 'said of the worry, not the body ("cant breathe with worry")' },
  // ---- someone else, in the past
  { category: 'OTHER', direction: 'FORWARD', pattern: /\b(?:family history of|history of \w+ in (?:the|my) family|(?:my|his|her|our) (?:mum|mom|mother|dad|father|brother|sister|nan|gran|grandma|grandad|grandfather|grandmother|uncle|aunt|auntie|cousin|friend|neighbour|colleague)s? (?:died|passed away|passed)(?: of| from| with)?|(?:a |my )?friends (?:mum|dad|son|daughter|husband|wife|baby)|someone i know|a friend of (?:mine|a friend)|a colleague)\b/, maxScope: 8, note: 'someone else, or a death in the family' },
  { category: 'OTHER', direction: 'BACKWARD', pattern: /\bruns in (?:the|my|our|his|her) family\b/, maxScope: 8, note: 'family history' },
  // "watched that footballer collapse on tv", "saw a man have a fit": an event seen happen to a stranger.
  { category: 'OTHER', direction: 'FORWARD', pattern: /\b(?:watched|saw|seen|watching|seeing) (?:a|an|the|that|this|some) (?:\w+ )?(?:footballer|player|man|woman|person|guy|bloke|lady|someone|somebody|celebrity|actor|stranger|people|runner|athlete)\b/, maxScope: 6, note: 'an event seen happen to someone else' },
  // "sepsis like my nan had", "a stroke like his dad did": the illness and the person named are another's.
  { category: 'OTHER', direction: 'BACKWARD', pattern: new RegExp(`\\blike (?:my|his|her|our|their|a) ${RELATION}s? (?:did|had|has|does|got|was|went)\\b`), maxScope: 6, note: 'likened to another person\'s illness' },
  // (Another person's illness told beside the person's own complaint is a sentence-level reading:
  // see OTHERS_ILLNESS below.)
  // ---- long ago (recent past still counts: a mini-stroke this morning is urgent)
  {
    category: 'HISTORICAL',
    direction: 'BIDIRECTIONAL',
    pattern: /\b(?:last year|(?:a|one|two|three|four|five|few|several|many|\d+) years? ago|years ago|(?:a|one|two|three|four|five|six|few|several|\d+) months ago|last month|as a (?:child|kid|baby|teenager)|when (?:i|he|she|they) (?:was|were) (?:younger|little|a child|a kid|small|a baby|pregnant with)|in the past|years back|back in (?:19|20)\d\d|in (?:19|20)\d\d|(?:once|twice) before|used to)\b/,
    maxScope: 10,
    note: 'long ago',
  },
  // ---- possible (still evidence: an emergency sign the person is unsure of counts)
  { category: 'POSSIBLE', direction: 'FORWARD', pattern: /\b(?:i think|think (?:its|it is|i have|ive got|he has|she has)|maybe|possibly|probably|might be|may be|could be|not sure (?:if|whether)|i wonder if|perhaps|seems like|looks like)\b/, maxScope: 6, note: 'unsure' },
  { category: 'POSSIBLE', direction: 'FORWARD', pattern: /\bor (?:even|maybe|possibly|worse)\b/, maxScope: 3, note: 'the next guess in a list ("an sti or even cancer")' },
];

// ---- someone else's illness, told beside the person's own complaint (a sentence-level cue)

/**
 * A sentence whose subject is someone else, told in the past: "my cousins boy had noisy breathing
 * with croup", "my husband went weak down one side with his stroke". It is OTHER only beside a
 * complaint of the person's own in the same message (`OWN_COMPLAINT`), with a different subject:
 * alone, "my husband went weak down one side" is about the husband, the person the message is for.
 * Group 1 is the person named.
 */
/** Words that hand the sentence to another subject or teller ("my wife says i had a fit": the writer's fit). */
const NOT_THEIRS = '(?:i|im|ive|me|my|you|we|says|said|thinks|thought|reckons|told|tells|asked|noticed|saw)\\b';
export const OTHERS_ILLNESS = new RegExp(`^(?:and |also |so )?(?:my|his|her|our) (?:\\w+s )?(${RELATION})s? (?:(?!${NOT_THEIRS})\\w+ ){0,4}?(?:had|was|were|went|got|said|tried|needed|ended up|collapsed|nearly|almost|spent|used to)\\b`);
/** A complaint of the person's own, now: "i have", "ive got", "im", "mine is", "my son has". Group 1: the "my ..." subject. */
export const OWN_COMPLAINT = /^(?:and |also |so |now |today |just )?(?:i have|i got|ive|im|i feel|i keep|i just|mine|me|my ((?:\w+ ){1,3}?)(?:is|has|have|keeps|feels|seems|looks|just|got|now|still))\b/;
/**
 * A sentence that goes on about someone already named ("shes now vomiting"), or the named one's
 * present told in the same sentence ("my son got a shock off a wire, hes got a burn"): the named
 * one is the patient.
 */
export const CONTINUES_THIRD_PERSON = /^(?:and |also |so |now |then )?(?:he|she|hes|shes|they|theyre|him|her)\b/;
export const THIRD_PERSON_NOW = /\b(?:hes|shes|theyre|(?:he|she|they) (?:is|has|have|keeps|seems|looks|cant|wont|feels))\b/;
/** Words that fill a complaint of worry alone ("im freaking out", "im so scared"): no complaint of the body. */
export const WORRY_FILLER: ReadonlySet<string> = new Set(['so', 'really', 'very', 'a', 'bit', 'abit', 'out', 'totally', 'just', 'now', 'about', 'it', 'this', 'all', 'and', 'proper', 'quite']);

/**
 * Words that end a modifier's reach inside a clause (ConText's TERMINATE rules): a new statement
 * about now, or a reason. "dad had a heart attack last year and now he has crushing chest pain".
 */
export const TERMINATORS: ReadonlySet<string> = new Set([
  'now', 'today', 'tonight', 'currently', 'because', 'cos', 'so', 'which', 'since', 'yesterday', 'whereas', 'anyway', 'then', 'still',
]);

/** After "and" or a comma, these words start a new statement that a cue before them does not reach. */
export const NEW_STATEMENT: ReadonlySet<string> = new Set([
  'i', 'im', 'ive', 'my', 'it', 'its', 'he', 'she', 'hes', 'shes', 'they', 'we', 'have', 'has', 'been', 'got', 'now', 'then', 'also', 'this',
  'there', 'theres', 'the', 'feel', 'feeling', 'am', 'is',
]);

// ---- negation: the cues, the hedges that look like cues, and the words that deny after a phrase

/** Cues that negate what follows them ("no fever", "hasnt been sick", "without a rash"). */
export const NEGATION_CUES: ReadonlySet<string> = new Set([
  'no', 'not', 'without', 'never', 'denies', 'deny', 'nor', 'neither', 'none', 'dont', 'doesnt', 'didnt',
  'isnt', 'arent', 'wasnt', 'werent', 'hasnt', 'havent', 'hadnt', 'aint', 'nothing', 'nowhere',
]);

/** "not sure if", "no idea whether" hedge rather than deny: ConText's pseudo-modifiers. */
export const PSEUDO_NEGATIONS: readonly (readonly string[])[] = [
  ['not', 'sure'], ['not', 'certain'], ['no', 'idea'], ['not', 'only'], ['not', 'just'], ['dont', 'know'],
  ['no', 'doubt'], ['not', 'stopped'], ['never', 'had', 'this'], ['never', 'felt', 'like'], ['never', 'been', 'this'],
  ['nothing', 'helps'], ['not', 'helping'], ['no', 'better'], ['not', 'better'], ['not', 'improving'], ['no', 'change'],
  ['not', 'getting', 'better'], ['doesnt', 'help'], ['didnt', 'help'], ['not', 'going', 'away'], ['wont', 'go'],
  // "the spray hasnt helped the chest pain": the treatment failed, the symptom is there.
  ['hasnt', 'helped'], ['havent', 'helped'], ['not', 'helped'], ['hasnt', 'touched'], ['not', 'touched'], ['didnt', 'touch'],
  ['hasnt', 'worked'], ['didnt', 'work'], ['not', 'working'], ['isnt', 'helping'], ['not', 'relieved'], ['hasnt', 'eased'],
  ['didnt', 'ease'], ['not', 'easing'], ['hasnt', 'shifted'], ['wont', 'shift'], ['doesnt', 'touch'],
];

/** After a phrase (BACKWARD negation): "breathing is fine", "chest pain has gone", "temperature is normal". */
export const DENIED_AFTER: ReadonlySet<string> = new Set(['fine', 'ok', 'okay', 'normal', 'alright', 'gone', 'settled', 'absent', 'ruled', 'clear', 'resolved', 'good']);
/** Words that may stand between a phrase and its denial after it ("is", "has been", "totally"). */
export const LINKING_WORDS: ReadonlySet<string> = new Set([
  'is', 'are', 'was', 'were', 'seems', 'seem', 'feels', 'feel', 'has', 'have', 'had', 'totally', 'completely', 'all', 'now', 'fully',
  'been', 'looks', 'look', 'perfectly', 'actually', 'otherwise', 'its', 'it',
  // A count of checks: "checked my temp 5 times, its normal".
  'times', 'twice', 'again',
]);
/** A phrase that is itself a negative ("cant breathe") is not denied by a word after it ("cant breathe good"). */
export const NEGATIVE_PHRASE_WORDS: ReadonlySet<string> = new Set(['cant', 'couldnt', 'cannot', 'wont', 'no', 'not', 'unable']);

/**
 * A message that corrects what the person said earlier ("sorry, I meant my finger not my chest",
 * "ignore that, wrong chat"): what it denies is taken back from the earlier messages. Anything
 * else (it has eased, thanks, I'll see how I go) leaves the earlier findings standing.
 */
export const CORRECTION = /\b(?:i meant|i mean|meant to (?:say|write|type)|sorry (?:i|its|it is|not|no)|correction|typo|i got (?:that|it) wrong|i was wrong|my mistake|my bad|misread|misspoke|actually (?:its|it is|it was) not|actually not|no wait|wrong (?:chat|person|thread|word))\b/;
/**
 * A correction that takes back the whole previous message: sent to the wrong place, or typed by
 * someone else ("that was my brother messing about on my phone"). Not "only joking": after
 * thoughts of suicide that is still a conversation to have, so a joke takes nothing back.
 */
export const RETRACT_PREVIOUS =
  /\b(?:ignore (?:that|this|my last|the last|what i (?:said|wrote|just said))|wrong (?:chat|person|thread)|not meant for you|sent (?:that|it) to the wrong|(?:that|it|this) (?:was|wasnt) (?:me|not me|my \w+ (?:messing|mucking|playing|joking|typing|on my phone))|(?:messing|mucking|playing) (?:about|around) on my (?:phone|mobile)|(?:grabbed|took|had|nicked) my (?:phone|mobile))\b/;

/**
 * A denial that says the sign was there and has gone ("no pain now", "not bleeding any more",
 * "sickness has stopped"): RESOLVED, not absent. It does not take back the earlier finding: a
 * level reached holds when something eases (see case.ts).
 */
export const RESOLVED_NOW = /\b(?:now|anymore|any more|no longer|gone|stopped|settled|eased|easing|better|passed|cleared|since)\b/;

/**
 * Words of worry itself ("terrified", "panicking", "freaking out"): how the person feels about a
 * sign, never a sign. The urgency model does not read them (urgency/features.ts): worry is not
 * evidence, and anxious people write them about minor things as often as about emergencies.
 */
export const WORRY_WORDS: ReadonlySet<string> = new Set([
  'scared', 'terrified', 'frightened', 'petrified', 'paranoid', 'worried', 'worrying', 'worry', 'worries', 'panicking', 'panicked',
  'anxious', 'freaking', 'freaked', 'nervous', 'afraid', 'fear', 'fearing', 'convinced', 'googled', 'google', 'crying', 'stressed',
]);

/**
 * A clinician has seen to it since ("the GP saw her", "they watched me for 6 hours and sent me home",
 * "the CT was normal"). With the person well now and nothing saying it came back, the signs told
 * before it are over and assessed: RESOLVED (see find-signals.ts).
 */
export const ASSESSED_SINCE =
  /\b(?:(?:gp|doctor|dr|a e|a and e|hospital|111|paramedics?|ambulance (?:crew|people)|nurse|they|consultant|out of hours|urgent care|walk in)(?: \w+){0,3} (?:saw|seen|checked|examined|looked at|watched|observed|monitored|assessed|sent (?:me|him|her|us|them) home|discharged|let (?:me|him|her|us|them) go home|said (?:it was|its|it is|hes|shes|he was|she was|he is|she is|i was|im|mild|nothing)|told (?:me|us) (?:it was|its))|(?:got|been|was|were|had (?:him|her|it|me)) (?:checked|seen|assessed|examined)(?: out| over)?|sent (?:me|him|her|us|them) home|discharged|(?:ct|scan|scans|ecg|bloods?|blood tests?|x ?rays?|tests|results)(?: \w+){0,2} (?:was|were|came back|all|are|is) (?:all )?(?:normal|clear|fine|ok|okay|negative))\b/;
/** After an assessment, words that say it is not over ("came back", "worse again", "still"). */
export const NOT_OVER = /\b(?:came back|come back|comes back|coming back|back again|again|worse|returned|still|started up|keeps|kept)\b/;
