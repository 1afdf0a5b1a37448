/**
 * Client-generated record ids. PocketBase accepts a 15-character `[a-z0-9]` id on create; the
 * client picks it before the write is queued, so a create that is sent twice (a lost response, a
 * Background Sync event fired twice) is recognisable on the server as the same record.
 */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A new 15-character id, 36^15 ≈ 2^77 possibilities. */
export function newRecordId(): string {
  const bytes = new Uint8Array(15);
  crypto.getRandomValues(bytes);
  let id = '';
  // 252 = 7 * 36: rejecting bytes above it keeps every character equally likely
  for (let i = 0; i < bytes.length; i++) {
    let b = bytes[i]!;
    while (b >= 252) b = crypto.getRandomValues(new Uint8Array(1))[0]!;
    id += ALPHABET[b % 36];
  }
  return id;
}

export const RECORD_ID_PATTERN = /^[a-z0-9]{15}$/;
