import type { ReactNode } from 'react';
import styles from './notice-card.module.css';

export interface NoticeCardProps {
  /** A decorative icon in the round badge. */
  icon: ReactNode;
  title: string;
  body?: string;
  /** Actions under the text, e.g. a link styled with `noticeActionClass`. */
  children?: ReactNode;
  testId?: string;
}

/** The primary pill style for a NoticeCard's action link. */
export const noticeActionClass = styles.action;

/** The round icon badge, for a notice laid out otherwise. */
export const noticeIconClass = styles.icon;

/**
 * A centred card with an icon, a title and a line of text: the screens' logged-out prompts
 * ('로그인이 필요한 서비스입니다.' and the like) and similar notices.
 */
export function NoticeCard({ icon, title, body, children, testId }: NoticeCardProps) {
  return (
    <div className={styles.card} data-testid={testId}>
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <p className={styles.title}>{title}</p>
      {body ? <p className={styles.body}>{body}</p> : null}
      {children}
    </div>
  );
}
