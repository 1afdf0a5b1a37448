import { useState } from 'react';
import { CARD_IMAGE, responsiveFile } from '@/data/pb/files';
import type { PhotoCard } from '@/data/pb/records';
import { ko } from '@/i18n/ko-features';
import { koArt } from '@/features/exchange/ko-art';
import { LikeButton } from '@/components/cards/like-button';
import { cardImage, cardLogo, imageLoadingProps } from '@/components/cards/photo-card-tile';
import { useToggleLike } from '@/components/hooks/use-toggle-like';
import { useGroup } from '@/domains/catalogue/hooks';
import { useLikedCardIds, usePendingLikeCardIds } from '@/domains/likes/hooks';
import { CardImageViewer } from '@/components/image-viewer/card-image-viewer';
import { koViewer } from '@/i18n/ko-viewer';
import styles from './card-panel.module.css';

/**
 * The image box's width (card-panel.module.css): min(100%, 20rem), and the 20rem column on a
 * desktop; the page gutters are 1rem, so below 352 px it is the screen less 2rem.
 */
const IMAGE_SIZES = '(min-width: 352px) 320px, calc(100vw - 2rem)';

/** The logo circle (1.75rem). */
const LOGO_SIZES = '28px';

/**
 * The card on its detail page: group, member, title, label, the big image and its heart. The
 * image is the page's largest paint, so it is fetched first.
 */
export function CardPanel({ card }: { card: PhotoCard }) {
  const group = useGroup(card.group) ?? undefined;
  const liked = useLikedCardIds()?.has(card.id) ?? false;
  const likePending = usePendingLikeCardIds().has(card.id);
  const toggleLike = useToggleLike();
  const logo = cardLogo(card, group);
  // 뒷면: a card with a back image gets a switch under the picture (docs/data-model.md, photoCards)
  const [back, setBack] = useState(false);
  const showBack = back && !!card.cardBackImg;
  const image = showBack
    ? responsiveFile('photoCards', card.id, card.cardBackImg!, CARD_IMAGE, 320)
    : cardImage(card);
  const groupName = group?.groupName ?? card.groupName;
  // docs/product-rules.md, Image viewer: a tap on the image opens it full screen.
  const [viewing, setViewing] = useState<{ shownSrc: string } | null>(null);

  return (
    <section className={styles.panel} aria-labelledby="card-panel-title" data-testid="card-panel">
      <div className={styles.imageBox}>
        {image.src ? (
          <button
            type="button"
            className={styles.imageButton}
            onClick={(e) =>
              setViewing({ shownSrc: e.currentTarget.querySelector('img')?.currentSrc ?? '' })
            }
            data-testid="card-image-open"
          >
            <img
              className={styles.image}
              src={image.src}
              srcSet={image.srcSet}
              sizes={IMAGE_SIZES}
              alt={
                showBack
                  ? koArt.cardSide.backAlt(groupName, card.memberName, card.title)
                  : ko.photoCards.cardAlt(groupName, card.memberName, card.title)
              }
              width={550}
              height={850}
              {...imageLoadingProps('priority')}
            />
            <span className="visually-hidden">{koViewer.viewer.openCard}</span>
          </button>
        ) : null}
        {viewing ? (
          <CardImageViewer
            card={card}
            shownSrc={viewing.shownSrc || undefined}
            onClose={() => setViewing(null)}
          />
        ) : null}
      </div>
      {card.cardBackImg ? (
        <button
          type="button"
          className={styles.side}
          aria-pressed={showBack}
          onClick={() => setBack((b) => !b)}
          data-testid="card-side"
        >
          {koArt.cardSide.showBack}
        </button>
      ) : null}
      <div className={styles.info}>
        <div className={styles.group}>
          {logo.src ? (
            <img
              className={styles.logo}
              src={logo.src}
              srcSet={logo.srcSet || undefined}
              sizes={logo.srcSet ? LOGO_SIZES : undefined}
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
