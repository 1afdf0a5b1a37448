/**
 * Collections whose files are protected (pb_migrations/1764530000_protected_files.js,
 * 1765040000_trade_photos.js): reports, collect books, chat photos and trade proposals' photos,
 * which only their owner (for reports, admins too; for a chat or trade photo, its two fans) may
 * read. PocketBase serves their files only with a file token
 * (`?token=`, see ./file-token.ts); everything else (catalogue images, avatars) is public. See
 * docs/files.md.
 */
export const PROTECTED_FILE_COLLECTIONS: readonly string[] = [
  'informUs',
  'collectBook',
  'messages',
  'trades',
];

export function isProtectedFile(collection: string): boolean {
  return PROTECTED_FILE_COLLECTIONS.includes(collection);
}

/** The service worker's caches of `/api/files/` answers (sw/sw.ts). */
export const FILE_CACHES = { files: 'pb-files', saved: 'pb-files-saved' } as const;

/**
 * Drops protected files (a report's image, a collect book's cover) from the file caches, at
 * logout: on a shared phone the next person must not find them offline. Public files stay.
 */
export async function dropCachedProtectedFiles(): Promise<void> {
  if (typeof caches === 'undefined') return;
  for (const name of Object.values(FILE_CACHES)) {
    if (!(await caches.has(name))) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      // /api/files/{collection}/{record}/{file}
      const collection = decodeURIComponent(new URL(request.url).pathname.split('/')[3] ?? '');
      if (isProtectedFile(collection)) await cache.delete(request);
    }
  }
}

/** `url` with a file token added. */
export function withFileToken(url: string, token: string): string {
  if (!url || !token) return url;
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

/**
 * `url` without its file token: the one key a file is cached under (sw/sw.ts), whichever
 * short-lived token fetched it. Other query parameters (`thumb`) keep their order. Relative URLs
 * stay relative.
 */
export function withoutFileToken(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const kept = query.split('&').filter((p) => p !== '' && !/^token(=|$)/.test(p));
  return (
    url.slice(0, q) + (kept.length ? `?${kept.join('&')}` : '') + (hash < 0 ? '' : url.slice(hash))
  );
}

/**
 * URLs of files stored on records (`/api/files/{collection}/{id}/{file}`), same origin as the app,
 * so the service worker's file cache serves them offline. `thumb` asks PocketBase for one of the
 * field's configured thumbnail sizes (pb_migrations); a size the field does not list is answered
 * with the original file. A protected collection's file also needs a token (./file-token.ts).
 */
export function fileUrl(collection: string, id: string, file: string, thumb?: string): string {
  if (!file) return '';
  const path = `/api/files/${encodeURIComponent(collection)}/${encodeURIComponent(id)}/${encodeURIComponent(file)}`;
  return thumb ? `${path}?thumb=${encodeURIComponent(thumb)}` : path;
}

/** A collect book's cover as the profile's shelf shows it (100×135 px; kept offline too). */
export const BOOK_COVER_THUMB = '100x135';

/**
 * The renditions of one kind of image, smallest first: the widths a `srcset` offers and the
 * PocketBase thumb that makes each. Every thumb is a fit (`WxHf`): PocketBase scales the image
 * down to fit inside W×H and keeps its aspect, and hands back an unscaled copy when the source
 * already fits, so no rendition is ever an upscale, whatever size the uploaded source is.
 * (`Wx0` thumbs, the older kind, are scaled to W even when that enlarges the source.)
 *
 * The sizes must be listed on the field in pb_migrations (1764400000_image_thumbs.js).
 */
export interface ThumbLadder {
  readonly widths: readonly number[];
  readonly thumb: (width: number) => string;
}

/**
 * Photo cards (portrait, 2:3 or 55:85): the height bound is twice the width, so the width is
 * what binds for any card taller than it is wide. Boxes run from 100 px (collect-book cells) to
 * 320 px (the card on its detail page); the steps cover them at 1x to 3x. No 240: the demo's
 * flat-colour 300×450 PNGs come out larger at 240 than at their own size (PocketBase re-encodes
 * a smoothed copy), and a 161–240 px need is met by 320 (the demo's own 300 px copy).
 */
export const CARD_IMAGE: ThumbLadder = {
  widths: [160, 320, 480, 640, 960],
  thumb: (w) => `${w}x${w * 2}f`,
};

/**
 * Event images, shown whole (contain) in a 3:2 frame: each rendition fits the frame's box, so a
 * portrait poster is bounded by the frame's height just as it is drawn. Frames are 358–1047 px
 * wide on phones and tablets and 549 px in the desktop column.
 */
export const EVENT_IMAGE: ThumbLadder = {
  widths: [480, 720, 960, 1200],
  thumb: (w) => `${w}x${Math.round((w * 2) / 3)}f`,
};

/** Group logos in small circles (20 px on a tile, 28 px beside the card on its detail page). */
export const LOGO_IMAGE: ThumbLadder = {
  widths: [32, 64, 96],
  thumb: (w) => `${w}x${w}f`,
};

/** Artist portraits in the 40 px circle of a meetup list item. */
export const ARTIST_IMAGE: ThumbLadder = {
  widths: [48, 80, 120],
  thumb: (w) => `${w}x${w}f`,
};

/**
 * The rendition a browser picks for a box that needs `pixels` device pixels across: the smallest
 * that is at least that wide, or the largest when none is.
 */
export function ladderWidthFor(ladder: ThumbLadder, pixels: number): number {
  const { widths } = ladder;
  return widths.find((w) => w >= pixels) ?? widths[widths.length - 1]!;
}

export interface ResponsiveSource {
  /** The fallback rendition (browsers without `srcset`, and what a crawler sees first). */
  src: string;
  /** Every rendition with its width descriptor, for the `srcset` attribute. */
  srcSet: string;
}

/**
 * `src` and `srcset` of a record's image from `ladder`; `fallbackWidth` chooses `src` (a common
 * need of the place the image is shown). Empty strings when there is no file.
 */
export function responsiveFile(
  collection: string,
  id: string,
  file: string,
  ladder: ThumbLadder,
  fallbackWidth: number,
): ResponsiveSource {
  if (!file) return { src: '', srcSet: '' };
  const url = (w: number) => fileUrl(collection, id, file, ladder.thumb(w));
  return {
    src: url(ladderWidthFor(ladder, fallbackWidth)),
    srcSet: ladder.widths.map((w) => `${url(w)} ${w}w`).join(', '),
  };
}
