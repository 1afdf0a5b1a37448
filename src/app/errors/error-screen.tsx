import type { ErrorComponentProps } from '@tanstack/react-router';
import { AlertTriangleIcon } from '@/components/ui/icons';
import { ko } from '@/i18n/ko';
import { describeError } from './describe-error';
import styles from './status-screen.module.css';

/**
 * The shared error screen (docs/product-rules.md, Layout and navigation): status, status text,
 * message and 'GO HOME'.
 * GO HOME is a full page load on purpose: whatever broke is thrown away with the old page, and
 * the service worker serves the shell offline.
 */
export function ErrorScreen({ error }: ErrorComponentProps) {
  const { status, statusText, message } = describeError(error);
  return (
    <section className={styles.screen} role="alert">
      <div className={styles.art} aria-hidden="true">
        <AlertTriangleIcon />
      </div>
      <p className={styles.status}>{status}</p>
      <h1 className={styles.title}>{statusText}</h1>
      <p className={styles.body}>{message}</p>
      <a href="/" className={styles.home}>
        {ko.errorScreen.goHome}
      </a>
    </section>
  );
}
