import { memo } from 'react';
import type { AppNotification } from '@/data/pb/records';
import { safeAppPath } from '@/data/push/payload';
import { pbTimestampMs } from '@/data/time';
import { ko } from '@/i18n/ko-features';
import { relativeTime } from '@/lib/relative-time';
import styles from './alerts-screen.module.css';

export interface AlertItemProps {
  alert: AppNotification;
  now: number;
  onOpen(alert: AppNotification): void;
}

/**
 * One alert: a link to its route (a real href, so it can be opened in a new tab too). Unread ones
 * carry a dot, a bold title and '읽지 않음' for screen readers.
 */
export const AlertItem = memo(function AlertItem({ alert, now, onOpen }: AlertItemProps) {
  const time = pbTimestampMs(alert.at || alert.sentAt || alert.created);
  const topic = ko.alerts.topics[alert.topic] ?? ko.alerts.topicOther;
  return (
    <li>
      <a
        href={safeAppPath(alert.url || '/alerts')}
        className={alert.read ? styles.item : `${styles.item} ${styles.unread}`}
        data-testid="alert-item"
        data-read={alert.read ? 'true' : 'false'}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
          e.preventDefault();
          onOpen(alert);
        }}
      >
        <span className={styles.dot} aria-hidden="true" />
        <span className={styles.text}>
          <span className={styles.meta}>
            <span className={styles.topic}>{topic}</span>
            {Number.isNaN(time) ? null : (
              <time dateTime={new Date(time).toISOString()}>{relativeTime(time, now)}</time>
            )}
          </span>
          <span className={styles.title}>
            {alert.read ? null : <span className="visually-hidden">{ko.alerts.unread}, </span>}
            {alert.title}
          </span>
          {alert.body ? <span className={styles.body}>{alert.body}</span> : null}
        </span>
      </a>
    </li>
  );
});
