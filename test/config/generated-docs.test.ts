import { describe, expect, it } from 'vitest';
import { evalLedger, readManifest, readSweep } from '../../scripts/docs/eval-ledger.js';
import { current, GENERATED } from '../../scripts/docs/generate.js';

/**
 * The generated tables of docs/ (the environment variables, the ledger of evaluation sets, the
 * latest load bench) are what their sources give today. Regenerate with
 * `npx tsx scripts/docs/generate.ts`.
 */

describe('generated tables in docs/', () => {
  it.each(GENERATED.map((g) => [`${g.doc} (${g.block})`, g] as const))('%s matches its source', (_name, entry) => {
    const shown = current(entry);
    expect(shown, `${entry.doc} has its <!-- ${entry.block}:start/end --> markers`).toBeDefined();
    expect(shown, `${entry.doc} is out of date with ${entry.source}: run npx tsx scripts/docs/generate.ts`).toBe(entry.generate());
  });

  it('the ledger follows the manifest: a set that changes status changes the table', () => {
    const manifest = readManifest();
    const ledger = GENERATED.find((g) => g.block === 'ledger')!;
    const blind = manifest.find((e) => e.blind)!;
    const changed = manifest.map((e) => (e.set === blind.set ? { ...e, blind: false, tunedOn: true } : e));
    expect(evalLedger(changed, readSweep())).not.toBe(current(ledger));
    for (const entry of manifest) expect(current(ledger)).toContain(`| ${entry.set} | ${entry.kind} |`);
  });
});
