import type { z } from 'zod';

/**
 * Parses JSON Lines against a schema: blank lines skipped, each record validated, a key that must
 * be unique checked. Problems name the file and line (`file:12: ...`). Without `reject`, the first
 * one throws the error `fail` builds (so each caller keeps its own typed error class); with it,
 * every rejected line is reported there and the rest are returned.
 */
export function parseJsonLines<S extends z.ZodType>(
  text: string,
  options: {
    file: string;
    schema: S;
    uniqueKey: (record: z.infer<S>) => string;
    keyName: string;
    fail: (message: string) => Error;
    reject?: (problem: { line: number; message: string }) => void;
  },
): { record: z.infer<S>; line: string }[] {
  const out: { record: z.infer<S>; line: string }[] = [];
  const seen = new Set<string>();
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    const problem = (message: string): void => {
      if (!options.reject) throw options.fail(`${options.file}:${i + 1}: ${message}`);
      options.reject({ line: i + 1, message });
    };
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      return problem(`not valid JSON (${(error as Error).message})`);
    }
    const parsed = options.schema.safeParse(value);
    if (!parsed.success) return problem(parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; '));
    const key = options.uniqueKey(parsed.data);
    if (seen.has(key)) return problem(`${options.keyName} "${key}" appears twice`);
    seen.add(key);
    out.push({ record: parsed.data, line });
  });
  return out;
}
