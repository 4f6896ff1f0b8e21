import { badInput } from '../contract/errors.js';

/** Opaque keyset cursors: base64url of `<iso timestamp>|<uuid>`. */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { createdAt: Date; updatedAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  if (!id || Number.isNaN(at.getTime())) throw badInput('Invalid cursor.', 'after');
  return { createdAt: at, updatedAt: at, id };
}
