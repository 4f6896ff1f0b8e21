import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The layer rules of `.dependency-cruiser.cjs` (see docs/architecture.md) hold on server/, and they
 * do catch what they are for: a tree that breaks each rule fails.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const config = createRequire(import.meta.url)(path.join(ROOT, '.dependency-cruiser.cjs')) as IConfiguration;

async function violations(dir: string, cwd: string): Promise<string[]> {
  const previous = process.cwd();
  process.chdir(cwd);
  try {
    const { output } = await cruise([dir], { ...config.options, ruleSet: { forbidden: config.forbidden ?? [] }, validate: true });
    const result = output as ICruiseResult;
    return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
  } finally {
    process.chdir(previous);
  }
}

describe('server layers', () => {
  it('server/ has no upward import, no cycle, no engine importing another, no unlisted folder', async () => {
    expect(await violations('server', ROOT)).toEqual([]);
  }, 60_000);

  const scratch = mkdtempSync(path.join(tmpdir(), 'layers-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('each rule fires on a tree that breaks it', async () => {
    const files: Record<string, string> = {
      'server/contract/events.ts': "import { log } from '../log.js';\nexport const x = log;\n",
      'server/log.ts': 'export const log = 1;\n',
      'server/knowledge/load.ts': "import { run } from '../pipeline/run.js';\nexport const y = run;\n",
      'server/pipeline/run.ts': "import { y } from '../knowledge/load.js';\nexport const run = y;\n",
      'server/engines/model/engine.ts': "import { z } from '../offline/engine.js';\nexport const m = z;\n",
      'server/engines/offline/engine.ts': 'export const z = 1;\n',
      'server/gadgets/thing.ts': "import { log } from '../log.js';\nexport const t = log;\n",
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
      writeFileSync(path.join(scratch, file), text);
    }
    writeFileSync(path.join(scratch, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' } }));
    const found = await violations('server', scratch);
    const rules = new Set(found.map((v) => v.split(':')[0]));
    expect(rules).toContain('contract-imports-nothing-of-ours');
    expect(rules).toContain('layer-2-imports-higher'); // knowledge -> pipeline
    expect(rules).toContain('no-cycles');
    expect(rules).toContain('engines-side-by-side');
    expect(rules).toContain('unlisted-folder');
  }, 60_000);
});
