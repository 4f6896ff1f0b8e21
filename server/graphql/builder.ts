import SchemaBuilder from '@pothos/core';
import RelayPlugin from '@pothos/plugin-relay';
import type { GraphQLContext } from './context.js';
import { badInput } from '../contract/errors.js';

export type { ApiServices, GraphQLContext } from './context.js';

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    JSON: { Input: unknown; Output: unknown };
  };
  DefaultFieldNullability: false;
  DefaultEdgesNullability: false;
  DefaultNodeNullability: false;
}>({
  plugins: [RelayPlugin],
  defaultFieldNullability: false,
  relay: { clientMutationId: 'omit', cursorType: 'String', edgesFieldOptions: { nullable: false }, nodeFieldOptions: { nullable: false }, nodesOnConnection: false, pageInfoTypeOptions: { description: 'Where a page of a connection sits in the whole list (Relay).' } },
});

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

builder.scalarType('DateTime', {
  description: 'An ISO-8601 timestamp in UTC.',
  serialize: (value) => value.toISOString(),
  // Strings in ISO-8601 form only, years 1-9999 (what Postgres and ISO strings both hold), so a
  // bad date is BAD_USER_INPUT here rather than an error from the database.
  parseValue: (value) => {
    const date = typeof value === 'string' && ISO_8601.test(value) ? new Date(value) : null;
    if (!date || Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1 || date.getUTCFullYear() > 9999) {
      // A GraphQLError (not a TypeError), so the coercion error is the client's, not masked as internal.
      throw badInput('DateTime must be an ISO-8601 timestamp between the years 1 and 9999, e.g. 2026-01-31T12:00:00Z.');
    }
    return date;
  },
});

builder.scalarType('JSON', {
  description: 'Arbitrary JSON (diagnostic traces for staff).',
  serialize: (value) => value,
  parseValue: (value) => value,
});

builder.queryType({ description: 'Reading threads, turns and service health.' });
builder.mutationType({ description: 'Starting threads, sending messages and managing turns.' });
builder.subscriptionType({ description: 'Live turn events.' });
