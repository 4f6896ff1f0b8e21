/**
 * How it began and how it is going: sudden or gradual, passing, getting worse, coming back, what
 * has been tried or advised.
 *
 * Each concept is a phrase pattern over normalised clause text with its negation mode (signal.ts).
 */
import { sig, type Signal } from './signal.js';

export const COURSE_AND_TIMING = {
  // Back to normal after it (a fit that stopped within minutes and the child is themselves again).
  recovered: sig('none', [
    'back to (?:herself|himself|themselves|normal|her usual|his usual|my usual|their usual)', // The person, not a part checked ("vision is fine" answers an eye question).
    '(?<!\\b(?:vision|eyesight|sight|eye|eyes|hearing|speech|breathing|chest|heart|bp|pressure|sugar|sugars|temp|temperature|skin|tummy|wee|pee|poo|neck|leg|legs|arm|arms|face|else) )(?:is|seems|now|totally|completely|absolutely) (?:fine|ok|okay|well|herself|himself)(?: now)?',
    // "came round" after a faint, not a visit ("can his friend come round", "came to see me").
    '(?<!\\b(?:can|could|will|would|to|should|might|may|please) )(?:come|came|coming) (?:round|around|to)(?! (?:the|to|see|visit|ours|mine|my|our|his|her|their|your|play|stay|for|tomorrow|later|tonight|here|us|me|you|him|them)\\b)',
    // Said of the person as a whole, and not denied ("i dont feel normal again" is no recovery).
    '(?<!\\b(?:dont|doesnt|didnt|not|never|cant|wont) )(?:feel|feels|feeling|seem|seems|look|looks|am|is) (?:normal|myself|himself|herself|themselves) (?:again|now)',
    'back (?:to )?(?:playing|running (?:about|around)|eating and drinking|giggling|laughing|smiling)',
    '(?:under|less than) (?:a|one|1|2|two) minutes?', 'recovered', 'stopped (?:after|within) (?:a|about|less than|under|around)', '(?:about|around|only|just|less than|under) (?:a|one|1) minute', 'sleeping it off', '(?:his|her|their|my) usual (?:fit|fits|seizure)', '(?:fit|fits|seizure) (?:like|as) (?:usual|normal|always)', 'lasted (?:about |around |less than |under |only )?(?:a minute|one minute|1 minute|\\d+ seconds|a few seconds|2 minutes|two minutes|a couple of minutes)',
  ]),
  // An episode that is passing or has passed, as it usually does.
  episodePassing: sig('normal', [
    '(?:passed|passes|eased|eases|settled|settles|calmed|calms|wore off|wears off)(?: down)? (?:after|in|within|now|off)',
    '(?:its|it has|it had|it) (?:passed|eased|settled|calmed(?: down)?)', 'starting to (?:ease|calm|settle|pass)', 'calm(?:ed|ing) down',
    'like (?:they|it) (?:always|normally|usually) (?:do|does)', 'same as (?:usual|always|my usual|normal)', '(?:my|the) usual ones',
    '(?:it|they) went (?:away |off )?(?:after|in|within)', '(?:it |they )?lasted (?:about |around |only |just |for )?(?:\\d+|a few|a couple of|five|ten|fifteen|twenty) min\\w*',
    '(?:im|i am|i feel|feel|feeling) (?:ok|okay|fine|alright|all right|better|calmer) now', '(?:all )?(?:ok|okay|fine|alright|all right) now',
  ], /\b(?:came back|coming back|back again|worse again|getting worse|returned)\b/), // eased, then back: not passing
  // Pain that built up over days is not the sudden pain of a twisted testicle (still urgent, not 999).
  gradualOnset: sig('normal', [
    '(?:came|come|coming) on (?:over|gradually|slowly)', '(?:gradually|slowly) (?:got|getting|become|became|swell\\w*|swollen|worse|bigger)',
    'built up over', 'over (?:the (?:last|past) )?(?:2|3|4|5|two|three|four|five|a few|several|couple of) days',
  ]),
  // For no reason, out of the blue, or the first time ever.
  noReason: sig('none', ['for no (?:obvious |clear )?reason', 'no idea why', 'out of (?:the )?(?:blue|nowhere)', 'never (?:happened|had (?:that|this|one)) before', 'first (?:time|ever)']),
  // Getting worse.
  gettingWorse: sig('normal', ['getting (?:much )?worse', 'worse and worse', 'worse every day', 'gone downhill']),
  // A treatment tried and not working.
  treatmentFailed: sig('normal', [
    '(?:tablets?|cream|creams|spray|sprays|medicine|medication|antibiotics?|drops|treatment|inhaler|pills|ibuprofen|paracetamol|antihistamines?)(?: \\w+){0,3} (?:not|arent|isnt|hasnt|havent|didnt|dont|doesnt) (?:working|work|worked|helping|helped|help|touching|cleared|clearing|done anything)',
    '(?:tablets?|cream|creams|spray|sprays|medicine|medication|antibiotics?|drops|treatment|inhaler|pills)(?: \\w+){0,4} (?:not|arent|isnt|havent|hasnt|dont|doesnt) (?:doing anything|doing much|making (?:any |much )?difference)',
    '(?:finished|done|did|completed|had|taken|took) (?:the |my |a |his |her |their )?(?:full |whole |complete )?(?:course of )?antibiotics?(?: \\w+){0,5} (?:still|not better|no better|back|came back|returned)',
    '(?:ibuprofen|paracetamol|painkillers?|tablets?|medicine|cream|inhaler|antibiotics|co codamol|naproxen)(?: \\w+){0,2} (?:does|do|did|has done|have done|doing) (?:nothing|zero|zilch|sod all|bugger all|nowt)',
    '(?:doesnt|dont|didnt) (?:even )?touch (?:it|the pain)',
    '(?:tablets?|cream|creams|spray|sprays|medicine|medication|antibiotics?|drops|treatment|inhaler|pills|ibuprofen|paracetamol|painkillers?|antihistamines?)(?: \\w+){0,3} (?:barely|hardly|only (?:just|a bit|slightly|a little)) (?:help|helps|helping|helped|work|works|working|worked|touch|touches|touching|take the edge off)',
    '(?:painkillers?|tablets?|medicine|ibuprofen|paracetamol|antihistamines?|cream|inhaler)(?: \\w+){0,2} only (?:help|helps|work|works)(?: \\w+)? (?:a bit|a little|slightly|for an hour|for a while)',
    '(?:treatment|treated|cream|lotion|tablets|antibiotics|drops)(?: \\w+){0,2} (?:twice|two times|three times|2 times|3 times|again)(?: \\w+){0,2} (?:still|and still|but still)',
    'still(?: \\w+){0,3} (?:after|despite) (?:the |two |2 |both )?(?:treatments?|creams?|antibiotics|tablets|courses)',
    '(?:spreading|getting worse|worse|bigger|not clearing|not going|still there|still going)(?: \\w+){0,4} (?:despite|even with|even after|even though (?:we|i|he|she|they) (?:used|tried|had|put on))(?: \\w+){0,3} (?:the |his |her |my |their |a )?(?:cream|creams|antibiotics?|treatment|tablets|medicine|drops|ointment|inhaler|lotion|spray)',
    'tried (?:everything|\\w+ different|two different|2 different|loads of|lots of|all the)', 'nothing (?:is )?(?:helping|working|seems to help)', 'no better after',
    '(?:still|not) (?:not )?(?:getting better|improving|clearing up|gone) after',
  ]),
  // It keeps coming back: the second or third time recently.
  // The person's own usual pattern, told as such ("the usual zigzags", "exactly like all my others").
  usualPattern: sig('normal', [
    '(?:the|my|her|his) usual (?:zig ?zags?|aura|migraine|kind|type|pattern|headache|one|ones|attack)',
    '(?:exactly |just )?like (?:all )?(?:my|her|his) (?:other|others|previous|usual|normal)(?: ones| migraines| attacks| headaches)?',
    '(?:exactly |just )?(?:the )?same as (?:all )?(?:my|her|his) (?:other|others|previous|usual|normal)(?: ones| migraines| attacks| headaches)?',
    '(?:my|her|his) (?:normal|typical) migraines?', 'a typical (?:migraine|one) for (?:me|her|him)',
  ]),
  recurrent: sig('none', [
    '(?:second|third|fourth|fifth|sixth|\\d+(?:st|nd|rd|th)) (?:bout|time|episode|infection|attack|dose of)(?: \\w+){0,4} (?:this|in the last|in a|in the past) (?:year|month|few months|six months)',
    'keep (?:getting|having)', 'keeps? (?:coming back|recurring|happening|returning)', '(?:coming|came) back again', 'again and again', 'recurr\\w*',
    '(?:\\d+|two|three|four|five|six|several|lots of|loads of) (?:or (?:\\d+|three|four|five) )?times (?:this|a|in the|in a|per) (?:year|month|week)',
  ]),
  // Someone qualified has already said "go to hospital / A&E now": the assistant must not talk them
  // out of it. Advice for later ("if it gets worse", "tomorrow", a booked appointment) is not that.
  toldToGoToHospital: sig('normal', [
    '(?:gp|doctor|doctors|dr|doc|nurse|111|pharmacist|midwife|consultant|specialist|surgery|clinic|team|unit|paramedics?|ambulance crew|call handler|optician|dentist|hospital|they|he|she)(?: \\w+){0,10} (?:said|told|says|tells|telling|advised|advising|wants|want|rang|phoned|called)(?: \\w+){0,8} (?:to |i should |i need to |we need to |we should |i must |should |me to |him to |her to |us to |them to )(?:go|get|come|head|attend)(?: \\w+){0,2} (?:to |in to |into |up to )?(?:a e|a and e|ae|hospital|the hospital|emergency department|the emergency department|resus|emergency)',
    '(?:said|told|says|tells|advised)(?: \\w+){0,4} (?:to )?(?:call|ring|phone|dial) (?:999|an ambulance|for an ambulance)',
    '(?:sent|sending|referred) (?:me |him |her |us |them )?(?:straight |urgently )?(?:to|into) (?:a e|a and e|hospital|the hospital|resus|the emergency department)',
  ], /\bif (?:it|i|he|she|they|things|symptoms?|anything|the \w+|we|you)\b|\bno need\b|\b(?:dont|didnt|doesnt|not|never) (?:need|have|had|needed) to\b|\bnot to (?:go|come|bother)\b|\b(?:tomorrow|next week|appointment|booked|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b/),
  // An episode that went on for five minutes or more ("it went on for about 8 minutes", "lasted
  // over ten minutes"): with a fit, the NHS's line for calling 999, told in the message after it.
  lastedFiveMinutes: sig('normal', [
    '(?:went on|goes on|going on|lasted|lasts|lasting|carried on|kept going|continued|was going) (?:for )?(?:about |around |over |more than |nearly |almost |at least |a good |roughly |maybe )?(?:[5-9]|[1-5]\\d|five|six|seven|eight|nine|ten|fifteen|twenty) ?min\\w*',
  ], /\b(?:later|afterwards|ago)\b/),
  // Lasting 15 minutes or more.
  lastedLong: sig('normal', ['(?:for|over|about|nearly|almost|more than|past|last|the last) (?:half an hour|an hour|(?:1[5-9]|[2-9]\\d) ?min\\w*|(?:fifteen|twenty|thirty|forty|forty five) min\\w*|\\d+ hours?)', 'half an hour', '(?:1[5-9]|[2-9]\\d) ?mins?\\b', '(?:1[5-9]|[2-9]\\d) minutes'],
    // "15 mins later its 6.4": a point in time after something, not how long a symptom has lasted.
    // "rechecked after 15 mins": when a reading was taken again.
    /\b(?:(?:1[5-9]|[2-9]\d) ?(?:mins?|minutes)|(?:fifteen|twenty|thirty|forty|forty five) (?:mins?|minutes)|half an hour|an hour|\d+ hours?) (?:later|afterwards)\b|\b(?:re ?checked|re ?tested|checked|tested|measured)(?: \w+){0,2} (?:after|in|within) (?:(?:1[5-9]|[2-9]\d) ?(?:mins?|minutes)|(?:fifteen|twenty|thirty) (?:mins?|minutes)|half an hour)\b/),
  // Confusion that came on suddenly (NHS: sudden confusion is a reason to call 999), told by when
  // it started rather than by the word "sudden".
  // When it began, not a symptom: "hasnt been himself since lunch" is not negated by its "hasnt".
  suddenOnset: sig('none', [
    'suddenly', 'all of a sudden', 'out of (?:nowhere|the blue)', 'came on (?:fast|quickly|suddenly|all at once)',
    'since (?:lunch|lunchtime|breakfast|this morning|this afternoon|this evening|earlier|earlier today|teatime|tea time|dinner|dinnertime|last night|an hour ago|a few hours ago|a couple of hours ago|(?:\\d+|two|three|four) hours ago|(?:he|she|they) (?:woke|got) up|waking up)',
    'in the (?:last|past) (?:hour|few hours|couple of hours)', '(?:was|were) (?:fine|ok|okay|normal|alright|(?:him|her|them)self|(?:his|her|their) usual self) (?:this morning|yesterday|last night|earlier|earlier today|at breakfast|at lunch|at lunchtime|at tea ?time|at dinner|an hour ago|a few hours ago)',
  ]),
} satisfies Record<string, Signal>;
