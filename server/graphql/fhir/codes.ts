import type { CodeableConcept, Coding } from '@medplum/fhirtypes';
import type { Severity } from '../../contract/events.js';
import type { ContextSignalId } from '../../clinical/readings.js';

/**
 * The profiles, code systems and codes of the FHIR export in one place. UK Core profiles exist
 * for every resource the export makes (R4, https://simplifier.net/hl7fhirukcorer4). Our own
 * codes (the concepts the clinical reader finds, the dispositions) have no SNOMED CT mapping yet,
 * so they are in code systems named under one canonical base: a name, not a location to fetch.
 */

const UK_CORE = 'https://fhir.hl7.org.uk/StructureDefinition';
export const PROFILE = {
  Bundle: `${UK_CORE}/UKCore-Bundle`,
  Patient: `${UK_CORE}/UKCore-Patient`,
  Encounter: `${UK_CORE}/UKCore-Encounter`,
  Observation: `${UK_CORE}/UKCore-Observation`,
  CarePlan: `${UK_CORE}/UKCore-CarePlan`,
  Communication: `${UK_CORE}/UKCore-Communication`,
  Device: `${UK_CORE}/UKCore-Device`,
} as const;

export const CANONICAL = 'urn:triage-assistant:fhir';
export const SYSTEM = {
  /** Bundle.identifier and Encounter.identifier: the thread id. */
  thread: `${CANONICAL}:thread`,
  /** Observation.code: a concept of the clinical reader (chestPain, sweating...). */
  finding: `${CANONICAL}:CodeSystem:finding`,
  /** Observation.value: present / absent / possible, as the words put it. */
  assertion: `${CANONICAL}:CodeSystem:assertion`,
  /** CarePlan.activity.detail.code: the triage disposition. */
  disposition: `${CANONICAL}:CodeSystem:disposition`,
} as const;
export const AGE_EXTENSION = `${CANONICAL}:StructureDefinition:reported-age`;

const SNOMED = 'http://snomed.info/sct';
const LOINC = 'http://loinc.org';

/** Only these assertions are findings about the person; feared, asked-about, historical or someone else's are not. */
export type ExportedAssertion = 'present' | 'absent' | 'possible';
export const EXPORTED_ASSERTIONS: readonly string[] = ['present', 'absent', 'possible'] satisfies ExportedAssertion[];

/**
 * Concepts the safety rules derive from the age and sex (exported on the Patient) or from other
 * findings: groupings for the rules ("older age, diabetes or heart disease"), not something the
 * person reported, so they are not Observations.
 */
export const DERIVED_CONCEPTS: ReadonlySet<string> = new Set<ContextSignalId>(['adult', 'olderAge', 'cardiacRisk', 'male', 'infantUnder3Months', 'infant3To6Months']);

/** The assertion as Observation.valueCodeableConcept: SNOMED CT's qualifier where one says it exactly. */
export function assertionValue(assertion: ExportedAssertion): CodeableConcept {
  const ours: Record<ExportedAssertion, Coding> = {
    present: { system: SYSTEM.assertion, code: 'present', display: 'Present' },
    absent: { system: SYSTEM.assertion, code: 'absent', display: 'Absent' },
    possible: { system: SYSTEM.assertion, code: 'possible', display: 'Possibly present' },
  };
  const snomed: Partial<Record<ExportedAssertion, Coding>> = {
    present: { system: SNOMED, code: '52101004', display: 'Present' },
    absent: { system: SNOMED, code: '2667000', display: 'Absent' },
  };
  const coding = [snomed[assertion], ours[assertion]].filter((c): c is Coding => c !== undefined);
  return { coding, text: ours[assertion].display };
}

const DISPOSITION: Record<Severity, { code: string; display: string; text: string }> = {
  'Self-care': { code: 'self-care', display: 'Self-care', text: 'Self-care at home or with a pharmacist; GP if it persists.' },
  'Urgent Primary Care': { code: 'urgent-primary-care', display: 'Urgent Primary Care', text: 'GP, NHS 111 or an urgent treatment centre as soon as possible.' },
  'A&E': { code: 'a-and-e', display: 'A&E', text: 'Call 999 or go to A&E now.' },
};
export const dispositionOf = (severity: Severity) => DISPOSITION[severity];
export function dispositionCode(severity: Severity): CodeableConcept {
  const d = DISPOSITION[severity];
  return { coding: [{ system: SYSTEM.disposition, code: d.code, display: d.display }], text: d.text };
}

/** A concept's code as a reader sees it: chestPain → "Chest pain". */
export function conceptDisplay(concept: string): string {
  const words = concept.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const VIRTUAL_ENCOUNTER: Coding = { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'VR', display: 'virtual' };
export const PREGNANCY_STATUS: CodeableConcept = { coding: [{ system: LOINC, code: '82810-3', display: 'Pregnancy status' }], text: 'Pregnancy status' };
export const pregnancyValue = (pregnant: boolean): CodeableConcept =>
  pregnant
    ? { coding: [{ system: SNOMED, code: '77386006', display: 'Pregnant' }], text: 'Pregnant' }
    : { coding: [{ system: SNOMED, code: '60001007', display: 'Not pregnant' }], text: 'Not pregnant' };
export const UCUM = 'http://unitsofmeasure.org';
