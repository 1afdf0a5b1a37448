import { useState } from 'react';
import { LazyImageViewer, type ViewerImage } from '@/components/image-viewer/lazy-image-viewer';
import styles from './photo-strip.module.css';

export interface StripPhoto {
  /** The thumbnail's URL (a rendition, or a queued Blob's object URL). */
  thumb: string;
  /** What the viewer shows, with the photo's alt text. */
  image: ViewerImage;
}

export interface PhotoStripProps {
  photos: readonly StripPhoto[];
  /** The list's name ('실물·포장 사진'). */
  label: string;
  /** The hidden words of each thumbnail's button ('사진 1 크게 보기'). */
  openLabel: (n: number) => string;
  /** The viewer's name. */
  viewerLabel: string;
  /** The test ids' prefix (`post` → `post-photos`, `post-photo`). */
  testId: string;
}

/**
 * A few photos as 4.5rem thumbnails; a tap opens the image viewer over them (docs/product-rules.md,
 * Image viewer). Nothing at all when there are none.
 */
export function PhotoStrip({ photos, label, openLabel, viewerLabel, testId }: PhotoStripProps) {
  const [viewing, setViewing] = useState<number | null>(null);
  if (!photos.length) return null;
  return (
    <>
      <ul className={styles.photos} aria-label={label} data-testid={`${testId}-photos`}>
        {photos.map((p, i) => (
          <li key={p.thumb}>
            <button
              type="button"
              className={styles.open}
              onClick={() => setViewing(i)}
              data-testid={`${testId}-photo`}
            >
              <img
                src={p.thumb}
                alt={p.image.alt}
                width={72}
                height={72}
                loading="lazy"
                decoding="async"
              />
              <span className="visually-hidden">{openLabel(i + 1)}</span>
            </button>
          </li>
        ))}
      </ul>
      <LazyImageViewer
        open={viewing !== null}
        images={photos.map((p) => p.image)}
        start={viewing ?? 0}
        label={viewerLabel}
        onClose={() => setViewing(null)}
      />
    </>
  );
}
