import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { fileUrl } from '../../../data/pb/files';
import type { Group, PhotoCard } from '../../../data/pb/records';
import { ko } from '../../../i18n/ko-features';
import { LikeButton } from './like-button';
import styles from './photo-card-tile.module.css';

export interface PhotoCardTileProps {
  card: PhotoCard;
  /** The card's group, for its logo (cards carry no logo copy of their own). */
  group?: Group;
  liked: boolean;
  likePending?: boolean;
  onToggleLike: (cardId: string, liked: boolean) => void;
  /** Eager-load the image (the first row above the fold). */
  eager?: boolean;
}

/** Logo URL of a card: the group's logo, else the card's own (older data), else none. */
export function cardLogoUrl(card: PhotoCard, group?: Group): string {
  if (group?.logoImage) return fileUrl('groups', group.id, group.logoImage, '100x100');
  return card.logoImage ? fileUrl('photoCards', card.id, card.logoImage) : '';
}

/**
 * One photo card of a grid (spec §2): image, group logo and name, member, title, heart with the
 * like count. The image and text open the card's detail (a link: click or Enter); the heart is
 * its own button beside the link.
 */
export const PhotoCardTile = memo(function PhotoCardTile({
  card,
  group,
  liked,
  likePending,
  onToggleLike,
  eager,
}: PhotoCardTileProps) {
  const logo = cardLogoUrl(card, group);
  return (
    <article className={styles.tile} data-testid="photo-card" data-card-id={card.id}>
      <Link to="/exchangeDetail/$id" params={{ id: card.id }} className={styles.link}>
        <span className={styles.imageBox}>
          {card.cardImg ? (
            <img
              className={styles.image}
              src={fileUrl('photoCards', card.id, card.cardImg, '400x0')}
              alt={ko.photoCards.cardAlt(card.groupName, card.memberName, card.title)}
              width={300}
              height={450}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
            />
          ) : null}
        </span>
        <span className={styles.meta}>
          <span className={styles.group}>
            {logo ? (
              <img
                className={styles.logo}
                src={logo}
                alt=""
                width={20}
                height={20}
                loading="lazy"
              />
            ) : null}
            <span className={styles.groupName}>{card.groupName}</span>
          </span>
          <span className={styles.member}>{card.memberName}</span>
          <span className={styles.title}>{card.title}</span>
        </span>
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
