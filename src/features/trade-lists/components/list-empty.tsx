import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useMyCollectBooks } from '@/domains/collect-books/hooks';
import { useGroups } from '@/domains/catalogue/hooks';
import { useTradeWrite } from '@/components/trades/use-trade-write';
import type { TradeItemKind } from '@/data/pb/records';
import { ko } from '@/i18n/ko';
import { koTradeLists } from '@/i18n/ko-trade-lists';
import styles from './trade-list-screen.module.css';

const t = koTradeLists.screen;

/**
 * An empty list: how cards get on it, with my collect books (whose screen fills the lists in one
 * tap) and, for the have list, the duplicates action right here, since it reads every book.
 */
export function ListEmpty({ kind }: { kind: TradeItemKind }) {
  const books = useMyCollectBooks();
  const groups = useGroups();
  const groupNames = useMemo(() => new Map(groups?.map((g) => [g.id, g.groupName])), [groups]);
  const write = useTradeWrite();
  const [busy, setBusy] = useState(false);

  async function addDuplicates() {
    setBusy(true);
    try {
      const added = await write((r) => r.addDuplicatesToHaves());
      if (added === undefined) return;
      toast.success(added ? koTradeLists.book.addedHaves(added) : koTradeLists.book.noHaves);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.empty} data-testid={`trade-list-empty-${kind}`}>
      <p className={styles.emptyTitle}>{kind === 'have' ? t.emptyHaveTitle : t.emptyWantTitle}</p>
      <p className={styles.emptyBody}>{kind === 'have' ? t.emptyHaveBody : t.emptyWantBody}</p>
      {kind === 'have' && books && books.length > 0 ? (
        <button
          type="button"
          className={styles.emptyAction}
          onClick={() => void addDuplicates()}
          disabled={busy}
          data-testid="trade-list-add-duplicates"
        >
          {koTradeLists.book.addDuplicates}
        </button>
      ) : null}
      {books && books.length > 0 ? (
        <nav className={styles.books} aria-label={t.booksTitle}>
          <p className={styles.booksTitle}>{t.booksTitle}</p>
          <ul className={styles.bookList}>
            {books.map((b) => (
              <li key={b.id}>
                <Link
                  to="/collectBook/$group/$id/$title"
                  params={{
                    group: groupNames.get(b.group) ?? ko.collectBook.undecidedGroup,
                    id: b.id,
                    title: b.title,
                  }}
                  className={styles.bookLink}
                >
                  {b.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : books ? (
        <div className={styles.emptyLinks}>
          <Link to="/collectBook/collectBookAdd" className={styles.emptyLink}>
            {t.addBook}
          </Link>
          <Link to="/exchange" className={styles.emptyLink}>
            {t.browse}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
