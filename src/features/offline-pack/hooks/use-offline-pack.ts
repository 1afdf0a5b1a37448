// The state of one offline pack (an event's or a day's): what it will keep and about how much
// space, the progress of a save, the stored record once saved, and removing it. See
// docs/offline-pack.md.
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { listCommentsOfMeetUp } from '@/domains/meetups/queries';
import type { MeetUp } from '@/data/pb/records';
import { packCacheName, type PackProgress } from '@/data/pb/offline-pack';
import { requestPersistentStorage } from '@/data/storage';
import { syncStatusAtom, useAtomValue } from '@/state/store';
import { estimatePack, planPack, type PackPlan } from '@/features/offline-pack/pack-plan';
import {
  offlinePackSupported,
  removePackFiles,
  savePackFiles,
} from '@/features/offline-pack/pack-client';
import {
  dropPackRecord,
  dropVanishedPacks,
  packRecordsSnapshot,
  parsePackRecords,
  putPackRecord,
  subscribePackRecords,
  type PackRecord,
} from '@/features/offline-pack/pack-records';

export interface PackTarget {
  pack: string;
  kind: 'event' | 'day';
  day: string | null;
  events: readonly MeetUp[];
}

export type PackError = 'quota' | 'failed' | null;

export interface OfflinePack {
  supported: boolean;
  online: boolean;
  plan: PackPlan;
  /** About how many bytes the pack will take; null until measured. */
  estimate: number | null;
  record: PackRecord | null;
  saving: boolean;
  removing: boolean;
  progress: PackProgress | null;
  error: PackError;
  save: () => void;
  remove: () => void;
}

function currentScreen() {
  return { width: window.innerWidth, devicePixelRatio: window.devicePixelRatio || 1 };
}

/** Every pack this device keeps, by pack id, live (this tab and others). */
export function usePackRecords(): Record<string, PackRecord> {
  const raw = useSyncExternalStore(subscribePackRecords, packRecordsSnapshot, () => '');
  return useMemo(() => parsePackRecords(raw), [raw]);
}

/**
 * `measure`: whether the estimate may be asked for now (a few HEAD requests): the box is near the
 * viewport.
 */
export function useOfflinePack(target: PackTarget, measure = true): OfflinePack {
  const supported = offlinePackSupported();
  const online = useAtomValue(syncStatusAtom).online;
  const records = usePackRecords();
  const record = records[target.pack] ?? null;
  const { events, pack, kind, day } = target;
  const plan = useMemo(() => planPack(events, currentScreen()), [events]);
  const planKey = `${plan.files.join('\n')}|${plan.tiles.length}`;
  const [estimate, setEstimate] = useState<{ key: string; bytes: number } | null>(null);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [progress, setProgress] = useState<PackProgress | null>(null);
  const [error, setError] = useState<PackError>(null);

  // a record whose cache the browser dropped is no pack
  useEffect(() => {
    if (supported) void dropVanishedPacks();
  }, [supported]);

  useEffect(() => {
    if (!supported || record || !online || !measure) return;
    let live = true;
    void estimatePack(plan).then((bytes) => {
      if (live) setEstimate({ key: planKey, bytes });
    });
    return () => {
      live = false;
    };
    // planKey stands for plan (a new object whenever the live query runs again)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [supported, planKey, !!record, online, measure]);

  const save = useCallback(() => {
    if (saving || !events.length) return;
    setSaving(true);
    setError(null);
    setProgress({ done: 0, total: plan.files.length + plan.tiles.length, bytes: 0 });
    void requestPersistentStorage();
    void (async () => {
      try {
        const done = await savePackFiles(pack, plan.files, plan.tiles, setProgress);
        if (done.error === 'quota') {
          dropPackRecord(pack);
          setError('quota');
          return;
        }
        const comments = await Promise.all(events.map((m) => listCommentsOfMeetUp(m.id)));
        putPackRecord({
          pack,
          kind,
          day,
          events: events.map((m) => m.id),
          files: plan.files.length,
          tiles: plan.tiles.length,
          comments: comments.reduce((n, list) => n + list.length, 0),
          bytes: done.bytes,
          failed: done.failed.length,
          savedAt: new Date().toISOString(),
        });
      } catch (err) {
        console.warn('[offline-pack] save failed', err);
        setError('failed');
      } finally {
        setSaving(false);
      }
    })();
  }, [saving, events, plan, pack, kind, day]);

  const remove = useCallback(() => {
    if (removing) return;
    setRemoving(true);
    void removePackFiles(pack)
      // no worker to ask (it is being replaced): the page can delete the cache itself
      .catch(() => caches.delete(packCacheName(pack)))
      .catch((err: unknown) => console.warn('[offline-pack] remove failed', err))
      .finally(() => {
        dropPackRecord(pack);
        setRemoving(false);
        setProgress(null);
      });
  }, [removing, pack]);

  return {
    supported,
    online,
    plan,
    estimate: estimate && estimate.key === planKey ? estimate.bytes : null,
    record,
    saving,
    removing,
    progress,
    error,
    save,
    remove,
  };
}
