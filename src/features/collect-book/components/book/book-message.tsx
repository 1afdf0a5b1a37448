import { Link } from '@tanstack/react-router';
import { BookIcon } from '@/components/ui/icons';
import { noticeIconClass } from '@/components/ui/notice-card';
import styles from './book-layout.module.css';

export interface BookMessageProps {
  title: string;
  body: string;
  links: { to: '/login' | '/profile' | '/myBias' | '/exchange'; label: string }[];
  testId: string;
}

/** A full-screen note instead of the book: logged out, missing or not yours, no group. */
export function BookMessage({ title, body, links, testId }: BookMessageProps) {
  return (
    <div className={styles.message} data-testid={testId}>
      <span className={noticeIconClass} aria-hidden="true">
        <BookIcon size={32} />
      </span>
      <h2 className={styles.messageTitle}>{title}</h2>
      <p className={styles.messageBody}>{body}</p>
      <div className={styles.messageLinks}>
        {links.map((l) => (
          <Link key={l.to} to={l.to} className={styles.messageLink}>
            {l.label}
          </Link>
        ))}
      </div>
    </div>
  );
}
