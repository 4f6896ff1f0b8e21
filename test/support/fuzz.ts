import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';

/**
 * Schema-aware generation of GraphQL requests for fuzzing: operations built from the schema with
 * arguments that are right, wrong or hostile, inline or as variables; documents broken on purpose;
 * and the values clients get wrong (NUL, lone surrogates, out-of-range numbers and dates, cursors
 * and ids that are not ours). Deterministic for a seed.
 */

/** mulberry32: a small seeded PRNG, so a failing case can be reproduced from the seed. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(max: number): number {
    return Math.floor(this.next() * max);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
}

export interface FuzzFixtures {
  /** Ids that exist (threads, turns) and cursors we made, so some requests reach deep code. */
  ids: string[];
  cursors: string[];
}

const UUIDISH = ['00000000-0000-4000-8000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', 'not-a-uuid', '', "'; DROP TABLE threads; --", '0x1', '\u0000'];
const STRINGS = [
  'I have a fever and a cough',
  '',
  '   ',
  'nul \u0000 byte',
  'lone \ud800 surrogate',
  'lone low \udc00',
  '😀'.repeat(4_000),
  'x'.repeat(4_001),
  'y'.repeat(12_000),
  'مرحبا بالعالم',
  '<script>alert(1)</script>',
  '{"json": true}',
  '%00%ff',
  '\u202e reversed',
  'chest pain spreading to my arm',
  '\\',
  'a\nb\r\nc\t',
];
const DATES = ['2026-01-31T12:00:00Z', '2026-01-31', '-200000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '2026-02-30T00:00:00Z', 'yesterday', '', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z'];
const INTS = [0, 1, 5, -1, 100, 201, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 1.5, 1e21];

export class OperationGenerator {
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly rng: Rng,
    private readonly fixtures: FuzzFixtures,
  ) {}

  /** One operation: its document and variables (sometimes deliberately wrong for the document). */
  operation(kind: 'query' | 'mutation' | 'subscription'): { query: string; variables: Record<string, unknown> } {
    const root = kind === 'query' ? this.schema.getQueryType() : kind === 'mutation' ? this.schema.getMutationType() : this.schema.getSubscriptionType();
    const variables: Record<string, unknown> = {};
    const definitions: string[] = [];
    const useVariables = this.rng.chance(0.5);
    const fields = Object.values(root!.getFields());
    const count = kind === 'query' ? 1 + this.rng.int(3) : 1;
    const selections: string[] = [];
    for (let i = 0; i < count; i++) {
      const field = this.rng.pick(fields);
      const args = this.args(field.args, useVariables, variables, definitions);
      const alias = count > 1 ? `f${i}: ` : this.rng.chance(0.1) ? 'renamed: ' : '';
      selections.push(`${alias}${field.name}${args}${this.subselection(field.type, 0, useVariables, variables, definitions)}`);
    }
    if (useVariables && this.rng.chance(0.1)) variables[`unused${this.rng.int(9)}`] = this.rng.pick(STRINGS);
    if (useVariables && this.rng.chance(0.1) && definitions.length) delete variables[Object.keys(variables)[0]!];
    const header = definitions.length ? `${kind} Fuzz(${definitions.join(', ')})` : kind === 'query' && this.rng.chance(0.5) ? '' : kind;
    return { query: `${header} { ${selections.join(' ')} }`, variables };
  }

  private args(args: readonly GraphQLArgument[], useVariables: boolean, variables: Record<string, unknown>, definitions: string[]): string {
    const parts: string[] = [];
    for (const arg of args) {
      if (!isNonNullType(arg.type) && this.rng.chance(0.5)) continue;
      if (isNonNullType(arg.type) && this.rng.chance(0.03)) continue; // a required argument left out
      const value = this.value(arg.type, 0);
      if (useVariables) {
        const name = `v${definitions.length}`;
        const declared = this.rng.chance(0.03) ? this.rng.pick(['String', 'Int!', '[ID]', 'Boolean']) : String(arg.type);
        definitions.push(`$${name}: ${declared}`);
        variables[name] = value;
        parts.push(`${arg.name}: $${name}`);
      } else {
        parts.push(`${arg.name}: ${literal(value, arg.type)}`);
      }
    }
    if (this.rng.chance(0.005)) parts.push(`bogus: ${this.rng.int(10)}`);
    return parts.length ? `(${parts.join(', ')})` : '';
  }

  private subselection(type: GraphQLOutputType, depth: number, useVariables: boolean, variables: Record<string, unknown>, definitions: string[]): string {
    const named = getNamedType(type) as GraphQLNamedType;
    if (isLeafType(named)) return this.rng.chance(0.005) ? ' { oops }' : '';
    if (depth > 4) return ' { __typename }';
    if (isInterfaceType(named) || isUnionType(named)) {
      const possible = this.schema.getPossibleTypes(named);
      const parts = ['__typename'];
      for (const t of possible) if (this.rng.chance(0.4)) parts.push(`... on ${t.name}${this.subselection(t, depth + 1, useVariables, variables, definitions)}`);
      return ` { ${parts.join(' ')} }`;
    }
    const object = named as GraphQLObjectType;
    const fields = Object.values(object.getFields()) as GraphQLField<unknown, unknown>[];
    const chosen = new Set<GraphQLField<unknown, unknown>>();
    const n = 1 + this.rng.int(Math.min(4, fields.length));
    while (chosen.size < n) chosen.add(this.rng.pick(fields));
    const parts = [...chosen].map((f) => {
      const alias = this.rng.chance(0.1) ? `a${this.rng.int(99)}: ` : '';
      const directive = this.rng.chance(0.05) ? ` @include(if: ${this.rng.chance(0.5)})` : '';
      return `${alias}${f.name}${this.args(f.args, useVariables, variables, definitions)}${directive}${this.subselection(f.type, depth + 1, useVariables, variables, definitions)}`;
    });
    if (this.rng.chance(0.01)) parts.push('notAField');
    return ` { ${parts.join(' ')} }`;
  }

  /** A value for an input type: usually of the right shape, sometimes wrong or hostile. */
  value(type: GraphQLInputType, depth: number): unknown {
    if (isNonNullType(type)) return this.rng.chance(0.04) ? null : this.value(type.ofType, depth);
    if (this.rng.chance(0.05)) return null;
    if (isListType(type)) {
      if (this.rng.chance(0.2)) return this.value(type.ofType, depth + 1);
      return Array.from({ length: this.rng.int(3) }, () => this.value(type.ofType, depth + 1));
    }
    if (this.rng.chance(0.05)) return this.rng.pick([42, true, 'wrong type', { nested: 'object' }, [1, 2]]);
    if (isEnumType(type)) {
      const values = type.getValues().map((v) => v.name);
      return this.rng.chance(0.9) ? this.rng.pick(values) : this.rng.pick(['NOT_A_VALUE', values[0]!.toLowerCase(), '']);
    }
    if (isInputObjectType(type)) {
      const out: Record<string, unknown> = {};
      for (const field of Object.values(type.getFields())) {
        if (isNonNullType(field.type) || this.rng.chance(0.5)) out[field.name] = this.value(field.type, depth + 1);
      }
      if (this.rng.chance(0.05)) out.unknownField = 'x';
      return out;
    }
    if (isScalarType(type)) {
      switch (type.name) {
        case 'ID':
          return this.rng.chance(0.6) && this.fixtures.ids.length ? this.rng.pick(this.fixtures.ids) : this.rng.pick(UUIDISH);
        case 'Int':
          return this.rng.pick(INTS);
        case 'Float':
          return this.rng.pick([0, 0.5, -1, 1e308, Number.MAX_SAFE_INTEGER]);
        case 'Boolean':
          return this.rng.chance(0.5);
        case 'DateTime':
          return this.rng.pick(DATES);
        case 'JSON':
          return { any: ['thing'] };
        default: {
          const pool = this.fixtures.cursors.length && this.rng.chance(0.2) ? this.fixtures.cursors : STRINGS;
          return this.rng.pick(pool);
        }
      }
    }
    return null;
  }

  /** A document broken on purpose, derived from a generated one or built to stress the parser. */
  brokenDocument(): string {
    const base = this.operation(this.rng.pick(['query', 'mutation'] as const)).query;
    switch (this.rng.int(12)) {
      case 0:
        return base.slice(0, this.rng.int(base.length));
      case 1: {
        const at = this.rng.int(base.length);
        return base.slice(0, at) + this.rng.pick(['{', '}', '(', ')', '$', '@', '!', '"', '\\', '#', '\u0000', '\uffff', '...', ':']) + base.slice(at);
      }
      case 2:
        return `{ ${'viewer { '.repeat(1 + this.rng.int(3_000))}kind }`;
      case 3: {
        const n = 10 + this.rng.int(3_000);
        return `{ ...F0 } ${Array.from({ length: n }, (_, i) => `fragment F${i} on Query { ...F${i + 1} }`).join(' ')} fragment F${n} on Query { viewer { kind } }`;
      }
      case 4:
        return `{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }`;
      case 5:
        return `{ ${Array.from({ length: 10 + this.rng.int(5_000) }, (_, i) => `h${i}: health { ok }`).join(' ')} }`;
      case 6:
        return `{ viewer { kind ${'@skip(if: false) '.repeat(1 + this.rng.int(500))} } }`;
      case 7:
        return this.rng.pick(['', ' ', '# only a comment', 'query', '{', '}', 'null', '"string"', '{ __typename }'.repeat(2)]);
      case 8:
        return base.replace(/\w+/g, (w) => (this.rng.chance(0.1) ? w.split('').reverse().join('') : w));
      case 9:
        return `${base} ${base}`;
      case 10:
        return `{ ${'a'.repeat(this.rng.int(70_000))} }`;
      default:
        return `query { thread(id: "${this.rng.pick(UUIDISH)}") { ${'messages { edges { node { turn { id } } } } '.repeat(1 + this.rng.int(40))} } }`;
    }
  }
}

/** A GraphQL literal for a JS value (strings JSON-escaped, which GraphQL strings accept). */
function literal(value: unknown, type: GraphQLInputType): string {
  const named = getNamedType(type);
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map((v) => literal(v, isListType(type) ? type.ofType : type)).join(', ')}]`;
  if (typeof value === 'object') {
    const fields = isInputObjectType(named) ? named.getFields() : {};
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${k}: ${literal(v, fields[k]?.type ?? type)}`)
      .join(', ')} }`;
  }
  if (typeof value === 'string' && isEnumType(named) && /^[_A-Za-z][_0-9A-Za-z]*$/.test(value)) return value;
  return JSON.stringify(value);
}
