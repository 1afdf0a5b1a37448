import type { PhotoCard } from '@/data/pb/records';
import { CARD_IMAGE, responsiveFile } from '@/data/pb/files';
import { ko } from '@/i18n/ko-features';
import { koTradeScreens } from '@/i18n/ko-trade-screens';
import styles from './card-strip.module.css';

const t = koTradeScreens.cards;

/** A card's name as the trade screens print it: member and title ('원빈 Get A Guitar'). */
export function cardName(card: PhotoCard | undefined): string {
  return card ? t.name(card.memberName, card.title) || card.groupName : t.unknown;
}

/** One small card image (2:3), or an empty frame when the card or its image is not here. */
export function CardThumb({
  card,
  size = 'small',
}: {
  card?: PhotoCard;
  size?: 'small' | 'medium';
}) {
  const image = card ? responsiveFile('photoCards', card.id, card.cardImg, CARD_IMAGE, 160) : null;
  const cls = `${styles.thumb} ${size === 'medium' ? styles.medium : ''}`;
  if (!card || !image?.src) return <span className={cls} aria-hidden="true" />;
  return (
    <img
      className={cls}
      src={image.src}
      srcSet={image.srcSet}
      sizes={size === 'medium' ? '64px' : '44px'}
      alt={ko.photoCards.cardAlt(card.groupName, card.memberName, card.title)}
      width={44}
      height={66}
      loading="lazy"
      decoding="async"
    />
  );
}

export interface CardStripProps {
  /** The cards to show, in order. */
  ids: readonly string[];
  cards: ReadonlyMap<string, PhotoCard> | undefined;
  /** How many there are in all (the match route sends at most 20 ids of a longer list). */
  total?: number;
  /** Thumbnails shown before '외 n장'. */
  max?: number;
  /** A card to ring (the one a screen is about). */
  highlight?: string;
  testId?: string;
}

/** A row of small card images with '외 n장' past `max`: what one side of a trade or match holds. */
export function CardStrip({ ids, cards, total, max = 6, highlight, testId }: CardStripProps) {
  const shown = ids.slice(0, max);
  const rest = Math.max(total ?? ids.length, ids.length) - shown.length;
  return (
    <ul className={styles.strip} data-testid={testId}>
      {shown.map((id) => (
        <li
          key={id}
          className={id === highlight ? `${styles.item} ${styles.highlight}` : styles.item}
          data-card-id={id}
          title={cardName(cards?.get(id))}
        >
          <CardThumb card={cards?.get(id)} />
        </li>
      ))}
      {rest > 0 ? <li className={styles.more}>{t.more(rest)}</li> : null}
    </ul>
  );
}
