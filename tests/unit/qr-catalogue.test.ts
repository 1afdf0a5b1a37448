/**
 * The trade QR codes' catalogue (docs/trade-qr.md, Catalogue ordering) under sync by scope: a
 * group the device holds in part (a liked card of a group the fan does not follow) is left out,
 * so a scanned code's cards of it are counted as not here rather than misread by place.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDB } from '../../src/data/db/index.ts';
import { listQrCatalogue } from '../../src/domains/catalogue/qr-catalogue.ts';

let db: AppDB | undefined;

afterEach(async () => {
  await db?.delete();
  db = undefined;
});

const group = (id: string, cardCount: number) => ({
  id,
  groupName: id,
  logoImage: '',
  cardCount,
  created: '',
  updated: '',
});
const card = (id: string, g: string) => ({
  id,
  group: g,
  cardImg: '',
  logoImage: '',
  groupName: g,
  memberName: '',
  memberNameEn: '',
  title: '',
  label: '',
  likeCount: 0,
  exchangeList: [],
  created: `2026-01-01 00:00:0${id.slice(-1)}.000Z`,
  updated: '',
});

describe('the QR catalogue', () => {
  it('holds the groups the device has whole, and none it has in part', async () => {
    db = new AppDB(`qr-${Math.random()}`);
    await db.groups.bulkPut([group('whole', 2), group('part', 3), group('gone', 0)]);
    await db.photoCards.bulkPut([
      card('w1', 'whole'),
      card('w2', 'whole'),
      card('p1', 'part'),
      card('x1', 'unknown-group'),
    ]);
    const ids = (await listQrCatalogue(db)).map((c) => c.id).sort();
    expect(ids).toEqual(['w1', 'w2']);
  });
});
