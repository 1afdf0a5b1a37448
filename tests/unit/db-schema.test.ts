import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDB, SCHEMA, SCHEMA_VERSION, SYNCED_TABLES } from '@/data/db/index.ts';
import { parseRecord } from '@/data/pb/records.ts';

let db: AppDB | undefined;
afterEach(async () => {
  await db?.delete();
  db = undefined;
});

describe('Dexie schema', () => {
  it('has a table for every synced collection plus the sync bookkeeping', async () => {
    db = new AppDB(`t-${Math.random()}`);
    await db.open();
    const names = db.tables.map((t) => t.name).sort();
    expect(names).toEqual(
      [
        ...SYNCED_TABLES,
        'outbox',
        'deadLetters',
        'syncState',
        'auth',
        'guestLikes',
        'matches',
        'cache',
        'offlineGroups',
        'cardPrints',
      ].sort(),
    );
  });

  it('keeps likes unique per user and card', async () => {
    db = new AppDB(`t-${Math.random()}`);
    const like = { id: 'a', user: 'u1', photoCard: 'c1', created: '', updated: '' };
    await db.likes.add(like);
    await expect(db.likes.add({ ...like, id: 'b' })).rejects.toThrow();
    expect(await db.likes.count()).toBe(1);
  });

  it('flushes the outbox in insertion order', async () => {
    db = new AppDB(`t-${Math.random()}`);
    const row = (id: string) => ({
      id,
      kind: 'like.set',
      recordKey: `likes/${id}`,
      userId: 'u',
      payload: {},
      createdAt: 0,
      attempts: 0,
      nextTryAt: 0,
    });
    await db.outbox.bulkAdd([row('x'), row('a'), row('m')]);
    const order = (await db.outbox.orderBy('seq').toArray()).map((r) => r.id);
    expect(order).toEqual(['x', 'a', 'm']);
  });
});

describe('a device on an older schema', () => {
  it('opens with every table and index of today, its rows and queued writes kept', async () => {
    const name = `t-${Math.random()}`;
    // a device last opened by the app of v5 (trades and encounters, no notices, cache or saved
    // groups), declared as that app did, version by version
    const old = new Dexie(name);
    old.version(1).stores({
      groups: 'id, &groupName, updated',
      photoCards: 'id, group, groupName, memberName, likeCount, created, updated',
      users: 'id, username, updated',
      collectBook: 'id, users, group, updated',
      exchangeList: 'id, photoCard, writer, status, created, updated',
      meetUps: 'id, group, startDate, updated',
      comments: 'id, meetUp, name, created, updated',
      likes: 'id, &[user+photoCard], user, photoCard, updated',
      informUs: 'id, user, updated',
      notifications: 'id, user, read, created',
      outbox: '++seq, &id, kind, recordKey, nextTryAt',
      deadLetters: '++seq, id, kind, failedAt',
      syncState: 'collection',
      auth: 'key',
    });
    old.version(2).stores({
      outbox: '++seq, &id, kind, recordKey, nextTryAt, userId',
      deadLetters: '++seq, id, kind, failedAt, recordKey',
    });
    old.version(3).stores({ guestLikes: 'photoCard, likedAt' });
    old.version(4).stores({
      tradeItems: 'id, &[user+photoCard], [user+kind], photoCard, updated',
      conversations: 'id, &[a+b], b, updated',
      messages: 'id, [conversation+created], sender, updated',
      trades: 'id, proposer, receiver, status, counterOf, updated',
      reviews: 'id, &[trade+author], trade, subject, updated',
      blocks: 'id, &[user+blocked], user, blocked, updated',
      chatReports: 'id, reporter, message, updated',
      matches: 'key, userId',
    });
    old.version(5).stores({ encounters: 'id, [user+metAt], fan, updated' });
    await old.open();
    await old
      .table('outbox')
      .add({ id: 'm1', kind: 'like.set', recordKey: 'likes/m1', userId: 'u1', nextTryAt: 0 });
    await old.table('photoCards').add({
      id: 'c1',
      group: 'g1',
      groupName: 'RIIZE',
      memberName: '원빈',
      likeCount: 3,
      created: '',
      updated: '',
    });
    await old.table('guestLikes').add({ photoCard: 'c1', likedAt: 1 });
    old.close();

    db = new AppDB(name);
    await db.open();
    expect(db.verno).toBe(SCHEMA_VERSION);
    // every table of today, with the indexes the screens query by
    const idb = db.backendDB();
    expect([...idb.objectStoreNames].sort()).toEqual(Object.keys(SCHEMA).sort());
    const tx = idb.transaction(['offlineGroups', 'cache', 'notices', 'outbox'], 'readonly');
    expect([...tx.objectStore('offlineGroups').indexNames]).toEqual(['savedAt']);
    expect([...tx.objectStore('cache').indexNames]).toEqual(['usedAt']);
    expect([...tx.objectStore('notices').indexNames].sort()).toEqual(['published', 'updated']);
    expect([...tx.objectStore('outbox').indexNames].sort()).toEqual(
      ['id', 'kind', 'nextTryAt', 'recordKey', 'userId'].sort(),
    );
    // what the device held and queued is still there, and the new tables work
    expect((await db.outbox.where('userId').equals('u1').toArray()).map((r) => r.id)).toEqual([
      'm1',
    ]);
    expect(await db.photoCards.where('group').equals('g1').primaryKeys()).toEqual(['c1']);
    expect(await db.guestLikes.count()).toBe(1);
    await db.offlineGroups.add({ group: 'g1', savedAt: 1 });
    expect(await db.offlineGroups.orderBy('savedAt').primaryKeys()).toEqual(['g1']);
  });
});

describe('parseRecord', () => {
  it('fills defaults and rejects malformed records', () => {
    const card = parseRecord('photoCards', {
      id: 'c1',
      created: '2026-01-01',
      updated: '2026-01-01',
      group: 'g1',
      groupName: 'RIIZE',
    });
    expect(card?.likeCount).toBe(0);
    expect(card?.exchangeList).toEqual([]);
    expect(parseRecord('photoCards', { id: 'c2' })).toBeNull();
    expect(
      parseRecord('exchangeList', {
        id: 'p',
        created: '',
        updated: '',
        writer: 'u',
        photoCard: 'c',
        description: 'x',
        status: '판매중',
      }),
    ).toBeNull();
  });
});
