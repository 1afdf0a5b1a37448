// Live reads of 공지사항 (docs/product-rules.md, Notices): the list, one notice, and whether a
// notice is newer than the newest one opened on this device (the new dot). Undefined while loading.
import { useEffect } from 'react';
import type { Notice } from '@/data/pb/records';
import { useRead, useReadOr } from '@/live/use-read';

export type { Notice } from '@/data/pb/records';

/** Every notice: pinned first, then newest first. */
export function useNotices(): Notice[] | undefined {
  return useRead('notices');
}

/** One notice; null when the store has none with that id. */
export function useNotice(id: string): Notice | null | undefined {
  return useRead('notice', id);
}

/** Whether to show the new dot; false while loading (a dot never flashes in and out). */
export function useHasNewNotice(): boolean {
  return useReadOr('hasNewNotice', false);
}

/** The `published` of the newest notice opened on this device ('' when none). */
export function useNoticesSeenAt(): string | undefined {
  return useRead('noticesSeenAt');
}

/** Remembers on this device that `notice` was opened, which clears the dot it was the cause of. */
export function useMarkNoticeSeen(notice: Notice | null | undefined): void {
  useEffect(() => {
    if (!notice) return;
    // the store's module loads with the live reads, never in the entry bundle
    void import('./queries')
      .then((m) => m.markNoticeSeen(notice))
      .catch((err: unknown) => console.error('[data] could not mark the notice seen', err));
  }, [notice]);
}
