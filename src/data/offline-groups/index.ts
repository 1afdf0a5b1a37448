/**
 * Groups saved for offline (docs/sync.md, Groups saved for offline): a fan marks a group, and this
 * device keeps every card of it and the posts on them in its sync scope (sync/scope.ts), like
 * the groups they follow, until they un-save it. The marks are local to the device (Dexie
 * `offlineGroups`), so they work offline and a worker's pull reads them too.
 *
 * Also the progress of a group's cards on the device: the local cards of the group against the
 * group's `cardCount` (kept by the server), read from the store alone (docs/sync.md, Pull by
 * scope).
 */
import type { AppDB } from '@/data/db/index.ts';
import { readSession } from '@/data/session/session.ts';
import { computeScope, MAX_GROUPS, scopeTables } from '@/data/sync/scope.ts';
import { requestFlushNow } from '@/data/sync/signals.ts';

export { MAX_GROUPS as MAX_OFFLINE_SCOPE_GROUPS };

/** How many of a group's cards the device holds, of how many the group has. */
export interface GroupCardProgress {
  /** Cards of the group on this device. */
  have: number;
  /** The group's cards on the server (`groups.cardCount`); 0 when the group is not here. */
  total: number;
  /** Every card is here (a group without cards is complete). */
  complete: boolean;
}

/** The progress of `groupId`'s cards on this device (a live query runs it). */
export async function groupCardProgress(db: AppDB, groupId: string): Promise<GroupCardProgress> {
  const [group, have] = await Promise.all([
    db.groups.get(groupId),
    db.photoCards.where('group').equals(groupId).count(),
  ]);
  const total = group?.cardCount ?? 0;
  return { have: Math.min(have, total || have), total, complete: have >= total };
}

/** Whether `groupId` is saved for offline on this device. */
export async function isGroupSavedOffline(db: AppDB, groupId: string): Promise<boolean> {
  return !!(await db.offlineGroups.get(groupId));
}

/** The groups saved for offline on this device, oldest save first. */
export async function listOfflineGroups(db: AppDB): Promise<string[]> {
  return (await db.offlineGroups.orderBy('savedAt').toArray()).map((r) => r.group);
}

/**
 * Where a group stands in this device's scope: 'saved' (saved for offline), 'followed' (kept for
 * another reason: the favourite group, a collect book's, a listed card's), or 'none'.
 */
export type GroupKeep = 'saved' | 'followed' | 'none';

export async function groupKeep(db: AppDB, groupId: string): Promise<GroupKeep> {
  if (await isGroupSavedOffline(db, groupId)) return 'saved';
  const session = await readSession(db);
  const scope = await computeScope(db, session?.userId ?? null);
  return scope.groups.includes(groupId) ? 'followed' : 'none';
}

/**
 * Saves `groupId` for offline and asks for a pull so its cards come. Refused ('limit') when the
 * scope already holds MAX_GROUPS groups and this is not one of them: every group is two entries of
 * each pull round (docs/sync.md, Pull by scope).
 */
export async function saveGroupOffline(db: AppDB, groupId: string): Promise<'saved' | 'limit'> {
  if (!groupId) throw new Error('offline-groups: no group');
  const session = await readSession(db);
  const result = await db.transaction(
    'rw',
    // the scope's own tables (offlineGroups among them), read and written in one transaction
    scopeTables(db),
    async () => {
      if (await db.offlineGroups.get(groupId)) return 'saved' as const;
      const scope = await computeScope(db, session?.userId ?? null);
      if (!scope.groups.includes(groupId) && scope.groups.length >= MAX_GROUPS) {
        return 'limit' as const;
      }
      // strictly after the last save, so two saves in one millisecond keep their order
      const last = await db.offlineGroups.orderBy('savedAt').last();
      await db.offlineGroups.put({
        group: groupId,
        savedAt: Math.max(Date.now(), (last?.savedAt ?? 0) + 1),
      });
      return 'saved' as const;
    },
  );
  if (result === 'saved') requestFlushNow();
  return result;
}

/**
 * Un-saves `groupId`: it leaves the scope unless another reason keeps it, and the next pull
 * evicts its cards (docs/sync.md, The cache), so a pull is asked for now.
 */
export async function unsaveGroupOffline(db: AppDB, groupId: string): Promise<void> {
  await db.offlineGroups.delete(groupId);
  requestFlushNow();
}
