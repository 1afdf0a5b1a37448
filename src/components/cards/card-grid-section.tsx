import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import type { PhotoCard } from '@/data/pb/records';
import { ko } from '@/i18n/ko';
import { useLoadMore } from '@/components/hooks/use-load-more';
import { useToggleLike } from '@/components/hooks/use-toggle-like';
import { useGroups } from '@/domains/catalogue/hooks';
import { useLikedCardIds, usePendingLikeCardIds } from '@/domains/likes/hooks';
import { useTradeMarks } from '@/domains/trade-lists/hooks';
import { CardGridSkeleton } from './card-grid-skeleton';
import { useRevealCount } from '@/components/hooks/use-after-idle';
import { PhotoCardPlaceholder, PhotoCardTile, type ImageLoading } from './photo-card-tile';
import { SortControl } from './sort-control';
import styles from './card-grid-section.module.css';

export interface CardGridSectionProps {
  /** The cards, already filtered and sorted; undefined while they load. */
  cards: readonly PhotoCard[] | undefined;
  /** Changes when the group, sort or search does: paging starts again at 18. */
  resetKey: string;
  /** The section's <h2>. */
  heading: string;
  /** Shown instead of the grid when there are no cards. */
  empty?: ReactNode;
  testId?: string;
  /**
   * How many cards the list has when `cards` is only its first part (a group's page reads a page
   * ahead of the grid, docs/sync.md, The cache): '전체 N장' and 더 보기 count this.
   */
  total?: number;
  /** Told how many tiles the grid shows, so the next page can be read before it is asked for. */
  onShowing?: (count: number) => void;
}

/** Tiles whose images load at once: the two rows a phone shows on first paint. */
const EAGER_TILES = 4;

/**
 * Tiles rendered at once: two rows of the widest grid (6 columns), more than any screen shows
 * before scrolling. The rest render at the first idle moment.
 */
const FIRST_TILES = 12;

function tileLoading(index: number): ImageLoading {
  if (index >= EAGER_TILES) return 'lazy';
  return index === 0 ? 'priority' : 'eager';
}

/**
 * The photo card grid of /exchange and /LikeDetail (docs/product-rules.md, Photo card grid):
 * heading, '전체 N장', the sort control, 2 to 6 columns by width, and 더 보기 paging. Hearts, liked state,
 * pending marks and my have/want marks come from the live queries, so a like or a list change
 * anywhere shows here at once.
 */
export function CardGridSection({
  cards: givenCards,
  resetKey,
  heading,
  empty,
  testId = 'card-grid',
  total,
  onShowing,
}: CardGridSectionProps) {
  const headingId = useId();
  const gridRef = useRef<HTMLUListElement>(null);
  const groups = useGroups();
  const groupsById = useMemo(() => new Map(groups?.map((g) => [g.id, g])), [groups]);
  const liked = useLikedCardIds();
  // Hearts that flip from empty to full a moment after the cards appear would be wrong for that
  // moment (and a tap then would like a liked card): wait for both.
  const cards = liked === undefined ? undefined : givenCards;
  const pending = usePendingLikeCardIds();
  // My have/want marks, one read for the whole grid; they fill in after the cards (a tile's mark
  // appears, nothing moves), so the grid does not wait for them.
  const marks = useTradeMarks();
  const toggleLike = useToggleLike();
  const count = cards === undefined ? undefined : Math.max(total ?? 0, cards.length);
  const { visible, showButton, more } = useLoadMore(count, resetKey);
  useEffect(() => onShowing?.(visible), [visible, onShowing]);
  const revealed = useRevealCount(
    Math.min(visible, cards?.length ?? 0),
    FIRST_TILES,
    cards !== undefined,
  );

  const onMore = (button: HTMLButtonElement) => {
    const hadFocus = document.activeElement === button;
    if (more() === 'noMore' && hadFocus) {
      // The button is about to go: keep the keyboard where the list ends, not on <body>.
      gridRef.current
        ?.querySelector<HTMLElement>('li:last-child a')
        ?.focus({ preventScroll: true });
    }
  };

  return (
    <section
      className={styles.section}
      aria-labelledby={headingId}
      aria-busy={cards === undefined}
      data-testid={testId}
    >
      <div className={styles.header}>
        <div className={styles.titles}>
          <h2 id={headingId} className={styles.heading}>
            {heading}
          </h2>
          {cards ? (
            <p className={styles.total} aria-live="polite" data-testid="card-total">
              {ko.common.totalCards(count ?? cards.length)}
            </p>
          ) : (
            <span className={styles.totalSkeleton} aria-hidden="true" />
          )}
        </div>
        <SortControl />
      </div>

      {cards === undefined ? (
        <CardGridSkeleton className={styles.grid} />
      ) : cards.length === 0 ? (
        (empty ?? null)
      ) : (
        <ul ref={gridRef} className={styles.grid}>
          {cards.slice(0, visible).map((card, i) => (
            <li key={card.id} className={styles.cell}>
              {i < revealed ? (
                <PhotoCardTile
                  card={card}
                  group={groupsById.get(card.group)}
                  liked={liked?.has(card.id) === true}
                  likePending={pending.has(card.id)}
                  onToggleLike={toggleLike}
                  loading={tileLoading(i)}
                  tradeMark={marks?.get(card.id)}
                />
              ) : (
                <PhotoCardPlaceholder />
              )}
            </li>
          ))}
        </ul>
      )}

      {showButton ? (
        <div className={styles.moreRow}>
          <button
            type="button"
            className={styles.more}
            onClick={(e) => onMore(e.currentTarget)}
            data-testid="load-more"
          >
            {ko.common.more}
          </button>
        </div>
      ) : null}
    </section>
  );
}
