import { readdirSync, readFileSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { codegen } from '@graphql-codegen/core';
import { preset, type ClientPresetConfig } from '@graphql-codegen/client-preset';
import type { Types } from '@graphql-codegen/plugin-helpers';
import { buildSchema, parse } from 'graphql';

/**
 * The partner client's types: GraphQL Code Generator's client preset over `schema.graphql` and
 * the operations in `partner/operations/*.graphql`, written to `partner/generated/`
 * (`npm run client:generate`). test/partner/client.test.ts regenerates in memory and fails when
 * the committed files differ, so a schema change that breaks an operation fails CI.
 *
 * The preset runs through @graphql-codegen/core directly: the codegen CLI's loaders (URL, GitHub,
 * Apollo) need a newer Node than we support and nothing here needs them.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OUTPUT_DIR = 'partner/generated/';
const OPERATIONS_DIR = path.join(ROOT, 'partner/operations');

const presetConfig: ClientPresetConfig = { fragmentMasking: false };
const config = {
  // Operations are plain strings (TypedDocumentString): any fetch or graphql-ws client can send them.
  documentMode: 'string',
  enumsAsTypes: true,
  useTypeImports: true,
  skipTypename: false,
  scalars: { DateTime: 'string' },
  // ESM with explicit .js extensions, as Node and our tsconfig (NodeNext) need.
  emitLegacyCommonJSImports: false,
};

/** The generated files (path relative to the repository, content), in memory. */
export async function generateClient(): Promise<{ file: string; content: string }[]> {
  const schemaText = readFileSync(path.join(ROOT, 'schema.graphql'), 'utf8');
  const schemaAst = buildSchema(schemaText);
  const documents: Types.DocumentFile[] = readdirSync(OPERATIONS_DIR)
    .filter((f) => f.endsWith('.graphql'))
    .sort()
    .map((f) => {
      const rawSDL = readFileSync(path.join(OPERATIONS_DIR, f), 'utf8');
      return { location: `partner/operations/${f}`, document: parse(rawSDL), rawSDL };
    });
  const sections = await preset.buildGeneratesSection({
    baseOutputDir: OUTPUT_DIR,
    presetConfig,
    plugins: [],
    pluginMap: {},
    schema: parse(schemaText),
    schemaAst,
    documents,
    config,
  });
  const files = await Promise.all(
    sections.map(async (section) => ({ file: section.filename, content: await codegen({ ...section, cache: undefined }) })),
  );
  return files.sort((a, b) => a.file.localeCompare(b.file));
}

async function main(): Promise<void> {
  const files = await generateClient();
  rmSync(path.join(ROOT, OUTPUT_DIR), { recursive: true, force: true });
  for (const { file, content } of files) {
    mkdirSync(path.dirname(path.join(ROOT, file)), { recursive: true });
    writeFileSync(path.join(ROOT, file), content);
    console.log(`wrote ${file}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
