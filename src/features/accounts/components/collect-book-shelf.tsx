import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { BookIcon } from '@/components/ui/icons';
import { PendingMark } from '@/components/ui/pending-mark';
import { useFileUrl } from '@/data/pb/file-token';
import { BOOK_COVER_THUMB, CARD_IMAGE, fileUrl } from '@/data/pb/files';
import { recordKey } from '@/data/outbox/names';
import type { CollectBook, Group } from '@/data/pb/records';
import { ko } from '@/i18n/ko-features';
import { koMySpace } from '@/i18n/ko-my-space';
import { toast } from '@/components/ui/toast';
import { useTradeWrite } from '@/components/trades/use-trade-write';
import { usePendingKeys } from '@/live/sync';
import { useCollectBookThumbnailUrl, useMyCollectBooks } from '@/domains/collect-books/hooks';
import { useGroups, usePhotoCard } from '@/domains/catalogue/hooks';
import styles from './collect-book-shelf.module.css';

const s = koMySpace.shelf;

/**
 * The profile's shelf of collect books (docs/product-rules.md, Profile and settings: covers 100×135
 * px plus an add tile). A book made offline shows its queued thumbnail; a book with no thumbnail,
 * or one that fails to load, shows its group's logo, or '미정' when it has no group.
 *
 * Covers are protected files (only the owner may see them): the URL carries a file token while
 * one can be had, and offline goes without it to the service worker's cached copy
 * (data/pb/file-token.ts). A cover picked among the book's cards (`cover`) is shown before it.
 *
 * Each book has move buttons (앞으로 / 뒤로), keyboard-reachable, that change its shelf place
 * through the outbox (docs/product-rules.md, Profile and settings: shelf order).
 */
export function CollectBookShelf() {
  const books = useMyCollectBooks();
  const groups = useGroups();
  const byId = new Map((groups ?? []).map((g) => [g.id, g]));
  const write = useTradeWrite();
  const pendingKeys = usePendingKeys();
  const [moving, setMoving] = useState(false);
  const count = books?.length ?? 0;

  async function move(bookId: string, step: -1 | 1) {
    if (moving) return;
    setMoving(true);
    try {
      if (await write((r) => r.moveCollectBook(bookId, step))) toast.success(s.moved);
    } finally {
      setMoving(false);
    }
  }

  return (
    <section
      className={styles.shelf}
      aria-labelledby="shelf-title"
      data-testid="collect-book-shelf"
    >
      <h2 id="shelf-title" className={styles.title}>
        {ko.profile.shelfTitle}
      </h2>
      {books === undefined ? (
        <p className={styles.status} role="status">
          {ko.profile.shelfLoading}
        </p>
      ) : null}
      <ul className={styles.row} aria-label={ko.profile.shelfLabel}>
        {(books ?? []).map((book, i) => (
          <li key={book.id} className={styles.item} data-testid="shelf-item">
            <Cover
              book={book}
              group={byId.get(book.group) ?? null}
              pendingWrite={pendingKeys.has(recordKey('collectBook', book.id))}
            />
            {count > 1 ? (
              <span className={styles.moves}>
                <button
                  type="button"
                  className={styles.move}
                  aria-label={s.moveUp(book.title)}
                  disabled={moving || i === 0}
                  onClick={() => void move(book.id, -1)}
                  data-testid="shelf-move-up"
                >
                  <span aria-hidden="true">◀</span>
                </button>
                <button
                  type="button"
                  className={styles.move}
                  aria-label={s.moveDown(book.title)}
                  disabled={moving || i === count - 1}
                  onClick={() => void move(book.id, 1)}
                  data-testid="shelf-move-down"
                >
                  <span aria-hidden="true">▶</span>
                </button>
              </span>
            ) : null}
          </li>
        ))}
        <li className={styles.item}>
          <Link to="/collectBook/collectBookAdd" className={styles.add} data-testid="shelf-add">
            <span className={styles.plus} aria-hidden="true">
              +
            </span>
            <span className={styles.caption}>{ko.profile.addBook}</span>
          </Link>
        </li>
      </ul>
      {books?.length === 0 ? <p className={styles.status}>{ko.profile.shelfEmpty}</p> : null}
    </section>
  );
}

function Cover({
  book,
  group,
  pendingWrite,
}: {
  book: CollectBook;
  group: Group | null;
  pendingWrite: boolean;
}) {
  const pending = useCollectBookThumbnailUrl(book.id);
  const coverCard = usePhotoCard(book.cover || null);
  const cardCover = coverCard?.cardImg
    ? fileUrl('photoCards', coverCard.id, coverCard.cardImg, CARD_IMAGE.thumb(320))
    : '';
  const [failed, setFailed] = useState<string | null>(null);
  const groupName = group?.groupName ?? ko.collectBook.undecidedGroup;
  const cover = useFileUrl(
    'collectBook',
    book.thumbNail ? fileUrl('collectBook', book.id, book.thumbNail, BOOK_COVER_THUMB) : '',
  );
  const src = cardCover || (pending ?? cover);
  const showCover = src !== '' && src !== failed;
  const logo = group?.logoImage ? fileUrl('groups', group.id, group.logoImage, '100x100') : '';

  return (
    <Link
      to="/collectBook/$group/$id/$title"
      params={{ group: groupName, id: book.id, title: book.title }}
      className={styles.cover}
      data-testid="shelf-book"
    >
      {/* named by its content, not aria-label: an aria-label must hold every visible word (the
          group of a cover-less book too), which the audit checks */}
      <span className="visually-hidden">{ko.profile.openBook(book.title)}</span>
      {showCover ? (
        <img
          className={styles.image}
          src={src}
          alt=""
          width={100}
          height={135}
          onError={() => setFailed(src)}
          data-testid="shelf-cover"
        />
      ) : (
        <span className={styles.fallback} aria-hidden="true" data-testid="shelf-fallback">
          {logo ? (
            <img className={styles.logo} src={logo} alt="" width={56} height={56} />
          ) : (
            <BookIcon size={28} />
          )}
          <span className={styles.group}>{groupName}</span>
        </span>
      )}
      <span className={styles.bookTitle} aria-hidden="true">
        {book.title}
      </span>
      {pending || pendingWrite ? <PendingMark className={styles.pending} /> : null}
    </Link>
  );
}
