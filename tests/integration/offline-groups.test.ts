/**
 * Groups saved for offline against the real PocketBase (docs/sync.md, Groups saved for offline):
 * a group saved on the device joins the sync scope, so the next pull brings every card of it and
 * the posts on them, for a signed-in fan and for a guest; un-saved, the next pull takes them away
 * again (docs/sync.md, The cache), and a save beyond the scope's bound is refused.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { AppDB } from '../../src/data/db/index.ts';
import { createClient } from '../../src/data/pb/client.ts';
import {
  groupCardProgress,
  MAX_OFFLINE_SCOPE_GROUPS,
  saveGroupOffline,
  unsaveGroupOffline,
} from '../../src/data/offline-groups/index.ts';
import { pullAll } from '../../src/data/sync/pull.ts';
import { computeScope, setDeviceBias } from '../../src/data/sync/scope.ts';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';
import { createCard, createGroup, createUser, type Actor } from '../helpers/pb-fixtures.ts';
import { freshDb, loggedIn } from '../helpers/sync-fixtures.ts';

let server: TestServer;
let su: PocketBase;
let fan: Actor;
/** A: the fan's favourite; S: the group the fan saves for offline (12 cards, 2 posts). */
let A: RecordModel;
let S: RecordModel;
const cardsA: RecordModel[] = [];
const cardsS: RecordModel[] = [];
const dbs: AppDB[] = [];

function newDb(): AppDB {
  const db = freshDb();
  dbs.push(db);
  return db;
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

beforeAll(async () => {
  server = await startTestServer({ publicDir: null });
  su = await server.admin();
  A = await createGroup(su);
  S = await createGroup(su);
  for (let i = 0; i < 3; i++) cardsA.push(await createCard(su, A));
  for (let i = 0; i < 12; i++) cardsS.push(await createCard(su, S));
  fan = await createUser(server, su);
  await fan.pb.collection('users').update(fan.id, { biasGroup: A.id });
  const other = await createUser(server, su);
  for (const c of [cardsS[0]!, cardsS[5]!]) {
    await other.pb.collection('exchangeList').create({
      photoCard: c.id,
      writer: other.id,
      description: '교환해요',
      status: '교환대기중',
    });
  }
}, 60_000);

afterEach(async () => {
  setDeviceBias(null);
  for (const db of dbs.splice(0)) await db.delete();
});

afterAll(async () => {
  await server?.stop();
});

describe('a group saved for offline', () => {
  it('joins the scope, and the pull brings all its cards and posts; un-saved, they go', async () => {
    const db = newDb();
    const client = await loggedIn(server, db, fan);
    await pullAll(client.pb, db, true, { userId: fan.id });
    expect(await db.photoCards.where('group').equals(S.id).count()).toBe(0);
    expect(await groupCardProgress(db, S.id)).toEqual({ have: 0, total: 12, complete: false });

    expect(await saveGroupOffline(db, S.id)).toBe('saved');
    expect((await computeScope(db, fan.id)).groups.sort()).toEqual([A.id, S.id].sort());
    await pullAll(client.pb, db, true, { userId: fan.id });
    expect(ids(await db.photoCards.where('group').equals(S.id).toArray())).toEqual(ids(cardsS));
    expect(await groupCardProgress(db, S.id)).toEqual({ have: 12, total: 12, complete: true });
    expect((await db.exchangeList.toArray()).map((p) => p.photoCard).sort()).toEqual(
      ids([cardsS[0]!, cardsS[5]!]),
    );
    // its entries have checkpoints of their own
    expect(await db.syncState.get(`photoCards@g:${S.id}`)).toBeTruthy();

    await unsaveGroupOffline(db, S.id);
    await pullAll(client.pb, db, true, { userId: fan.id });
    expect(await db.photoCards.where('group').equals(S.id).count()).toBe(0);
    expect(await db.exchangeList.count()).toBe(0);
    expect(ids(await db.photoCards.toArray())).toEqual(ids(cardsA));
  });

  it('works for a guest too, and a save beyond the bound is refused', async () => {
    const db = newDb();
    const { pb } = await createClient(server.url, db);
    setDeviceBias(A.id);
    await pullAll(pb, db, false);
    expect(await saveGroupOffline(db, S.id)).toBe('saved');
    await pullAll(pb, db, false);
    expect(await db.photoCards.where('group').equals(S.id).count()).toBe(12);

    // fill the scope with saved groups (that exist only locally; the pull answers them empty)
    for (let i = 0; (await computeScope(db, null)).groups.length < MAX_OFFLINE_SCOPE_GROUPS; i++) {
      expect(await saveGroupOffline(db, `zzfiller${String(i).padStart(7, '0')}`)).toBe('saved');
    }
    const extra = await createGroup(su);
    await pullAll(pb, db, false);
    expect(await saveGroupOffline(db, extra.id)).toBe('limit');
    expect(await db.offlineGroups.get(extra.id)).toBeUndefined();
    // the groups saved first are still all there
    expect(await db.photoCards.where('group').equals(S.id).count()).toBe(12);
  });
});
