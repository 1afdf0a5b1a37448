import { Link } from '@tanstack/react-router';
import { BellIcon, ChatIcon } from '@/components/ui/icons';
import { ko } from '@/i18n/ko';
import { isLoggedInAtom, unreadAlertsAtom, useAtomValue } from '@/state/store';
import styles from './header-tools.module.css';

/** The badge's text: 1-99, then '99+'. */
function unreadBadgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/**
 * Chat and alerts shortcuts, shared by the desktop header and the mobile top bar. The bell shows
 * how many alerts are unread (kept by the data layer in unreadAlertsAtom; see app/start-data.ts).
 */
export function HeaderTools() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const unread = useAtomValue(unreadAlertsAtom);
  const count = loggedIn ? unread : 0;
  return (
    <div className={styles.tools}>
      <Link to="/chatting" className={styles.tool} aria-label={ko.nav.chat}>
        <ChatIcon />
      </Link>
      <Link
        to="/alerts"
        className={styles.tool}
        aria-label={count > 0 ? ko.nav.alertsUnread(count) : ko.nav.alerts}
      >
        <BellIcon />
        {count > 0 ? (
          <span className={styles.badge} aria-hidden="true" data-testid="alerts-badge">
            {unreadBadgeText(count)}
          </span>
        ) : null}
      </Link>
    </div>
  );
}
