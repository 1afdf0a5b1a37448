import { fileUrl } from '@/data/pb/files';
import type { ExchangePost } from '@/data/pb/records';
import { usePendingPostPhotos } from '@/domains/posts/hooks';
import { useObjectUrl } from '@/live/use-object-url';
import { PhotoStrip, type StripPhoto } from '@/components/ui/photo-strip';
import { koPostTerms } from '@/features/exchange/ko-post-terms';

const t = koPostTerms.item;

/**
 * The renditions of a post's photos (pb_migrations/1765000000_post_type_shipping.js): a square crop
 * for the 4.5rem thumbnails (at up to 2x), fits for the viewer.
 */
const THUMB = '160x160';
const VIEWER_WIDTHS = [720, 1280] as const;
const viewerThumb = (w: number) => `${w}x${w}f`;

/**
 * A post's photos (실물·포장 사진) as thumbnails; a tap opens the image viewer over them
 * (docs/product-rules.md, Image viewer). A post still waiting to be sent shows the photos queued
 * with it, from the device.
 */
export function PostPhotos({ post, writerName }: { post: ExchangePost; writerName: string }) {
  const names = post.photos ?? [];
  const pending = usePendingPostPhotos(post.id);
  // at most three: one object URL each (revoked once nothing shows them)
  const queued = [
    useObjectUrl(names.length ? null : pending[0]),
    useObjectUrl(names.length ? null : pending[1]),
    useObjectUrl(names.length ? null : pending[2]),
  ].filter((u): u is string => !!u);

  const shown: StripPhoto[] = names.length
    ? names.map((name, i) => ({
        thumb: fileUrl('exchangeList', post.id, name, THUMB),
        image: {
          src: fileUrl('exchangeList', post.id, name, viewerThumb(VIEWER_WIDTHS[0])),
          srcSet: VIEWER_WIDTHS.map(
            (w) => `${fileUrl('exchangeList', post.id, name, viewerThumb(w))} ${w}w`,
          ).join(', '),
          alt: t.photoAlt(writerName, i + 1, names.length),
          // offline, the viewer falls back to the thumbnail the list showed (and kept)
          shownSrc: fileUrl('exchangeList', post.id, name, THUMB),
        },
      }))
    : queued.map((url, i) => ({
        thumb: url,
        image: { src: url, alt: t.photoAlt(writerName, i + 1, queued.length) },
      }));

  return (
    <PhotoStrip
      photos={shown}
      label={t.photosLabel}
      openLabel={t.openPhoto}
      viewerLabel={t.viewerLabel(writerName)}
      testId="post"
    />
  );
}
