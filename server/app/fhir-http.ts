import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OperationOutcome } from '@medplum/fhirtypes';

/**
 * `GET /fhir/Thread/{id}`: the thread's FHIR Bundle over plain HTTP for clinical systems that do
 * not speak GraphQL. It runs the GraphQL query `thread(id) { fhir }` through the same server, so
 * the credential, the Origin check, the rate limits and the audit log are those of any request;
 * errors come back as a FHIR OperationOutcome with the HTTP status of their code.
 */

const PATH = /^\/fhir\/Thread\/([^/]+)$/;
const QUERY = 'query FhirThread($id: ID!) { thread(id: $id) { fhir } }';

/** The GraphQL server's fetch entry point (Yoga's), with the Node request as server context. */
export type GraphqlFetch = (url: string, init: RequestInit, context: { req: IncomingMessage }) => Promise<Response> | Response;

interface GraphqlReply {
  data?: { thread?: { fhir?: unknown } | null } | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

const STATUS: Record<string, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  PERSISTED_QUERY_ONLY: 403,
  NOT_FOUND: 404,
  BAD_USER_INPUT: 400,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
};
const ISSUE_CODE: Record<number, 'login' | 'forbidden' | 'not-found' | 'invalid' | 'throttled' | 'transient' | 'not-supported' | 'exception'> = {
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  400: 'invalid',
  405: 'not-supported',
  429: 'throttled',
  503: 'transient',
  500: 'exception',
};

export const isFhirPath = (pathname: string): boolean => pathname === '/fhir' || pathname.startsWith('/fhir/');

export async function serveFhir(req: IncomingMessage, res: ServerResponse, url: URL, graphql: GraphqlFetch): Promise<void> {
  const match = PATH.exec(url.pathname);
  if (!match) return outcome(res, 404, 'NOT_FOUND', 'Only GET /fhir/Thread/{id} is served.');
  if (req.method !== 'GET' && req.method !== 'HEAD') return outcome(res, 405, 'METHOD_NOT_ALLOWED', 'Use GET.', { allow: 'GET, HEAD' });
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (req.headers.authorization) headers.authorization = req.headers.authorization;
  if (req.headers.origin) headers.origin = req.headers.origin;
  const response = await graphql(
    'http://localhost/graphql',
    { method: 'POST', headers, body: JSON.stringify({ query: QUERY, variables: { id: decodeURIComponent(match[1]!) } }) },
    { req },
  );
  const reply = (await response.json()) as GraphqlReply;
  const bundle = reply.data?.thread?.fhir;
  const error = reply.errors?.[0];
  if (bundle && !error) {
    res.writeHead(200, { 'content-type': 'application/fhir+json; charset=utf-8', 'cache-control': 'no-store' });
    return void res.end(req.method === 'HEAD' ? undefined : JSON.stringify(bundle));
  }
  const code = error?.extensions?.code ?? 'INTERNAL';
  outcome(res, STATUS[code] ?? 500, code, error?.message ?? 'The export failed.');
}

function outcome(res: ServerResponse, status: number, code: string, message: string, extra: Record<string, string> = {}): void {
  const body: OperationOutcome = {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code: ISSUE_CODE[status] ?? 'exception', details: { coding: [{ code }], text: message }, diagnostics: message }],
  };
  res.writeHead(status, { 'content-type': 'application/fhir+json; charset=utf-8', 'cache-control': 'no-store', ...extra });
  res.end(JSON.stringify(body));
}
