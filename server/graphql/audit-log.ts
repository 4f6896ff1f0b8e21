import { resolveCursorConnection } from '@pothos/plugin-relay';
import { badInput } from '../contract/errors.js';
import { AUDIT_ACTIONS, pageAudit, type AuditRow } from '../store/audit.js';
import { builder } from './builder.js';
import { requireStaff } from './review.js';

const AuditEntryRef = builder.objectRef<AuditRow>('AuditEntry').implement({
  description: 'Who read or changed what, when and from where. Entries cannot be changed or deleted through the API.',
  fields: (t) => ({
    id: t.id({ description: 'Increasing with time.', resolve: (e) => e.id.toString() }),
    at: t.expose('at', { type: 'DateTime', description: 'When.' }),
    actorKind: t.exposeString('actorKind', { description: 'visitor, partner, staff, admin (npm run admin), system (retention) or export.' }),
    actorKeyId: t.exposeID('actorKeyId', { nullable: true, description: 'The key used (partner, staff, publishable), if any.' }),
    actorName: t.string({
      nullable: true,
      description: "The key's name, when the key still exists.",
      resolve: async (e, _a, ctx) =>
        e.actorKeyId ? ((await ctx.services.db.apiKey.findUnique({ where: { id: e.actorKeyId }, select: { name: true } }))?.name ?? null) : null,
    }),
    action: t.exposeString('action', { description: `One of: ${AUDIT_ACTIONS.join(', ')}.` }),
    threadId: t.exposeID('threadId', { nullable: true, description: 'The thread concerned (it may since have been deleted).' }),
    turnId: t.exposeID('turnId', { nullable: true, description: 'The turn concerned.' }),
    ip: t.exposeString('ip', { nullable: true, description: 'Client IP, or `cli`.' }),
    origin: t.exposeString('origin', { nullable: true, description: 'Browser Origin, when sent.' }),
    detail: t.field({ type: 'JSON', nullable: true, description: 'Small facts (via which field, verdict, rating); never content.', resolve: (e) => e.detail }),
  }),
});

const AuditFilter = builder.inputType('AuditFilter', {
  description: 'Narrows `auditLog`. All conditions must hold.',
  fields: (t) => ({
    threadId: t.id({ description: 'About this thread (e.g. who has read it).' }),
    turnId: t.id({ description: 'About this turn.' }),
    actorKeyId: t.id({ description: 'Done with this key.' }),
    actions: t.stringList({ description: `Only these actions (${AUDIT_ACTIONS.join(', ')}).` }),
    after: t.field({ type: 'DateTime', description: 'At or after.' }),
    before: t.field({ type: 'DateTime', description: 'At or before.' }),
  }),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = (v: string | number | null | undefined, field: string): string | undefined => {
  if (v == null) return undefined;
  if (!UUID.test(String(v))) throw badInput('Not an id.', `filter.${field}`);
  return String(v);
};
const cursorId = (c: string, field: string): bigint => {
  if (!/^\d{1,19}$/.test(c)) throw badInput('Invalid cursor.', field);
  return BigInt(c);
};

builder.queryField('auditLog', (t) =>
  t.connection(
    {
      type: AuditEntryRef,
      description: "Your site's audit log, newest first: staff and partner reads of threads, reviews, feedback, deletions, key changes. Staff keys.",
      args: { filter: t.arg({ type: AuditFilter, description: 'Conditions.' }) },
      resolve: (_root, args, ctx) => {
        const siteId = requireStaff(ctx, 'The audit log');
        const f = args.filter;
        const unknown = f?.actions?.find((a) => !(AUDIT_ACTIONS as readonly string[]).includes(a));
        if (unknown) throw badInput(`Unknown action "${unknown}".`, 'filter.actions');
        return resolveCursorConnection<Promise<AuditRow[]>>(
          { args, defaultSize: 50, maxSize: 200, toCursor: (e: AuditRow) => e.id.toString() },
          ({ before, after, limit, inverted }): Promise<AuditRow[]> =>
            pageAudit(
              ctx.services.db,
              {
                siteId,
                threadId: uuid(f?.threadId, 'threadId'),
                turnId: uuid(f?.turnId, 'turnId'),
                actorKeyId: uuid(f?.actorKeyId, 'actorKeyId'),
                actions: f?.actions ?? undefined,
                after: f?.after ?? undefined,
                before: f?.before ?? undefined,
              },
              { afterId: after ? cursorId(after, 'after') : undefined, beforeId: before ? cursorId(before, 'before') : undefined, limit, inverted },
            ),
        );
      },
    },
    { description: 'A page of the audit log.' },
    { description: 'An entry and its cursor.' },
  ),
);
