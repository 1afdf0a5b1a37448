/**
 * The first-screen payload: what the server renderer read to draw a page, embedded in the HTML as
 * `<script type="application/json" id="first-screen">`, so the client's first render (hydration)
 * shows exactly the server's markup without waiting for its store (see docs/first-visit.md).
 *
 * No Dexie and no SDK here: the entry bundle reads the payload before the data layer loads.
 * Maps and Sets (some reads return them) travel as tagged arrays.
 */
export const PAYLOAD_ELEMENT_ID = 'first-screen';

export interface FirstScreenPayload {
  /** Read key (see readKey) → the read's result when the server rendered the page. */
  reads: Record<string, unknown>;
  /** The server's clock when it rendered (relative times such as '3분 전' were drawn from it). */
  now: number;
  /** The day it was in Korea then (YYYY-MM-DD): the event lists are ordered from it. */
  today: string;
}

/** The key of one read: its name and its arguments. */
export function readKey(name: string, args: readonly unknown[]): string {
  return `${name}:${JSON.stringify(args)}`;
}

function replacer(_key: string, value: unknown): unknown {
  if (value instanceof Map) return { $map: [...value.entries()] };
  if (value instanceof Set) return { $set: [...value.values()] };
  return value === undefined ? null : value;
}

/**
 * Maps and Sets back from their tagged arrays, in place, children first (as a JSON.parse reviver
 * would: a reviver makes the parser call back into script for every value, thousands for a real
 * catalogue's groups list, and parsed several times slower).
 */
function revive(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (v && typeof v === 'object') value[i] = revive(v);
    }
    return value;
  }
  const o = value as Record<string, unknown>;
  for (const k in o) {
    const v = o[k];
    if (v && typeof v === 'object') o[k] = revive(v);
  }
  if (Array.isArray(o.$map) && Object.keys(o).length === 1)
    return new Map(o.$map as [unknown, unknown][]);
  if (Array.isArray(o.$set) && Object.keys(o).length === 1) return new Set(o.$set);
  return value;
}

/**
 * JSON safe inside a <script> element: `<` is escaped, so no `</script>` or `<!--` in record
 * text (a post, a comment) can end the element or open markup.
 */
export function encodePayload(payload: FirstScreenPayload): string {
  return JSON.stringify(payload, replacer)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function decodePayload(text: string): FirstScreenPayload | null {
  try {
    const parsed = revive(JSON.parse(text)) as unknown;
    if (!parsed || typeof parsed !== 'object') return null;
    const { reads, now, today } = parsed as { reads?: unknown; now?: unknown; today?: unknown };
    if (!reads || typeof reads !== 'object') return null;
    if (typeof now !== 'number' || typeof today !== 'string') return null;
    return { reads: reads as Record<string, unknown>, now, today };
  } catch {
    return null;
  }
}

let fromDocument: FirstScreenPayload | null | undefined;

/** The payload of the page being loaded, or null when the page is the plain shell. Read once. */
export function firstScreenPayload(): FirstScreenPayload | null {
  if (fromDocument !== undefined) return fromDocument;
  const el = typeof document === 'undefined' ? null : document.getElementById(PAYLOAD_ELEMENT_ID);
  fromDocument = el?.textContent ? decodePayload(el.textContent) : null;
  return fromDocument;
}
