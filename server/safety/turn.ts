import { LRUCache } from 'lru-cache';
import type { Demographics, HistoryMessage } from '../contract/turn.js';
import { buildCase, standingFindings, type ClinicalCase, type SuspicionChecks } from '../clinical/case.js';
import { assessRead } from './assess.js';
import { HEART_ATTACK_SIGNS } from './rules.js';
import { presentSigns, readMessage, type ReadMessage } from './find-signals.js';
import type { SignalId } from '../clinical/concepts/index.js';
import type { Finding } from '../clinical/findings.js';
import { DIABETES_WORDS } from '../clinical/readings.js';
import type { CaseView, SafetyAssessment } from './types.js';

/** What the rules read of a turn: the new message, the conversation so far and who it is about. */
export interface TurnText {
  text: string;
  history: readonly HistoryMessage[];
  demographics?: Demographics;
}

/**
 * Keyed by the turn's own input object, which lives as long as the turn. Callers treat a turn's
 * input as immutable (the manager hands the same object to the runner).
 */
const assessed = new WeakMap<TurnText, SafetyAssessment>();

/**
 * Each message is read, and judged on its own, once per process: a conversation's earlier
 * messages come back with every turn. Bounded, since the keys are what people typed.
 */
interface MessageReading {
  read: ReadMessage;
  alone: SafetyAssessment;
}
const readings = new LRUCache<string, MessageReading>({ max: 4000 });
function reading(text: string, demographics?: Demographics, sugarTalkedOf = false): MessageReading {
  const key = `${demographics ? JSON.stringify(demographics) : ''}\u0000${sugarTalkedOf ? 1 : 0}\u0000${text}`;
  const known = readings.get(key);
  if (known) return known;
  const read = readMessage(text, demographics, sugarTalkedOf);
  const fresh = { read, alone: assessRead(read, demographics) };
  readings.set(key, fresh);
  return fresh;
}

/**
 * The urgency model reads the last two messages (their words and standing signs): it was fitted on
 * single messages, and a whole conversation read together tips it over its lines. The rules, not
 * the model, combine signs said further back; each earlier message keeps its own verdict.
 */
const URGENCY_WORDS_FROM_LAST = 2;

/** A suspicion the person states, answered by its checks ("I think it's a stroke" by FAST). */
const SUSPICIONS: SuspicionChecks<SignalId> = {
  strokeMention: { checks: ['faceDroop', 'armWeak', 'speech'], reassuring: ['armsNormal', 'speechNormal'], needs: 2 },
  // NHS chest pain: pain that is worse when the chest is pressed or the body twists is usually a
  // strained muscle or rib, not the heart. Told after the pain, with none of the heart attack
  // signs anywhere in the conversation, it answers the chest pain (the rules still judge the rest).
  chestPain: {
    checks: ['severeChest', 'vice', 'radiating', 'sweating', 'breathless'],
    reassuring: ['chestWallPain'],
    needs: 1,
    // Only the pain's own cause answers it: "no, I'm not short of breath" denies one sign of a
    // heart attack and leaves the chest pain standing.
    onlyWithStanding: ['chestWallPain'],
    unlessStanding: HEART_ATTACK_SIGNS,
  },
  // A numb, drooping lip or mouth on the side a dentist injected is the anaesthetic, told after the
  // droop, with no other sign of a stroke anywhere in the conversation.
  faceDroop: {
    checks: ['armWeak', 'speech', 'vision'],
    reassuring: ['dentalAnaesthetic'],
    needs: 1,
    onlyWithStanding: ['dentalAnaesthetic'],
    unlessStanding: ['armWeak', 'speech', 'vision', 'confused', 'severeHeadache', 'thunderclap', 'limbNeuro', 'progressiveWeakness', 'collapse', 'unconscious'],
  },
  // NHS nosebleeds and cuts: a bleed that stops with 10 to 15 minutes of pressure is cared for at
  // home; 999 or A&E is for one that will not stop, or with dizziness or faintness, a lot of blood
  // swallowed, or on blood thinners. Told after the bleed, it answers "pouring blood".
  heavyBleeding: {
    checks: ['heavyBleeding', 'swallowingBlood', 'faint', 'collapse', 'greyPale'],
    reassuring: ['bleedingStopped'],
    needs: 1,
    onlyWithStanding: ['bleedingStopped'],
    unlessStanding: ['anticoagulant', 'swallowingBlood', 'faint', 'collapse', 'greyPale', 'coughBlood', 'pregnancyBleeding', 'rectalBleedHeavy', 'crushOrSevered', 'deepWound', 'lastedLong', 'confused', 'unconscious', 'breathless'],
  },
  // NHS asthma attacks: an attack the reliever settled, the person talking normally again, needs an
  // urgent same-day appointment (the rule for that fires), not 999. Not when someone saw the signs
  // of a severe attack (blue lips, no sentences) or the reliever did nothing.
  severeBreathing: {
    checks: ['severeBreathing', 'seenBreathing', 'worseningBreath'],
    reassuring: ['speechNormal', 'episodePassing', 'recovered'],
    needs: 2,
    onlyWithStanding: ['relieverUsed'],
    unlessStanding: ['seenBreathing', 'breathingSevere', 'worseningBreath', 'confused', 'collapse'],
  },
};

/**
 * Answers to the question a rule's exception asks, which the assistant asks after the message
 * that raised it: "do you have a plan?" (NHS help for suicidal thoughts: with no plan and no
 * intent to act, urgent help today, not 999), "can she bend her chin to her chest?" (a neck that
 * bends is not meningitis's stiff neck), "can you lift both arms, is your speech normal?" (face
 * weakness alone is how Bell's palsy presents), "has he had one before, has he come round?" (NHS
 * febrile seizures: a repeat fit that stopped within minutes, the child awake again, is a GP or 111
 * call). Told later, they count for the earlier message too. An exception that changes the
 * picture rather than answers a check ("it settles when I rest") is not one of these: it does not
 * take back a heart attack said in full.
 */
const ANSWERS_TOLD_LATER: ReadonlySet<SignalId> = new Set(['noSuicidalIntent', 'notSuicidal', 'neckFlexes', 'armsNormal', 'speechNormal', 'knownFits', 'recovered']);

/**
 * One earlier message's verdict in the light of what came after it. Answers told later (above)
 * take back an emergency a rule gave it, and only that: what the urgency model made of the message
 * is not a rule's question answered, and stands. A message judged again (a later one denied,
 * checked or corrected its findings, or said the person is back to normal) is judged on what still
 * stands of it by the rules alone; any other keeps the verdict it had when sent.
 */
function judgedLater(
  message: MessageReading,
  own: readonly Finding<SignalId>[],
  answers: readonly Finding<SignalId>[],
  judgeAgain: boolean,
  demographics?: Demographics,
): SafetyAssessment {
  if (answers.length === 0 && !judgeAgain) return message.alone;
  const rulesAlone = assessRead({ ...message.read, found: presentSigns(own) }, demographics, { model: false });
  if (answers.length > 0 && rulesAlone.emergency) {
    const withAnswers = assessRead({ ...message.read, found: presentSigns([...own, ...answers]) }, demographics, { model: false });
    if (!withAnswers.emergency) return withAnswers;
  }
  return judgeAgain ? rulesAlone : message.alone;
}

const rankOf = (a: SafetyAssessment): number => (a.emergency ? 2 : a.urgent ? 1 : 0);

/**
 * The rules over the conversation's case. Every user message is read (once) into findings; the
 * case accumulates them, a correction retracts what it denies; the rules run over every standing
 * finding together (signs split over messages combine) and over each message's own, and the
 * strongest holds: an emergency said three messages ago still counts when the last message is
 * "can I take ibuprofen?" or "it has eased a bit". See docs/safety.md.
 */
export function assessTurn(turn: TurnText): SafetyAssessment {
  // The turn manager (advice before sendMessage returns) and the pipeline (routing, the floor)
  // both ask about the same turn: the case is built once per turn.
  const known = assessed.get(turn);
  if (known) return known;
  const messages = [...turn.history.filter((m) => m.role === 'user').map((m) => m.content), turn.text];
  const result = assessConversation(messages, turn.demographics);
  assessed.set(turn, result);
  return result;
}

/** The case of these messages (oldest first) and the rules' verdict on it. */
export function assessConversation(messages: readonly string[], demographics?: Demographics): SafetyAssessment {
  // A reading told without its name ("its 6.4 now") is a blood sugar after messages about one.
  const sugarAt = messages.findIndex((m) => DIABETES_WORDS.test(m.toLowerCase()));
  const readingsOf = messages.map((m, i) => reading(m, demographics, sugarAt >= 0 && sugarAt < i));
  const kase = buildCase(
    readingsOf.map((r) => r.read),
    SUSPICIONS,
  );
  const only = readingsOf.length === 1 ? readingsOf[0] : undefined;
  // One message is its own verdict unless something in it answered another of its findings.
  if (only && !kase.findings.some((f) => f.supersededBy !== undefined)) return { ...only.alone, case: caseView(kase, only.alone) };
  // A last message saying the person is back to normal, or answering a sign of the one before it
  // (settled with the reliever, a normal reading), answers what the model would make of that one
  // (see recoveredAfter below): the model then reads the last message alone.
  const last = readingsOf.length - 1;
  const backToNormal =
    readingsOf[last]!.read.findings.some((f) => f.concept === 'recovered' && f.assertion === 'present') ||
    kase.findings.some((f) => f.message === last - 1 && f.checked && f.supersededBy === last);
  const recent = new Set(readingsOf.map((_, i) => i).slice(backToNormal ? -1 : -URGENCY_WORDS_FROM_LAST));
  const standing = standingFindings(kase);
  const recentFindings = standing.filter((f) => recent.has(f.message));
  // Words the person took back ("sorry, I meant my finger, not my chest") are not read by the
  // model either; what still stands of that message reaches the rules as findings.
  const corrected = new Set(kase.findings.filter((f) => f.retracted).map((f) => f.message));
  // A sign answered within its own message ("pouring blood, but it stopped with pinching") answers
  // what the model makes of that message's words, as a later message's answer would.
  const answeredInPlace = kase.findings.some((f) => f.checked && !f.retracted && f.supersededBy === f.message && recent.has(f.message));
  let best = assessRead({ clauses: [], found: presentSigns(standing), findings: kase.findings }, demographics, {
    modelAnswered: answeredInPlace,
    modelReads: {
      clauses: readingsOf.flatMap((r, i) => (recent.has(i) && !corrected.has(i) ? r.read.clauses : [])),
      found: presentSigns(recentFindings),
      findings: recentFindings,
    },
  });
  // Each message on its own too, as it was judged when sent: a documented exception another
  // message brings ("it settles when I rest") does not take back an emergency said in full. A
  // message whose findings a later one answered (denied, checked, corrected) is judged again on
  // what still stands, by the rules alone (the model cannot unread its words).
  const answered = new Set(kase.findings.filter((f) => f.retracted || f.supersededBy !== undefined).map((f) => f.message));
  // A later message saying the person is back to normal ("15 mins later its 6.4, feel back to
  // normal", "came round straight away") answers what the urgency model alone made of an earlier
  // one: the model weighed words, the later message tells how the person is. A rule's verdict is
  // not answered so: a red flag that has passed still counts (a mini-stroke, a fit, chest pain).
  // A check that answered a suspicion or a sign (a suspicion's checks, not a plain denial) counts as
  // the same news for the messages between.
  const checkedAt = kase.findings.filter((f) => f.checked && !f.retracted).map((f) => f.supersededBy as number);
  const recoveredAt = [...kase.findings.filter((f) => f.concept === 'recovered' && f.assertion === 'present' && !f.retracted).map((f) => f.message), ...checkedAt];
  const recoveredAfter = (i: number) => recoveredAt.some((m) => m > i);
  const toldLater = standing.filter((f) => ANSWERS_TOLD_LATER.has(f.concept));
  readingsOf.forEach((r, i) => {
    const answers = toldLater.filter((f) => f.message > i);
    const alone = judgedLater(r, standingFindings(kase, i), answers, answered.has(i) || recoveredAfter(i), demographics);
    if (rankOf(alone) > rankOf(best)) best = alone;
  });
  return { ...best, case: caseView(kase, best) };
}

/** The case as staff see it: each finding, what it says, where from, and which rules it fired. */
function caseView(kase: ClinicalCase<SignalId>, verdict: SafetyAssessment): CaseView {
  return {
    findings: kase.findings.map((f) => ({
      concept: f.concept,
      assertion: f.assertion,
      words: f.words,
      message: f.message,
      ...(f.cue ? { cue: f.cue } : {}),
      ...(f.retracted ? { retracted: true } : {}),
      ...(f.supersededBy !== undefined ? { supersededBy: f.supersededBy } : {}),
      rules: f.retracted || f.supersededBy !== undefined ? [] : verdict.fired.filter((r) => r.matched.includes(f.words)).map((r) => r.label),
    })),
    corrections: kase.corrections,
  };
}
