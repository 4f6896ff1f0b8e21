import SchemaBuilder from '@pothos/core';
import RelayPlugin from '@pothos/plugin-relay';
import type { GraphQLContext } from './context.js';

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

builder.scalarType('DateTime', {
  description: 'An ISO-8601 timestamp in UTC.',
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new TypeError('DateTime must be an ISO-8601 timestamp.');
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
