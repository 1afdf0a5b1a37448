import { CARD_IMAGE, fileUrl } from '@/data/pb/files';
import type { PhotoCard } from '@/data/pb/records';

/**
 * The one rendition a collect book shows its cards at, in every grid and at every screen size:
 * the images of a book are kept for use with no network at exactly the URLs the screen asks for
 * (src/features/collect-book/offline-images.ts), and a `srcset` would ask for another rendition
 * after a rotation or on another window size. 320 px covers the book's cells at their usual
 * densities (about 100 px on a phone at 2x–3x, 220 px on a desktop at 1x) and is a fit, so never
 * an upscale of the source.
 *
 * It is also the image 스캔 fingerprints every card from, wherever it is opened (a collect book,
 * the have/want list, a card's page; docs/card-scan.md, On the device): one URL per card, so the
 * fingerprints kept in `cardPrints` serve every screen, and the images a book keeps offline serve
 * the scan with no signal.
 */
export const BOOK_CARD_WIDTH = 320;

export function bookCardImageUrl(card: PhotoCard): string {
  return card.cardImg
    ? fileUrl('photoCards', card.id, card.cardImg, CARD_IMAGE.thumb(BOOK_CARD_WIDTH))
    : '';
}
