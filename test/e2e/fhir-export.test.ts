import type { Bundle, CarePlan, Communication, Encounter, Observation, OperationOutcome, Patient, Resource } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gql, startThread } from '../support/graphql.js';
import { indexR4, r4Errors } from '../support/fhir.js';
import { ORIGIN, startTestServer, type TestServer } from '../support/server.js';
import { knowledgeSubset, runTurn } from './helpers.js';

/**
 * The FHIR R4 export (issue #33): a real conversation through the API with the offline engine,
 * exported as a Bundle over GraphQL (`Thread.fhir`) and HTTP (`GET /fhir/Thread/{id}`), validated
 * with Medplum's validator against the R4 definitions; visitors are refused.
 */

const KNOWLEDGE = ['heart-attack', 'angina', 'chest-pain', 'heartburn-and-acid-reflux', 'flu', 'common-cold'];
const CONVERSATION = [
  'probably just indigestion but wanted to ask, no fever',
  'my chest has been tight and heavy for an hour and my left arm aches',
  "im sweaty and feel sick, i'm terrified it's meningitis",
];
const FHIR = /* GraphQL */ `query($id: ID!) { thread(id: $id) { fhir } }`;

let knowledge: Awaited<ReturnType<typeof knowledgeSubset>>;
let server: TestServer;
let threadId: string;
let visitorToken: string;
let lastTurnId: string;
beforeAll(async () => {
  indexR4(); // 4 s of synchronous work: before the server's sockets are open, not between requests
  knowledge = await knowledgeSubset(KNOWLEDGE);
  server = await startTestServer({ env: { CHROMA_URL: inject('chromaUrl'), CHROMA_COLLECTION: 'e2e-fhir', KNOWLEDGE_DIR: knowledge.dir } });
  ({ threadId, token: visitorToken } = await startThread(server, { age: 58, sex: 'MALE' }));
  for (const text of CONVERSATION) lastTurnId = (await runTurn(server, visitorToken, threadId, text)).turnId;
}, 180_000);
afterAll(async () => {
  await server?.close();
  await knowledge?.remove();
});

type Entry = { fullUrl: string; resource: Resource };
const entriesOf = (bundle: Bundle) => (bundle.entry ?? []) as Entry[];
const ofType = <T extends Resource>(bundle: Bundle, type: T['resourceType']) => entriesOf(bundle).filter((e) => e.resource.resourceType === type).map((e) => e.resource as T);
const UK_CORE = 'https://fhir.hl7.org.uk/StructureDefinition/UKCore-';

async function exportAsStaff(): Promise<Bundle> {
  const result = await gql(server, FHIR, { id: threadId }, { token: server.staffKey, origin: null });
  if (!result.data?.thread.fhir) throw new Error(JSON.stringify(result.errors));
  return result.data.thread.fhir as Bundle;
}

describe('FHIR R4 export of a conversation', () => {
  it('is a valid R4 Bundle (Medplum validator over the R4 StructureDefinitions) whose references all resolve', async () => {
    const bundle = await exportAsStaff();
    expect(r4Errors(bundle)).toEqual([]);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection', meta: { profile: [`${UK_CORE}Bundle`] } });
    const urls = new Set(entriesOf(bundle).map((e) => e.fullUrl));
    const references = JSON.stringify(bundle).match(/"reference":"([^"]+)"/g)!.map((r) => r.slice('"reference":"'.length, -1));
    expect(references.length).toBeGreaterThan(20);
    expect(references.filter((r) => !urls.has(r))).toEqual([]);
    for (const { resource } of entriesOf(bundle)) expect(resource.meta?.profile?.[0]).toBe(`${UK_CORE}${resource.resourceType}`);
  });

  it('the validator catches a broken resource inside the bundle (the check has teeth)', async () => {
    const bundle = await exportAsStaff();
    const observation = ofType<Observation>(bundle, 'Observation')[0]!;
    delete (observation as Partial<Observation>).status;
    observation.dataAbsentReason = { text: 'not asked' }; // obs-6: never with a value
    const errors = r4Errors(bundle);
    expect(errors.some((e) => e.includes('status'))).toBe(true);
    expect(errors.some((e) => e.includes('obs-6'))).toBe(true);
  });

  it('holds the patient, the encounter, the findings with present/absent, the disposition with its advice and every message', async () => {
    const bundle = await exportAsStaff();
    const [patient] = ofType<Patient>(bundle, 'Patient');
    expect(patient).toMatchObject({ gender: 'male', extension: [{ valueAge: { value: 58, code: 'a', system: 'http://unitsofmeasure.org' } }] });
    expect(Object.keys(patient!).sort()).toEqual(['extension', 'gender', 'id', 'meta', 'resourceType']);
    const [encounter] = ofType<Encounter>(bundle, 'Encounter');
    expect(encounter).toMatchObject({ id: threadId, status: 'finished', class: { code: 'VR' }, identifier: [{ value: threadId }] });

    const observations = ofType<Observation>(bundle, 'Observation');
    const byConcept = new Map(observations.map((o) => [o.code.coding?.[0]?.code, o]));
    expect(byConcept.get('chestPain')).toMatchObject({
      status: 'final',
      code: { text: 'chest has been tight' },
      valueCodeableConcept: { coding: expect.arrayContaining([{ system: 'http://snomed.info/sct', code: '52101004', display: 'Present' }]) },
    });
    expect(byConcept.get('fever')?.valueCodeableConcept?.coding).toContainEqual({ system: 'http://snomed.info/sct', code: '2667000', display: 'Absent' });
    for (const concept of ['sweating', 'nausea', 'atypicalSite']) expect(byConcept.get(concept)?.valueCodeableConcept?.text).toBe('Present');
    // A fear is not a finding about the person, nor is what the rules derive from the age and sex.
    const staff = await gql(server, `query($id: ID!) { turn(id: $id) { case { findings { concept assertion } } } }`, { id: lastTurnId }, { token: server.staffKey, origin: null });
    expect(staff.data!.turn.case.findings).toContainEqual({ concept: 'meningitisMention', assertion: 'feared' });
    expect(byConcept.has('meningitisMention')).toBe(false);
    for (const derived of ['adult', 'cardiacRisk', 'male']) expect(byConcept.has(derived)).toBe(false);
    // Each finding is dated by the message it came from.
    const communications = ofType<Communication>(bundle, 'Communication');
    const userSent = communications.filter((c) => c.sender?.reference?.endsWith(patient!.id!)).map((c) => c.sent);
    expect(byConcept.get('fever')?.issued).toBe(userSent[0]);
    expect(byConcept.get('chestPain')?.issued).toBe(userSent[1]);
    expect(byConcept.get('sweating')?.issued).toBe(userSent[2]);

    const [plan] = ofType<CarePlan>(bundle, 'CarePlan');
    expect(plan).toMatchObject({ status: 'active', intent: 'proposal', title: 'A&E', activity: [{ detail: { code: { coding: [{ code: 'a-and-e', display: 'A&E' }] } } }] });
    expect(plan!.note?.[0]?.text).toMatch(/999/);
    expect(plan!.supportingInfo?.map((r) => r.reference)).toEqual(expect.arrayContaining([`urn:uuid:${byConcept.get('chestPain')!.id}`]));

    const messages = await gql(server, `query($id: ID!) { thread(id: $id) { messages(first: 50) { edges { node { id role text } } } } }`, { id: threadId }, { token: visitorToken });
    const nodes = messages.data!.thread.messages.edges.map((e: { node: { id: string; role: string; text: string } }) => e.node) as { id: string; role: string; text: string }[];
    expect(nodes).toHaveLength(CONVERSATION.length * 2);
    expect(communications.map((c) => [c.id, c.payload?.[0]?.contentString])).toEqual(nodes.map((n) => [n.id, n.text]));
    const answers = communications.filter((c) => c.sender?.reference?.endsWith(ofType(bundle, 'Device')[0]!.id!));
    expect(answers).toHaveLength(CONVERSATION.length);
    for (const a of answers) expect(a.inResponseTo?.[0]?.reference).toMatch(/^urn:uuid:/);
  });

  it('gives the same resource ids when exported again', async () => {
    const ids = (b: Bundle) => entriesOf(b).map((e) => e.fullUrl);
    expect(ids(await exportAsStaff())).toEqual(ids(await exportAsStaff()));
  });

  it('is served as GET /fhir/Thread/{id} with the same access rules', async () => {
    const url = `${server.url}/fhir/Thread/${threadId}`;
    const response = await fetch(url, { headers: { authorization: `Bearer ${server.staffKey}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    const bundle = (await response.json()) as Bundle;
    expect(r4Errors(bundle)).toEqual([]);
    expect(entriesOf(bundle).map((e) => e.fullUrl)).toEqual(entriesOf(await exportAsStaff()).map((e) => e.fullUrl));

    const refused = async (headers: Record<string, string>, path = url) => {
      const r = await fetch(path, { headers });
      const outcome = (await r.json()) as OperationOutcome;
      expect(r4Errors(outcome)).toEqual([]);
      return { status: r.status, code: outcome.issue[0]?.details?.coding?.[0]?.code };
    };
    expect(await refused({ authorization: `Bearer ${visitorToken}`, origin: ORIGIN })).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(await refused({})).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    expect(await refused({ authorization: `Bearer ${server.staffKey}` }, `${server.url}/fhir/Thread/00000000-0000-4000-8000-000000000000`)).toEqual({ status: 404, code: 'NOT_FOUND' });
  });

  it('refuses a visitor token over GraphQL (FORBIDDEN on the field)', async () => {
    const visitor = await gql(server, FHIR, { id: threadId }, { token: visitorToken });
    expect(visitor.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(visitor.data?.thread.fhir).toBeNull();
  });
});
