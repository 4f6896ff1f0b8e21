import { ENV_DOCS, loadConfig, type Env } from './config.js';

/** The environment table of docs/configuration.md, generated from config.ts (`npx tsx scripts/docs/generate.ts` writes it; test/config/generated-docs.test.ts keeps them equal). */
export function envTable(): string {
  const defaults = loadConfig({});
  const rows = (Object.keys(ENV_DOCS) as (keyof Env)[]).map((key) => {
    const value = defaults[key];
    const shown = value === undefined ? '' : `\`${String(value)}\``;
    return `| \`${key}\` | ${shown} | ${ENV_DOCS[key]} |`;
  });
  return ['| Variable | Default | Meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

if (process.argv[1]?.endsWith('env-table.ts')) process.stdout.write(`${envTable()}\n`);
