/**
 * Windows (docs/sync.md, The cache) as the first-screen renderer reads them, against the real
 * PocketBase: a window asked twice at once is one request, a freshness of the caller's own is
 * kept (the renderer's seconds, a device's minute), and a home row's window leaves no stale copy
 * sorting among the server's first N (a card whose likes went since it was read).
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { AppDB } from '../../src/data/db/index.ts';
import { createClient } from '../../src/data/pb/client.ts';
import { listPhotoCards } from '../../src/domains/catalogue/photo-cards.ts';
import { ensureWindow, resetWindows, windowAskedAt } from '../../src/domains/catalogue/windows.ts';
import { freePort, startTestServer, type TestServer } from '../helpers/pocketbase.ts';
import { createCard, createGroup, createUser, type Actor } from '../helpers/pb-fixtures.ts';
import { freshDb, interceptFetch } from '../helpers/sync-fixtures.ts';

let server: TestServer;
let su: PocketBase;
let fans: Actor[];
let group: RecordModel;
const cards: RecordModel[] = [];
const dbs: AppDB[] = [];

beforeAll(async () => {
  server = await startTestServer({ publicDir: null });
  su = await server.admin();
  group = await createGroup(su);
  for (let i = 0; i < 3; i++) cards.push(await createCard(su, group));
  fans = await Promise.all([createUser(server, su), createUser(server, su)]);
}, 60_000);

afterEach(async () => {
  resetWindows();
  for (const db of dbs.splice(0)) await db.delete();
});

afterAll(async () => {
  await server?.stop();
});

async function guest() {
  const db = freshDb();
  dbs.push(db);
  const { pb } = await createClient(server.url, db);
  return { db, pb };
}

describe('windows for the renderer', () => {
  it('joins a read under way and keeps the freshness the caller asks for', async () => {
    const { db, pb } = await guest();
    const w = { kind: 'card', id: cards[0]!.id } as const;
    const seen = interceptFetch();
    try {
      await Promise.all([ensureWindow(pb, db, w), ensureWindow(pb, db, w)]);
      expect(seen.count('/api/collections/photoCards/records')).toBe(1);
      expect(await db.photoCards.get(cards[0]!.id)).toBeTruthy();
      const at = windowAskedAt(w);
      expect(at).not.toBeNull();
      // within a device's minute: not asked again; with a freshness of 0 ms: asked again
      await ensureWindow(pb, db, w);
      expect(seen.count('/api/collections/photoCards/records')).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await ensureWindow(pb, db, w, { freshMs: 0 });
      expect(seen.count('/api/collections/photoCards/records')).toBe(2);
      expect(windowAskedAt(w)!).toBeGreaterThan(at!);
    } finally {
      seen.restore();
    }
  });

  it('a window the server cannot answer leaves the store as it was, and no answer time', async () => {
    const db = freshDb();
    dbs.push(db);
    // a port nothing listens on: every request is refused
    const { pb } = await createClient(`http://127.0.0.1:${await freePort()}`, db);
    const w = { kind: 'card', id: cards[1]!.id } as const;
    await ensureWindow(pb, db, w, { freshMs: 0 });
    expect(windowAskedAt(w)).toBeNull();
    expect(await db.photoCards.count()).toBe(0);
  });

  it('a home row keeps no stale copy among its first N', async () => {
    const { db, pb } = await guest();
    const [x, y] = [cards[0]!, cards[1]!];
    const likes = await Promise.all(
      fans.map((f) => f.pb.collection('likes').create({ user: f.id, photoCard: x.id })),
    );
    await fans[0]!.pb.collection('likes').create({ user: fans[0]!.id, photoCard: y.id });
    const top = { kind: 'top', sort: 'likesDesc', limit: 1 } as const;
    await ensureWindow(pb, db, top, { freshMs: 0 });
    expect((await listPhotoCards({ sort: 'likesDesc', limit: 1 }, db)).map((c) => c.id)).toEqual([
      x.id,
    ]);
    // x loses its likes: the server's first card is now y, and the copy of x here is stale
    for (const [i, like] of likes.entries()) await fans[i]!.pb.collection('likes').delete(like.id);
    await ensureWindow(pb, db, top, { freshMs: 0 });
    const first = await listPhotoCards({ sort: 'likesDesc', limit: 1 }, db);
    expect(first.map((c) => c.id)).toEqual([y.id]);
    expect((await db.photoCards.get(x.id))?.likeCount).toBe(0);
  });
});
