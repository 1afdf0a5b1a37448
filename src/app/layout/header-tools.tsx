import { Link } from '@tanstack/react-router';
import { BellIcon, ChatIcon } from '@/components/ui/icons';
import { ko } from '@/i18n/ko';
import { chatUnreadLabel } from '@/i18n/ko-chat-nav';
import { isLoggedInAtom, unreadAlertsAtom, unreadMessagesAtom, useAtomValue } from '@/state/store';
import styles from './header-tools.module.css';

/** The badge over a shortcut: its unread count, 1-99, then '99+'. */
function badge(count: number, testId: string) {
  return count > 0 ? (
    <span className={styles.badge} aria-hidden="true" data-testid={testId}>
      {count > 99 ? '99+' : count}
    </span>
  ) : null;
}

/**
 * Chat and alerts shortcuts, shared by the desktop header and the mobile top bar. Each shows how
 * many are unread: messages (unreadMessagesAtom) and alerts (unreadAlertsAtom), both kept by the
 * data layer (app/feature-wiring.ts).
 */
export function HeaderTools() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const alerts = useAtomValue(unreadAlertsAtom);
  const messages = useAtomValue(unreadMessagesAtom);
  const chat = loggedIn ? messages : 0;
  const count = loggedIn ? alerts : 0;
  return (
    // the sync pill joins the row, first, while changes wait (features/sync-status, use-pill-slot.ts)
    <div className={styles.tools} data-sync-slot="start">
      <Link
        to="/chatting"
        className={styles.tool}
        aria-label={chat > 0 ? chatUnreadLabel(chat) : ko.nav.chat}
      >
        <ChatIcon />
        {badge(chat, 'chat-badge')}
      </Link>
      <Link
        to="/alerts"
        className={styles.tool}
        aria-label={count > 0 ? ko.nav.alertsUnread(count) : ko.nav.alerts}
      >
        <BellIcon />
        {badge(count, 'alerts-badge')}
      </Link>
    </div>
  );
}
