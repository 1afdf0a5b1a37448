// Groups saved for offline (docs/sync.md, Groups saved for offline): a saved group joins the
// scope's followed groups (its cards stop counting as loose), saving beyond the scope's bound is
// refused, un-saving drops it, and a save asks for a pull; the progress of a group's cards.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDB } from '@/data/db/index.ts';
import {
  groupCardProgress,
  groupKeep,
  listOfflineGroups,
  MAX_OFFLINE_SCOPE_GROUPS,
  saveGroupOffline,
  unsaveGroupOffline,
} from '@/data/offline-groups';
import { computeScope, setDeviceBias } from '@/data/sync/scope.ts';
import { onFlushRequested } from '@/data/sync/signals.ts';

let db: AppDB;
const STAMP = '2026-01-01 00:00:00.000Z';

function group(id: string, cardCount = 0) {
  return { id, groupName: id.toUpperCase(), cardCount, created: STAMP, updated: STAMP } as never;
}
function card(id: string, g: string) {
  return { id, group: g, created: STAMP, updated: STAMP } as never;
}

beforeEach(async () => {
  db = new AppDB(`offline-groups-${Math.random().toString(36).slice(2)}`);
  setDeviceBias('bias');
  await db.groups.bulkPut([group('bias', 1), group('g1', 3), group('g2', 2)]);
});

afterEach(async () => {
  setDeviceBias(null);
  await db.delete();
});

describe('groups saved for offline', () => {
  it('join the scope beside the favourite group; their cards are no longer loose', async () => {
    await db.photoCards.bulkPut([card('c1', 'g1'), card('c2', 'g1')]);
    await db.guestLikes.put({ photoCard: 'c1', likedAt: 1 });
    let scope = await computeScope(db, null);
    expect(scope.groups).toEqual(['bias']);
    expect(scope.buckets.flat()).toEqual(['c1']);

    const pulls: number[] = [];
    const off = onFlushRequested(() => pulls.push(1));
    expect(await saveGroupOffline(db, 'g1')).toBe('saved');
    off();
    expect(pulls).toHaveLength(1);
    scope = await computeScope(db, null);
    expect(scope.groups).toEqual(['bias', 'g1']);
    expect(scope.buckets.flat()).toEqual([]);
    expect(await groupKeep(db, 'g1')).toBe('saved');
    expect(await groupKeep(db, 'bias')).toBe('followed');
    expect(await groupKeep(db, 'g2')).toBe('none');

    await unsaveGroupOffline(db, 'g1');
    expect((await computeScope(db, null)).groups).toEqual(['bias']);
    expect(await listOfflineGroups(db)).toEqual([]);
  });

  it('refuses a save beyond the scope’s bound, counting the followed groups', async () => {
    const ids = Array.from({ length: MAX_OFFLINE_SCOPE_GROUPS - 1 }, (_, i) => `s${i}`);
    await db.groups.bulkPut(ids.map((id) => group(id)));
    for (const id of ids) expect(await saveGroupOffline(db, id)).toBe('saved');
    // the favourite group and 15 saved: full
    expect((await computeScope(db, null)).groups).toHaveLength(MAX_OFFLINE_SCOPE_GROUPS);
    expect(await saveGroupOffline(db, 'g2')).toBe('limit');
    expect(await listOfflineGroups(db)).toEqual(ids);
    // a group already in the scope may still be saved (it adds nothing)
    expect(await saveGroupOffline(db, 'bias')).toBe('saved');
    // one un-saved makes room
    await unsaveGroupOffline(db, 's3');
    expect(await saveGroupOffline(db, 'g2')).toBe('saved');
    expect((await computeScope(db, null)).groups).toContain('g2');
  });

  it('counts a group’s cards on the device against its card count', async () => {
    expect(await groupCardProgress(db, 'g1')).toEqual({ have: 0, total: 3, complete: false });
    await db.photoCards.bulkPut([card('c1', 'g1'), card('c2', 'g1'), card('x', 'g2')]);
    expect(await groupCardProgress(db, 'g1')).toEqual({ have: 2, total: 3, complete: false });
    await db.photoCards.put(card('c3', 'g1'));
    expect(await groupCardProgress(db, 'g1')).toEqual({ have: 3, total: 3, complete: true });
    // a group without cards is complete
    await db.groups.put(group('empty'));
    expect((await groupCardProgress(db, 'empty')).complete).toBe(true);
  });
});
