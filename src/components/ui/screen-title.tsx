import type { ReactNode } from 'react';
import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { ko } from '@/i18n/ko';
import { screenDocumentTitle, useDocumentTitle } from '@/components/hooks/use-document-title';
import { ChevronLeftIcon } from './icons';
import iconButton from './icon-button.module.css';
import styles from './screen-title.module.css';

export interface ScreenTitleProps {
  title: string;
  /** Show a back button (screens where the mobile top bar is hidden, and /chatting, /alerts). */
  back?: boolean;
  /** Extra controls on the right (e.g. a settings gear). */
  actions?: ReactNode;
  /**
   * The tab's title; by default '<title> | 포카마켓'. A screen about one thing (a card, an event)
   * names it, as its server-rendered page does; null leaves the title to the screen.
   */
  documentTitle?: string | null;
}

/** The page header: optional back button, the screen's <h1>, optional actions. */
export function ScreenTitle({ title, back = false, actions, documentTitle }: ScreenTitleProps) {
  useDocumentTitle(documentTitle === undefined ? screenDocumentTitle(title) : documentTitle);
  const router = useRouter();
  const canGoBack = useCanGoBack();

  function goBack() {
    // Opened from a link outside the app or a notification: there is no in-app history to pop.
    if (canGoBack) router.history.back();
    else void router.navigate({ to: '/' });
  }

  return (
    <header
      className={back ? `${styles.header} ${styles.withBack}` : styles.header}
      // the bar of a screen without the top bar ends with the sync pill (features/sync-status)
      data-sync-slot={back ? 'end' : undefined}
    >
      {back ? (
        <button
          type="button"
          className={iconButton.iconButton}
          onClick={goBack}
          aria-label={ko.common.back}
        >
          <ChevronLeftIcon />
        </button>
      ) : null}
      <h1 className={styles.title}>{title}</h1>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
}
