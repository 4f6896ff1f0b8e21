import type { Severity, TurnEvent } from '../contract/events.js';
import { severityToDb } from '../store/severity.js';
import { canSeeTriage } from '../auth/principal.js';
import { builder } from './builder.js';
import { AdviceRef, EngineEnum, MessageRef, RouteEnum, SeverityEnum, SourceRef, StageEnum } from './types.js';
import { notFound } from '../contract/errors.js';

type Of<T extends TurnEvent['type']> = Extract<TurnEvent, { type: T }>;

export const TurnEventRef = builder.interfaceRef<TurnEvent>('TurnEvent').implement({
  description:
    'An event of a turn. `seq` counts from 1 without gaps; resubscribe with `afterSeq` = the last seq you rendered to resume. Every turn ends with exactly one TurnCompleted or TurnFailed.',
  resolveType: (event) => event.type,
  fields: (t) => ({
    turnId: t.exposeID('turnId', { description: 'The turn this event belongs to.' }),
    seq: t.exposeInt('seq', { description: 'Position in the turn, from 1, gap-free.' }),
  }),
});

function eventType<T extends TurnEvent['type']>(name: T, description: string) {
  return builder.objectRef<Of<T>>(name).implement({
    description,
    interfaces: [TurnEventRef],
    isTypeOf: (value) => (value as TurnEvent).type === name,
  });
}

builder.objectField(eventType('TurnStarted', 'The turn began.'), 'engine', (t) =>
  t.field({ type: EngineEnum, description: 'What is producing it.', resolve: (e) => e.engine }),
);

builder.objectField(
  eventType(
    'AdviceChunk',
    'The next action the person must not miss, sent before anything else when the safety rules fire (before any model call), and again only if a later prediction raises it (URGENT to EMERGENCY). Show the latest as an urgent card above the answer.',
  ),
  'advice',
  (t) =>
    t.field({
      type: AdviceRef,
      // Nullable only so one selection can ask for it here and on TurnFailed.advice (GraphQL needs the same shape).
      nullable: true,
      description: 'What to do now. Always set on this event (nullable only to share its name with TurnFailed.advice in one selection).',
      resolve: (e) => e.advice,
    }),
);

const status = eventType('StatusChunk', 'What the assistant is doing now (for a status line).');
builder.objectFields(status, (t) => ({
  stage: t.field({ type: StageEnum, description: 'Stage.', resolve: (e) => e.stage.toUpperCase() as 'ROUTING' }),
  message: t.exposeString('message', { description: 'A short human-readable status.' }),
  queuePosition: t.int({
    nullable: true,
    description: "While the turn waits for a free model stream: its place in the queue (1 = next). Null otherwise.",
    resolve: (e) => e.queuePosition ?? null,
  }),
}));

builder.objectField(eventType('ReasoningChunk', 'A piece of the clinical reasoning (for the collapsible section).'), 'delta', (t) =>
  t.exposeString('delta', { description: 'Text to append.' }),
);

builder.objectField(eventType('AnswerChunk', 'A piece of the answer the person reads (Markdown).'), 'delta', (t) =>
  t.exposeString('delta', { description: 'Text to append.' }),
);

builder.objectField(eventType('SourcesChunk', 'The knowledge base pages the answer draws on.'), 'sources', (t) =>
  t.field({ type: [SourceRef], description: 'Pages, best first.', resolve: (e) => e.sources }),
);

const triage = eventType(
  'TriageChunk',
  "The structured prediction. Every caller receives the event (so seq stays gap-free), but its fields are null without triage:read.",
);
builder.objectFields(triage, (t) => ({
  condition: t.string({
    nullable: true,
    description: 'Condition slug, or `inconclusive`. Null without triage:read.',
    resolve: (e, _a, ctx) => (canSeeTriage(ctx.principal) ? e.condition : null),
  }),
  conditionTitle: t.string({
    nullable: true,
    description: 'Condition name. Null without triage:read.',
    resolve: (e, _a, ctx) => (canSeeTriage(ctx.principal) ? e.conditionTitle : null),
  }),
  severity: t.field({
    type: SeverityEnum,
    nullable: true,
    description: 'Triage level. Null without triage:read.',
    resolve: (e, _a, ctx) => (canSeeTriage(ctx.principal) ? severityToDb(e.severity as Severity) : null),
  }),
}));

const completed = eventType('TurnCompleted', 'The answer is complete and stored.');
builder.objectFields(completed, (t) => ({
  route: t.field({ type: RouteEnum, description: 'What the router decided.', resolve: (e) => e.route }),
  assistantMessage: t.field({
    type: MessageRef,
    description: 'The stored ASSISTANT message (named so it does not clash with TurnFailed.message).',
    resolve: async (e, _a, ctx) =>
      (await ctx.services.db.message.findUnique({ where: { id: e.messageId } })) ?? Promise.reject(notFound('Message')), // cleared or deleted since
  }),
}));

const failed = eventType('TurnFailed', 'The turn ended without an answer. The user message is kept.');
builder.objectFields(failed, (t) => ({
  code: t.exposeString('code', { description: 'Stable code: MODEL_UNAVAILABLE, MODEL_TIMEOUT, MODEL_STREAM_INTERRUPTED, MODEL_BAD_RESPONSE, CANCELLED, INTERRUPTED, INTERNAL...' }),
  message: t.exposeString('message', { description: 'Human-readable explanation.' }),
  retryable: t.exposeBoolean('retryable', { description: 'Whether sending the message again may work.' }),
  advice: t.field({
    type: AdviceRef,
    nullable: true,
    description: 'The advice the turn had given (an emergency keeps "call 999" even when the answer failed); null when none.',
    resolve: (e) => e.advice ?? null,
  }),
}));
