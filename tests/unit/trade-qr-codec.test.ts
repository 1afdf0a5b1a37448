// The trade QR codec (docs/trade-qr.md): round trips of lists of every size, parts read in any
// order, foreign and garbled parts refused with their Korean message, and scanners whose
// catalogue is older or newer than the sender's.
import { describe, expect, it } from 'vitest';
import encodeQR from 'qr';
import {
  PART_CHARS,
  PartCollector,
  decodeTradeQr,
  encodeTradeQr,
  orderCatalogue,
  type QrCard,
  type TradeQrLists,
} from '@/lib/trade-qr';
import { fromBase45, toBase45 } from '@/lib/trade-qr/base45';
import { koTradeQr } from '@/i18n/ko-trade-qr';

const GROUPS = ['grpaaaaaaaaaaa1', 'grpaaaaaaaaaaa2', 'grpaaaaaaaaaaa3', 'grpaaaaaaaaaaa4'];

/** A catalogue of `n` cards over four groups, created a minute apart (ids out of date order). */
function catalogue(n: number): QrCard[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `c${String((i * 7919) % 100000).padStart(14, '0')}`,
    group: GROUPS[i % GROUPS.length]!,
    created: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString().replace('T', ' '),
  }));
}

/** A deterministic pseudo-random pick of `count` distinct cards. */
function pick(cards: QrCard[], count: number, seed: number): string[] {
  let s = seed;
  const ids = cards.map((c) => c.id);
  for (let i = ids.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const j = s % (i + 1);
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  return ids.slice(0, count);
}

function listsOf(cards: QrCard[], total: number): TradeQrLists {
  const ids = pick(cards, total, total + 1);
  const half = Math.ceil(total / 2);
  return {
    fan: { id: 'fan1aaaaaaaaaaa', name: '포카러버 🌸' },
    have: ids.slice(0, half),
    want: ids.slice(half),
  };
}

async function roundTrip(parts: string[], cards: QrCard[]) {
  const collector = new PartCollector();
  for (const p of parts) collector.add(p);
  return decodeTradeQr(collector, cards);
}

const sorted = (a: string[]) => [...a].sort();

describe('base45', () => {
  it('round-trips every byte value, odd and even lengths', () => {
    const bytes = Uint8Array.from({ length: 257 }, (_, i) => (i * 37) % 256);
    for (const len of [0, 1, 2, 3, 256, 257]) {
      const b = bytes.subarray(0, len);
      expect(fromBase45(toBase45(b))).toEqual(b);
    }
    expect(toBase45(new TextEncoder().encode('AB'))).toBe('BB8');
    expect(fromBase45('GGW')).toBeNull(); // 65535 < value
    expect(fromBase45('ab')).toBeNull();
  });
});

describe('encodeTradeQr / decodeTradeQr', () => {
  const cards = catalogue(3000);

  it.each([0, 50, 300, 1000])('round-trips %i cards', async (total) => {
    const lists = listsOf(cards, total);
    const parts = await encodeTradeQr(lists, cards);
    expect(parts.length).toBeGreaterThanOrEqual(1);
    for (const p of parts) {
      expect(p).toMatch(/^PQ1[0-9A-Z $%*+\-./:]+$/);
      expect(p.length).toBeLessThanOrEqual(PART_CHARS + 18);
    }
    const got = await roundTrip(parts, cards);
    expect(got.fan).toEqual(lists.fan);
    expect(sorted(got.have)).toEqual(sorted(lists.have));
    expect(sorted(got.want)).toEqual(sorted(lists.want));
    expect(got.unknown).toBe(0);
  });

  it('keeps contiguous and sparse lists small', async () => {
    const ordering = orderCatalogue(cards);
    const group = ordering.get(GROUPS[0]!)!.ids;
    const run = await encodeTradeQr(
      { fan: { id: 'f', name: 'n' }, have: group.slice(0, 500), want: [] },
      ordering,
    );
    expect(run).toHaveLength(1);
    expect(run[0]!.length).toBeLessThan(80);
    const few = await encodeTradeQr(
      { fan: { id: 'f', name: 'n' }, have: [group[3]!, group[700]!], want: [group[9]!] },
      ordering,
    );
    expect(few[0]!.length).toBeLessThan(100);
  });

  it('leaves out cards the catalogue does not have', async () => {
    const got = await roundTrip(
      await encodeTradeQr(
        { fan: { id: 'f', name: 'n' }, have: [cards[0]!.id, 'notacard'], want: [] },
        cards,
      ),
      cards,
    );
    expect(got.have).toEqual([cards[0]!.id]);
  });

  it('produces texts a QR code holds in alphanumeric mode', async () => {
    const parts = await encodeTradeQr(listsOf(cards, 1000), cards);
    for (const p of parts) {
      const modules = encodeQR(p, 'raw', { ecc: 'medium' }).length;
      expect(modules).toBeLessThanOrEqual(4 * 15 + 17);
      expect(encodeQR(p, 'raw', { ecc: 'medium', encoding: 'alphanumeric' }).length).toBe(modules);
    }
  });
});

describe('parts', () => {
  const cards = catalogue(3000);

  it('splits a big list and reassembles the parts in any order', async () => {
    const lists = listsOf(cards, 2000);
    const parts = await encodeTradeQr(lists, cards, 300);
    expect(parts.length).toBeGreaterThanOrEqual(3);
    const order = [...parts.keys()].reverse();
    [order[0], order[1]] = [order[1]!, order[0]!];
    const collector = new PartCollector();
    const seen: string[] = [];
    for (const i of order) {
      expect(collector.complete).toBe(false);
      const { have, count } = collector.add(parts[i]!);
      seen.push(`${have}/${count}`);
    }
    // a part scanned twice changes nothing
    expect(collector.add(parts[0]!)).toEqual({
      have: parts.length,
      count: parts.length,
      added: false,
    });
    expect(seen.at(-1)).toBe(`${parts.length}/${parts.length}`);
    const got = await decodeTradeQr(collector, cards);
    expect(sorted(got.have)).toEqual(sorted(lists.have));
    expect(sorted(got.want)).toEqual(sorted(lists.want));
  });

  it('tells which parts are missing', async () => {
    const parts = await encodeTradeQr(listsOf(cards, 2000), cards, 300);
    const collector = new PartCollector();
    collector.add(parts[1]!);
    const all = parts.map((_, i) => i + 1);
    expect(collector.missing()).toEqual(all.filter((i) => i !== 2));
    expect(collector.progress).toEqual({ have: 1, count: parts.length });
  });

  it('refuses a part of another payload, and keeps what it had', async () => {
    const mine = await encodeTradeQr(listsOf(cards, 2000), cards, 300);
    const other = await encodeTradeQr(listsOf(cards, 1999), cards, 300);
    const collector = new PartCollector();
    collector.add(mine[0]!);
    expect(() => collector.add(other[1]!)).toThrow(koTradeQr.errors.otherPayload);
    for (const p of mine.slice(1)) collector.add(p);
    expect(collector.complete).toBe(true);
    await expect(decodeTradeQr(collector, cards)).resolves.toBeTruthy();
  });

  it('refuses codes that are not ours and garbled parts, in Korean', async () => {
    const [part] = await encodeTradeQr(listsOf(cards, 50), cards);
    const collector = new PartCollector();
    expect(() => collector.add('https://example.com/')).toThrow(koTradeQr.errors.notOurs);
    expect(koTradeQr.errors.notOurs).toMatch(/[가-힣]/);
    // one character changed in the data
    const flipped = part!.slice(0, 30) + (part![30] === 'A' ? 'B' : 'A') + part!.slice(31);
    expect(() => collector.add(flipped)).toThrow(koTradeQr.errors.garbled);
    expect(() => collector.add(part!.slice(0, 40))).toThrow(koTradeQr.errors.garbled);
    expect(() => collector.add('PQ1')).toThrow(koTradeQr.errors.garbled);
    expect(collector.progress).toEqual({ have: 0, count: 0 });
    expect(koTradeQr.errors.garbled).toMatch(/[가-힣]/);
  });
});

describe('catalogues of different ages', () => {
  const newer = catalogue(3000);
  // The sender's catalogue: the newest 400 cards are not synced yet.
  const sender = newer.slice(0, 2600);

  it('a scanner with a newer catalogue reads every card', async () => {
    const lists = listsOf(sender, 300);
    const got = await roundTrip(await encodeTradeQr(lists, sender), newer);
    expect(sorted(got.have)).toEqual(sorted(lists.have));
    expect(sorted(got.want)).toEqual(sorted(lists.want));
    expect(got.unknown).toBe(0);
  });

  it('a scanner with an older catalogue reads the cards it knows and counts the rest', async () => {
    const lists = listsOf(newer, 1000);
    const older = newer.slice(0, 2600);
    const known = new Set(older.map((c) => c.id));
    const got = await roundTrip(await encodeTradeQr(lists, newer), older);
    expect(sorted(got.have)).toEqual(sorted(lists.have.filter((id) => known.has(id))));
    expect(sorted(got.want)).toEqual(sorted(lists.want.filter((id) => known.has(id))));
    const missing = [...lists.have, ...lists.want].filter((id) => !known.has(id)).length;
    expect(missing).toBeGreaterThan(0);
    expect(got.unknown).toBe(missing);
  });

  it('a group whose ordering differs (a card removed) is counted, not misread', async () => {
    const lists = listsOf(newer, 300);
    const removed = newer.filter((_, i) => i !== 4); // the second card of group 1
    const got = await roundTrip(await encodeTradeQr(lists, newer), removed);
    const group1 = new Set(newer.filter((c) => c.group === GROUPS[0]).map((c) => c.id));
    const inGroup1 = [...lists.have, ...lists.want].filter((id) => group1.has(id)).length;
    expect(got.unknown).toBe(inGroup1);
    expect(got.have.every((id) => !group1.has(id) && lists.have.includes(id))).toBe(true);
  });
});
