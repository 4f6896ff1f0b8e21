import { builder } from '../builder.js';
import { requireThreadRead, requireTriage } from '../access.js';
import { ThreadRef } from '../types.js';
import { threadBundle } from './bundle.js';

/** Thread.fhir: the export for clinical systems, with the same access as Turn.case (it carries the case). */
builder.objectField(ThreadRef, 'fhir', (t) =>
  t.field({
    type: 'JSON',
    nullable: true,
    description:
      "The thread's triage as a FHIR R4 Bundle (type collection) following UK Core: the Patient (only the age and sex the thread has), the conversation as an Encounter, the person's reported findings (present, absent or possible) as Observations, the disposition and its advice as a CarePlan, and every message as a Communication. Also served as `GET /fhir/Thread/{id}` (application/fhir+json). See docs/fhir.md. Needs triage:read.",
    resolve: async (thread, _a, ctx) => {
      await requireThreadRead(ctx, thread.id);
      requireTriage(ctx);
      const { db, historyMessages } = ctx.services;
      const [messages, turns] = await Promise.all([
        db.message.findMany({ where: { threadId: thread.id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
        db.turn.findMany({ where: { threadId: thread.id }, orderBy: { startedAt: 'asc' } }),
      ]);
      return threadBundle({ thread, messages, turns, historyMessages, exportedAt: new Date() });
    },
  }),
);
