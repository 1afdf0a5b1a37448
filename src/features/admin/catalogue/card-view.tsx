/**
 * A catalogue card as the 카탈로그 section shows it (docs/operators.md, Catalogue management): its
 * front image (a right-sized thumb of the public file) and its facts (group, member, title, label,
 * release, likes, id, and whether it is hidden or merged into another card). Shared by the card
 * rows and the merge panel's two candidates.
 */
import { cardImageUrl, type AdminCard } from './api';
import { koCatalogue as t } from './ko';
import styles from './catalogue.module.css';

/** The front image, `width` CSS pixels wide (the thumb is picked for 2× that). */
export function CardThumb({
  card,
  width,
  className,
}: {
  card: AdminCard;
  width: number;
  className?: string;
}) {
  const alt = t.imageAlt(card.memberName, card.title);
  if (!card.cardImg) {
    return (
      <div
        className={`${styles.thumb} ${styles.noImage} ${className ?? ''}`}
        role="img"
        aria-label={`${alt} (${t.noImage})`}
      >
        {t.noImage}
      </div>
    );
  }
  return (
    <img
      className={`${styles.thumb} ${className ?? ''}`}
      src={cardImageUrl(card, card.cardImg, width * 2)}
      alt={alt}
      width={width}
      height={Math.round(width * 1.5)}
      loading="lazy"
      decoding="async"
    />
  );
}

/** The group's name as the section shows it: the Latin name, and the Korean one when known. */
export function groupLabel(card: AdminCard, groupsKo: ReadonlyMap<string, string>): string {
  const ko = groupsKo.get(card.group);
  return ko ? `${card.groupName} (${ko})` : card.groupName;
}

/** A card's name in one line (a confirm, a result). */
export function cardName(card: AdminCard): string {
  return [card.groupName, card.memberName, card.title].filter(Boolean).join(' ');
}

export function CardFacts({
  card,
  groupsKo,
  titleId,
}: {
  card: AdminCard;
  groupsKo: ReadonlyMap<string, string>;
  /** For buttons that name the card (aria-describedby). */
  titleId?: string;
}) {
  return (
    <div className={styles.cardMain}>
      <p className={styles.cardHead}>
        {card.hidden ? (
          <span className={styles.hiddenBadge} data-testid="catalogue-hidden-badge">
            {t.hiddenBadge}
          </span>
        ) : null}
        {card.mergedInto ? (
          <span className={styles.mergedBadge} data-testid="catalogue-merged-badge">
            {t.mergedBadge}
          </span>
        ) : null}
        <span className={styles.cardGroup}>{groupLabel(card, groupsKo)}</span>
        <span>
          {card.memberName}
          {card.memberNameEn ? ` · ${card.memberNameEn}` : ''}
        </span>
      </p>
      <p className={styles.cardTitle} id={titleId} data-testid="catalogue-card-title">
        {card.title}
      </p>
      <p className={styles.meta}>
        {[card.label || t.noLabel, card.release || t.noRelease, t.likes(card.likeCount)].join(
          ' · ',
        )}
      </p>
      <p className={styles.id}>
        <span className="visually-hidden">{t.cardId} </span>
        <span data-testid="catalogue-card-id">{card.id}</span>
        {card.mergedInto ? <span> {t.mergedInto(card.mergedInto)}</span> : null}
      </p>
    </div>
  );
}
