import { resolveCursorConnection } from '@pothos/plugin-relay';
import type { Demographics } from '../contract/turn.js';
import { asAdvice, type Advice, type AdviceAction, type Source } from '../contract/events.js';
import { severityFromDb, severityToDb } from '../store/severity.js';
import { pageMessages, type MessageRow, type ThreadRow, type TurnRow } from '../store/threads.js';
import { builder } from './builder.js';
import { readableTurn, requireThreadRead, requireTriage } from './access.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { publicMessage } from '../turns/public-errors.js';
import { caseOfTrace, ClinicalCaseRef } from './case.js';

export const RoleEnum = builder.enumType('Role', {
  description: 'Who wrote a message.',
  values: { USER: { description: 'The person asking.' }, ASSISTANT: { description: 'The triage assistant.' } } as const,
});

export const TurnStatusEnum = builder.enumType('TurnStatus', {
  description: 'Where a turn is in its life.',
  values: {
    RUNNING: { description: 'The assistant is working on the answer.' },
    COMPLETED: { description: 'The answer is stored as an ASSISTANT message.' },
    FAILED: { description: 'The turn ended with an error; the user message is kept.' },
    CANCELLED: { description: 'cancelTurn stopped it.' },
  } as const,
});

export const EngineEnum = builder.enumType('Engine', {
  description: 'What produced a turn.',
  values: {
    MODEL: { description: 'Language models (router and reasoner) on OpenAI-compatible servers.' },
    OFFLINE: { description: 'The offline triage engine, no language model.' },
  } as const,
});

export const RouteEnum = builder.enumType('Route', {
  description: 'What the router decided for a message.',
  values: {
    DIRECT: { description: 'A direct reply (greetings, thanks, off-topic).' },
    CLARIFY: { description: 'A question asking for more detail.' },
    TRIAGE: { description: 'Knowledge base search, clinical reasoning, then an answer.' },
  } as const,
});

export const SeverityEnum = builder.enumType('Severity', {
  description: 'Triage level of a prediction.',
  values: {
    SELF_CARE: { description: 'Self-care at home or with a pharmacist; GP if it persists.' },
    URGENT_PRIMARY_CARE: { description: 'GP, NHS 111 or an urgent treatment centre as soon as possible.' },
    A_AND_E: { description: 'Call 999 or go to A&E now.' },
  } as const,
});

export const AdviceLevelEnum = builder.enumType('AdviceLevel', {
  description: 'How urgent the next action is.',
  values: {
    EMERGENCY: { description: 'Call 999 or go to A&E now.' },
    URGENT: { description: 'Speak to NHS 111 or a GP today.' },
  } as const,
});

export const AdviceActionRef = builder.objectRef<AdviceAction>('AdviceAction').implement({
  description: 'Something the person can do at once, as a button or link.',
  fields: (t) => ({
    label: t.exposeString('label', { description: 'What it says, e.g. "Call 999".' }),
    href: t.exposeString('href', { description: 'A `tel:` number or an https link to an NHS service (open `tel:` links in place, not in a new tab).' }),
  }),
});

export const AdviceRef = builder.objectRef<Advice>('Advice').implement({
  description:
    'The next action the person must not miss (emergency: call 999 / go to A&E; urgent: NHS 111 / GP today). Public: every caller sees it. Show it apart from the answer, as an urgent card.',
  fields: (t) => ({
    level: t.field({ type: AdviceLevelEnum, description: 'How urgent.', resolve: (a) => a.level }),
    title: t.exposeString('title', { description: 'One line saying what to do now.' }),
    text: t.exposeString('text', { description: 'Why, and what to do while waiting (Markdown).' }),
    actions: t.field({ type: [AdviceActionRef], description: 'Numbers to call and services to open, most important first.', resolve: (a) => a.actions }),
  }),
});

export const StageEnum = builder.enumType('Stage', {
  description: 'A stage of a turn, for status lines.',
  values: { ROUTING: {}, SEARCHING: {}, REASONING: {}, ANSWERING: {} } as const,
});

export const SexEnum = builder.enumType('Sex', {
  description: 'Sex, as the person describes it.',
  values: { FEMALE: {}, MALE: {}, OTHER: {} } as const,
});

export const DemographicsRef = builder.objectRef<Demographics>('Demographics').implement({
  description: 'Optional details the person shared to make triage more accurate.',
  fields: (t) => ({
    age: t.exposeInt('age', { nullable: true, description: 'Age in years.' }),
    sex: t.field({
      type: SexEnum,
      nullable: true,
      description: 'Sex.',
      resolve: (d) => (d.sex ? (d.sex.toUpperCase() as 'FEMALE' | 'MALE' | 'OTHER') : null),
    }),
    pregnant: t.exposeBoolean('pregnant', { nullable: true, description: 'Whether they are pregnant.' }),
    notes: t.exposeString('notes', { nullable: true, description: 'Long-term conditions, medicines, anything else.' }),
  }),
});

export const SourceRef = builder.objectRef<Source>('Source').implement({
  description: 'A knowledge base page (an NHS condition page) used for an answer.',
  fields: (t) => ({
    slug: t.exposeString('slug', { description: 'Condition identifier, e.g. `flu`.' }),
    title: t.exposeString('title', { description: 'Condition name.' }),
    url: t.exposeString('url', { description: 'The NHS page the knowledge base cites.' }),
    score: t.float({
      nullable: true,
      description: 'Retrieval similarity in [0, 1]. Needs triage:read (null, with a FORBIDDEN error on this field alone, without it).',
      resolve: (s, _args, ctx) => {
        requireTriage(ctx);
        return s.score;
      },
    }),
  }),
});

export const PredictionRef = builder
  .objectRef<{ condition: string; conditionTitle: string; severity: ReturnType<typeof severityToDb> }>('Prediction')
  .implement({
    description: 'The structured triage prediction (staff and partners with triage:read only).',
    fields: (t) => ({
      condition: t.exposeString('condition', { description: 'Condition slug, or `inconclusive`.' }),
      conditionTitle: t.exposeString('conditionTitle', { description: 'Condition name.' }),
      severity: t.field({ type: SeverityEnum, description: 'Triage level.', resolve: (p) => p.severity }),
    }),
  });

export const TurnErrorRef = builder.objectRef<{ code: string; detail: string; retryable: boolean; advice: Advice | null; threadId: string }>('TurnErrorInfo').implement({
  description: 'Why a turn failed.',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'Stable code, e.g. MODEL_UNAVAILABLE, MODEL_TIMEOUT, INTERRUPTED, CANCELLED.' }),
    message: t.string({ description: 'What to tell the person (plain, no internals).', resolve: (e) => publicMessage(e.code, e.advice) }),
    detail: t.string({
      nullable: true,
      description: 'The technical cause (model server, HTTP status...). Needs triage:read.',
      resolve: async (e, _a, ctx) => {
        await requireThreadRead(ctx, e.threadId);
        requireTriage(ctx);
        return e.detail;
      },
    }),
    retryable: t.exposeBoolean('retryable', { description: 'Whether sending the message again may work.' }),
  }),
});

export const StageMetricRef = builder
  .objectRef<{ stage: string; ms?: number; promptTokens?: number; completionTokens?: number }>('StageMetric')
  .implement({
    description: 'Time and tokens spent in one stage of a turn.',
    fields: (t) => ({
      stage: t.exposeString('stage', { description: 'route, retrieve, reason, respond or total.' }),
      ms: t.exposeInt('ms', { nullable: true, description: 'Milliseconds.' }),
      promptTokens: t.exposeInt('promptTokens', { nullable: true, description: 'Prompt tokens reported by the model server.' }),
      completionTokens: t.exposeInt('completionTokens', { nullable: true, description: 'Completion tokens reported by the model server.' }),
    }),
  });

export const TurnRef = builder.objectRef<TurnRow>('Turn');
export const MessageRef = builder.objectRef<MessageRow>('Message');
export const ThreadRef = builder.objectRef<ThreadRow>('Thread');

const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

TurnRef.implement({
  description: 'One run of the assistant for one user message.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Turn id; subscribe to `turn(id)` for its events.' }),
    threadId: t.exposeID('threadId', { description: 'The thread it belongs to.' }),
    status: t.field({ type: TurnStatusEnum, description: 'Lifecycle state.', resolve: (turn) => turn.status }),
    engine: t.field({ type: EngineEnum, description: 'What produced it.', resolve: (turn) => turn.engine }),
    route: t.field({
      type: RouteEnum,
      nullable: true,
      description: 'The routing decision, once made. Needs read access to the thread.',
      resolve: async (turn, _a, ctx) => {
        await requireThreadRead(ctx, turn.threadId);
        return turn.route;
      },
    }),
    startedAt: t.expose('startedAt', { type: 'DateTime', description: 'When it started.' }),
    endedAt: t.expose('endedAt', { type: 'DateTime', nullable: true, description: 'When it ended.' }),
    lastSeq: t.exposeInt('lastSeq', { description: 'Highest event seq stored (checkpointed while running).' }),
    reasoning: t.string({
      nullable: true,
      description: 'The clinical reasoning shown in the collapsible section (public to the thread owner). Needs read access to the thread.',
      resolve: async (turn, _a, ctx) => {
        await requireThreadRead(ctx, turn.threadId);
        return turn.reasoning;
      },
    }),
    answer: t.string({
      nullable: true,
      description:
        'The answer: the ASSISTANT message once completed, the last checkpoint while running or after a failure. Needs read access to the thread.',
      resolve: async (turn, _a, ctx) => {
        await requireThreadRead(ctx, turn.threadId);
        if (turn.status !== 'COMPLETED') return turn.answerDraft;
        const message = await ctx.services.db.message.findFirst({ where: { turnId: turn.id, role: 'ASSISTANT' } });
        return message?.text ?? null;
      },
    }),
    sources: t.field({
      type: [SourceRef],
      nullable: true,
      description: 'Knowledge base pages retrieved for the answer (scores need triage:read). Needs read access to the thread.',
      resolve: async (turn, _a, ctx) => {
        await requireThreadRead(ctx, turn.threadId);
        return Array.isArray(turn.sources) ? (turn.sources as unknown as Source[]) : [];
      },
    }),
    error: t.field({
      type: TurnErrorRef,
      nullable: true,
      description: 'Why it failed, when it did (its message may name the advice given). Needs read access to the thread.',
      resolve: async (turn, _a, ctx) => {
        await requireThreadRead(ctx, turn.threadId);
        return turn.errorCode
          ? {
              code: turn.errorCode,
              detail: turn.errorMessage ?? '',
              retryable: turn.errorRetryable ?? false,
              advice: asAdvice(turn.advice),
              threadId: turn.threadId,
            }
          : null;
      },
    }),
    advice: t.field({
      type: AdviceRef,
      nullable: true,
      description: 'The highest advice the turn gave (kept whether it completed, failed or was interrupted). Needs read access to the thread.',
      resolve: async (turn, _a, ctx) => {
        await requireThreadRead(ctx, turn.threadId);
        return asAdvice(turn.advice);
      },
    }),
    prediction: t.field({
      type: PredictionRef,
      nullable: true,
      description: 'Predicted condition and severity. Needs triage:read.',
      resolve: async (turn, _a, ctx) => {
        await requireThreadRead(ctx, turn.threadId);
        requireTriage(ctx);
        if (!turn.predictedSlug || !turn.predictedSeverity) return null;
        return { condition: turn.predictedSlug, conditionTitle: turn.predictedTitle ?? turn.predictedSlug, severity: turn.predictedSeverity };
      },
    }),
    searchQuery: t.string({
      nullable: true,
      description: 'The knowledge base query the router chose. Needs triage:read.',
      resolve: async (turn, _a, ctx) => {
        await requireThreadRead(ctx, turn.threadId);
        requireTriage(ctx);
        return turn.searchQuery;
      },
    }),
    reasonerOutput: t.string({
      nullable: true,
      description: "The reasoner's full output (thinking and final answer). Needs triage:read.",
      resolve: async (turn, _a, ctx) => {
        await requireThreadRead(ctx, turn.threadId);
        requireTriage(ctx);
        return turn.reasonerOutput;
      },
    }),
    metrics: t.field({
      type: [StageMetricRef],
      nullable: true,
      description: 'Timings and token counts per stage. Needs read access to the thread.',
      resolve: async (turn, _a, ctx) => {
        await requireThreadRead(ctx, turn.threadId);
        const timings = asRecord(turn.timings);
        const usage = asRecord(turn.usage);
        const stages = [...new Set([...Object.keys(timings), ...Object.keys(usage)])];
        return stages.map((stage) => {
          const u = asRecord(usage[stage]);
          return {
            stage,
            ms: typeof timings[stage] === 'number' ? Math.round(timings[stage]) : undefined,
            promptTokens: typeof u.promptTokens === 'number' ? u.promptTokens : undefined,
            completionTokens: typeof u.completionTokens === 'number' ? u.completionTokens : undefined,
          };
        });
      },
    }),
    case: t.field({
      type: ClinicalCaseRef,
      nullable: true,
      description: "The conversation's case as the safety rules read it for this turn: each finding with its assertion, the words it came from and the rules it fired. Needs triage:read.",
      resolve: async (turn, _a, ctx) => {
        await requireThreadRead(ctx, turn.threadId);
        requireTriage(ctx);
        return caseOfTrace(turn.trace);
      },
    }),
    trace: t.field({
      type: 'JSON',
      nullable: true,
      description: 'Diagnostics (safety overrides, rerank picks...). Needs triage:read.',
      resolve: async (turn, _a, ctx) => {
        await requireThreadRead(ctx, turn.threadId);
        requireTriage(ctx);
        return turn.trace;
      },
    }),
  }),
});

MessageRef.implement({
  description: 'A message in the conversation. Only what the user wrote and the answers they read.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Message id.' }),
    role: t.field({ type: RoleEnum, description: 'Who wrote it.', resolve: (m) => m.role }),
    text: t.exposeString('text', { description: 'The text.' }),
    clientMessageId: t.exposeString('clientMessageId', { nullable: true, description: 'The idempotency key the client sent.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was stored.' }),
    turn: t.field({
      type: TurnRef,
      nullable: true,
      description: 'For a USER message the turn it started; for an ASSISTANT message the turn that wrote it.',
      resolve: (m, _a, ctx) => (m.turnId ? readableTurn(ctx, m.turnId, 'message') : null),
    }),
  }),
});

ThreadRef.implement({
  description: 'A conversation between one person and the assistant.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Thread id.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it started.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'Last activity.' }),
    demographics: t.field({
      type: DemographicsRef,
      nullable: true,
      description: 'What the person shared about themselves. Needs read access to the thread.',
      resolve: async (thread, _a, ctx) => {
        await requireThreadRead(ctx, thread.id);
        return thread.demographics ? (thread.demographics as Demographics) : null;
      },
    }),
    activeTurn: t.field({
      type: TurnRef,
      nullable: true,
      description: 'The turn running now, if any (subscribe to it to follow or resume). Needs read access to the thread.',
      resolve: async (thread, _a, ctx) => {
        await requireThreadRead(ctx, thread.id);
        return ctx.services.db.turn.findFirst({ where: { threadId: thread.id, status: 'RUNNING' } });
      },
    }),
    lastTurn: t.field({
      type: TurnRef,
      nullable: true,
      description: 'The most recent turn (to show a failure and offer a retry after a reload). Needs read access to the thread.',
      resolve: async (thread, _a, ctx) => {
        await requireThreadRead(ctx, thread.id);
        return ctx.services.db.turn.findFirst({ where: { threadId: thread.id }, orderBy: { startedAt: 'desc' } });
      },
    }),
    messages: t.connection({
      type: MessageRef,
      nullable: true,
      description:
        'USER and ASSISTANT messages in conversation order (first/after from the start, last/before from the end). Needs read access to the thread.',
      resolve: async (thread, args, ctx) => {
        await requireThreadRead(ctx, thread.id);
        return resolveCursorConnection<Promise<MessageRow[]>>(
          { args, defaultSize: 50, maxSize: 200, toCursor: (m: MessageRow) => encodeCursor(m.createdAt, m.id) },
          async ({ before, after, limit, inverted }): Promise<MessageRow[]> =>
            pageMessages(ctx.services.db, thread.id, {
              after: after ? decodeCursor(after) : undefined,
              before: before ? decodeCursor(before, 'before') : undefined,
              limit,
              inverted,
            }),
        );
      },
    }, { description: 'A page of messages.' }, { description: 'A message and its cursor.' }),
  }),
});

export { severityFromDb };
