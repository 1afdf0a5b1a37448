import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { PendingMark } from '@/components/ui/pending-mark';
import { ShareButton } from '@/components/ui/share-button';
import { toast } from '@/components/ui/toast';
import { useConfirm } from '@/components/hooks/use-confirm';
import { useQueuedKind } from '@/components/trades/use-queued-kind';
import { useTradeWrite } from '@/components/trades/use-trade-write';
import type { CollectBook, PhotoCard } from '@/data/pb/records';
import { KINDS } from '@/domains/collect-books/names';
import { recordKey } from '@/data/outbox/names';
import { koMySpace } from '@/i18n/ko-my-space';
import { bookCardImageUrl } from '@/domains/catalogue/card-image';
import styles from './book-manage.module.css';

const t = koMySpace.bookManage;
const TITLE_MAX = 50;

/**
 * 콜렉트북 관리 (docs/product-rules.md, Collect book: manage): rename, pick the cover among the
 * book's saved cards, share its public page (when 자랑하기 is on) and delete it after a confirm.
 * Every change goes through the outbox (offline too, with the pending mark until the server has
 * it); the server checks the same rules (pb_hooks/lib/books.js). A disclosure, so the ticking
 * below stays the screen's main job.
 */
export function BookManage({
  book,
  savedCards,
}: {
  book: CollectBook;
  /** The book's cards as saved (not unsaved ticks): the cover must be one the server has. */
  savedCards: readonly PhotoCard[];
}) {
  const write = useTradeWrite();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const fieldId = useId();
  const [title, setTitle] = useState(book.title);
  const [busy, setBusy] = useState(false);
  const queued = useQueuedKind(KINDS.collectBookUpdate, recordKey('collectBook', book.id));
  const cover = book.cover ?? '';
  const tooLong = Array.from(title.trim()).length > TITLE_MAX;

  async function rename() {
    if (busy || tooLong) return;
    setBusy(true);
    try {
      const changed = await write((r) => r.renameCollectBook(book.id, title), t.titleInvalid);
      if (changed) toast.success(t.renamed);
    } finally {
      setBusy(false);
    }
  }

  async function pickCover(cardId: string) {
    if (busy || cardId === cover) return;
    setBusy(true);
    try {
      const changed = await write((r) => r.setCollectBookCover(book.id, cardId));
      if (changed) toast.success(t.coverSet);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    const ok = await confirm({
      title: t.deleteTitle,
      message: t.deleteBody(book.title),
      confirmLabel: t.deleteConfirm,
      cancelLabel: t.deleteCancel,
      destructive: true,
    });
    if (!ok) return;
    const done = await write(async (r) => {
      await r.deleteCollectBook(book.id);
      return true;
    });
    if (done) {
      toast.success(t.deleted);
      void navigate({ to: '/profile' });
    }
  }

  return (
    <details className={styles.manage} data-testid="book-manage">
      <summary className={styles.summary}>
        {t.title}
        {queued ? <PendingMark /> : null}
      </summary>
      <div className={styles.body}>
        <form
          className={styles.rename}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void rename();
          }}
        >
          <label htmlFor={fieldId} className={styles.label}>
            {t.renameLabel}
          </label>
          <div className={styles.row}>
            <input
              id={fieldId}
              className={styles.input}
              value={title}
              maxLength={TITLE_MAX + 10}
              aria-invalid={tooLong || undefined}
              onChange={(e) => setTitle(e.target.value)}
              data-testid="book-rename-input"
            />
            <button
              type="submit"
              className={styles.button}
              disabled={busy || tooLong}
              data-testid="book-rename-save"
            >
              {t.renameSave}
            </button>
          </div>
          {tooLong ? (
            <p className={styles.error} role="alert">
              {t.titleInvalid}
            </p>
          ) : null}
        </form>

        <fieldset className={styles.covers}>
          <legend className={styles.label}>{t.coverTitle}</legend>
          <p className={styles.hint}>{savedCards.length ? t.coverHint : t.coverNone}</p>
          {savedCards.length ? (
            <ul className={styles.coverRow} data-testid="book-cover-options">
              {savedCards.map((card) => {
                const src = bookCardImageUrl(card);
                const name = `${card.memberName} ${card.title}`;
                return (
                  <li key={card.id}>
                    <button
                      type="button"
                      className={styles.coverOption}
                      aria-pressed={card.id === cover}
                      aria-label={t.coverPick(name)}
                      disabled={busy}
                      onClick={() => void pickCover(card.id)}
                      data-testid="book-cover-option"
                      data-card-id={card.id}
                    >
                      {src ? <img src={src} alt="" width={60} height={90} loading="lazy" /> : null}
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </fieldset>

        <div className={styles.share}>
          {book.isPublic ? (
            <ShareButton
              path={`/publicBook/${book.id}`}
              title={koMySpace.share.book(book.title)}
              withLabel
              testId="book-share"
            />
          ) : (
            <p className={styles.hint}>{t.publicOnlyHint}</p>
          )}
        </div>

        <button
          type="button"
          className={`${styles.button} ${styles.danger}`}
          onClick={() => void remove()}
          data-testid="book-delete"
        >
          {t.deleteButton}
        </button>
      </div>
    </details>
  );
}
