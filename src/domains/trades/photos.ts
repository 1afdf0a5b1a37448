/**
 * A proposal's photos of the real card and its packing (docs/trades.md, Photos): up to three
 * images, sent with the proposal or counter-proposal and never changed after. The same limits as
 * the server's field (pb_migrations/1765040000_trade_photos.js) and hooks (pb_hooks/lib/trades.js
 * for the count, pb_hooks/lib/trade-changes.js for never changed after), with no Dexie and no SDK,
 * so the form checks a pick at once.
 */
import { ko } from '@/i18n/ko.ts';

/** Photos a proposal carries at most. */
export const TRADE_PHOTOS_MAX = 3;
/** A photo's largest size. */
export const TRADE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The types the field takes (by the bytes on the server; by the file's type here). */
export const TRADE_PHOTO_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
];

/** The server's words for more than three (pb_hooks/lib/trades.js). */
export const TRADE_PHOTOS_TOO_MANY = `사진은 ${TRADE_PHOTOS_MAX}장까지 올릴 수 있어요.`;

/** One picked photo's message by its declared type and size, or null. */
export function checkTradePhoto(photo: Blob): string | null {
  if (!TRADE_PHOTO_TYPES.includes(photo.type) || photo.size > TRADE_PHOTO_MAX_BYTES) {
    return ko.sync.imageInvalid;
  }
  return null;
}

/** A proposal's photos: at most three, each an image of at most 5 MB; the message, or null. */
export function checkTradePhotos(photos: readonly Blob[]): string | null {
  if (photos.length > TRADE_PHOTOS_MAX) return TRADE_PHOTOS_TOO_MANY;
  for (const photo of photos) {
    const problem = checkTradePhoto(photo);
    if (problem) return problem;
  }
  return null;
}
