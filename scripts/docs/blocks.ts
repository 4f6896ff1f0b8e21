/**
 * Generated parts of the docs sit between `<!-- NAME:start -->` and `<!-- NAME:end -->` lines, so a
 * script can rewrite them and a test can compare them with what the code says today.
 */

const markers = (name: string) => [`<!-- ${name}:start -->\n`, `\n<!-- ${name}:end -->`] as const;

/** The text between a block's markers, or undefined when the doc has no such block. */
export function readBlock(doc: string, name: string): string | undefined {
  const [start, end] = markers(name);
  const from = doc.indexOf(start);
  const to = doc.indexOf(end, from);
  return from < 0 || to < 0 ? undefined : doc.slice(from + start.length, to);
}

/** The doc with a block's text replaced; throws when the markers are missing (a doc was restructured). */
export function replaceBlock(doc: string, name: string, content: string): string {
  const [start, end] = markers(name);
  const from = doc.indexOf(start);
  const to = doc.indexOf(end, from);
  if (from < 0 || to < 0) throw new Error(`no <!-- ${name}:start/end --> block in the doc`);
  return doc.slice(0, from + start.length) + content + doc.slice(to);
}
