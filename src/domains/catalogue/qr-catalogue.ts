// What the trade QR codec reads of the local catalogue (docs/trade-qr.md, Catalogue ordering):
// every photo card's id, group and `created`, so both the code screen and the scanner order the
// same cards the same way with no network.
//
// Only the groups this device holds whole count: a device keeps the groups its fan follows and,
// of the others, a few cards (docs/sync.md, Pull by scope). The codec numbers a group's cards by
// their place in the group, so a group known in part would be misread; it is left out, and its
// cards in a scanned code are counted as not on this device. A group is whole when the device
// holds as many of its cards as the group's own count says.
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import type { QrCard } from '@/lib/trade-qr';

export async function listQrCatalogue(db: AppDB = defaultDb): Promise<QrCard[]> {
  const byGroup = new Map<string, QrCard[]>();
  await db.photoCards.each((c) => {
    const list = byGroup.get(c.group) ?? [];
    list.push({ id: c.id, group: c.group, created: c.created });
    byGroup.set(c.group, list);
  });
  const groups = await db.groups.bulkGet([...byGroup.keys()]);
  const out: QrCard[] = [];
  for (const g of groups) {
    const cards = g ? byGroup.get(g.id) : undefined;
    if (cards && cards.length === (g?.cardCount ?? -1)) out.push(...cards);
  }
  return out;
}
