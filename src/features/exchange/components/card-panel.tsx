import { fileUrl } from '../../../data/pb/files';
import type { PhotoCard } from '../../../data/pb/records';
import { ko } from '../../../i18n/ko-features';
import { LikeButton } from '../../photo-cards/components/like-button';
import { cardLogoUrl } from '../../photo-cards/components/photo-card-tile';
import { useToggleLike } from '../../photo-cards/hooks/use-toggle-like';
import { useGroup, useLikedCardIds, usePendingLikeCardIds } from '../../photo-cards/queries';
import styles from './card-panel.module.css';

/** The card on its detail page: group, member, title, label, the big image and its heart. */
export function CardPanel({ card }: { card: PhotoCard }) {
  const group = useGroup(card.group) ?? undefined;
  const liked = useLikedCardIds()?.has(card.id) ?? false;
  const likePending = usePendingLikeCardIds().has(card.id);
  const toggleLike = useToggleLike();
  const logo = cardLogoUrl(card, group);
  const groupName = group?.groupName ?? card.groupName;

  return (
    <section className={styles.panel} aria-labelledby="card-panel-title" data-testid="card-panel">
      <div className={styles.imageBox}>
        {card.cardImg ? (
          <img
            className={styles.image}
            src={fileUrl('photoCards', card.id, card.cardImg)}
            alt={ko.photoCards.cardAlt(groupName, card.memberName, card.title)}
            width={550}
            height={850}
            decoding="async"
          />
        ) : null}
      </div>
      <div className={styles.info}>
        <div className={styles.group}>
          {logo ? (
            <img
              className={styles.logo}
              src={logo}
              alt={ko.photoCards.groupLogoAlt(groupName)}
              width={28}
              height={28}
            />
          ) : null}
          <span className={styles.groupName}>{groupName}</span>
        </div>
        <h2 id="card-panel-title" className={styles.heading}>
          <span className={styles.member}>{card.memberName}</span>
          <span className={styles.title}>{card.title}</span>
        </h2>
        <div className={styles.meta}>
          {card.label ? <span className={styles.label}>{card.label}</span> : null}
          <LikeButton
            size="md"
            title={`${card.memberName} ${card.title}`}
            liked={liked}
            count={card.likeCount}
            pending={likePending}
            onToggle={() => toggleLike(card.id, !liked)}
          />
        </div>
        <p className={styles.note}>{ko.exchange.imageSizeNote}</p>
      </div>
    </section>
  );
}
