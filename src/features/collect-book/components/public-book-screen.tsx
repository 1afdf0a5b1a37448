import { Link } from '@tanstack/react-router';
import { startTransition, useContext, useEffect, useState } from 'react';
import { ScreenTitle } from '@/components/ui/screen-title';
import { ShareButton } from '@/components/ui/share-button';
import { NoticeCard, noticeActionClass } from '@/components/ui/notice-card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { BookIcon } from '@/components/ui/icons';
import { CARD_IMAGE, fileUrl } from '@/data/pb/files';
import { firstScreenPayload } from '@/data/live/payload';
import { ServerRenderContext, type ServerRender } from '@/live/server-render';
import { ko } from '@/i18n/ko';
import { koMySpace } from '@/i18n/ko-my-space';
import { sameValue } from '@/lib/same-value';
import { BOOK_CARD_WIDTH } from '@/domains/catalogue/card-image';
import { progressPercent } from '@/features/collect-book/book-diff';
import {
  parsePublicBookAnswer,
  publicBookKey,
  publicBookPath,
  type PublicBook,
  type PublicBookCard,
} from '@/features/collect-book/public-book';
import { forgetBook, keepBook, keptBook } from '@/features/collect-book/public-book-cache';
import styles from './public-book-screen.module.css';

const t = koMySpace.publicBook;

type State =
  | { kind: 'loading' }
  /** `offline`: the last answer kept on this device, the network not answering. */
  | { kind: 'book'; book: PublicBook; offline: boolean }
  | { kind: 'missing' }
  | { kind: 'offline' };

/**
 * What the page starts from: on the server, the answer the renderer read for it; in the browser,
 * the same answer from the page's first-screen payload (so hydration draws the server's markup),
 * else the book kept from an earlier visit, else loading.
 */
function initialState(server: ServerRender | null, id: string): State {
  const key = publicBookKey(id);
  const first = server ? server.answer?.(key) : firstScreenPayload()?.reads[key];
  const answer = first === undefined ? null : parsePublicBookAnswer(first);
  if (answer?.kind === 'book') return { kind: 'book', book: answer.book, offline: false };
  if (answer?.kind === 'missing') return { kind: 'missing' };
  const kept = server ? null : keptBook(id);
  return kept ? { kind: 'book', book: kept, offline: false } : { kind: 'loading' };
}

/**
 * /publicBook/{id} (docs/product-rules.md, Public collect book): a book its owner shows
 * (자랑하기), for anyone, logged out and without the app installed: its completion, its cards and
 * the owner's public 구함 list of its group. Server-rendered (docs/first-visit.md): the renderer
 * reads GET /api/pocamarket/books/{id} and draws from it, and this screen starts from the same
 * answer; then it asks the route again, which answers `found: false` for a private or missing
 * book alike (nobody learns which private ids exist). Other fans' books never enter the local
 * store; the last answer of a book seen here is kept on the device, so it opens offline.
 */
export function PublicBookScreen({ id }: { id: string }) {
  const server = useContext(ServerRenderContext);
  const [state, setState] = useState<State>(() => initialState(server, id));

  useEffect(() => {
    // keyed by id (the page), so a new id starts from its own first state
    const abort = new AbortController();
    const show = (next: State) =>
      startTransition(() => setState((prev) => (sameValue(prev, next) ? prev : next)));
    fetch(publicBookPath(id), { signal: abort.signal })
      .then(async (res) => {
        if (res.status === 404) return { kind: 'missing' as const, share: null };
        if (!res.ok) throw new Error(`public book: ${res.status}`);
        const answer = parsePublicBookAnswer(await res.json());
        if (!answer) throw new Error('public book: not an answer');
        return answer;
      })
      .then((answer) => {
        if (answer.kind === 'book') {
          keepBook(answer.book);
          show({ kind: 'book', book: answer.book, offline: false });
        } else {
          forgetBook(id);
          show({ kind: 'missing' });
        }
      })
      .catch(() => {
        if (abort.signal.aborted) return;
        // no answer: a book on screen (the one kept here) stays, marked; otherwise say why
        startTransition(() =>
          setState((prev) =>
            prev.kind === 'book'
              ? prev.offline
                ? prev
                : { ...prev, offline: true }
              : prev.kind === 'loading'
                ? { kind: 'offline' }
                : prev,
          ),
        );
      });
    return () => abort.abort();
  }, [id]);

  const title =
    state.kind === 'book'
      ? state.book.share.title
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
        <BookPage book={state.book} offline={state.offline} />
      )}
    </section>
  );
}

function cardSrc(card: PublicBookCard): string {
  return card.cardImg
    ? fileUrl('photoCards', card.id, card.cardImg, CARD_IMAGE.thumb(BOOK_CARD_WIDTH))
    : '';
}

function BookPage({ book, offline }: { book: PublicBook; offline: boolean }) {
  const cover = book.cards.find((c) => c.id === book.cover) ?? book.cards[0];
  const coverSrc = cover ? cardSrc(cover) : '';
  const percent = progressPercent(book.owned, book.total);
  const completion = t.completion(book.owned, book.total, percent);
  return (
    <div className={styles.layout}>
      {offline ? (
        <p className={styles.offline} role="status" data-testid="public-book-kept">
          {t.offlineKept}
        </p>
      ) : null}
      <header className={styles.head} data-testid="public-book">
        <span className={styles.cover}>
          {coverSrc ? (
            <img
              src={coverSrc}
              alt={t.coverAlt(book.title)}
              width={120}
              height={180}
              fetchPriority="high"
            />
          ) : (
            <BookIcon size={36} />
          )}
        </span>
        <div className={styles.info}>
          <p className={styles.owner} data-testid="public-book-owner">
            {t.byOwner(book.owner)}
          </p>
          {book.group ? <p className={styles.group}>{book.group}</p> : null}
          {book.total > 0 ? (
            <div className={styles.completion}>
              <p className={styles.completionText} data-testid="public-book-completion">
                {completion}
              </p>
              <ProgressBar
                value={book.owned}
                max={book.total}
                label={t.completionLabel(book.group)}
                valueText={completion}
                testId="public-book-progress"
              />
            </div>
          ) : (
            <p className={styles.count}>{t.count(book.cards.length)}</p>
          )}
          <ShareButton
            path={`/publicBook/${book.id}`}
            title={koMySpace.share.book(book.title)}
            withLabel
            testId="public-book-share"
          />
        </div>
      </header>
      <section className={styles.part} aria-labelledby="public-book-cards-title">
        <h2 className={styles.partTitle} id="public-book-cards-title">
          {t.cardsTitle} <span className={styles.partCount}>{t.count(book.cards.length)}</span>
        </h2>
        {book.cards.length === 0 ? (
          <p className={styles.status}>{t.noCards}</p>
        ) : (
          <CardGrid cards={book.cards} testId="public-book-cards" cardTestId="public-book-card" />
        )}
      </section>
      {book.wantCount > 0 ? (
        <section
          className={styles.part}
          aria-labelledby="public-book-want-title"
          data-testid="public-book-want"
        >
          <h2 className={styles.partTitle} id="public-book-want-title">
            {t.wantTitle} <span className={styles.partCount}>{t.wantCount(book.wantCount)}</span>
          </h2>
          <p className={styles.lead}>{t.wantLead(book.owner)}</p>
          <CardGrid
            cards={book.want}
            testId="public-book-want-cards"
            cardTestId="public-book-want-card"
          />
          {book.wantCount > book.want.length ? (
            <p className={styles.lead}>{t.wantMore(book.wantCount - book.want.length)}</p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

/** Cards as tiles, each to its page. */
function CardGrid({
  cards,
  testId,
  cardTestId,
}: {
  cards: readonly PublicBookCard[];
  testId: string;
  cardTestId: string;
}) {
  return (
    <ul className={styles.grid} data-testid={testId}>
      {cards.map((card) => {
        const src = cardSrc(card);
        const alt = t.cardAlt(card.groupName, card.memberName, card.title);
        return (
          <li key={card.id}>
            <Link
              to="/exchangeDetail/$id"
              params={{ id: card.id }}
              className={styles.card}
              data-testid={cardTestId}
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
  );
}
