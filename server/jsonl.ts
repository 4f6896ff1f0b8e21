import type { z } from 'zod';

/**
 * Parses JSON Lines against a schema: blank lines skipped, each record validated, a key that must
 * be unique checked. Errors name the file and line (`file:12: ...`) and are built by `fail`, so
 * each caller keeps its own typed error class.
 */
export function parseJsonLines<S extends z.ZodType>(
  text: string,
  options: { file: string; schema: S; uniqueKey: (record: z.infer<S>) => string; keyName: string; fail: (message: string) => Error },
): { record: z.infer<S>; line: string }[] {
  const out: { record: z.infer<S>; line: string }[] = [];
  const seen = new Set<string>();
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    const where = `${options.file}:${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw options.fail(`${where}: not valid JSON (${(error as Error).message})`);
    }
    const parsed = options.schema.safeParse(value);
    if (!parsed.success) throw options.fail(`${where}: ${parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`);
    const key = options.uniqueKey(parsed.data);
    if (seen.has(key)) throw options.fail(`${where}: ${options.keyName} "${key}" appears twice`);
    seen.add(key);
    out.push({ record: parsed.data, line });
  });
  return out;
}
