import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ScreenTitle } from '@/components/ui/screen-title';
import { ShareButton } from '@/components/ui/share-button';
import { NoticeCard, noticeActionClass } from '@/components/ui/notice-card';
import { BookIcon } from '@/components/ui/icons';
import { CARD_IMAGE, fileUrl } from '@/data/pb/files';
import { ko } from '@/i18n/ko';
import { koMySpace } from '@/i18n/ko-my-space';
import { BOOK_CARD_WIDTH } from '@/features/collect-book/book-card-image';
import { parsePublicBook, type PublicBook } from '@/features/collect-book/public-book';
import styles from './public-book-screen.module.css';

const t = koMySpace.publicBook;

type State =
  | { kind: 'loading' }
  | { kind: 'book'; book: PublicBook }
  | { kind: 'missing' }
  | { kind: 'offline' };

/**
 * /publicBook/{id} (docs/product-rules.md, Public collect book): a book its owner shows
 * (자랑하기), for anyone, logged out and without the app installed. It is one read of
 * GET /api/pocamarket/books/{id}, which answers `found: false` for a private or missing book (the
 * same answer, so nobody learns which private ids exist); that is a Korean not-found card. Other fans' books
 * never enter the local store, so this page needs the network and says so when there is none.
 */
export function PublicBookScreen({ id }: { id: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    // keyed by id (the page), so a new id starts from 'loading'
    const abort = new AbortController();
    fetch(`/api/pocamarket/books/${encodeURIComponent(id)}`, { signal: abort.signal })
      .then(async (res) => {
        if (res.status === 404) return setState({ kind: 'missing' });
        if (!res.ok) return setState({ kind: 'offline' });
        const book = parsePublicBook(await res.json());
        setState(book ? { kind: 'book', book } : { kind: 'missing' });
      })
      .catch(() => {
        if (!abort.signal.aborted) setState({ kind: 'offline' });
      });
    return () => abort.abort();
  }, [id]);

  const title =
    state.kind === 'book'
      ? t.documentTitle(state.book.title)
      : state.kind === 'missing'
        ? t.missingTitle
        : null;

  return (
    <section className={styles.screen} data-testid="public-book-screen">
      <ScreenTitle
        title={state.kind === 'book' ? state.book.title : ko.screens.collectBook}
        back
        documentTitle={title}
      />
      {state.kind === 'loading' ? (
        <p className={styles.status} role="status">
          {t.loading}
        </p>
      ) : state.kind === 'missing' ? (
        <NoticeCard
          icon={<BookIcon size={32} />}
          title={t.notFoundTitle}
          body={t.notFoundBody}
          testId="public-book-missing"
        >
          <Link to="/" className={noticeActionClass}>
            {t.toHome}
          </Link>
        </NoticeCard>
      ) : state.kind === 'offline' ? (
        <NoticeCard
          icon={<BookIcon size={32} />}
          title={t.offlineTitle}
          body={t.offlineBody}
          testId="public-book-offline"
        />
      ) : (
        <BookPage book={state.book} />
      )}
    </section>
  );
}

function cardSrc(card: PublicBook['cards'][number]): string {
  return card.cardImg
    ? fileUrl('photoCards', card.id, card.cardImg, CARD_IMAGE.thumb(BOOK_CARD_WIDTH))
    : '';
}

function BookPage({ book }: { book: PublicBook }) {
  const cover = book.cards.find((c) => c.id === book.cover) ?? book.cards[0];
  const coverSrc = cover ? cardSrc(cover) : '';
  return (
    <div className={styles.layout}>
      <header className={styles.head} data-testid="public-book">
        <span className={styles.cover}>
          {coverSrc ? (
            <img src={coverSrc} alt={t.coverAlt(book.title)} width={120} height={180} />
          ) : (
            <BookIcon size={36} />
          )}
        </span>
        <div className={styles.info}>
          <p className={styles.owner} data-testid="public-book-owner">
            {t.byOwner(book.owner)}
          </p>
          {book.group ? <p className={styles.group}>{book.group}</p> : null}
          <p className={styles.count}>{t.count(book.cards.length)}</p>
          <ShareButton
            path={`/publicBook/${book.id}`}
            title={koMySpace.share.book(book.title)}
            withLabel
            testId="public-book-share"
          />
        </div>
      </header>
      {book.cards.length === 0 ? (
        <p className={styles.status}>{t.noCards}</p>
      ) : (
        <ul className={styles.grid} data-testid="public-book-cards">
          {book.cards.map((card) => {
            const src = cardSrc(card);
            const alt = t.cardAlt(card.groupName, card.memberName, card.title);
            return (
              <li key={card.id}>
                <Link
                  to="/exchangeDetail/$id"
                  params={{ id: card.id }}
                  className={styles.card}
                  data-testid="public-book-card"
                >
                  <span className={styles.imageBox}>
                    {src ? (
                      <img
                        src={src}
                        alt={alt}
                        width={300}
                        height={450}
                        loading="lazy"
                        decoding="async"
                      />
                    ) : (
                      <span className="visually-hidden">{alt}</span>
                    )}
                  </span>
                  <span className={styles.caption} aria-hidden="true">
                    {card.memberName} {card.title}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
