import { Link } from '@tanstack/react-router';
import { useId, useRef } from 'react';
import { ChevronLeftIcon } from '@/components/ui/icons';
import type { Group, PhotoCard } from '@/data/pb/records';
import { ko } from '@/i18n/ko-features';
import {
  PhotoCardPlaceholder,
  PhotoCardTile,
  type ImageLoading,
} from '@/components/cards/photo-card-tile';
import { useRevealCount } from '@/components/hooks/use-after-idle';
import styles from './card-row.module.css';

/** Placeholder tiles while the local store is read (or the first sync is still coming). */
const SKELETONS = 6;

/**
 * Tiles rendered at once: as many as any screen shows before scrolling (a 390 px phone shows 2½,
 * a 1079 px tablet 6½, the 1280 px desktop column 6⅓). The rest render at the first idle moment.
 */
const FIRST_TILES = 7;

/** Tiles of the top row whose images load at once: the ones a phone shows on first paint. */
const EAGER_TILES = 3;

/** The tile's width (--tile-width below): 9.5rem, 11rem from the desktop breakpoint. */
const TILE_SIZES = '(min-width: 1080px) 176px, 152px';

export interface CardRowProps {
  title: string;
  /** Undefined while loading. */
  cards: PhotoCard[] | undefined;
  /** No cards yet, but the first sync is under way: skeletons rather than "no cards". */
  waitingForSync: boolean;
  groups: ReadonlyMap<string, Group>;
  likedIds: ReadonlySet<string> | undefined;
  pendingIds: ReadonlySet<string>;
  onToggleLike: (cardId: string, liked: boolean) => void;
  /**
   * The row nearest the top: its first visible images load at once and the first is the
   * screen's likely LCP image; other rows load their images lazily.
   */
  eager?: boolean;
  /** '더보기' opens /exchange in this sort (the popular row: by likes). */
  moreSort?: 'likesDesc';
  testId: string;
}

/**
 * A home row (docs/product-rules.md, Home): a heading with '더보기' to /exchange and a horizontally
 * scrolling strip of card tiles that snaps to tiles. Keyboard users tab through the tiles (the
 * browser scrolls each into view); mouse users on a desktop also get previous/next buttons.
 */
export function CardRow({
  title,
  cards,
  waitingForSync,
  groups,
  likedIds,
  pendingIds,
  onToggleLike,
  eager,
  moreSort,
  testId,
}: CardRowProps) {
  const headingId = useId();
  const scroller = useRef<HTMLUListElement>(null);
  const loading = cards === undefined || (cards.length === 0 && waitingForSync);
  const revealed = useRevealCount(cards?.length ?? 0, FIRST_TILES, !loading);

  function page(direction: 1 | -1) {
    const el = scroller.current;
    if (!el) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: direction * el.clientWidth * 0.8, behavior: reduce ? 'auto' : 'smooth' });
  }

  return (
    <section className={styles.row} aria-labelledby={headingId} data-testid={testId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.heading}>
          {title}
        </h2>
        <div className={styles.tools}>
          <button
            type="button"
            className={styles.arrow}
            aria-label={ko.home.rowPrevious(title)}
            onClick={() => page(-1)}
          >
            <ChevronLeftIcon size={20} />
          </button>
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            aria-label={ko.home.rowNext(title)}
            onClick={() => page(1)}
          >
            <ChevronLeftIcon size={20} />
          </button>
          <Link to="/exchange" search={moreSort ? { sort: moreSort } : {}} className={styles.more}>
            <span className="visually-hidden">{title} </span>
            {ko.home.more}
            <ChevronLeftIcon size={16} className={styles.moreIcon} />
          </Link>
        </div>
      </div>
      {loading ? (
        <ul className={styles.scroller} aria-busy="true" aria-label={ko.home.rowLoading}>
          {Array.from({ length: SKELETONS }, (_, i) => (
            <li key={i} className={styles.cell}>
              <span className={styles.skeleton}>
                <span className={styles.skeletonImage} />
              </span>
            </li>
          ))}
        </ul>
      ) : cards.length === 0 ? (
        <p className={styles.empty}>{ko.home.rowEmpty}</p>
      ) : (
        <ul ref={scroller} className={styles.scroller}>
          {cards.map((card, i) => (
            <li key={card.id} className={styles.cell}>
              {i < revealed ? (
                <PhotoCardTile
                  card={card}
                  group={groups.get(card.group)}
                  liked={likedIds?.has(card.id) ?? false}
                  likePending={pendingIds.has(card.id)}
                  onToggleLike={onToggleLike}
                  sizes={TILE_SIZES}
                  loading={tileLoading(eager === true, i)}
                />
              ) : (
                <PhotoCardPlaceholder />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function tileLoading(topRow: boolean, index: number): ImageLoading {
  if (!topRow || index >= EAGER_TILES) return 'lazy';
  return index === 0 ? 'priority' : 'eager';
}
