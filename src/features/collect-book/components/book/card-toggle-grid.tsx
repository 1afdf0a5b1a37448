import { memo } from 'react';
import type { PhotoCard } from '@/data/pb/records';
import { ko } from '@/i18n/ko-features';
import { bookCardImageUrl } from '@/domains/catalogue/card-image';
import styles from './card-grids.module.css';

const t = ko.collectBookScreen;

export interface CardToggleGridProps {
  cards: readonly PhotoCard[];
  owned: ReadonlySet<string>;
  onToggle: (cardId: string) => void;
}

/**
 * 'Select the ones you have' (docs/product-rules.md, Collect book): every card of the group, in
 * grayscale until ticked. Each card is a toggle button (aria-pressed), so click, Enter and Space
 * all tick it.
 */
export function CardToggleGrid({ cards, owned, onToggle }: CardToggleGridProps) {
  return (
    <ul className={styles.grid} data-testid="book-pick-grid">
      {cards.map((card) => (
        <li key={card.id}>
          <ToggleTile card={card} pressed={owned.has(card.id)} onToggle={onToggle} />
        </li>
      ))}
    </ul>
  );
}

const ToggleTile = memo(function ToggleTile({
  card,
  pressed,
  onToggle,
}: {
  card: PhotoCard;
  pressed: boolean;
  onToggle: (cardId: string) => void;
}) {
  const src = bookCardImageUrl(card);
  return (
    <button
      type="button"
      className={styles.toggle}
      aria-pressed={pressed}
      onClick={() => onToggle(card.id)}
      data-testid="book-card-toggle"
      data-card-id={card.id}
    >
      <span className={styles.imageBox}>
        {src ? (
          <img
            className={styles.image}
            src={src}
            alt=""
            width={300}
            height={450}
            loading="lazy"
            decoding="async"
          />
        ) : null}
      </span>
      {/* the tick sits under the image, clear of the card's own corner tag */}
      <span className={styles.captionRow}>
        <span className={styles.caption}>{t.cardLabel(card.memberName, card.title)}</span>
        <span className={styles.check} aria-hidden="true">
          ✓
        </span>
      </span>
    </button>
  );
});

/** The owned cards, in colour (not interactive: untick in the grid below). */
export function OwnedCardGrid({ cards }: { cards: readonly PhotoCard[] }) {
  if (!cards.length) return <p className={styles.empty}>{t.ownedEmpty}</p>;
  return (
    <ul className={`${styles.grid} ${styles.ownedGrid}`} data-testid="book-owned-grid">
      {cards.map((card) => {
        const src = bookCardImageUrl(card);
        return (
          <li key={card.id} className={styles.owned} data-card-id={card.id}>
            <span className={styles.imageBox}>
              {src ? (
                <img
                  className={styles.image}
                  src={src}
                  alt={t.cardAlt(card.groupName, card.memberName, card.title)}
                  width={300}
                  height={450}
                  loading="lazy"
                  decoding="async"
                />
              ) : (
                <span className="visually-hidden">
                  {t.cardAlt(card.groupName, card.memberName, card.title)}
                </span>
              )}
            </span>
            <span className={styles.caption} aria-hidden="true">
              {t.cardLabel(card.memberName, card.title)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
