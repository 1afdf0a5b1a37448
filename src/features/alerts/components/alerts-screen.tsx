import { Link } from '@tanstack/react-router';
import { LoginNotice } from '@/components/ui/login-notice';
import { useState } from 'react';
import { isLoggedInAtom, useAtomValue } from '@/state/store';
import { BellIcon, SettingsIcon } from '@/components/ui/icons';
import { NoticeCard, noticeActionClass } from '@/components/ui/notice-card';
import { ScreenTitle } from '@/components/ui/screen-title';
import { toast } from '@/components/ui/toast';
import { markAllNotificationsRead } from '@/domains/tables/writes';
import { ko } from '@/i18n/ko-features';
import { useNow } from '@/components/hooks/use-now';
import { useOpenAlert } from '@/features/alerts/hooks/use-open-alert';
import { useNotifications } from '@/domains/alerts/hooks';
import { AlertItem } from './alert-item';
import iconButton from '@/components/ui/icon-button.module.css';
import styles from './alerts-screen.module.css';

/**
 * /alerts (알림): the signed-in user's alerts, newest first, read from the local store, so the
 * inbox opens offline and shows a push the moment the service worker stored it. Opening one goes
 * to its route and marks it read; '모두 읽음' marks them all.
 */
export function AlertsScreen() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  return (
    <section className={styles.screen}>
      <ScreenTitle
        title={ko.screens.alerts}
        back
        actions={
          loggedIn ? (
            <Link
              to="/settings/notifications"
              className={iconButton.iconButton}
              aria-label={ko.alerts.settingsLink}
            >
              <SettingsIcon />
            </Link>
          ) : null
        }
      />
      {loggedIn ? <Inbox /> : <LoggedOut />}
    </section>
  );
}

function LoggedOut() {
  return (
    <LoginNotice
      title={ko.alerts.loggedOutTitle}
      body={ko.alerts.loggedOutBody}
      link={ko.alerts.loginLink}
      testId="alerts-logged-out"
    />
  );
}

function Inbox() {
  const alerts = useNotifications();
  const openAlert = useOpenAlert();
  const now = useNow(60_000);
  const [busy, setBusy] = useState(false);

  if (alerts === undefined) return null; // the local store answers within a frame
  const unread = alerts.filter((a) => !a.read).length;
  if (alerts.length === 0) {
    return (
      <NoticeCard
        icon={<BellIcon size={30} />}
        title={ko.alerts.emptyTitle}
        body={ko.alerts.emptyBody}
        testId="alerts-empty"
      >
        <Link to="/settings/notifications" className={noticeActionClass}>
          {ko.alerts.settingsLink}
        </Link>
      </NoticeCard>
    );
  }

  async function markAll() {
    setBusy(true);
    try {
      await markAllNotificationsRead();
    } catch {
      toast.error(ko.alerts.markAllFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className={styles.toolbar}>
        <p className={styles.summary} aria-live="polite">
          {unread > 0 ? ko.alerts.unreadSummary(unread) : ko.alerts.allRead}
        </p>
        <button
          type="button"
          className={styles.markAll}
          onClick={() => void markAll()}
          disabled={busy || unread === 0}
        >
          {ko.alerts.markAllRead}
        </button>
      </div>
      <ul className={styles.list} aria-label={ko.alerts.listLabel}>
        {alerts.map((a) => (
          <AlertItem key={a.id} alert={a} now={now} onOpen={openAlert} />
        ))}
      </ul>
    </>
  );
}
