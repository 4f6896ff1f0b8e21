import { createHash } from 'node:crypto';

/**
 * Stable resource ids: the same thread exported twice gives the same ids, so a receiving system
 * can update what it stored rather than keep two copies. Rows that have a UUID keep it; resources
 * made from part of a row (the patient of a thread, one finding) get a UUID hashed from a name.
 */
export function nameUuid(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  // The RFC 9562 layout of a name-based UUID (version 8: custom hash), so it parses as a UUID.
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const fullUrl = (id: string): string => `urn:uuid:${id}`;
