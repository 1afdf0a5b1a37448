import { Link } from '@tanstack/react-router';
import { memo, useState } from 'react';
import { cardImage, imageLoadingProps } from '@/components/cards/photo-card-tile';
import { PendingMark } from '@/components/ui/pending-mark';
import { toast } from '@/components/ui/toast';
import { SpareStepper } from '@/components/trades/spare-stepper';
import { useSpareDraft } from '@/components/trades/use-spare-draft';
import type { TradeWrite } from '@/components/trades/use-trade-write';
import type { PhotoCard, TradeItem } from '@/data/pb/records';
import { koTradeLists } from '@/i18n/ko-trade-lists';
import styles from './trade-list-screen.module.css';

const t = koTradeLists.screen;

export interface TradeItemRowProps {
  item: TradeItem;
  /** The card; undefined while the store answers, null when it is not on this device. */
  card: PhotoCard | null | undefined;
  /** A change of the item waits to be sent, or was refused. */
  state: 'pending' | 'failed' | null;
  write: TradeWrite;
}

/**
 * One card of a list: thumbnail, member and title, group, opening the card; the spare copies on
 * the have list; 빼기.
 */
export const TradeItemRow = memo(function TradeItemRow({
  item,
  card,
  state,
  write,
}: TradeItemRowProps) {
  const [busy, setBusy] = useState(false);
  const name = card ? `${card.memberName} ${card.title}` : t.unknownCard;
  const image = card ? cardImage(card) : null;

  async function remove() {
    setBusy(true);
    try {
      if (await write((r) => r.removeTradeItem(item.photoCard))) toast.success(t.removed(name));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className={styles.item} data-testid="trade-item" data-card-id={item.photoCard}>
      <Link to="/exchangeDetail/$id" params={{ id: item.photoCard }} className={styles.itemLink}>
        <span className={styles.thumb}>
          {image?.src ? (
            <img
              src={image.src}
              srcSet={image.srcSet}
              sizes="56px"
              alt=""
              width={56}
              height={84}
              {...imageLoadingProps('lazy')}
            />
          ) : null}
        </span>
        <span className={styles.itemText}>
          <span className={styles.itemName}>{card === undefined ? '' : name}</span>
          <span className={styles.itemGroup}>{card?.groupName ?? ''}</span>
        </span>
      </Link>
      <div className={styles.itemControls}>
        {state ? <PendingMark variant={state} /> : null}
        {item.kind === 'have' ? <Spare item={item} name={name} write={write} /> : null}
        <button
          type="button"
          className={styles.remove}
          onClick={() => void remove()}
          disabled={busy}
          aria-label={t.removeLabel(name)}
          data-testid="trade-item-remove"
        >
          {t.remove}
        </button>
      </div>
    </li>
  );
});

function Spare({ item, name, write }: { item: TradeItem; name: string; write: TradeWrite }) {
  const spare = useSpareDraft(item.photoCard, item.spare, write);
  return (
    <SpareStepper
      value={spare.value}
      onChange={spare.set}
      label={`${name} ${t.spareLabel}`}
      testId="trade-item-spare"
    />
  );
}
