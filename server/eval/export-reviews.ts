import { createHash } from 'node:crypto';
import os from 'node:os';
import { writeFile } from 'node:fs/promises';
import type { Demographics } from '../contract/turn.js';
import type { Db } from '../store/db.js';
import { appendAudit } from '../store/audit.js';
import { severityFromDb } from '../store/severity.js';
import type { TriageCase } from './cases.js';
import { scrubPersonalDetails } from './scrub.js';

/**
 * `npm run eval -- --export-reviews FILE`: reviewed turns as evaluation cases, so a clinician's
 * correction becomes a regression case. Each case holds what the person wrote (this turn's message
 * and up to two earlier ones of the conversation, for context), their age, sex and pregnancy, and
 * the reviewed truth. Personal details are stripped (scrub.ts); nothing identifies the thread,
 * the site or a key: the case id is a one-way hash of the turn id (stable, so re-exports match).
 * Reviewers' notes are never exported. Every export is written to the audit log.
 */

export interface ExportOptions {
  siteId?: string;
  /** Only reviews written at or after. */
  since?: Date;
}

export interface ExportResult {
  cases: TriageCase[];
  /** Reviewed turns not exported, and why. */
  skipped: { turnId: string; reason: string }[];
  /** Which threads the cases came from (for the audit log; never written to the file). */
  sources: { siteId: string; threadId: string; turnId: string }[];
}

/** Earlier user messages kept with the turn's own, for context (the safety rules read two). */
const CONTEXT_MESSAGES = 2;
/** Ages are kept (triage depends on them) but capped, as very old ages identify. */
const MAX_AGE = 90;

export const caseIdFor = (turnId: string) => `review-${createHash('sha256').update(`triage-review:${turnId}`).digest('hex').slice(0, 12)}`;

export async function collectReviewedCases(db: Db, options: ExportOptions = {}): Promise<ExportResult> {
  const reviews = await db.review.findMany({
    where: {
      ...(options.since ? { updatedAt: { gte: options.since } } : {}),
      ...(options.siteId ? { turn: { thread: { siteId: options.siteId } } } : {}),
    },
    include: { turn: { include: { thread: true } } },
    orderBy: { updatedAt: 'asc' },
  });
  const result: ExportResult = { cases: [], skipped: [], sources: [] };
  for (const review of reviews) {
    const { turn } = review;
    if (review.verdict === 'CORRECT' && turn.route !== 'TRIAGE') {
      result.skipped.push({ turnId: turn.id, reason: 'a direct reply or question judged correct (no triage truth to test)' });
      continue;
    }
    const own = await db.message.findFirst({ where: { turnId: turn.id, role: 'USER' } });
    if (!own) {
      result.skipped.push({ turnId: turn.id, reason: "the person's message is gone" });
      continue;
    }
    const earlier = await db.message.findMany({
      where: { threadId: turn.threadId, role: 'USER', createdAt: { lt: own.createdAt } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: CONTEXT_MESSAGES,
    });
    const text = [...earlier.reverse(), own].map((m) => scrubPersonalDetails(m.text.trim())).join('\n');
    const demographics = exportDemographics(turn.thread.demographics as Demographics | null);
    result.cases.push({
      id: caseIdFor(turn.id),
      kind: 'triage',
      text,
      demographics,
      condition: review.condition,
      severity: severityFromDb(review.severity),
      review: {
        verdict: review.verdict,
        predicted: turn.predictedSlug && turn.predictedSeverity ? { condition: turn.predictedSlug, severity: severityFromDb(turn.predictedSeverity) } : null,
        reviewedOn: review.updatedAt.toISOString().slice(0, 10),
      },
    });
    result.sources.push({ siteId: turn.thread.siteId, threadId: turn.threadId, turnId: turn.id });
  }
  return result;
}

/** Age (capped), sex and pregnancy; free-text notes are scrubbed like messages. */
function exportDemographics(d: Demographics | null): Demographics | undefined {
  if (!d) return undefined;
  const out: Demographics = {};
  if (typeof d.age === 'number') out.age = Math.min(d.age, MAX_AGE);
  if (d.sex) out.sex = d.sex;
  if (typeof d.pregnant === 'boolean') out.pregnant = d.pregnant;
  if (d.notes) out.notes = scrubPersonalDetails(d.notes);
  return Object.keys(out).length ? out : undefined;
}

/** Writes the cases as JSON Lines and records the export (one entry per thread read) in the audit log. */
export async function exportReviews(db: Db, file: string, options: ExportOptions = {}): Promise<ExportResult> {
  const result = await collectReviewedCases(db, options);
  await writeFile(file, result.cases.map((c) => JSON.stringify(c)).join('\n') + (result.cases.length ? '\n' : ''), { mode: 0o600 });
  const where = { ip: 'cli', detail: { user: os.userInfo().username, host: os.hostname(), file } };
  await appendAudit(
    db,
    result.sources.map((s) => ({ actorKind: 'export' as const, action: 'thread.export' as const, siteId: s.siteId, threadId: s.threadId, turnId: s.turnId, ...where })),
  );
  return result;
}
