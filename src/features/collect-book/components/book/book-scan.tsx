import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { AlreadyTold, CardScanner } from '@/components/card-scan/card-scanner';
import { toast } from '@/components/ui/toast';
import { ScanIcon } from '@/components/card-scan/scan-icon';
import type { CollectBook, Group, PhotoCard } from '@/data/pb/records';
import { handOverScanPhoto } from '@/domains/reports/scan-photo';
import { InvalidInputError, saveCollectBookCards, StorageFullError } from '@/domains/tables/writes';
import { ko } from '@/i18n/ko-features';
import { koCardScan } from '@/i18n/ko-card-scan';
import { bookCardImageUrl } from '@/domains/catalogue/card-image';
import styles from './book-trade-actions.module.css';

/**
 * 스캔 in a collect book (docs/card-scan.md): the camera finds the card among the book's group and
 * one tap, or continuous mode, ticks it. Each tick is saved at once through the outbox (offline
 * too), apart from the grid's ticks that wait for 완료; a card already in the book is not ticked
 * again, and 실행 취소 takes a scan's tick back out.
 */
export function BookScan({
  book,
  group,
  cards,
}: {
  book: CollectBook;
  group: Group;
  cards: readonly PhotoCard[] | undefined;
}) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const saved = useMemo(() => new Set(book.cardInfo), [book.cardInfo]);
  const owned = useCallback((id: string) => saved.has(id), [saved]);
  const onTake = useCallback(
    (card: PhotoCard) => told(saveCollectBookCards(book.id, { add: [card.id], remove: [] })),
    [book.id],
  );
  const onUndo = useCallback(
    (card: PhotoCard) => told(saveCollectBookCards(book.id, { add: [], remove: [card.id] })),
    [book.id],
  );
  return (
    <>
      <button
        type="button"
        className={styles.action}
        onClick={() => setOpen(true)}
        disabled={!cards?.length}
        data-testid="book-scan"
      >
        <ScanIcon size={18} /> {koCardScan.open}
      </button>
      {cards ? (
        <CardScanner
          open={open}
          onClose={() => setOpen(false)}
          cards={cards}
          imageUrl={bookCardImageUrl}
          owned={owned}
          words={koCardScan.book}
          onTake={onTake}
          onUndo={onUndo}
          onReport={(photo) => {
            handOverScanPhoto(photo, group.groupName);
            setOpen(false);
            void navigate({ to: '/informUs/photoCardSubmit' });
          }}
        />
      ) : null}
    </>
  );
}

/** A save the rules refuse is told in their words (as the book's 완료 does), once. */
async function told(save: Promise<void>): Promise<void> {
  try {
    await save;
  } catch (err) {
    if (err instanceof InvalidInputError) toast.error(err.message);
    else if (err instanceof StorageFullError) toast.error(ko.sync.storageFull);
    else throw err;
    throw new AlreadyTold(String(err));
  }
}
