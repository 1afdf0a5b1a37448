/**
 * The push message the dispatcher (server/push/payload.ts) sends for one `notifications` row, read
 * in the service worker, where a bad payload must never throw (the browser would show its own
 * generic notification instead). Two shapes (docs/push.md, The payload):
 *  - a declarative push message, `{"web_push": 8030, "notification": {"title", "body",
 *    "navigate", "tag", "data": {"url", "id"}, ...}, "id", "url", "topic", "created"}`: our fields
 *    beside the declarative ones;
 *  - the earlier flat `{"id","title","body","url","topic","created"}`, for pushes still queued at
 *    push services (they keep a message for up to a day) when the server was updated.
 */
import * as v from 'valibot';

/** Topics a device opts into; `chat`, `trade` and `wanted` are docs/trades.md's (Push). */
export const PUSH_TOPICS = ['comment', 'exchange', 'meetup', 'chat', 'trade', 'wanted'] as const;
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

type Json = Record<string, unknown>;

const isObject = (x: unknown): x is Json =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** An app path from an absolute `navigate` URL on `origin`; undefined for any other. */
function pathOn(navigate: unknown, origin: string | undefined): string | undefined {
  if (typeof navigate !== 'string' || !origin) return undefined;
  try {
    const u = new URL(navigate);
    return u.origin === origin ? `${u.pathname}${u.search}${u.hash}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The flat fields of either shape: for a declarative message, title and body from `notification`,
 * our fields from beside it (else from `notification.data`, `tag` and `navigate`).
 */
function flatten(raw: unknown, origin: string | undefined): unknown {
  if (!isObject(raw) || raw['web_push'] !== 8030 || !isObject(raw['notification'])) return raw;
  const n = raw['notification'];
  const data = isObject(n['data']) ? n['data'] : {};
  return {
    id: raw['id'] ?? data['id'] ?? n['tag'],
    title: n['title'],
    body: n['body'],
    url: raw['url'] ?? data['url'] ?? pathOn(n['navigate'], origin),
    topic: raw['topic'],
    created: raw['created'],
  };
}

/**
 * The payload of a push event's data (text), or null when it is not one of ours. `origin` (the
 * worker's) lets a declarative message that only has `navigate` open its path.
 */
export function parsePushPayload(
  text: string | null | undefined,
  origin?: string,
): PushPayload | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = v.safeParse(payloadSchema, flatten(raw, origin));
  if (!parsed.success) return null;
  const p = parsed.output;
  return { ...p, url: safeAppPath(p.url), created: pbTime(p.created) };
}
