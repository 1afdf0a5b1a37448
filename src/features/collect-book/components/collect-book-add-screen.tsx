import { Link } from '@tanstack/react-router';
import { sessionUserIdAtom, useAtomValue } from '@/state/store';
import { BookIcon } from '@/components/ui/icons';
import { ScreenTitle } from '@/components/ui/screen-title';
import { NoticeCard, noticeActionClass } from '@/components/ui/notice-card';
import { ko } from '@/i18n/ko-features';
import { DesktopAdd } from '@/features/collect-book/components/add/desktop-add';
import { MobileAdd } from '@/features/collect-book/components/add/mobile-add';
import { useIsDesktop } from '@/components/hooks/use-is-desktop';
import styles from '@/features/collect-book/components/add/screen.module.css';

/**
 * /collectBook/collectBookAdd (docs/product-rules.md, Add a collect book): choose a group, a title
 * and a cover image, save. Desktop gets a split view with a live cover preview; phones a 3-step
 * slider. The book is queued through the outbox, so this works offline too; logged out, a login
 * prompt.
 */
export function CollectBookAddScreen() {
  const userId = useAtomValue(sessionUserIdAtom);
  const desktop = useIsDesktop();

  return (
    <section className={styles.screen}>
      <ScreenTitle title={ko.screens.collectBookAdd} back />
      {userId ? (
        <>
          <p className={styles.intro}>{ko.collectBookAdd.intro}</p>
          {desktop ? <DesktopAdd /> : <MobileAdd />}
        </>
      ) : (
        <NoticeCard
          icon={<BookIcon size={32} />}
          title={ko.messages.loginRequired}
          body={ko.collectBookAdd.loggedOutBody}
          testId="book-add-logged-out"
        >
          <Link to="/login" className={noticeActionClass}>
            {ko.collectBookAdd.loginLink}
          </Link>
        </NoticeCard>
      )}
    </section>
  );
}
