// Live reads of the signed-in user's notifications (알림).
import { useEffect } from 'react';
import { useAtomValue, sessionUserIdAtom } from '@/state/store';
import { useRead } from '@/live/use-read';
import type { AppNotification } from '@/data/pb/records';

/** Newest first; empty when logged out. */
export function useNotifications(): AppNotification[] | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useRead('notifications', userId);
}

/** How many are unread (0 when logged out). */
export function useUnreadNotificationCount(): number | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useRead('unreadNotifications', userId);
}

/**
 * Marks read the alerts that open `url` while the screen at that address is on screen (`visible`):
 * a chat thread open when a message comes, a trade looked at, so the bell never counts what the
 * fan is already seeing (docs/push.md, The inbox).
 */
export function useReadAlertsHere(url: string | undefined, visible = true): void {
  const userId = useAtomValue(sessionUserIdAtom);
  const ids = useRead('unreadAlertsAt', url ? userId : null, url ?? '');
  const key = visible && ids?.length ? ids.join(',') : '';
  useEffect(() => {
    if (!key) return;
    // the write side (the outbox, Dexie) in its own chunk, loaded when there is something to mark
    import('./writes.ts')
      .then(async ({ markNotificationRead }) => {
        for (const id of key.split(',')) await markNotificationRead(id);
      })
      .catch((err: unknown) => console.warn('[alerts] could not mark alerts read', err));
  }, [key]);
}
