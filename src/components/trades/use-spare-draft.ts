import { useCallback, useEffect, useRef, useState } from 'react';
import { sessionUserIdAtom, useStore } from '@/state/store';
import type { TradeWrite } from './use-trade-write';

/** A stepper's taps within this long go out as one change. */
export const SPARE_COMMIT_DELAY_MS = 600;

/** After a written draft, how long it may wait for the store to show it before it is dropped. */
const SETTLE_MS = 2000;

interface Draft {
  n: number;
  /** Written: the store shows it once its live read answers. */
  sent: boolean;
}

/**
 * The spare copies of one have item while a fan taps − and +: the number shows at once, and the
 * change is written once the taps pause (or the screen goes), so five taps queue one change, not
 * five (docs/trades.md, `tradeItem.update`). `saved` is the item's stored spare count.
 */
export function useSpareDraft(
  cardId: string,
  saved: number,
  write: TradeWrite,
): { value: number; set(n: number): void } {
  const store = useStore();
  const [draft, setDraft] = useState<Draft | null>(null);
  const pending = useRef<{ n: number; timer: ReturnType<typeof setTimeout> } | null>(null);
  const writeRef = useRef(write);
  useEffect(() => {
    writeRef.current = write;
  }, [write]);

  const commit = useCallback(
    (n: number) => {
      pending.current = null;
      void writeRef
        .current(async (repos) => {
          // The card left the have list meanwhile (taken off, moved to 구함, here or on another
          // device): the taps no longer apply, and writing them would put it back.
          const userId = store.get(sessionUserIdAtom);
          const { getTradeItemOfCard } = await import('@/domains/trade-lists/queries');
          if (!userId || (await getTradeItemOfCard(userId, cardId))?.kind !== 'have') return null;
          return repos.setTradeItem(cardId, { kind: 'have', spare: n });
        })
        .then((done) =>
          // refused: the stored count shows again
          setDraft((d) => (d?.n !== n ? d : done === undefined ? null : { n, sent: true })),
        );
    },
    [cardId, store],
  );

  // The store caught up with the written draft: the stored count shows from here on.
  if (draft?.sent && draft.n === saved) setDraft(null);

  // Another device changed it meanwhile: the store's count wins after a moment.
  useEffect(() => {
    if (!draft?.sent) return;
    const timer = setTimeout(() => setDraft((d) => (d === draft ? null : d)), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const set = useCallback(
    (n: number) => {
      setDraft({ n, sent: false });
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = { n, timer: setTimeout(() => commit(n), SPARE_COMMIT_DELAY_MS) };
    },
    [commit],
  );

  // Leaving the screen (or the item) with taps not written yet: write them now.
  useEffect(
    () => () => {
      const p = pending.current;
      if (!p) return;
      clearTimeout(p.timer);
      commit(p.n);
    },
    [commit],
  );

  return { value: draft ? draft.n : saved, set };
}
