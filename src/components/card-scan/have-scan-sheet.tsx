import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTradeWrite } from '@/components/trades/use-trade-write';
import type { PhotoCard, TradeItemKind } from '@/data/pb/records';
import { bookCardImageUrl } from '@/domains/catalogue/card-image';
import { usePhotoCards, useWholeGroupCards } from '@/domains/catalogue/hooks';
import { handOverScanPhoto } from '@/domains/reports/scan-photo';
import { useTradeMarks } from '@/domains/trade-lists/hooks';
import { koCardScan } from '@/i18n/ko-card-scan';
import { AlreadyTold, CardScanner } from './card-scanner';

/**
 * Cards a scan looks among at most: 1 MB of fingerprints (docs/card-scan.md, Fingerprints), and
 * the most of one group a card's page reads from the server (docs/sync.md, The cache).
 */
export const SCAN_CARDS_MAX = 5000;

/**
 * What a scan looks among: one group's cards (a card's page: the group, read whole from the
 * server when it is outside the sync scope), or `device`: every card this device keeps (the
 * have/want list: the fan's groups and cards, and those shown lately), newest first.
 */
export type HaveScanScope = { group: string; groupName: string } | 'device';

const NONE: readonly PhotoCard[] = [];

type Take = (cards: readonly PhotoCard[]) => void;

/** Reads the scope once per opening; the scanner keeps what it was handed until it closes. */
function DeviceCards({ onCards }: { onCards: Take }) {
  const cards = usePhotoCards();
  useEffect(() => {
    if (cards) onCards(cards.slice(0, SCAN_CARDS_MAX));
  }, [cards, onCards]);
  return null;
}

function GroupCards({ group, onCards }: { group: string; onCards: Take }) {
  const cards = useWholeGroupCards(group);
  useEffect(() => {
    if (cards) onCards(cards.slice(0, SCAN_CARDS_MAX));
  }, [cards, onCards]);
  return null;
}

/**
 * The camera sheet of HaveScan (./have-scan.tsx), loaded on the first 스캔: a card found goes on
 * the have list with one spare, by the same write as the card page's 보유·교환 가능 mark, so it
 * is queued through the outbox and works offline. A card already on the have list is not added
 * again; one on the want list moves over, and 실행 취소 puts it back there (any other card comes
 * off the lists again). Opens once the scope's cards are read.
 */
export function HaveScanSheet({
  open,
  onClose,
  scope,
}: {
  open: boolean;
  onClose: () => void;
  scope: HaveScanScope;
}) {
  const navigate = useNavigate();
  const write = useTradeWrite();
  const marks = useTradeMarks();
  const [cards, setCards] = useState<readonly PhotoCard[] | undefined>(undefined);
  // the list each card taken by this sheet was on before, for 실행 취소
  const before = useRef(new Map<string, TradeItemKind | undefined>());

  const owned = useCallback((id: string) => marks?.get(id) === 'have', [marks]);
  const onTake = useCallback(
    async (card: PhotoCard) => {
      const was = marks?.get(card.id);
      // a refusal is told by the write (the rule's words, a full device, the login prompt)
      const done = await write((r) => r.setTradeItem(card.id, { kind: 'have', spare: 1 }));
      if (done === undefined) throw new AlreadyTold('not added to the have list');
      before.current.set(card.id, was);
    },
    [marks, write],
  );
  const onUndo = useCallback(
    async (card: PhotoCard) => {
      const was = before.current.get(card.id);
      const done = await write(async (r) => {
        if (was === 'want') await r.setTradeItem(card.id, { kind: 'want' });
        else await r.removeTradeItem(card.id);
        return true;
      });
      if (done === undefined) throw new AlreadyTold('not taken off the have list');
    },
    [write],
  );
  const close = () => {
    setCards(undefined);
    onClose();
  };

  return (
    <>
      {open && cards === undefined ? (
        scope === 'device' ? (
          <DeviceCards onCards={setCards} />
        ) : (
          <GroupCards group={scope.group} onCards={setCards} />
        )
      ) : null}
      <CardScanner
        open={open && cards !== undefined}
        onClose={close}
        cards={cards ?? NONE}
        imageUrl={bookCardImageUrl}
        owned={owned}
        words={koCardScan.have}
        onTake={onTake}
        onUndo={onUndo}
        onReport={(photo) => {
          handOverScanPhoto(photo, scope === 'device' ? '' : scope.groupName);
          close();
          void navigate({ to: '/informUs/photoCardSubmit' });
        }}
      />
    </>
  );
}
