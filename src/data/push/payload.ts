/**
 * The push message the dispatcher (server/) sends for one `notifications` row:
 * {"id","title","body","url","topic","created"}. Read in the service worker, where a bad payload
 * must never throw (the browser would show its own generic notification instead).
 */
import * as v from 'valibot';

/** Topics a device opts into; `chat` and `trade` are docs/trades.md's (Push). */
export const PUSH_TOPICS = ['comment', 'exchange', 'meetup', 'chat', 'trade'] as const;
export type PushTopic = (typeof PUSH_TOPICS)[number];

const payloadSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]{1,32}$/)),
  title: v.string(),
  body: v.optional(v.string(), ''),
  url: v.optional(v.string(), '/alerts'),
  topic: v.optional(v.string(), ''),
  created: v.optional(v.string(), ''),
});

export type PushPayload = v.InferOutput<typeof payloadSchema>;

/** Only in-app paths: a push can't send the user to another site or a `javascript:` URL. */
export function safeAppPath(url: string): string {
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return '/alerts';
  return url;
}

/** Timestamps in PocketBase's format, so pushed rows sort with pulled ones. */
function pbTime(value: string): string {
  const ms = Date.parse(value.includes('T') ? value : value.replace(' ', 'T'));
  return new Date(Number.isNaN(ms) ? Date.now() : ms).toISOString().replace('T', ' ');
}

/** The payload of a push event's data (text), or null when it is not one of ours. */
export function parsePushPayload(text: string | null | undefined): PushPayload | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = v.safeParse(payloadSchema, raw);
  if (!parsed.success) return null;
  const p = parsed.output;
  return { ...p, url: safeAppPath(p.url), created: pbTime(p.created) };
}
