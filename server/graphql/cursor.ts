import { badInput } from '../contract/errors.js';

/** Opaque keyset cursors: base64url of `<iso timestamp>|<uuid>`. */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Cursors come from clients: anything but one we made is BAD_USER_INPUT before a query is built. */
export function decodeCursor(cursor: string, field: 'after' | 'before' = 'after'): { createdAt: Date; updatedAt: Date; id: string } {
  const [iso, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  if (rest.length || !id || !UUID.test(id) || Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1 || at.getUTCFullYear() > 9999) {
    throw badInput('Invalid cursor.', field);
  }
  return { createdAt: at, updatedAt: at, id };
}
