import { useMemo } from 'react';
import { usePhotoCardsByIds } from '@/domains/catalogue/hooks';
import type { PhotoCard } from '@/data/pb/records';
import { CARD_IMAGE, responsiveFile } from '@/data/pb/files';
import { ko } from '@/i18n/ko-features';
import { koEncounterScreens } from '@/i18n/ko-encounter-screens';
import ui from '@/components/ui/panels.module.css';
import styles from './encounter-ui.module.css';

const t = koEncounterScreens.screen;

/** A card's name for its image's alt text; a card not in the local catalogue says so. */
export function encounterCardAlt(card: PhotoCard | undefined): string {
  return card ? ko.photoCards.cardAlt(card.groupName, card.memberName, card.title) : t.unknownCard;
}

/** One small card image (2:3); an empty frame, still named, when its image is not here. */
export function EncounterCardThumb({ card }: { card: PhotoCard | undefined }) {
  const image = card ? responsiveFile('photoCards', card.id, card.cardImg, CARD_IMAGE, 160) : null;
  if (!image?.src) {
    return <span className={styles.thumb} role="img" aria-label={encounterCardAlt(card)} />;
  }
  return (
    <img
      className={styles.thumb}
      src={image.src}
      srcSet={image.srcSet}
      sizes="44px"
      alt={encounterCardAlt(card)}
      width={44}
      height={66}
      loading="lazy"
      decoding="async"
    />
  );
}

/** A row of card tiles: one side of an encounter. */
export function EncounterCards({
  ids,
  cards,
  testId,
}: {
  ids: readonly string[];
  cards: ReadonlyMap<string, PhotoCard> | undefined;
  testId?: string;
}) {
  return (
    <ul className={styles.cards} data-testid={testId}>
      {ids.map((id) => (
        <li key={id} className={styles.card} data-card-id={id}>
          <EncounterCardThumb card={cards?.get(id)} />
        </li>
      ))}
    </ul>
  );
}

/** The catalogue's copies of the cards, by id, in one live read; undefined while loading. */
export function useEncounterCardMap(
  ids: readonly string[],
): ReadonlyMap<string, PhotoCard> | undefined {
  const key = [...new Set(ids)].sort().join(',');
  const wanted = useMemo(() => (key ? key.split(',') : []), [key]);
  const cards = usePhotoCardsByIds(wanted);
  return useMemo(() => (cards ? new Map(cards.map((c) => [c.id, c])) : undefined), [cards]);
}

/** One side of an encounter under its heading: the card tiles, or a line saying there are none. */
export function EncounterSide({
  title,
  ids,
  cards,
  empty,
  testId,
}: {
  title: string;
  ids: readonly string[];
  cards: ReadonlyMap<string, PhotoCard> | undefined;
  empty: string;
  testId: string;
}) {
  return (
    <div>
      <h3 className={ui.subTitle}>{title}</h3>
      {ids.length ? (
        <EncounterCards ids={ids} cards={cards} testId={testId} />
      ) : (
        <p className={styles.meta}>{empty}</p>
      )}
    </div>
  );
}
