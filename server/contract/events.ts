/**
 * The typed events of a turn, modelled on the Vercel AI SDK's stream parts: a discriminated union
 * on `type`. `TurnEvent` is what clients receive (with `turnId` and a gap-free `seq` added by the
 * turn manager); `RunnerEvent` adds the internal `Record` part a runner uses to fill the stored
 * Turn without publishing anything.
 */

export const SEVERITIES = ['Self-care', 'Urgent Primary Care', 'A&E'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const STAGES = ['routing', 'searching', 'reasoning', 'answering'] as const;
export type Stage = (typeof STAGES)[number];

export type Route = 'DIRECT' | 'CLARIFY' | 'TRIAGE';
export type Engine = 'MODEL' | 'OFFLINE';

export interface Source {
  slug: string;
  title: string;
  url: string;
  /** Similarity in [0, 1], higher is better. Only shown to callers with `triage:read`. */
  score: number;
}

/** The condition of a prediction that names none of the retrieved conditions. */
export const INCONCLUSIVE = 'inconclusive';
export const INCONCLUSIVE_TITLE = 'Inconclusive';

export interface Prediction {
  /** A retrieved condition slug, or `inconclusive`. */
  condition: string;
  conditionTitle: string;
  severity: Severity;
}

/**
 * The next action a visitor must not miss, sent as its own event before anything else the turn
 * says: EMERGENCY is "call 999 or go to A&E now", URGENT is "speak to NHS 111 or your GP today".
 * A turn's advice can only rise (URGENT, then EMERGENCY), and it survives every way a turn can end.
 */
export const ADVICE_LEVELS = ['URGENT', 'EMERGENCY'] as const;
export type AdviceLevel = (typeof ADVICE_LEVELS)[number];

export interface AdviceAction {
  /** What the button or link says, e.g. "Call 999". */
  label: string;
  /** `tel:999`, `tel:111`, or an https link to the NHS service. */
  href: string;
}

export interface Advice {
  level: AdviceLevel;
  /** One line saying what to do now. */
  title: string;
  /** A few sentences of Markdown: why, and what to do while waiting. */
  text: string;
  actions: AdviceAction[];
}

/** The advice stored as JSON (Turn.advice), or null when the value is not advice. */
export function asAdvice(value: unknown): Advice | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<Advice>;
  const ok =
    typeof v.level === 'string' &&
    (ADVICE_LEVELS as readonly string[]).includes(v.level) &&
    typeof v.title === 'string' &&
    typeof v.text === 'string' &&
    Array.isArray(v.actions) &&
    v.actions.every((a) => typeof a?.label === 'string' && typeof a?.href === 'string');
  return ok ? (v as Advice) : null;
}

/** True when `next` should replace `current` (it is higher). */
export function adviceRaises(current: Advice | null | undefined, next: Advice): boolean {
  return !current || ADVICE_LEVELS.indexOf(next.level) > ADVICE_LEVELS.indexOf(current.level);
}

export type TurnEventBody =
  | { type: 'TurnStarted'; engine: Engine }
  | { type: 'AdviceChunk'; advice: Advice }
  | { type: 'StatusChunk'; stage: Stage; message: string; /** Place in a model server's queue while waiting for it (1 = next). */ queuePosition?: number | null }
  | { type: 'ReasoningChunk'; delta: string }
  | { type: 'AnswerChunk'; delta: string }
  | { type: 'SourcesChunk'; sources: Source[] }
  | { type: 'TriageChunk'; condition: string; conditionTitle: string; severity: Severity }
  | { type: 'TurnCompleted'; messageId: string; route: Route }
  | { type: 'TurnFailed'; code: string; message: string; retryable: boolean; advice: Advice | null };

export type TurnEvent = TurnEventBody & { turnId: string; seq: number };

export type TurnEventType = TurnEventBody['type'];

export const TERMINAL_EVENTS: ReadonlySet<TurnEventType> = new Set(['TurnCompleted', 'TurnFailed']);

/** Token counts per stage, from the servers' `usage` (offline engine: 0). */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

/** What a turn stores besides the answer. Runners fill it incrementally with `Record` parts. */
export interface TurnRecord {
  route?: Route;
  searchQuery?: string;
  /** The reasoner's full output (thinking + answer), never shown in the conversation history. */
  reasonerOutput?: string;
  prediction?: Prediction;
  sources?: Source[];
  /** Milliseconds per stage (route, retrieve, reason, respond). */
  timings?: Record<string, number>;
  usage?: Record<string, TokenUsage>;
  /** Free-form diagnostics for staff (e.g. safety overrides, rerank picks). */
  trace?: Record<string, unknown>;
}

/**
 * Runners yield these. Everything except `Record` is published to subscribers; `Record` merges
 * into the Turn row (shallow merge; `timings`, `usage` and `trace` merge one level deeper).
 * Runners never yield TurnStarted/TurnCompleted/TurnFailed: the turn manager owns the lifecycle.
 */
export type RunnerEvent =
  | Exclude<TurnEventBody, { type: 'TurnStarted' } | { type: 'TurnCompleted' } | { type: 'TurnFailed' }>
  | { type: 'Record'; record: TurnRecord };
