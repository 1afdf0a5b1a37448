import { EVENT_IMAGE, responsiveFile } from '@/data/pb/files';
import type { MeetUp } from '@/data/pb/records';
import { ko } from '@/i18n/ko-features';
import { koViewer } from '@/i18n/ko-viewer';
import styles from './event-carousel.module.css';

/**
 * The frame's width (event-carousel.module.css, in meetup-detail.module.css's layout): the screen
 * less the 1rem gutters on phones and tablets; from 1080 px the first of two columns (1.1fr and
 * 1fr, 2rem apart) of a layout at most 1080 px wide inside the 2rem gutters.
 */
const FRAME_SIZES = [
  '(min-width: 1144px) 549px',
  '(min-width: 1080px) calc((100vw - 6rem) * 0.5238)',
  'calc(100vw - 2rem)',
].join(', ');

/** An event image's sources, the carousel's and the full-screen viewer's. */
export function eventImageSource(meetUp: MeetUp, file: string) {
  return responsiveFile('meetUps', meetUp.id, file, EVENT_IMAGE, 720);
}

/**
 * One of an event's images in the carousel's frame; a tap (or Enter) opens it in the full-screen
 * viewer (docs/product-rules.md, Image viewer).
 */
export function EventImage({
  meetUp,
  file,
  index,
  onOpen,
}: {
  meetUp: MeetUp;
  file: string;
  index: number;
  onOpen: (index: number) => void;
}) {
  const image = eventImageSource(meetUp, file);
  // The first image is the page's largest paint: fetched first. The others stay eager (at the
  // default low priority): the rotation shows them within seconds, and a page seen once keeps them
  // for offline.
  return (
    <button
      type="button"
      className={styles.open}
      onClick={() => onOpen(index)}
      data-testid="meetup-image-open"
      data-viewer-open=""
    >
      <img
        className={styles.image}
        src={image.src}
        srcSet={image.srcSet}
        sizes={FRAME_SIZES}
        alt={ko.meetupDetail.imageAlt(meetUp.eventTitle, index + 1)}
        width={600}
        height={400}
        loading="eager"
        fetchPriority={index === 0 ? 'high' : undefined}
        decoding="async"
        draggable={false}
      />
      <span className="visually-hidden">{koViewer.viewer.openEventImage(index + 1)}</span>
    </button>
  );
}
