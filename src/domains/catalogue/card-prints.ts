/**
 * The scope's fingerprints for the camera scan (docs/card-scan.md, On the device): each card's is
 * made once on this device, from the image a collect book shows (kept offline with the book), by
 * the scan worker, and kept in `cardPrints` with the image file it came from and the way it was
 * made, so a card whose image changes, or a print made an older way, is made again. Nothing is
 * fetched from outside the app's origin.
 */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import type { PhotoCard } from '@/data/pb/records.ts';
import { PRINT_FORMAT } from '@/lib/card-scan/protocol';
import type { ScanClient } from '@/lib/card-scan/scan-client';

/** Images fingerprinted per message to the worker (progress is told after each batch). */
const BATCH = 24;

export interface ScanIndexProgress {
  done: number;
  total: number;
}

export interface ScanIndex {
  entries: { id: string; print: Int8Array }[];
  /** Cards with no fingerprint: their image could not be read (offline and not kept). */
  missing: string[];
}

/**
 * The fingerprints of `cards`, the kept ones read and the others made now (from `imageUrl(card)`)
 * and kept. Cards with no image are left out.
 */
export async function loadScanIndex(
  cards: readonly PhotoCard[],
  client: ScanClient,
  imageUrl: (card: PhotoCard) => string,
  onProgress?: (p: ScanIndexProgress) => void,
  db: AppDB = defaultDb,
): Promise<ScanIndex> {
  const withImage = cards.filter((c) => c.cardImg);
  const kept = await db.cardPrints.bulkGet(withImage.map((c) => c.id));
  const entries: ScanIndex['entries'] = [];
  const todo: PhotoCard[] = [];
  withImage.forEach((card, i) => {
    const row = kept[i];
    if (row && row.image === card.cardImg && row.format === PRINT_FORMAT)
      entries.push({ id: card.id, print: row.print });
    else todo.push(card);
  });
  const missing: string[] = [];
  const total = withImage.length;
  onProgress?.({ done: entries.length, total });
  for (let at = 0; at < todo.length; at += BATCH) {
    const batch = todo.slice(at, at + BATCH);
    const answer = await client.prints(batch.map((c) => ({ id: c.id, url: imageUrl(c) })));
    const byId = new Map(batch.map((c) => [c.id, c]));
    const rows = answer.prints.map((p) => ({
      card: p.id,
      image: byId.get(p.id)?.cardImg ?? '',
      format: PRINT_FORMAT,
      print: p.print,
    }));
    await db.cardPrints.bulkPut(rows).catch(() => {
      // a full disk: the prints still serve this scan, and are made again next time
    });
    entries.push(...answer.prints);
    missing.push(...answer.failed);
    onProgress?.({ done: entries.length + missing.length, total });
  }
  return { entries, missing };
}
