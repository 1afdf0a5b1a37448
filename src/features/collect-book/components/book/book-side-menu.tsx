import { Link } from '@tanstack/react-router';
import type { Group } from '@/data/pb/records';
import { ko } from '@/i18n/ko-features';
import { useMyCollectBooks } from '@/domains/collect-books/hooks';
import styles from './book-side-menu.module.css';

const t = ko.collectBookScreen;

/** Desktop side menu: the user's books (this one marked current) and a link to add one. */
export function BookSideMenu({
  currentId,
  groups,
}: {
  currentId: string;
  groups: ReadonlyMap<string, Group>;
}) {
  const books = useMyCollectBooks();
  return (
    <nav className={styles.menu} aria-label={t.sideLabel} data-testid="book-side-menu">
      <h2 className={styles.title}>{t.sideTitle}</h2>
      <ul className={styles.list}>
        {(books ?? []).map((b) => (
          <li key={b.id}>
            <Link
              to="/collectBook/$group/$id/$title"
              params={{
                group: groups.get(b.group)?.groupName ?? ko.collectBook.undecidedGroup,
                id: b.id,
                title: b.title,
              }}
              className={styles.link}
              aria-current={b.id === currentId ? 'page' : undefined}
            >
              {b.title}
            </Link>
          </li>
        ))}
        <li>
          <Link to="/collectBook/collectBookAdd" className={`${styles.link} ${styles.add}`}>
            <span aria-hidden="true">+</span> {t.addBook}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
