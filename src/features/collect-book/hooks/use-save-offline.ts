// The state of "keep this collect book's images offline" for one group: how many of its images
// the service worker already keeps, about how much saving the rest will take, and the progress
// of a save under way. See offline-images.ts for how the images are kept.
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import { syncStatusAtom, useAtomValue } from '@/state/store';
import {
  bookImageUrls,
  estimateBytes,
  offlineImagesSupported,
  saveImagesOffline,
  savedImageUrls,
  type SaveProgress,
} from '@/features/collect-book/offline-images';

export type SaveOfflineState =
  /** No service worker (dev server, old browser): nothing can be kept. */
  | 'unsupported'
  /** Still reading the store and the cache. */
  | 'checking'
  /** Some images are not kept yet. */
  | 'idle'
  | 'saving'
  /** Every image is kept. */
  | 'saved';

export interface SaveOffline {
  state: SaveOfflineState;
  /** Images the book shows. */
  total: number;
  /** Of those, how many are kept offline. */
  saved: number;
  /** About how many bytes saving the rest will store; null until measured. */
  estimate: number | null;
  /** The save under way (or the last one). */
  progress: SaveProgress | null;
  /** Images the last save could not fetch. */
  failed: number;
  online: boolean;
  save: () => void;
}

interface CacheCheck {
  key: string;
  saved: number;
  estimate: number | null;
}

export function useSaveOffline(groupId: string): SaveOffline {
  const supported = offlineImagesSupported();
  const online = useAtomValue(syncStatusAtom).online;
  const urls = useLiveQuery(() => bookImageUrls(groupId), [groupId]);
  const key = urls ? urls.join('\n') : '';
  const [check, setCheck] = useState<CacheCheck | null>(null);
  const [recheck, setRecheck] = useState(0);
  const [progress, setProgress] = useState<SaveProgress | null>(null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(0);

  useEffect(() => {
    if (!supported || !urls) return;
    let live = true;
    void (async () => {
      const kept = await savedImageUrls(urls);
      if (!live) return;
      setCheck({ key, saved: kept.size, estimate: null });
      const estimate = await estimateBytes(urls.filter((u) => !kept.has(u)));
      if (live) setCheck({ key, saved: kept.size, estimate });
    })().catch((err: unknown) => console.warn('[offline-images] cache check failed', err));
    return () => {
      live = false;
    };
    // `key` stands for `urls` (a new array on every live-query run)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [supported, key, recheck]);

  // a save started elsewhere (the automatic one at start, another tab) also changes the count
  useEffect(() => {
    if (!supported) return;
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === 'cache-images-done')
        setRecheck((n) => n + 1);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [supported]);

  const save = useCallback(() => {
    if (!urls || saving) return;
    setSaving(true);
    setFailed(0);
    setProgress({ done: 0, total: urls.length, bytes: 0 });
    saveImagesOffline(urls, setProgress)
      .then((result) => setFailed(result.failed.length))
      .catch((err: unknown) => {
        console.warn('[offline-images] save failed', err);
        setFailed(urls.length);
      })
      .finally(() => {
        setSaving(false);
        setRecheck((n) => n + 1);
      });
  }, [urls, saving]);

  const total = urls?.length ?? 0;
  const current = check && check.key === key ? check : null;
  const saved = current?.saved ?? 0;
  let state: SaveOfflineState;
  if (!supported) state = 'unsupported';
  else if (saving) state = 'saving';
  else if (!urls || !current) state = 'checking';
  else state = saved >= total ? 'saved' : 'idle';

  return {
    state,
    total,
    saved,
    estimate: current?.estimate ?? null,
    progress,
    failed,
    online,
    save,
  };
}
