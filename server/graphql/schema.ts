import { lexicographicSortSchema } from 'graphql';
import { builder } from './builder.js';
import './types.js';
import './events.js';
import './inputs.js';
import './queries.js';
import './mutations.js';
import './retry.js';
import './subscription.js';
import './feedback.js';
import './review.js';
import './audit-log.js';
import './fhir/field.js';
import './summary.js';
import './webhooks.js';
import './visitors.js';

/** The executable schema; `schema.graphql` at the root is printed from it (test/graphql/schema.test.ts). */
export const schema = lexicographicSortSchema(builder.toSchema());
