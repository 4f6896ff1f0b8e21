import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { GraphQLError, Kind, parse, print } from 'graphql';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import type { Plugin } from 'graphql-yoga';
import type { Principal } from '../auth/principal.js';

/**
 * Persisted operations for the widget (Yoga's persisted-operations plugin, Apollo's
 * `extensions.persistedQuery.sha256Hash` format). The widget's operations live in
 * widget/src/operations.graphql; the widget build and this module derive the same ids from it, so
 * the bundle ships ids, not documents. A site with `persistedOperationsOnly` accepts only those ids
 * from its browser-held credentials (publishable key, thread tokens, signed-in visitors' sessions): a key copied out of a page
 * cannot run arbitrary documents. Secret and staff keys, and anonymous callers, are unaffected.
 */

export const WIDGET_OPERATIONS_FILE = path.resolve(import.meta.dirname, '../../widget/src/operations.graphql');

export interface PersistedOperations {
  /** id (sha256 hex of the printed operation) → document. */
  readonly byId: ReadonlyMap<string, string>;
  /** operation name → id, what the widget build embeds. */
  readonly idByName: Readonly<Record<string, string>>;
}

/** Each named operation of `source`, printed alone, keyed by the SHA-256 of that text. */
export function persistedOperationsFrom(source: string): PersistedOperations {
  const byId = new Map<string, string>();
  const idByName: Record<string, string> = {};
  for (const definition of parse(source).definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION || !definition.name) continue;
    const document = print({ kind: Kind.DOCUMENT, definitions: [definition] });
    const id = createHash('sha256').update(document).digest('hex');
    byId.set(id, document);
    idByName[definition.name.value] = id;
  }
  return { byId, idByName };
}

export function loadWidgetOperations(file = WIDGET_OPERATIONS_FILE): PersistedOperations {
  return existsSync(file) ? persistedOperationsFrom(readFileSync(file, 'utf8')) : { byId: new Map(), idByName: {} };
}

/** Browser-held credentials of a site that accepts only the widget's own operations. */
export function persistedOnly(principal: Principal): boolean {
  return (principal.kind === 'publishable' || principal.kind === 'thread' || principal.kind === 'visitor') && principal.persistedOperationsOnly === true;
}

const ONLY_MESSAGE =
  "This site accepts only the widget's own operations from browser keys (persisted operation ids); send `extensions.persistedQuery.sha256Hash`.";

export const persistedQueryOnly = (): GraphQLError =>
  new GraphQLError(ONLY_MESSAGE, { extensions: { code: 'PERSISTED_QUERY_ONLY' } });
export const persistedQueryNotFound = (): GraphQLError =>
  new GraphQLError('Unknown persisted operation id.', { extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } });

/**
 * The HTTP side: ids are looked up; a document is refused when the caller's site requires ids.
 * `principalOf` resolves (and caches per request) the caller, so this costs no extra query.
 */
export function persistedOperationsPlugin(
  operations: PersistedOperations,
  principalOf: (request: Request) => Promise<Principal>,
): Plugin {
  return usePersistedOperations({
    getPersistedOperation: (id) => operations.byId.get(id) ?? null,
    // An invalid key is not our concern here: let the resolvers report it with its own code.
    allowArbitraryOperations: (request) => principalOf(request).then((p) => !persistedOnly(p), () => true),
    customErrors: {
      notFound: () => persistedQueryNotFound(),
      persistedQueryOnly: () => persistedQueryOnly(),
      keyNotFound: () => new GraphQLError('The request has no query and no persisted operation id.', { extensions: { code: 'BAD_USER_INPUT' } }),
    },
  });
}

/**
 * The WebSocket side (graphql-ws does not run Yoga's onParams): the document for a subscribe
 * payload, or the error to send back.
 */
export function documentForSubscribe(
  operations: PersistedOperations,
  payload: { query?: unknown; extensions?: unknown },
  principal: Principal,
): string | GraphQLError {
  const ext = payload.extensions as { persistedQuery?: { version?: unknown; sha256Hash?: unknown } } | null | undefined;
  const id = ext?.persistedQuery?.version === 1 && typeof ext.persistedQuery.sha256Hash === 'string' ? ext.persistedQuery.sha256Hash : null;
  const query = typeof payload.query === 'string' ? payload.query : '';
  if (query) return persistedOnly(principal) ? persistedQueryOnly() : query;
  if (id === null) return new GraphQLError('The subscribe message has no query and no persisted operation id.', { extensions: { code: 'BAD_USER_INPUT' } });
  return operations.byId.get(id) ?? persistedQueryNotFound();
}
