import { Link } from '@tanstack/react-router';
import { LoginNotice } from '@/components/ui/login-notice';
import { useId, useState } from 'react';
import { sessionUserIdAtom, syncStatusAtom, useAtomValue } from '@/state/store';
import { BellIcon } from '@/components/ui/icons';
import { NoticeCard, noticeActionClass } from '@/components/ui/notice-card';
import { ScreenTitle } from '@/components/ui/screen-title';
import { PUSH_TOPICS, type PushFailure, type PushTopic } from '@/data/push';
import { ko } from '@/i18n/ko-features';
import { usePushSettings } from '@/features/alerts/hooks/use-push-settings';
import { IosPushGuide } from '@/features/alerts/components/ios-push-guide';
import { koPushGuide } from '@/features/alerts/ko-push';
import { pushOptIn, readPushPlatform } from '@/features/alerts/push-opt-in';
import settings from '@/components/ui/settings-screen.module.css';
import styles from './notification-settings-screen.module.css';

const t = ko.notificationSettings;

/**
 * /settings/notifications (알림 설정): which push alerts this device gets. Each state the browser
 * or the network can be in is said plainly: no Push API here, notifications blocked (and how to
 * allow them again), the server without push, offline (nothing can change now), logged out.
 */
export function NotificationSettingsScreen() {
  const userId = useAtomValue(sessionUserIdAtom);
  // what this device allows (docs/push.md, iPhone and iPad); the platform does not change meanwhile
  const [platform] = useState(readPushPlatform);
  const optIn = pushOptIn(platform);
  return (
    <section className={settings.screen}>
      <ScreenTitle title={ko.settings.topics.notifications ?? ko.settings.notifications} back />
      {!userId ? (
        <LoginNotice
          title={t.loggedOutTitle}
          body={t.loggedOutBody}
          link={t.loginLink}
          testId="notification-settings-logged-out"
        />
      ) : optIn === 'guide-ios' ? (
        <IosPushGuide inboxLabel={t.inboxLink} />
      ) : optIn === 'unsupported' ? (
        <NoticeCard
          icon={<BellIcon size={30} />}
          title={t.unsupportedTitle}
          body={platform.ios ? koPushGuide.oldIosBody : t.unsupportedBody}
          testId="notification-settings-unsupported"
        >
          <Link to="/alerts" className={noticeActionClass}>
            {t.inboxLink}
          </Link>
        </NoticeCard>
      ) : (
        <Settings userId={userId} />
      )}
    </section>
  );
}

const FAILURE_TEXT: Record<PushFailure, string> = {
  unsupported: t.unsupportedTitle,
  denied: t.deniedBody,
  dismissed: t.dismissed,
  unavailable: t.unavailableBody,
  offline: t.offline,
  login: t.loggedOutBody,
  subscribe: t.subscribeFailed,
  devices: t.tooManyDevices,
  server: t.serverFailed,
};

function Settings({ userId }: { userId: string }) {
  const online = useAtomValue(syncStatusAtom).online;
  const { state, saving, failure, lastSaved, setTopic } = usePushSettings(userId, online);

  if (!state) return <p className={styles.loading}>{t.loading}</p>;

  const denied = state.permission === 'denied';
  const unavailable = state.server === 'unavailable';
  const locked = !online || denied || unavailable;
  // the blocked and offline states have their own box; don't say the same thing twice
  const shownFailure =
    failure && !(failure === 'denied' && denied) && !(failure === 'offline' && !online)
      ? failure
      : null;

  return (
    <div className={styles.body}>
      <p className={styles.intro}>{t.intro}</p>

      {!online ? (
        <p className={styles.notice} role="status" data-testid="push-offline">
          {t.offline}
        </p>
      ) : null}
      {denied ? (
        <div className={styles.notice} role="status" data-testid="push-denied">
          <strong>{t.deniedTitle}</strong>
          <span>{t.deniedBody}</span>
        </div>
      ) : null}
      {unavailable ? (
        <div className={styles.notice} role="status" data-testid="push-unavailable">
          <strong>{t.unavailableTitle}</strong>
          <span>{t.unavailableBody}</span>
        </div>
      ) : null}

      <fieldset className={styles.topics} disabled={locked}>
        <legend className="visually-hidden">{t.topicsLabel}</legend>
        {PUSH_TOPICS.map((topic) => (
          <TopicSwitch
            key={topic}
            topic={topic}
            checked={state.topics.includes(topic)}
            busy={saving === topic}
            disabled={locked || (saving !== null && saving !== topic)}
            onChange={(on) => void setTopic(topic, on)}
          />
        ))}
      </fieldset>

      <p className={styles.status} role="status" aria-live="polite">
        {saving ? t.saving : lastSaved === 'on' ? t.saved : lastSaved === 'off' ? t.turnedOff : ''}
      </p>
      {shownFailure ? (
        <p className={styles.error} role="alert" data-testid="push-error">
          {FAILURE_TEXT[shownFailure]}
        </p>
      ) : null}

      <Link to="/alerts" className={styles.inboxLink}>
        {t.inboxLink}
      </Link>
    </div>
  );
}

function TopicSwitch({
  topic,
  checked,
  busy,
  disabled,
  onChange,
}: {
  topic: PushTopic;
  checked: boolean;
  busy: boolean;
  disabled: boolean;
  onChange(on: boolean): void;
}) {
  const id = useId();
  return (
    <div className={styles.row}>
      <label htmlFor={id} className={styles.label}>
        {t.topics[topic]}
      </label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className={styles.switch}
        checked={checked}
        aria-busy={busy}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked)}
        data-testid={`push-topic-${topic}`}
      />
    </div>
  );
}
