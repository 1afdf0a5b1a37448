import { afterEach, describe, expect, it } from 'vitest';
import { AppDB, SYNCED_TABLES } from '@/data/db/index.ts';
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
