import type { Bundle, BundleEntry, Communication, Observation, Reference, Resource } from '@medplum/fhirtypes';
import { asAdvice, SEVERITIES, type Advice, type Severity } from '../../contract/events.js';
import type { Demographics } from '../../contract/turn.js';
import { severityFromDb } from '../../store/severity.js';
import type { MessageRow, ThreadRow, TurnRow } from '../../store/threads.js';
import { caseOfTrace } from '../case.js';
import { caseMessages } from './case-messages.js';
import { DERIVED_CONCEPTS, EXPORTED_ASSERTIONS, PROFILE, type ExportedAssertion } from './codes.js';
import { fullUrl, nameUuid } from './ids.js';
import {
  assistantDevice,
  carePlanOf,
  communicationOf,
  encounterOf,
  observationOf,
  patientOf,
  pregnancyObservation,
  type ReportedFinding,
  type Refs,
} from './resources.js';

/** Everything the export reads of one thread, messages and turns in conversation order. */
export interface ThreadRecord {
  thread: ThreadRow;
  messages: readonly MessageRow[];
  turns: readonly TurnRow[];
  /** The history window turns were given (ApiServices.historyMessages), to tell which message a finding came from. */
  historyMessages: number;
  exportedAt: Date;
}

const ref = <T extends Resource>(id: string): Reference<T> => ({ reference: fullUrl(id) });
const newestFirst = (turns: readonly TurnRow[]) => [...turns].sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());
const userMessageOf = (messages: readonly MessageRow[], turnId: string) => messages.find((m) => m.turnId === turnId && m.role === 'USER');

/**
 * The findings in force at the end of the conversation: the newest turn's case holds every
 * message's findings (it accumulates), with those a later message answered or a correction took
 * back marked; those are left out, and so is all the person did not say of themselves
 * (feared, asked about, in the past, someone else's) and what the rules derive from the age and sex.
 */
function reportedFindings(r: ThreadRecord): ReportedFinding[] {
  for (const turn of newestFirst(r.turns)) {
    const kase = caseOfTrace(turn.trace);
    const own = kase && userMessageOf(r.messages, turn.id);
    if (!kase || !own) continue;
    const read = caseMessages(r.messages, own, r.historyMessages);
    const seen = new Set<string>();
    const out: ReportedFinding[] = [];
    for (const f of kase.findings) {
      if (!EXPORTED_ASSERTIONS.includes(f.assertion) || DERIVED_CONCEPTS.has(f.concept) || f.retracted || f.supersededBy !== undefined) continue;
      const key = `${f.concept}:${f.assertion}`;
      if (seen.has(key)) continue; // said twice: one observation, from the first time
      seen.add(key);
      out.push({
        id: nameUuid(`finding:${r.thread.id}:${key}`),
        concept: f.concept,
        assertion: f.assertion as ExportedAssertion,
        words: f.words,
        cue: f.cue,
        from: read[f.message],
      });
    }
    return out;
  }
  return [];
}

const ADVICE_SEVERITY: Record<Advice['level'], Severity> = { EMERGENCY: 'A&E', URGENT: 'Urgent Primary Care' };
const higher = (a: Severity | null, b: Severity | null): Severity | null =>
  a === null ? b : b === null ? a : SEVERITIES.indexOf(a) >= SEVERITIES.indexOf(b) ? a : b;

/** The newest turn that reached a disposition: its triage level, raised to its advice's when that was higher. */
function latestDisposition(r: ThreadRecord) {
  for (const turn of newestFirst(r.turns)) {
    const advice = asAdvice(turn.advice);
    const severity = higher(turn.predictedSeverity ? severityFromDb(turn.predictedSeverity) : null, advice ? ADVICE_SEVERITY[advice.level] : null);
    if (severity) return { turn, severity, advice };
  }
  return null;
}

/**
 * A thread's triage as a FHIR R4 collection Bundle following UK Core: the Patient (only the
 * demographics the thread has), the conversation as an Encounter, the person's reported findings
 * as Observations, the disposition and its advice as a CarePlan, and every message as a
 * Communication between the Patient and the assistant (a Device).
 */
export function threadBundle(r: ThreadRecord): Bundle {
  const { thread, messages } = r;
  const demographics = (thread.demographics as Demographics | null) ?? null;
  const patientId = nameUuid(`patient:${thread.id}`);
  const deviceId = nameUuid('device:triage-assistant');
  const refs: Refs = { patient: ref(patientId), encounter: ref(thread.id), device: ref(deviceId) };
  const running = r.turns.some((t) => t.status === 'RUNNING');

  const findings = reportedFindings(r);
  const observations: Observation[] = findings.map((f) => observationOf(f, refs));
  if (typeof demographics?.pregnant === 'boolean') {
    observations.push(pregnancyObservation(nameUuid(`pregnancy:${thread.id}`), demographics.pregnant, thread.createdAt, refs));
  }

  const communications: Communication[] = messages.map((m) => {
    const question = m.role === 'ASSISTANT' && m.turnId ? userMessageOf(messages, m.turnId) : undefined;
    return communicationOf(m, question ? ref<Communication>(question.id) : undefined, refs);
  });

  const disposition = latestDisposition(r);
  const answer = disposition && messages.find((m) => m.turnId === disposition.turn.id && m.role === 'ASSISTANT');
  const carePlan = disposition
    ? carePlanOf(
        {
          id: nameUuid(`disposition:${disposition.turn.id}`),
          severity: disposition.severity,
          advice: disposition.advice,
          at: disposition.turn.endedAt ?? disposition.turn.startedAt,
          findings: findings.filter((f) => f.assertion !== 'absent').map((f) => ref<Observation>(f.id)),
          answer: answer ? ref<Communication>(answer.id) : undefined,
        },
        refs,
      )
    : null;

  const resources: Resource[] = [
    patientOf(patientId, demographics),
    encounterOf(thread, running, refs),
    assistantDevice(deviceId),
    ...observations,
    ...(carePlan ? [carePlan] : []),
    ...communications,
  ];
  const entry: BundleEntry[] = resources.map((resource) => ({ fullUrl: fullUrl(resource.id!), resource }));
  return {
    resourceType: 'Bundle',
    id: nameUuid(`bundle:${thread.id}:${r.exportedAt.toISOString()}`),
    meta: { profile: [PROFILE.Bundle], lastUpdated: thread.updatedAt.toISOString() },
    type: 'collection',
    timestamp: r.exportedAt.toISOString(),
    entry,
  };
}
