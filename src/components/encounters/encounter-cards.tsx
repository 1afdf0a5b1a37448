import { useMemo, useState } from 'react';
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

/**
 * One small card image (2:3), with `caption` the member and group under it (docs/encounters.md,
 * The 만난 팬 screen). Offline, an image never seen is the service worker's plain placeholder and
 * one that fails leaves an empty frame: the caption still says which card it is. A card not in
 * the local store says so.
 */
export function EncounterCardThumb({
  card,
  caption: withCaption = false,
}: {
  card: PhotoCard | undefined;
  /** The member and group under the image (a row of EncounterCards). */
  caption?: boolean;
}) {
  const image = card ? responsiveFile('photoCards', card.id, card.cardImg, CARD_IMAGE, 160) : null;
  const [failed, setFailed] = useState('');
  const alt = encounterCardAlt(card);
  const caption = card ? `${card.memberName} · ${card.groupName}` : t.unknownCard;
  return (
    <>
      {image?.src && failed !== image.src ? (
        <img
          className={styles.thumb}
          src={image.src}
          srcSet={image.srcSet}
          sizes="44px"
          alt={alt}
          width={44}
          height={66}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(image.src)}
        />
      ) : (
        <span className={styles.thumb} role="img" aria-label={alt} />
      )}
      {/* the image's name says it to screen readers already */}
      {withCaption && (
        <span
          className={styles.caption}
          aria-hidden="true"
          title={caption}
          data-testid="card-caption"
        >
          {card ? (
            <>
              <span className={styles.member}>{card.memberName}</span>
              <span>{card.groupName}</span>
            </>
          ) : (
            <span>{t.unknownCard}</span>
          )}
        </span>
      )}
    </>
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
        <li key={id} className={`${styles.card} ${styles.captioned}`} data-card-id={id}>
          <EncounterCardThumb card={cards?.get(id)} caption />
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
