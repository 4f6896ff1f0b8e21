import { summaryRows } from '../store/summary.js';
import { builder } from './builder.js';
import { requireThreadRead } from './access.js';
import { buildSummary, type SummaryAdvice, type SummaryFinding, type SummaryMessage, type VisitorSummary } from './summary-build.js';
import { AdviceLevelEnum, DemographicsRef, ThreadRef } from './types.js';

/**
 * `Thread.summary`: what the widget's "Summary for your GP" shows, prints and copies. Public to
 * whoever may read the thread (the visitor's own token): made only of what the person wrote and
 * the advice they were shown, with no prediction in it (see summary-build.ts).
 */

const SummaryMessageRef = builder.objectRef<SummaryMessage>('SummaryMessage').implement({
  description: 'One message the person sent, in their words.',
  fields: (t) => ({
    text: t.exposeString('text', { description: `The message, white space folded, cut at a word after about 400 characters ("…").` }),
    sentAt: t.expose('sentAt', { type: 'DateTime', description: 'When it was sent.' }),
    shortened: t.exposeBoolean('shortened', { description: 'Whether the text was cut.' }),
  }),
});

const SummaryAdviceRef = builder.objectRef<SummaryAdvice>('SummaryAdvice').implement({
  description: 'Advice the person was given (emergency or urgent), and when.',
  fields: (t) => ({
    level: t.field({ type: AdviceLevelEnum, description: 'How urgent.', resolve: (a) => a.level }),
    title: t.exposeString('title', { description: 'One line saying what to do.' }),
    text: t.exposeString('text', { description: 'Why, and what to do while waiting (Markdown).' }),
    givenAt: t.field({
      type: ['DateTime'],
      description: 'When each turn that gave it in a row started (the level holds over a conversation, so it is said again).',
      resolve: (a) => a.givenAt,
    }),
  }),
});

const SummaryFindingStatusEnum = builder.enumType('SummaryFindingStatus', {
  description: 'What the person said of a finding.',
  values: {
    REPORTED: { description: 'They said they have it.' },
    DENIED: { description: 'They said they do not.' },
  } as const,
});

const SummaryFindingRef = builder.objectRef<SummaryFinding>('SummaryFinding').implement({
  description: 'A key finding, in the words it was said in (normalised: lower case, no apostrophes).',
  fields: (t) => ({
    words: t.exposeString('words', { description: 'What they said, e.g. "sore throat", "short of breath".' }),
    status: t.field({ type: SummaryFindingStatusEnum, description: 'Reported or denied.', resolve: (f) => f.status }),
    saidAt: t.expose('saidAt', { type: 'DateTime', nullable: true, description: 'When the message it came from was sent.' }),
  }),
});

const VisitorSummaryRef = builder.objectRef<VisitorSummary>('VisitorSummary').implement({
  description:
    'A short summary of the conversation for the person to show a GP, pharmacist or NHS 111. Holds no prediction (no condition or severity): only their words, their details and the advice they were shown.',
  fields: (t) => ({
    startedAt: t.expose('startedAt', { type: 'DateTime', description: 'When the conversation started.' }),
    about: t.field({ type: DemographicsRef, nullable: true, description: 'The details they shared about themselves.', resolve: (s) => s.about }),
    messages: t.field({ type: [SummaryMessageRef], description: 'What they said, oldest first.', resolve: (s) => s.messages }),
    advice: t.field({ type: [SummaryAdviceRef], description: 'What they were advised and when, oldest first (empty: no urgent or emergency advice).', resolve: (s) => s.advice }),
    findings: t.field({
      type: [SummaryFindingRef],
      description: 'The key findings: what they said they have and what they said they do not, each once, as they last said it.',
      resolve: (s) => s.findings,
    }),
  }),
});

builder.objectField(ThreadRef, 'summary', (t) =>
  t.field({
    type: VisitorSummaryRef,
    nullable: true,
    description: "A summary to show a GP, pharmacist or NHS 111 (the widget's Summary button). Needs read access to the thread.",
    resolve: async (thread, _a, ctx) => {
      await requireThreadRead(ctx, thread.id);
      return buildSummary(thread, await summaryRows(ctx.services.db, thread.id));
    },
  }),
);
