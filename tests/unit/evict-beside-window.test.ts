// @vitest-environment node
/**
 * The eviction after a pull (src/data/sync/evict.ts) runs in the pull's worker while the page
 * stores what a screen reads beyond the scope (a group's next page, a search's results). A card
 * the page stored after the eviction read the cache must stay: the screen shows it, and its read
 * was noted as answered, so nothing would ask for it again for a minute (a 더 보기 page that never
 * filled in).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDB } from '@/data/db/index.ts';
import { evictOutOfScope, touchCache } from '@/data/sync/evict.ts';

let db: AppDB;

beforeEach(() => {
  db = new AppDB(`evict-${Math.random().toString(36).slice(2)}`);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const card = (id: string, group: string) => ({
  id,
  group,
  title: id,
  created: '2026-01-01 00:00:00.000Z',
  updated: '2026-01-01 00:00:00.000Z',
});

/** Runs `between` once, right after the eviction has read the cache notes of photoCards. */
function afterCacheRead(between: () => Promise<void>): void {
  const where = db.cache.where.bind(db.cache);
  let done = false;
  db.cache.where = ((index: string) => {
    const clause = where(index);
    const startsWith = clause.startsWith.bind(clause);
    clause.startsWith = (prefix: string) => {
      const coll = startsWith(prefix);
      if (done || prefix !== 'photoCards/') return coll;
      done = true;
      const toArray = coll.toArray.bind(coll);
      coll.toArray = (async () => {
        const rows = await toArray();
        await between();
        return rows;
      }) as typeof coll.toArray;
      return coll;
    };
    return clause;
  }) as typeof db.cache.where;
}

describe('eviction beside a window read', () => {
  it('keeps the cards the page stored (noted first) while it ran, and drops the rest', async () => {
    await db.photoCards.bulkPut([card('inscope', 'mine'), card('old', 'other')] as never[]);
    afterCacheRead(async () => {
      // the page's window: noted, then written, as src/domains/catalogue/windows.ts does
      await touchCache(db, 'photoCards', ['fresh']);
      await db.photoCards.put(card('fresh', 'other') as never);
    });
    const gone = await evictOutOfScope(db, { groups: ['mine'], buckets: [], mine: false });
    const left = ((await db.photoCards.toCollection().primaryKeys()) as string[]).sort();
    expect(left).toEqual(['fresh', 'inscope']);
    expect(gone.photoCards).toBeGreaterThanOrEqual(1);
    expect(await db.cache.get('photoCards/fresh')).toBeDefined();
  });

  it('still bounds the cache: notes past the bound do not keep their cards', async () => {
    await db.photoCards.bulkPut([card('a', 'other'), card('b', 'other')] as never[]);
    await db.cache.bulkPut([
      { key: 'photoCards/a', usedAt: 2 },
      { key: 'photoCards/b', usedAt: 1 },
    ]);
    await evictOutOfScope(db, { groups: [], buckets: [], mine: false }, { cacheMax: 1 });
    expect(await db.photoCards.toCollection().primaryKeys()).toEqual(['a']);
    expect(await db.cache.get('photoCards/b')).toBeUndefined();
  });
});
