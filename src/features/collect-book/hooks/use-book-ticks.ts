import { useCallback, useMemo, useState } from 'react';
import {
  EMPTY_DIFF,
  effectiveCards,
  isDiffEmpty,
  rebaseDiff,
  toggleCard,
  type BookDiff,
} from '@/features/collect-book/book-diff';

export interface BookTicks {
  /** The cards shown as owned: the live set with the unsaved ticks applied. */
  owned: ReadonlySet<string>;
  diff: BookDiff;
  dirty: boolean;
  toggle: (cardId: string) => void;
  /**
   * Call once the diff has been saved: the ticks are cleared and `owned` is held until the live
   * set changes, so the screen does not flash the old set for the frame before Dexie re-reads.
   */
  markSaved: () => void;
}

function keyOf(cards: readonly string[]): string {
  return [...cards].sort().join('\n');
}

/**
 * The unsaved ticks of one book, kept as a diff against the live card set (see book-diff.ts). When
 * the live set changes (a save here, or another device through realtime), the diff is rebased
 * during render (React's "adjust state when a prop changes"), so a card the server now agrees with
 * stops counting as unsaved and later remote changes to it are not masked.
 */
export function useBookTicks(liveCards: readonly string[]): BookTicks {
  const liveKey = keyOf(liveCards);
  const live = useMemo<ReadonlySet<string>>(
    () => new Set(liveKey ? liveKey.split('\n') : []),
    [liveKey],
  );
  const [diff, setDiff] = useState<BookDiff>(EMPTY_DIFF);
  const [seenKey, setSeenKey] = useState(liveKey);
  const [held, setHeld] = useState<{ key: string; owned: ReadonlySet<string> } | null>(null);

  let current = diff;
  if (seenKey !== liveKey) {
    current = rebaseDiff(diff, live);
    setSeenKey(liveKey);
    if (current !== diff) setDiff(current);
    if (held) setHeld(null);
  }

  const holding = held !== null && held.key === liveKey;
  const owned = useMemo(
    () => (holding && held ? held.owned : effectiveCards(live, current)),
    [holding, held, live, current],
  );

  const toggle = useCallback(
    (cardId: string) => {
      setHeld(null);
      setDiff((d) => toggleCard(d, live, cardId));
    },
    [live],
  );

  const markSaved = useCallback(() => {
    setHeld({ key: liveKey, owned });
    setDiff(EMPTY_DIFF);
  }, [liveKey, owned]);

  return { owned, diff: current, dirty: !isDiffEmpty(current) && !holding, toggle, markSaved };
}
