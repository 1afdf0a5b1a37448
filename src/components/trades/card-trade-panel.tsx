import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { isLoggedInAtom, useAtomValue } from '@/state/store';
import { PendingMark } from '@/components/ui/pending-mark';
import { toast } from '@/components/ui/toast';
import { useFailedKeys, usePendingKeys } from '@/live/sync';
import { useCardTraders } from '@/domains/trades/hooks';
import { useTradeItemOfCard } from '@/domains/trade-lists/hooks';
import { pageSettled } from '@/live/settled';
import { recordKey } from '@/data/outbox/names';
import type { TradeItem, TradeItemKind } from '@/data/pb/records';
import { koTradeLists } from '@/i18n/ko-trade-lists';
import { SpareStepper } from './spare-stepper';
import { useSpareDraft } from './use-spare-draft';
import { useTradeWrite, type TradeWrite } from './use-trade-write';
import styles from './card-trade-panel.module.css';

const t = koTradeLists.card;

/** True once the page has settled: what asks the network waits for it (docs/first-visit.md). */
function useSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let live = true;
    void pageSettled().then(() => live && setSettled(true));
    return () => {
      live = false;
    };
  }, []);
  return settled;
}

/**
 * The card detail's part of the have and want lists (docs/trades.md, What a fan sees): mark the card
 * 보유·교환 가능 (with its spare copies) or 구함, or take the mark off; how many fans have and want
 * it, opening the matching fans; a way to 내 교환 목록. Signed out, the marks ask to log in.
 *
 * Server-rendered with the card: drawn signed out and without counts, as the first client render
 * is; the fan's mark fills in from the local store, the counts from the network once the page
 * has settled (offline: the last answer this visit had, or nothing).
 */
export function CardTradePanel({ cardId }: { cardId: string }) {
  const headingId = useId();
  const loggedIn = useAtomValue(isLoggedInAtom);
  const item = useTradeItemOfCard(loggedIn ? cardId : null);
  const write = useTradeWrite();
  const settled = useSettled();
  const traders = useCardTraders(settled ? cardId : null);
  const pendingKeys = usePendingKeys();
  const failedKeys = useFailedKeys();
  const [busy, setBusy] = useState(false);

  const kind: TradeItemKind | null = loggedIn && item ? item.kind : null;
  const key = item ? recordKey('tradeItems', item.id) : null;
  const failed = key !== null && failedKeys.has(key);
  const pending = !failed && key !== null && pendingKeys.has(key);

  async function mark(next: TradeItemKind) {
    if (busy) return;
    setBusy(true);
    try {
      if (next === kind) {
        // pressing the mark it has takes it off (a toggle, as aria-pressed says)
        if (await write((r) => r.removeTradeItem(cardId))) toast.success(t.removed);
      } else {
        const spare = next === 'have' ? 1 : 0;
        const done = await write((r) => r.setTradeItem(cardId, { kind: next, spare }));
        if (done !== undefined) toast.success(next === 'have' ? t.markedHave(spare) : t.markedWant);
      }
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (busy) return;
    setBusy(true);
    try {
      if (await write((r) => r.removeTradeItem(cardId))) toast.success(t.removed);
    } finally {
      setBusy(false);
    }
  }

  // Signed in, the buttons wait for the stored mark (a moment) so a tap never acts on a guess.
  const loading = loggedIn && item === undefined;

  return (
    <section className={styles.panel} aria-labelledby={headingId} data-testid="card-trade-panel">
      <div className={styles.head}>
        <h3 id={headingId} className={styles.heading}>
          {t.heading}
        </h3>
        {pending ? <PendingMark /> : failed ? <PendingMark variant="failed" /> : null}
      </div>
      <div className={styles.marks} role="group" aria-label={t.marksLabel}>
        {(['have', 'want'] as const).map((k) => (
          <button
            key={k}
            type="button"
            className={`${styles.mark} ${styles[k]}`}
            aria-pressed={kind === k}
            disabled={loading || busy}
            onClick={() => void mark(k)}
            data-testid={`trade-mark-${k}`}
          >
            {k === 'have' ? t.have : t.want}
          </button>
        ))}
      </div>
      {!loggedIn ? <p className={styles.hint}>{t.loginHint}</p> : null}
      {item && kind === 'have' ? <SpareRow key={item.id} item={item} write={write} /> : null}
      {item && kind ? (
        <button
          type="button"
          className={styles.remove}
          onClick={() => void remove()}
          disabled={busy}
          data-testid="trade-mark-remove"
        >
          {t.remove}
        </button>
      ) : null}
      <div className={styles.links}>
        <span className={styles.traders} aria-live="polite">
          {traders ? (
            <Link
              to="/matching"
              search={{ card: cardId }}
              className={styles.tradersLink}
              aria-label={t.tradersLabel(traders.have, traders.want)}
              data-testid="card-traders"
            >
              {t.traders(traders.have, traders.want)}
            </Link>
          ) : null}
        </span>
        {loggedIn ? (
          <Link to="/tradeList" className={styles.listLink} data-testid="to-trade-list">
            {t.myList}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

function SpareRow({ item, write }: { item: TradeItem; write: TradeWrite }) {
  const spare = useSpareDraft(item.photoCard, item.spare, write);
  return (
    <div className={styles.spare}>
      <span className={styles.spareLabel} aria-hidden="true">
        {t.spareLabel}
      </span>
      <SpareStepper value={spare.value} onChange={spare.set} testId="trade-spare" />
    </div>
  );
}
