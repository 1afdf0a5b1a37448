// What the trade QR codec reads of the local catalogue (docs/trade-qr.md, Catalogue ordering):
// every photo card's id, group and `created`, so both the code screen and the scanner order the
// same cards the same way with no network.
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import type { QrCard } from '@/lib/trade-qr';

export async function listQrCatalogue(db: AppDB = defaultDb): Promise<QrCard[]> {
  const out: QrCard[] = [];
  await db.photoCards.each((c) => {
    out.push({ id: c.id, group: c.group, created: c.created });
  });
  return out;
}
