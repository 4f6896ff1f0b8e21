import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isInterfaceType, isObjectType, isEnumType, isInputObjectType } from 'graphql';
import { printedSchema, SCHEMA_FILE } from '../../server/graphql/print.js';
import { schema } from '../../server/graphql/schema.js';

describe('schema.graphql', () => {
  it('is exactly what the code prints (run `npm run schema:print` after changing the schema)', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(printedSchema());
  });

  it('documents every type, field and argument', () => {
    const missing: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || ['String', 'Int', 'Float', 'Boolean', 'ID'].includes(type.name)) continue;
      if (!type.description) missing.push(type.name);
      if (isObjectType(type) || isInterfaceType(type)) {
        for (const field of Object.values(type.getFields())) {
          if (!field.description && !['edges', 'node', 'cursor', 'pageInfo', 'hasNextPage', 'hasPreviousPage', 'startCursor', 'endCursor'].includes(field.name)) {
            missing.push(`${type.name}.${field.name}`);
          }
          for (const arg of field.args) {
            if (!arg.description && !['first', 'last', 'after', 'before'].includes(arg.name)) missing.push(`${type.name}.${field.name}(${arg.name})`);
          }
        }
      }
      if (isInputObjectType(type)) for (const field of Object.values(type.getFields())) if (!field.description) missing.push(`${type.name}.${field.name}`);
      if (isEnumType(type) && !['Stage', 'Sex'].includes(type.name)) {
        for (const value of type.getValues()) if (!value.description) missing.push(`${type.name}.${value.name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has the turn events of design.md, each with turnId and seq', () => {
    const events = ['TurnStarted', 'AdviceChunk', 'StatusChunk', 'ReasoningChunk', 'AnswerChunk', 'SourcesChunk', 'TriageChunk', 'TurnCompleted', 'TurnFailed'];
    const iface = schema.getType('TurnEvent');
    expect(isInterfaceType(iface)).toBe(true);
    expect(schema.getImplementations(iface as never).objects.map((o) => o.name).sort()).toEqual([...events].sort());
  });
});
