// @vitest-environment node
/**
 * A proposal's photos on the device (docs/trades.md, `trades`): checked before anything is
 * queued (at most three images of 5 MB), kept as Blobs in the `trade.create` row so a proposal
 * made offline keeps them, shown from there (the local record names none until the server does),
 * and sent as the `photos` field's files, never in the JSON body. An older row without photos is
 * sent as before.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDB } from '@/data/db/index.ts';
import { KINDS } from '@/domains/trades/names.ts';
import { tradeCreate } from '@/domains/trades/kinds.ts';
import { pendingTradePhotos } from '@/domains/trades/queries.ts';
import { checkTradePhotos } from '@/domains/trades/photos.ts';
import { proposeTrade } from '@/domains/trades/writes.ts';
import { ME, mutationOf, queuedRows, signedInDb, YOU } from '../helpers/trade-records.ts';

const A = 'cardaaaaaaaaaaa';
const png = (bytes = 8) => new Blob([new Uint8Array(bytes)], { type: 'image/png' });
let db: AppDB;

beforeEach(async () => {
  db = await signedInDb('trade-photos');
});

afterEach(async () => {
  await db.delete();
});

describe('a proposal’s photos', () => {
  it('go in the create’s row, are sent as the field’s files and shown from the row meanwhile', async () => {
    const photos = [png(), png(16)];
    const id = await proposeTrade({ to: YOU, give: [A], get: [], photos }, db);
    // the local record names no stored file yet; the row holds the Blobs
    expect((await db.trades.get(id))?.photos).toEqual([]);
    const pending = await pendingTradePhotos(id, db);
    expect(pending.map((b) => b.size)).toEqual([8, 16]);

    const row = (await queuedRows(db)).find((r) => r.kind === KINDS.tradeCreate)!;
    const m = mutationOf(row);
    const req = m.kind.request(m.payload);
    expect(req).toMatchObject({ method: 'POST', collection: 'trades', id });
    expect(Object.keys(req.body ?? {})).not.toContain('photos');
    const sent = req.files?.['photos'] as readonly Blob[];
    expect(sent.map((b) => [b.type, b.size])).toEqual([
      ['image/png', 8],
      ['image/png', 16],
    ]);
  });

  it('a proposal without photos (or a row from before them) sends no files', async () => {
    const id = await proposeTrade({ to: YOU, give: [A], get: [] }, db);
    const m = mutationOf((await queuedRows(db))[0]!);
    expect(Object.keys(m.payload as object)).not.toContain('photos');
    expect(m.kind.request(m.payload).files).toBeUndefined();
    expect(await pendingTradePhotos(id, db)).toEqual([]);
    // an older row: no photos field at all
    const older = {
      id: 'tradeolderaaaa1',
      proposer: ME,
      receiver: YOU,
      give: [A],
      get: [],
      message: '',
      createdAt: '2026-03-01 10:00:00.000Z',
    };
    const read = mutationOf({ kind: KINDS.tradeCreate, payload: older });
    expect(read.kind).toBe(tradeCreate);
    expect(read.kind.request(read.payload).files).toBeUndefined();
  });

  it('more than three, or one that is not an image of 5 MB at most, is refused before queueing', async () => {
    const cases: [Blob[], string][] = [
      [[png(), png(), png(), png()], '사진은 3장까지 올릴 수 있어요.'],
      [
        [new Blob(['x'], { type: 'text/plain' })],
        'PNG, JPG, WEBP, GIF 이미지(5MB 이하)만 올릴 수 있습니다.',
      ],
      [[png(5 * 1024 * 1024 + 1)], 'PNG, JPG, WEBP, GIF 이미지(5MB 이하)만 올릴 수 있습니다.'],
    ];
    for (const [photos, message] of cases) {
      expect(checkTradePhotos(photos)).toBe(message);
      await expect(proposeTrade({ to: YOU, give: [A], get: [], photos }, db)).rejects.toThrow(
        message,
      );
    }
    expect(await queuedRows(db)).toEqual([]);
    expect(checkTradePhotos([png(), new Blob([], { type: 'image/gif' }), png()])).toBeNull();
  });
});
