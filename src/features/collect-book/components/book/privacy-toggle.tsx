import { useId, useState } from 'react';
import { PendingMark } from '@/components/ui/pending-mark';
import { useQueuedKind } from '@/components/trades/use-queued-kind';
import { useTradeWrite } from '@/components/trades/use-trade-write';
import type { CollectBook } from '@/data/pb/records';
import { KINDS } from '@/domains/trade-lists/names';
import { recordKey } from '@/data/outbox/names';
import { ko } from '@/i18n/ko-features';
import { koTradeLists } from '@/i18n/ko-trade-lists';
import styles from './privacy-toggle.module.css';

const t = ko.collectBookScreen;
const b = koTradeLists.book;

/**
 * The book's '나만 보기 / 자랑하기' switch (docs/trades.md, `collectBook.isPublic`): 자랑하기 makes the
 * cards this book put on the have and want lists visible to matching fans. It reads the stored
 * book, changes it through the outbox (offline too) and shows the pending mark until the server
 * has it.
 */
export function PrivacyToggle({ book }: { book: CollectBook }) {
  const hintId = useId();
  const write = useTradeWrite();
  const queued = useQueuedKind(KINDS.collectBookSetPublic, recordKey('collectBook', book.id));
  const [busy, setBusy] = useState(false);
  const isPublic = Boolean(book.isPublic);

  async function choose(on: boolean) {
    if (busy || on === isPublic) return;
    setBusy(true);
    try {
      await write((r) => r.setCollectBookPublic(book.id, on), b.privacyFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.wrap} data-testid="book-privacy">
      <div
        className={styles.group}
        role="group"
        aria-label={t.privacyLabel}
        aria-describedby={hintId}
      >
        {[false, true].map((on) => (
          <button
            key={String(on)}
            type="button"
            className={on === isPublic ? `${styles.option} ${styles.selected}` : styles.option}
            aria-pressed={on === isPublic}
            disabled={busy}
            onClick={() => void choose(on)}
            data-testid={on ? 'book-privacy-show' : 'book-privacy-mine'}
          >
            {on ? t.privacyShow : t.privacyMine}
          </button>
        ))}
      </div>
      {queued ? <PendingMark /> : null}
      <p id={hintId} className={styles.hint} aria-live="polite">
        {isPublic ? b.privacyHintShow : b.privacyHintMine}
      </p>
    </div>
  );
}
