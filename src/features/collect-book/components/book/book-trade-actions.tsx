import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useTradeWrite } from '@/components/trades/use-trade-write';
import { koTradeLists } from '@/i18n/ko-trade-lists';
import styles from './book-trade-actions.module.css';

const b = koTradeLists.book;

export interface BookTradeActionsProps {
  bookId: string;
  /** Ticks on this screen not saved yet: the actions read the saved books, so they wait. */
  dirty: boolean;
}

/**
 * The book's two list actions (docs/trades.md, What a fan sees): the group's cards ticked in none of
 * my books go on the want list, and cards ticked in two or more books go on the have list with
 * the copies beyond one as spares. Each says how many it added (cards on a list already stay as
 * they are). Offline too: the items are queued.
 */
export function BookTradeActions({ bookId, dirty }: BookTradeActionsProps) {
  const write = useTradeWrite();
  const [busy, setBusy] = useState(false);
  const hintId = useId();

  async function run(action: 'wants' | 'haves') {
    if (busy || dirty) return;
    setBusy(true);
    try {
      const added =
        action === 'wants'
          ? await write((r) => r.addUnownedToWants(bookId))
          : await write((r) => r.addDuplicatesToHaves());
      if (added === undefined) return;
      if (action === 'wants') toast.success(added ? b.addedWants(added) : b.noWants);
      else toast.success(added ? b.addedHaves(added) : b.noHaves);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.box} aria-labelledby={`${hintId}-title`} data-testid="book-trade">
      <h2 id={`${hintId}-title`} className={styles.title}>
        {b.actionsTitle}
      </h2>
      <button
        type="button"
        className={styles.action}
        onClick={() => void run('wants')}
        disabled={busy || dirty}
        aria-describedby={dirty ? hintId : undefined}
        data-testid="book-add-wants"
      >
        {b.addUnowned}
      </button>
      <button
        type="button"
        className={styles.action}
        onClick={() => void run('haves')}
        disabled={busy || dirty}
        aria-describedby={dirty ? hintId : `${hintId}-dupes`}
        data-testid="book-add-haves"
      >
        {b.addDuplicates}
      </button>
      {dirty ? (
        <p id={hintId} className={styles.note}>
          {b.saveFirst}
        </p>
      ) : (
        <p id={`${hintId}-dupes`} className={styles.note}>
          {b.duplicatesHint}
        </p>
      )}
      <Link to="/tradeList" className={styles.link}>
        {b.toList}
      </Link>
    </section>
  );
}
