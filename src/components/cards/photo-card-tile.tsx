import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import {
  CARD_IMAGE,
  fileUrl,
  LOGO_IMAGE,
  responsiveFile,
  type ResponsiveSource,
} from '@/data/pb/files';
import type { Group, PhotoCard, TradeItemKind } from '@/data/pb/records';
import { ko } from '@/i18n/ko-features';
import { koTradeMarks } from '@/i18n/ko-trade-marks';
import { LikeButton } from './like-button';
import styles from './photo-card-tile.module.css';

/** How an image loads: 'priority' is the screen's likely LCP image (eager, fetched first). */
export type ImageLoading = 'priority' | 'eager' | 'lazy';

export interface PhotoCardTileProps {
  card: PhotoCard;
  /** The card's group, for its logo (cards carry no logo copy of their own). */
  group?: Group;
  liked: boolean;
  likePending?: boolean;
  onToggleLike: (cardId: string, liked: boolean) => void;
  /**
   * The image's `sizes`: the tile's rendered width in the grid or row that holds it, so the
   * browser fetches the smallest rendition that covers it at the device's pixel ratio. The card
   * grid's by default.
   */
  sizes?: string;
  /** 'eager' for tiles visible on first paint, 'priority' for the one likely LCP image. */
  loading?: ImageLoading;
  /** The card is on my have or want list (docs/trades.md): a small mark in the image's corner. */
  tradeMark?: TradeItemKind;
}

/** The `<img>` attributes for `loading`: lazy by default, eager above the fold. */
export function imageLoadingProps(loading: ImageLoading = 'lazy'): {
  loading: 'eager' | 'lazy';
  fetchPriority?: 'high';
  decoding: 'async';
} {
  return loading === 'priority'
    ? { loading: 'eager', fetchPriority: 'high', decoding: 'async' }
    : { loading, decoding: 'async' };
}

/**
 * A card's logo: the group's logo (with small renditions for the logo circles), else the card's
 * own (older data, no renditions), else none.
 */
export function cardLogo(card: PhotoCard, group?: Group): ResponsiveSource {
  if (group?.logoImage) {
    return responsiveFile('groups', group.id, group.logoImage, LOGO_IMAGE, 64);
  }
  return { src: card.logoImage ? fileUrl('photoCards', card.id, card.logoImage) : '', srcSet: '' };
}

/** A card's image with its fit renditions; `src` is the 320 px one (a phone tile at 2x). */
export function cardImage(card: PhotoCard): ResponsiveSource {
  return responsiveFile('photoCards', card.id, card.cardImg, CARD_IMAGE, 320);
}

/**
 * A tile's width in the card grid (card-grid-section.module.css): the content column (100vw less
 * the page gutters, 1rem each side, 2rem from 1080 px; at most 1280 px with them) less the gaps
 * (0.75rem, 1rem from 1080 px), shared by 2 to 6 columns.
 */
export const GRID_TILE_SIZES = [
  '(min-width: 1280px) 190px',
  '(min-width: 1240px) calc((100vw - 9rem) / 6)',
  '(min-width: 1080px) calc((100vw - 8rem) / 5)',
  '(min-width: 800px) calc((100vw - 4.25rem) / 4)',
  '(min-width: 600px) calc((100vw - 3.5rem) / 3)',
  'calc((100vw - 2.75rem) / 2)',
].join(', ');

/** The tile's logo circle (1.25rem). */
const LOGO_SIZES = '20px';

/**
 * One photo card of a grid (docs/product-rules.md, Photo card grid): image, group logo and name,
 * member, title, heart with the like count, and a corner mark when the card is on my have or want
 * list (the grid reads the marks once and passes each tile its own, as it does the likes). The image and text open the card's detail (a link:
 * click or Enter); the heart is its own button beside the link.
 */
export const PhotoCardTile = memo(function PhotoCardTile({
  card,
  group,
  liked,
  likePending,
  onToggleLike,
  sizes = GRID_TILE_SIZES,
  loading,
  tradeMark,
}: PhotoCardTileProps) {
  const logo = cardLogo(card, group);
  const image = cardImage(card);
  return (
    <article className={styles.tile} data-testid="photo-card" data-card-id={card.id}>
      <Link to="/exchangeDetail/$id" params={{ id: card.id }} className={styles.link}>
        <span className={styles.imageBox}>
          {image.src ? (
            <img
              className={styles.image}
              src={image.src}
              srcSet={image.srcSet}
              sizes={sizes}
              alt={ko.photoCards.cardAlt(card.groupName, card.memberName, card.title)}
              width={300}
              height={450}
              {...imageLoadingProps(loading)}
            />
          ) : null}
        </span>
        <span className={styles.meta}>
          <span className={styles.group}>
            {logo.src ? (
              <img
                className={styles.logo}
                src={logo.src}
                srcSet={logo.srcSet || undefined}
                sizes={logo.srcSet ? LOGO_SIZES : undefined}
                alt=""
                width={20}
                height={20}
                loading="lazy"
                decoding="async"
              />
            ) : null}
            <span className={styles.groupName}>{card.groupName}</span>
          </span>
          <span className={styles.member}>{card.memberName}</span>
          <span className={styles.title}>{card.title}</span>
        </span>
        {tradeMark ? <TradeMark kind={tradeMark} /> : null}
      </Link>
      <span className={styles.likeSlot}>
        <LikeButton
          title={`${card.memberName} ${card.title}`}
          liked={liked}
          count={card.likeCount}
          pending={likePending}
          onToggle={() => onToggleLike(card.id, !liked)}
        />
      </span>
    </article>
  );
});

/**
 * The corner mark of a card on my lists: a word, not a colour alone ('교환' on the have list,
 * '구함' on the want list), with the list's full name for screen readers (read last in the
 * link). Top left of the image, where nothing else of the tile sits.
 */
function TradeMark({ kind }: { kind: TradeItemKind }) {
  return (
    <span className={`${styles.tradeMark} ${styles[kind]}`} data-trade-mark={kind}>
      <span aria-hidden="true">{koTradeMarks[kind]}</span>
      <span className="visually-hidden">
        {kind === 'have' ? koTradeMarks.haveLong : koTradeMarks.wantLong}
      </span>
    </span>
  );
}

/**
 * A tile not rendered yet (an off-screen one before the browser's first idle moment): the same
 * box as a tile, image and text block, in a few elements instead of a tile's twenty, so the
 * layout does not move when the real tile takes its place.
 */
export function PhotoCardPlaceholder() {
  return (
    <div className={styles.placeholder} aria-hidden="true" data-testid="photo-card-placeholder">
      <span className={styles.imageBox} />
    </div>
  );
}
