/**
 * The PocketBase rows the dispatcher reads: `notifications` (what to send) and
 * `pushSubscriptions` (where), checked with valibot so a malformed row is skipped, not sent.
 */
import type { RecordModel } from 'pocketbase';
import * as v from 'valibot';

export const TOPICS = ['comment', 'exchange', 'meetup', 'chat', 'trade', 'wanted'] as const;
export type Topic = (typeof TOPICS)[number];

export const Notification = v.object({
  id: v.string(),
  user: v.string(),
  topic: v.picklist(TOPICS),
  title: v.string(),
  body: v.string(),
  url: v.string(),
  created: v.string(),
  /** When its latest event happened: a chat alert is brought up to date by each new message. */
  at: v.fallback(v.string(), ''),
  updated: v.fallback(v.string(), ''),
});
export type Notification = v.InferOutput<typeof Notification>;

/** A base64url string of `bytes` bytes (at least, with `atLeast`). */
const base64url = (bytes: number, atLeast = false) =>
  v.pipe(
    v.string(),
    v.regex(/^[A-Za-z0-9_-]+={0,2}$/),
    v.check((s) => {
      const n = Buffer.from(s, 'base64url').length;
      return atLeast ? n >= bytes : n === bytes;
    }),
  );

// Keys web-push cannot encrypt for (not from a browser) make the record unusable, not a retry.
export const Subscription = v.object({
  id: v.string(),
  user: v.string(),
  endpoint: v.pipe(v.string(), v.url(), v.startsWith('https://')),
  keys: v.object({ p256dh: base64url(65), auth: base64url(16, true) }),
  topics: v.fallback(v.array(v.string()), []),
  updated: v.fallback(v.string(), ''),
});
export type Subscription = v.InferOutput<typeof Subscription>;

/** PocketBase's "2026-11-21 15:00:00.000Z" (or ISO) as epoch ms. */
export function parseDate(value: string): number {
  return Date.parse(value.includes('T') ? value : value.replace(' ', 'T'));
}

/** The rows that match `schema`; each other one is logged and left out. */
export function parseAll<T>(
  schema: v.GenericSchema<unknown, T>,
  rows: RecordModel[],
  what: string,
  log: (m: string) => void,
): T[] {
  const out: T[] = [];
  for (const row of rows) {
    const r = v.safeParse(schema, row);
    if (r.success) out.push(r.output);
    else log(`skipping malformed ${what} ${row.id}: ${r.issues[0]?.message ?? 'invalid'}`);
  }
  return out;
}

/**
 * What a row is claimed by in the loop (row-claims.ts): its id and last change, so a row brought
 * up to date after it was sent (a chat alert's next message) is sent again, and a copy read before
 * it was marked sent is not.
 */
export function claimKey(n: Notification): string {
  return `${n.id}@${n.updated}`;
}
