// Live reads of the signed-in user's notifications (알림).
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
