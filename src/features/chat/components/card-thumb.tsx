import type { PhotoCard } from '@/data/pb/records';
import { CARD_IMAGE, responsiveFile } from '@/data/pb/files';
import { koChat } from '@/features/chat/ko';
import styles from './card-thumb.module.css';

const SIZES = { small: 40, medium: 48 } as const;

/** A photo card's small image beside a conversation or in a thread's context bar. */
export interface CardThumbProps {
  card: PhotoCard;
  size: keyof typeof SIZES;
  /** The card's title is printed beside it: the image adds nothing for a screen reader. */
  decorative?: boolean;
}

export function CardThumb({ card, size, decorative = false }: CardThumbProps) {
  const width = SIZES[size];
  const { src, srcSet } = responsiveFile(
    'photoCards',
    card.id,
    card.cardImg,
    CARD_IMAGE,
    width * 2,
  );
  if (!src) return <span className={`${styles.thumb} ${styles[size]}`} aria-hidden="true" />;
  return (
    <img
      className={`${styles.thumb} ${styles[size]}`}
      src={src}
      srcSet={srcSet}
      sizes={`${width}px`}
      alt={decorative ? '' : koChat.chat.cardAlt(card.title || card.memberName || card.groupName)}
      width={width}
      height={Math.round(width * 1.5)}
      loading="lazy"
      decoding="async"
    />
  );
}
