// Live reads of the signed-in user's notifications (알림).
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue, sessionUserIdAtom } from '../../app/store';
import type { AppNotification } from '../../data/pb/records';
import { countUnreadNotifications, listNotifications } from '../../data/queries/notifications';

/** Newest first; empty when logged out. */
export function useNotifications(): AppNotification[] | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useLiveQuery(() => (userId ? listNotifications(userId) : []), [userId]);
}

/** How many are unread (0 when logged out). */
export function useUnreadNotificationCount(): number | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useLiveQuery(() => (userId ? countUnreadNotifications(userId) : 0), [userId]);
}
