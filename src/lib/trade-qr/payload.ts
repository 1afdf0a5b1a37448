// The trade QR payload before compression (docs/trade-qr.md, Payload format): who the fan is and
// their have and want lists as places in each group's card ordering. Pure functions: no Dexie,
// no React.

import { ByteReader, ByteWriter, TruncatedError, fnv1a } from './bytes';
import type { CatalogueOrdering, GroupOrdering } from './catalogue';
import { TradeQrError } from './errors';

/** The payload format's version (the first byte). */
export const PAYLOAD_VERSION = 1;

export interface TradeQrFan {
  id: string;
  name: string;
}

export interface TradeQrLists {
  fan: TradeQrFan;
  have: string[];
  want: string[];
}

export interface DecodedTradeQr extends TradeQrLists {
  /** Cards on their lists that this device's catalogue could not name. */
  unknown: number;
}

// How one list's places in one group are written; the smallest of the three is used.
const BITSET = 0;
const GAPS = 1;
const RUNS = 2;

function writeList(w: ByteWriter, places: number[], size: number): void {
  const sorted = [...places].sort((a, b) => a - b);
  const bitset = new Uint8Array(Math.ceil(size / 8));
  for (const p of sorted) bitset[p >> 3]! |= 1 << (p & 7);

  const gaps = new ByteWriter();
  gaps.varint(sorted.length);
  let prev = -1;
  for (const p of sorted) {
    gaps.varint(p - prev - 1);
    prev = p;
  }
  const gapBytes = gaps.done();

  // Alternating lengths of absent and present runs, starting with absent.
  const runs = new ByteWriter();
  const lengths: number[] = [];
  let at = 0;
  let i = 0;
  while (i < sorted.length) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    lengths.push(sorted[i]! - at, j - i + 1);
    at = sorted[j]! + 1;
    i = j + 1;
  }
  runs.varint(lengths.length / 2);
  for (const n of lengths) runs.varint(n);
  const runBytes = runs.done();

  const best = Math.min(bitset.length, gapBytes.length, runBytes.length);
  if (best === gapBytes.length) {
    w.byte(GAPS);
    w.raw(gapBytes);
  } else if (best === runBytes.length) {
    w.byte(RUNS);
    w.raw(runBytes);
  } else {
    w.byte(BITSET);
    w.raw(bitset);
  }
}

/**
 * The most places a payload may name, all lists of all groups together. A fan's lists hold at
 * most 2,000 cards (the server's cap on trade items); this leaves room and still bounds what a
 * crafted code can make the reader build: every list is checked against it, and against its
 * group's size, before a single place is expanded (a 90-character code holding one run of 2^40
 * places froze the scan screen for seconds when runs were expanded first).
 */
export const MAX_PLACES = 10_000;

/** How many places the rest of the payload may still name (shared by all its lists). */
interface Budget {
  left: number;
}

function take(budget: Budget, n: number): void {
  if (n > budget.left) throw new TradeQrError('garbled');
  budget.left -= n;
}

function readList(r: ByteReader, size: number, budget: Budget): number[] {
  const mode = r.byte();
  const out: number[] = [];
  if (mode === BITSET) {
    // as many bytes as the group needs must be there (a huge size runs out of bytes first)
    const bits = r.raw(Math.ceil(size / 8));
    for (let p = 0; p < size; p++) {
      if (!(bits[p >> 3]! & (1 << (p & 7)))) continue;
      take(budget, 1);
      out.push(p);
    }
  } else if (mode === GAPS) {
    const n = r.varint();
    if (n > size) throw new TradeQrError('garbled');
    take(budget, n);
    let prev = -1;
    for (let k = 0; k < n; k++) {
      prev += r.varint() + 1;
      if (prev >= size) throw new TradeQrError('garbled');
      out.push(prev);
    }
  } else if (mode === RUNS) {
    const n = r.varint();
    if (n > size) throw new TradeQrError('garbled');
    let at = 0;
    for (let k = 0; k < n; k++) {
      at += r.varint();
      const len = r.varint();
      // checked before it is expanded: within the group, and within what the payload may name
      if (at > size || len > size - at) throw new TradeQrError('garbled');
      take(budget, len);
      for (let q = 0; q < len; q++) out.push(at + q);
      at += len;
    }
  } else {
    throw new TradeQrError('garbled');
  }
  return out;
}

/**
 * The payload's bytes. Cards missing from `catalogue` (not synced yet) are left out, and a card
 * on both lists counts as have.
 */
export function writePayload(lists: TradeQrLists, catalogue: CatalogueOrdering): Uint8Array {
  type Places = { have: number[]; want: number[] };
  const groups = new Map<string, Places>();
  const seen = new Set<string>();
  const place = (ids: string[], kind: keyof Places) => {
    for (const id of ids) {
      if (seen.has(id)) continue;
      seen.add(id);
      for (const ordering of catalogue.values()) {
        const p = ordering.index.get(id);
        if (p === undefined) continue;
        let g = groups.get(ordering.group);
        if (!g) groups.set(ordering.group, (g = { have: [], want: [] }));
        g[kind].push(p);
        break;
      }
    }
  };
  place(lists.have, 'have');
  place(lists.want, 'want');

  const w = new ByteWriter();
  w.byte(PAYLOAD_VERSION);
  w.text(lists.fan.id);
  w.text(lists.fan.name);
  w.varint(groups.size);
  for (const [group, places] of [...groups].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const ordering = catalogue.get(group)!;
    const size = ordering.ids.length;
    // 12 bytes and a varint name the group and its ordering (docs/trade-qr.md, Payload format).
    w.u32(fnv1a(group));
    w.varint(size);
    w.u32(size > 0 ? fnv1a(ordering.ids[size - 1]!) : 0);
    w.u32(ordering.fingerprint(size));
    writeList(w, places.have, size);
    writeList(w, places.want, size);
  }
  return w.done();
}

/** Reads a payload against this device's catalogue; throws TradeQrError when it is not one. */
export function readPayload(bytes: Uint8Array, catalogue: CatalogueOrdering): DecodedTradeQr {
  const r = new ByteReader(bytes);
  try {
    const version = r.byte();
    if (version > PAYLOAD_VERSION) throw new TradeQrError('newerFormat');
    if (version < 1) throw new TradeQrError('garbled');
    const fan = { id: r.text(), name: r.text() };
    const out: DecodedTradeQr = { fan, have: [], want: [], unknown: 0 };
    const groupCount = r.varint();
    const byHash = groupsByHash(catalogue);
    const budget: Budget = { left: MAX_PLACES };
    for (let g = 0; g < groupCount; g++) {
      const mine = byHash.get(r.u32());
      const size = r.varint();
      const newest = r.u32();
      const print = r.u32();
      const have = readList(r, size, budget);
      const want = readList(r, size, budget);
      const readable = mine ? readablePlaces(mine, size, newest, print) : 0;
      for (const [places, into] of [
        [have, out.have],
        [want, out.want],
      ] as const) {
        for (const p of places) {
          if (p < readable) into.push(mine!.ids[p]!);
          else out.unknown++;
        }
      }
    }
    if (r.left !== 0) throw new TradeQrError('garbled');
    return out;
  } catch (err) {
    if (err instanceof TruncatedError || err instanceof TypeError)
      throw new TradeQrError('garbled');
    throw err;
  }
}

const hashed = new WeakMap<CatalogueOrdering, Map<number, GroupOrdering>>();
function groupsByHash(catalogue: CatalogueOrdering): Map<number, GroupOrdering> {
  let map = hashed.get(catalogue);
  if (!map) {
    map = new Map([...catalogue.values()].map((o) => [fnv1a(o.group), o]));
    hashed.set(catalogue, map);
  }
  return map;
}

/**
 * How many of their places in a group my ordering can name (docs/trade-qr.md, Catalogue
 * ordering). Their newest card at my place `size - 1` and the same fingerprint: the orderings
 * agree on every place (mine may go on with newer cards). Their newest card missing from mine
 * and my ordering shorter: mine is older (their newest cards have not reached me), and my cards
 * are their first places. Anything else (a card removed or added in between on one side): none,
 * counted as unknown rather than misread.
 */
function readablePlaces(mine: GroupOrdering, size: number, newest: number, print: number): number {
  if (size === 0) return 0;
  const at = mine.ids.findIndex((id) => fnv1a(id) === newest);
  if (at === size - 1) return mine.fingerprint(size) === print ? size : 0;
  if (at === -1 && mine.ids.length < size) return mine.ids.length;
  return 0;
}
