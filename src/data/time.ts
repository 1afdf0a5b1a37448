/**
 * Timestamps in PocketBase's own format ("2026-11-21 10:00:00.123Z"), so that records created
 * locally sort with the ones that came from the server, and delta checkpoints compare as strings.
 */
export function pbTimestamp(ms: number = Date.now()): string {
  return new Date(ms).toISOString().replace('T', ' ');
}

/** Milliseconds of a PocketBase timestamp; NaN when it is not one. */
export function pbTimestampMs(value: string): number {
  return Date.parse(value.replace(' ', 'T'));
}
