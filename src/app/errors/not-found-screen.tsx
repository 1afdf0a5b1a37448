import { Link } from '@tanstack/react-router';
import { CompassIcon } from '@/components/ui/icons';
import { ko } from '@/i18n/ko';
import { screenDocumentTitle, useDocumentTitle } from '@/components/hooks/use-document-title';
import { MainShell } from '@/app/layout/main-shell';
import styles from './status-screen.module.css';

/** 404 content, for the outlet of a layout that is already on screen. */
export function NotFoundScreen() {
  const t = ko.notFound;
  useDocumentTitle(screenDocumentTitle(t.title));
  return (
    <section className={styles.screen}>
      <div className={styles.art} aria-hidden="true">
        <CompassIcon />
      </div>
      <p className={styles.status}>{t.status}</p>
      <h1 className={styles.title}>{t.title}</h1>
      <p className={styles.body}>{t.body}</p>
      <Link to="/" className={styles.home}>
        {t.goHome}
      </Link>
    </section>
  );
}

/** 404 for an address no route matches: the same content inside the main layout. */
export function NotFoundPage() {
  return (
    <MainShell>
      <NotFoundScreen />
    </MainShell>
  );
}
