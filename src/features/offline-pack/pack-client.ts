/**
 * The page's side of the offline packs: asks the service worker to fill or delete a pack's cache
 * and hears its progress (the messages: src/data/pb/offline-pack.ts; the worker:
 * sw/offline-pack.ts). The worker does the downloads, so they go on when the screen changes.
 */
import {
  isPackReply,
  type PackDoneMessage,
  type PackProgress,
  type PackReply,
} from '@/data/pb/offline-pack';

/** True when this browser can keep packs (a service worker and Cache Storage). */
export function offlinePackSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && 'caches' in self;
}

async function activeWorker(): Promise<ServiceWorker | null> {
  if (!offlinePackSupported()) return null;
  if (navigator.serviceWorker.controller) return navigator.serviceWorker.controller;
  const reg = await navigator.serviceWorker.getRegistration();
  return reg?.active ?? null;
}

function ask<T extends PackReply>(
  message: Record<string, unknown>,
  isLast: (reply: PackReply) => reply is T,
  onReply?: (reply: PackReply) => void,
): Promise<T> {
  return activeWorker().then((worker) => {
    if (!worker) throw new Error('offline-pack: no active service worker');
    const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    const container = navigator.serviceWorker;
    return new Promise<T>((resolve) => {
      const onMessage = (event: MessageEvent) => {
        if (!isPackReply(event.data) || event.data.id !== id) return;
        onReply?.(event.data);
        if (isLast(event.data)) {
          container.removeEventListener('message', onMessage);
          resolve(event.data);
        }
      };
      container.addEventListener('message', onMessage);
      // a page loaded before any worker existed gets messages only once started
      container.startMessages();
      worker.postMessage({ ...message, id });
    });
  });
}

/** Fills the pack's cache with `files` and `tiles`; `onProgress` hears each one. */
export function savePackFiles(
  pack: string,
  files: readonly string[],
  tiles: readonly string[],
  onProgress?: (p: PackProgress) => void,
): Promise<PackDoneMessage> {
  return ask(
    { type: 'pack-save', pack, files: [...files], tiles: [...tiles] },
    (r): r is PackDoneMessage => r.type === 'pack-done',
    (r) => {
      if (r.type === 'pack-progress')
        onProgress?.({ done: r.done, total: r.total, bytes: r.bytes });
    },
  );
}

/** Deletes the pack's cache, freeing its space. */
export async function removePackFiles(pack: string): Promise<void> {
  await ask({ type: 'pack-remove', pack }, (r): r is PackReply => r.type === 'pack-removed');
}
