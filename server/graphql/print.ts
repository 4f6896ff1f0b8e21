import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { printSchema } from 'graphql';
import { schema } from './schema.js';

/** `npm run schema:print` rewrites schema.graphql from the code. */
export const SCHEMA_FILE = path.resolve(import.meta.dirname, '../../schema.graphql');
export const printedSchema = () => `${printSchema(schema)}\n`;

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  writeFileSync(SCHEMA_FILE, printedSchema());
  console.log(`wrote ${SCHEMA_FILE}`);
}
