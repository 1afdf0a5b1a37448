import { useMemo, useState } from 'react';
import { usePhotoCardsByIds } from '@/domains/catalogue/hooks';
import { useFailedKeys, usePendingKeys } from '@/live/sync';
import { useTradeWrite } from '@/components/trades/use-trade-write';
import { recordKey } from '@/data/outbox/names';
import type { TradeItem, TradeItemKind } from '@/data/pb/records';
import { koTradeLists } from '@/i18n/ko-trade-lists';
import { ListEmpty } from './list-empty';
import { TradeItemRow } from './trade-item-row';
import styles from './trade-list-screen.module.css';

const t = koTradeLists.screen;

/** Rows shown at first, and added by each 더 보기: a list holds up to 2,000 cards. */
export const LIST_PAGE = 60;

/** One list's items, newest first, a page at a time, or what to do when it is empty. */
export function TradeItemList({ kind, items }: { kind: TradeItemKind; items: TradeItem[] }) {
  const [shown, setShown] = useState(LIST_PAGE);
  const page = useMemo(() => items.slice(0, shown), [items, shown]);
  const ids = useMemo(() => page.map((i) => i.photoCard), [page]);
  const cards = usePhotoCardsByIds(ids);
  const byId = useMemo(() => new Map(cards?.map((c) => [c.id, c])), [cards]);
  const pendingKeys = usePendingKeys();
  const failedKeys = useFailedKeys();
  const write = useTradeWrite();

  if (items.length === 0) return <ListEmpty kind={kind} />;

  return (
    <>
      <ul
        className={styles.items}
        aria-label={kind === 'have' ? t.haveListLabel : t.wantListLabel}
        aria-busy={cards === undefined}
      >
        {page.map((item) => {
          const key = recordKey('tradeItems', item.id);
          return (
            <TradeItemRow
              key={item.id}
              item={item}
              card={cards === undefined ? undefined : (byId.get(item.photoCard) ?? null)}
              state={failedKeys.has(key) ? 'failed' : pendingKeys.has(key) ? 'pending' : null}
              write={write}
            />
          );
        })}
      </ul>
      {items.length > shown ? (
        <button
          type="button"
          className={styles.more}
          onClick={() => setShown((n) => n + LIST_PAGE)}
          data-testid="trade-list-more"
        >
          {t.more}
        </button>
      ) : null}
    </>
  );
}
