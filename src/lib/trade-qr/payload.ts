// The trade QR payload before compression (docs/trade-qr.md, Payload format): who the fan is and
// their have and want lists as places in each group's card ordering. Pure functions: no Dexie,
// no React.

import { ByteReader, ByteWriter, TruncatedError } from './bytes';
import type { CatalogueOrdering } from './catalogue';
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

function readList(r: ByteReader, size: number): number[] {
  const mode = r.byte();
  const out: number[] = [];
  if (mode === BITSET) {
    const bits = r.raw(Math.ceil(size / 8));
    for (let p = 0; p < size; p++) if (bits[p >> 3]! & (1 << (p & 7))) out.push(p);
  } else if (mode === GAPS) {
    const n = r.varint();
    let prev = -1;
    for (let k = 0; k < n; k++) {
      prev += r.varint() + 1;
      out.push(prev);
    }
  } else if (mode === RUNS) {
    const n = r.varint();
    let at = 0;
    for (let k = 0; k < n; k++) {
      at += r.varint();
      const len = r.varint();
      for (let q = 0; q < len; q++) out.push(at + q);
      at += len;
    }
  } else {
    throw new TradeQrError('garbled');
  }
  if (out.length > size || out.some((p) => p >= size)) throw new TradeQrError('garbled');
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
    w.text(group);
    w.varint(size);
    w.varint(size > 0 ? ordering.createdMs[size - 1]! : 0);
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
    for (let g = 0; g < groupCount; g++) {
      const group = r.text();
      const size = r.varint();
      const newest = r.varint();
      const print = r.u32();
      const have = readList(r, size);
      const want = readList(r, size);
      const mine = catalogue.get(group);
      // My cards up to their newest one: when they are as many as theirs, the fingerprint says
      // whether the orderings agree; when fewer and I lack their newest card, my catalogue is
      // older (their newest cards have not reached me) and my cards are their first places. A card removed from one
      // catalogue makes its group unreadable rather than misread (docs/trade-qr.md, Catalogue
      // ordering).
      let readable = 0;
      if (mine) {
        let upTo = 0;
        while (upTo < mine.ids.length && mine.createdMs[upTo]! <= newest) upTo++;
        if (upTo === size) readable = mine.fingerprint(size) === print ? size : 0;
        else if (upTo < size && (upTo === 0 || mine.createdMs[upTo - 1]! < newest)) readable = upTo;
      }
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
