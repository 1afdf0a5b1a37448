import { lazy, Suspense } from 'react';
import type { ImageViewerProps } from './image-viewer';

export type { ViewerImage } from './types';

// The viewer's chunk is fetched on the first open, never before: the card and meetup pages ship
// none of it before their first paint (docs/product-rules.md, Image viewer).
const ImageViewer = lazy(() => import('./image-viewer'));

/**
 * The full-screen viewer while `open`, loaded on demand. Nothing is shown while its chunk arrives
 * (a few KB; a page seen before has it cached by the service worker, so it opens offline too).
 */
export function LazyImageViewer({ open, ...props }: ImageViewerProps & { open: boolean }) {
  if (!open || props.images.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ImageViewer {...props} />
    </Suspense>
  );
}
