import { sessionUserIdAtom, syncStatusAtom, useAtomValue } from '@/state/store';
import { ScreenTitle } from '@/components/ui/screen-title';
import { ko } from '@/i18n/ko-features';
import { useGroup } from '@/domains/catalogue/hooks';
import { useCollectBook } from '@/domains/collect-books/hooks';
import { BookView } from '@/features/collect-book/components/book/book-view';
import { BookMessage } from '@/features/collect-book/components/book/book-message';
import styles from '@/features/collect-book/components/book/book-layout.module.css';

const t = ko.collectBookScreen;

export interface CollectBookScreenProps {
  /** The group's name, from the address: only for the look of the URL; the book's record decides. */
  group: string;
  id: string;
  title: string;
}

/** Group values that mean "no group" (docs/data-model.md, `collectBook`: '미정' when none). */
function hasGroup(group: string): boolean {
  return group !== '' && group !== ko.collectBook.undecidedGroup;
}

/**
 * /collectBook/{group}/{id}/{title} (docs/product-rules.md, Collect book): tick the cards you own,
 * offline too. Only the owner's books are in the local database, so someone else's id reads as
 * missing.
 */
export function CollectBookScreen({ id, title }: CollectBookScreenProps) {
  const userId = useAtomValue(sessionUserIdAtom);
  const status = useAtomValue(syncStatusAtom);
  const book = useCollectBook(userId ? id : null);
  const groupId = book && hasGroup(book.group) ? book.group : null;
  const group = useGroup(groupId);

  let body;
  if (!userId) {
    body = (
      <BookMessage
        testId="book-logged-out"
        title={t.loggedOutTitle}
        body={t.loggedOutBody}
        links={[{ to: '/login', label: t.loginLink }]}
      />
    );
  } else if (book === undefined || (book === null && status.online && !status.lastPullAt)) {
    // Still reading, or a first pull on this device has not brought the books yet.
    body = (
      <p className={styles.status} role="status">
        {t.loading}
      </p>
    );
  } else if (book === null || book.users !== userId) {
    body = (
      <BookMessage
        testId="book-missing"
        title={t.notFoundTitle}
        body={t.notFoundBody}
        links={[{ to: '/profile', label: t.toProfile }]}
      />
    );
  } else if (groupId && group === undefined) {
    body = (
      <p className={styles.status} role="status">
        {t.loading}
      </p>
    );
  } else if (!group) {
    body = (
      <BookMessage
        testId="book-no-group"
        title={t.noGroupTitle}
        body={t.noGroupBody}
        links={[
          { to: '/myBias', label: t.toMyBias },
          { to: '/exchange', label: t.toExchange },
        ]}
      />
    );
  } else {
    return (
      <section className={styles.screen} data-testid="collect-book-screen">
        <ScreenTitle title={book.title} back />
        <BookView key={book.id} book={book} group={group} />
      </section>
    );
  }

  // Not showing a book: the screen's name is the heading; the address's title, when there is
  // one, says which book was asked for.
  const asked = book?.title ?? title;
  return (
    <section className={styles.screen} data-testid="collect-book-screen">
      <ScreenTitle title={ko.screens.collectBook} back />
      {asked ? <p className={styles.asked}>{asked}</p> : null}
      {body}
    </section>
  );
}
