import { useMemo } from 'react';
import type { PhotoCard } from '@/data/pb/records';
import { ko } from '@/i18n/ko-features';
import { koViewer } from '@/i18n/ko-viewer';
import { cardImage } from '@/components/cards/photo-card-tile';
import { useGroup, usePhotoCards } from '@/domains/catalogue/hooks';
import { LazyImageViewer, type ViewerImage } from './lazy-image-viewer';

/**
 * The viewer over a card's page (docs/product-rules.md, Image viewer): it swipes through the cards
 * of the same group, in the photo card grid's default order, starting at this card. Mounted only
 * while open, so the card page reads the group's cards only then (from the local store, a moment).
 */
export function CardImageViewer({
  card,
  shownSrc,
  onClose,
}: {
  card: PhotoCard;
  /** The copy of this card's image the page shows (kept for offline use). */
  shownSrc?: string | undefined;
  onClose: () => void;
}) {
  const cards = usePhotoCards({ group: card.group });
  const group = useGroup(card.group);
  const list = useMemo(() => {
    const all = cards?.some((c) => c.id === card.id) ? cards : [card];
    return all.filter((c) => c.cardImg);
  }, [cards, card]);
  const images = useMemo<ViewerImage[]>(
    () =>
      list.map((c) => {
        const image = cardImage(c);
        const groupName = group?.groupName ?? c.groupName;
        return {
          src: image.src,
          srcSet: image.srcSet,
          alt: ko.photoCards.cardAlt(groupName, c.memberName, c.title),
          shownSrc: c.id === card.id ? shownSrc : undefined,
        };
      }),
    [list, group, card.id, shownSrc],
  );
  const start = Math.max(
    0,
    list.findIndex((c) => c.id === card.id),
  );
  // Opened once the group's cards are read, so the viewer starts at this card within them.
  return (
    <LazyImageViewer
      open={cards !== undefined}
      images={images}
      start={start}
      label={koViewer.viewer.cardImages}
      onClose={onClose}
    />
  );
}
