// The scan's fingerprints are made once per card on the device and kept (docs/card-scan.md, On the
// device): a kept print of the same image, made the current way, is used as it is; one of another
// image, or made an older way, is made again and kept in its place.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDB } from '@/data/db/index.ts';
import type { PhotoCard } from '@/data/pb/records.ts';
import { loadScanIndex } from '@/domains/catalogue/card-prints.ts';
import { PRINT_FORMAT, type PrintSource } from '@/lib/card-scan/protocol.ts';
import type { ScanClient } from '@/lib/card-scan/scan-client';

let db: AppDB;

const card = (id: string, cardImg: string) => ({ id, cardImg }) as PhotoCard;
const print = (v: number) => Int8Array.from({ length: 198 }, () => v);

/** A worker that makes every print it is asked for as 7s, and says which it was asked for. */
function fakeWorker(asked: string[]): ScanClient {
  return {
    prints: async (sources: PrintSource[]) => {
      asked.push(...sources.map((s) => s.id));
      return { prints: sources.map((s) => ({ id: s.id, print: print(7) })), failed: [] };
    },
  } as unknown as ScanClient;
}

beforeEach(() => {
  db = new AppDB(`card-prints-${Math.random().toString(36).slice(2)}`);
});

afterEach(async () => {
  await db.delete();
});

describe('the kept fingerprints', () => {
  it('uses a current print, and makes again one of another image or made an older way', async () => {
    await db.cardPrints.bulkPut([
      { card: 'current', image: 'a.png', format: PRINT_FORMAT, print: print(1) },
      { card: 'older', image: 'b.png', print: print(2) },
      { card: 'moved', image: 'old.png', format: PRINT_FORMAT, print: print(3) },
    ]);
    const asked: string[] = [];
    const cards = [
      card('current', 'a.png'),
      card('older', 'b.png'),
      card('moved', 'new.png'),
      card('fresh', 'd.png'),
      card('blank', ''),
    ];
    const index = await loadScanIndex(cards, fakeWorker(asked), (c) => `/${c.id}`, undefined, db);

    expect(asked.sort()).toEqual(['fresh', 'moved', 'older']);
    const byId = new Map(index.entries.map((e) => [e.id, e.print[0]]));
    expect(Object.fromEntries(byId)).toEqual({ current: 1, older: 7, moved: 7, fresh: 7 });
    const kept = await db.cardPrints.toArray();
    expect(kept.map((r) => [r.card, r.image, r.format, r.print[0]]).sort()).toEqual([
      ['current', 'a.png', PRINT_FORMAT, 1],
      ['fresh', 'd.png', PRINT_FORMAT, 7],
      ['moved', 'new.png', PRINT_FORMAT, 7],
      ['older', 'b.png', PRINT_FORMAT, 7],
    ]);

    // asked again: everything is kept the current way, nothing is made
    asked.length = 0;
    await loadScanIndex(cards, fakeWorker(asked), (c) => `/${c.id}`, undefined, db);
    expect(asked).toEqual([]);
  });
});
