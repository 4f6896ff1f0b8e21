import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Prompt templates live in `prompts/*.txt` with `{placeholder}` slots, so prompt changes are
 * reviewed as text rather than hidden in code. A template is checked when it is rendered:
 * a missing value is an error rather than a literal `{name}` sent to a model.
 */

export const DEFAULT_PROMPTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../prompts');

export class PromptError extends Error {
  override name = 'PromptError';
}

export interface PromptTemplate {
  readonly name: string;
  readonly text: string;
  /** The placeholder names in the template, in order of first use. */
  readonly placeholders: readonly string[];
  render(values: Readonly<Record<string, string>>): string;
}

const PLACEHOLDER = /\{([a-z][a-z0-9_]*)\}/g;

export function createTemplate(name: string, text: string): PromptTemplate {
  const placeholders = [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))];
  return {
    name,
    text,
    placeholders,
    render(values) {
      const missing = placeholders.filter((p) => values[p] === undefined);
      if (missing.length > 0) throw new PromptError(`prompt ${name}: no value for ${missing.map((m) => `{${m}}`).join(', ')}`);
      // One pass, so braces inside the values (user text) are never expanded.
      return text.replace(PLACEHOLDER, (_, key: string) => values[key] ?? '');
    },
  };
}

/** Reads `prompts/{name}.txt` (synchronously: prompts are loaded once, when the engine is built). */
export function loadPrompt(name: string, dir: string = DEFAULT_PROMPTS_DIR): PromptTemplate {
  const file = path.join(dir, `${name}.txt`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new PromptError(`cannot read prompt ${file}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  return createTemplate(name, text.replace(/\s+$/, ''));
}

export interface ToolPrompt {
  description: string;
  /** Description of each string parameter, by name. */
  parameters: Record<string, string>;
}

/**
 * A tool's texts: the description, a `---` line, then one `name: description` line per parameter.
 * Tool descriptions are prompt text too, so they live with the prompts.
 */
export function loadToolPrompt(name: string, dir: string = DEFAULT_PROMPTS_DIR): ToolPrompt {
  const { text } = loadPrompt(name, dir);
  const [description = '', params = ''] = text.split(/^---$/m);
  const parameters: Record<string, string> = {};
  for (const line of params.split('\n')) {
    const m = /^([a-z_]+):\s*(.+)$/.exec(line.trim());
    if (m?.[1] && m[2]) parameters[m[1]] = m[2];
  }
  if (!description.trim() || Object.keys(parameters).length === 0) {
    throw new PromptError(`prompt ${name}: expected a description, a --- line and "name: description" parameter lines`);
  }
  return { description: description.trim(), parameters };
}
