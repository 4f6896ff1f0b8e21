import type { CarePlan, Communication, Device, Encounter, Observation, Patient, Reference } from '@medplum/fhirtypes';
import type { Advice, Severity } from '../../contract/events.js';
import type { Demographics } from '../../contract/turn.js';
import type { MessageRow, ThreadRow } from '../../store/threads.js';
import {
  AGE_EXTENSION,
  assertionValue,
  conceptDisplay,
  dispositionCode,
  dispositionOf,
  PREGNANCY_STATUS,
  pregnancyValue,
  PROFILE,
  SYSTEM,
  UCUM,
  VIRTUAL_ENCOUNTER,
  type ExportedAssertion,
} from './codes.js';

/** References between the bundle's resources, by their `urn:uuid` full URLs. */
export interface Refs {
  patient: Reference<Patient>;
  encounter: Reference<Encounter>;
  device: Reference<Device>;
}

const meta = (profile: string) => ({ profile: [profile] });

/** Only what the thread holds: sex, and age as reported (a birth year made from it would be a guess). */
export function patientOf(id: string, demographics: Demographics | null): Patient {
  return {
    resourceType: 'Patient',
    id,
    meta: meta(PROFILE.Patient),
    ...(demographics?.sex ? { gender: demographics.sex } : {}),
    ...(demographics?.age !== undefined
      ? { extension: [{ url: AGE_EXTENSION, valueAge: { value: demographics.age, unit: 'years', system: UCUM, code: 'a' } }] }
      : {}),
  };
}

/** The triage assistant, as the author of the answers and the disposition. */
export function assistantDevice(id: string): Device {
  return {
    resourceType: 'Device',
    id,
    meta: meta(PROFILE.Device),
    status: 'active',
    deviceName: [{ name: 'Triage assistant', type: 'user-friendly-name' }],
    type: { text: 'Clinical triage software' },
  };
}

/** The conversation as a virtual encounter: in progress while a turn runs, finished otherwise. */
export function encounterOf(thread: ThreadRow, running: boolean, refs: Refs): Encounter {
  return {
    resourceType: 'Encounter',
    id: thread.id,
    meta: meta(PROFILE.Encounter),
    identifier: [{ system: SYSTEM.thread, value: thread.id }],
    status: running ? 'in-progress' : 'finished',
    class: VIRTUAL_ENCOUNTER,
    type: [{ text: 'Online symptom triage conversation' }],
    subject: refs.patient,
    period: { start: thread.createdAt.toISOString(), ...(running ? {} : { end: thread.updatedAt.toISOString() }) },
  };
}

export interface ReportedFinding {
  id: string;
  concept: string;
  assertion: ExportedAssertion;
  words: string;
  cue?: string;
  /** The message it was read from, when it can be told. */
  from?: MessageRow;
}

/** One finding the person reported about themselves, with what their words say of it. */
export function observationOf(f: ReportedFinding, refs: Refs): Observation {
  const note = f.cue ? `Reported as "${f.words}" (cue: "${f.cue}").` : `Reported as "${f.words}".`;
  return {
    resourceType: 'Observation',
    id: f.id,
    meta: meta(PROFILE.Observation),
    status: 'final',
    code: { coding: [{ system: SYSTEM.finding, code: f.concept, display: conceptDisplay(f.concept) }], text: f.words },
    subject: refs.patient,
    encounter: refs.encounter,
    performer: [refs.patient],
    ...(f.from ? { effectiveDateTime: f.from.createdAt.toISOString(), issued: f.from.createdAt.toISOString() } : {}),
    valueCodeableConcept: assertionValue(f.assertion),
    note: [{ text: note }],
  };
}

export function pregnancyObservation(id: string, pregnant: boolean, at: Date, refs: Refs): Observation {
  return {
    resourceType: 'Observation',
    id,
    meta: meta(PROFILE.Observation),
    status: 'final',
    code: PREGNANCY_STATUS,
    subject: refs.patient,
    encounter: refs.encounter,
    performer: [refs.patient],
    issued: at.toISOString(),
    valueCodeableConcept: pregnancyValue(pregnant),
  };
}

export interface Disposition {
  id: string;
  severity: Severity;
  /** The urgent or emergency advice the turn gave, if it gave one. */
  advice: Advice | null;
  at: Date;
  /** The findings it rests on and the answer that said it (full URLs). */
  findings: Reference<Observation>[];
  answer?: Reference<Communication>;
}

function adviceText(advice: Advice): string {
  const actions = advice.actions.map((a) => `- ${a.label}: ${a.href}`).join('\n');
  return [`**${advice.title}**`, advice.text, actions].filter(Boolean).join('\n\n');
}

/** The disposition and its advice as a care plan proposed to the person (UK Core has no triage-outcome profile). */
export function carePlanOf(d: Disposition, refs: Refs): CarePlan {
  const disposition = dispositionOf(d.severity);
  const description = d.advice?.title ?? disposition.text;
  return {
    resourceType: 'CarePlan',
    id: d.id,
    meta: meta(PROFILE.CarePlan),
    status: 'active',
    intent: 'proposal',
    category: [{ text: 'Triage disposition' }],
    title: disposition.display,
    description,
    subject: refs.patient,
    encounter: refs.encounter,
    created: d.at.toISOString(),
    author: refs.device,
    supportingInfo: [...d.findings, ...(d.answer ? [d.answer] : [])],
    activity: [{ detail: { code: dispositionCode(d.severity), status: 'not-started', description } }],
    ...(d.advice ? { note: [{ text: adviceText(d.advice) }] } : {}),
  };
}

/** A message: the person's to the assistant, or the assistant's answer in response. */
export function communicationOf(m: MessageRow, inResponseTo: Reference<Communication> | undefined, refs: Refs): Communication {
  const fromPerson = m.role === 'USER';
  return {
    resourceType: 'Communication',
    id: m.id,
    meta: meta(PROFILE.Communication),
    status: 'completed',
    subject: refs.patient,
    encounter: refs.encounter,
    sent: m.createdAt.toISOString(),
    sender: fromPerson ? refs.patient : refs.device,
    recipient: [fromPerson ? refs.device : refs.patient],
    ...(inResponseTo ? { inResponseTo: [inResponseTo] } : {}),
    payload: [{ contentString: m.text }],
  };
}
