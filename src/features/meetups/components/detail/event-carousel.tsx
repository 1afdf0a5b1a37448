import { lazy, Suspense, useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import type { MeetUp } from '@/data/pb/records';
import { ko } from '@/i18n/ko-features';
import { PauseGlyph, PlayGlyph } from '@/components/ui/rotation-glyphs';
import { useSwiperStart } from '@/components/hooks/use-swiper-start';
import { useSwiperRotation } from '@/components/hooks/use-swiper-rotation';
import { LazyImageViewer, type ViewerImage } from '@/components/image-viewer/lazy-image-viewer';
import { EventImage, eventImageSource } from './event-image';
import styles from './event-carousel.module.css';

const t = ko.meetupDetail;

const EventSwiper = lazy(() => import('./event-swiper').then((m) => ({ default: m.EventSwiper })));

/** The first image alone, as plain markup in Swiper's frame, until Swiper has loaded. */
function PlainFirst({
  meetUp,
  file,
  onOpen,
  coverRef,
}: {
  meetUp: MeetUp;
  file: string;
  onOpen: (index: number) => void;
  coverRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div ref={coverRef} className={`${styles.swiper} ${styles.plain}`}>
      <div className={styles.slide} data-testid="meetup-slide">
        <EventImage meetUp={meetUp} file={file} index={0} onOpen={onOpen} />
      </div>
    </div>
  );
}

/**
 * The event's images. With more than one they rotate every 3 s and loop; rotation stops while the
 * mouse is over them, while keyboard focus is inside, when the fan presses pause, and from the
 * start when the system asks for less motion. One image is shown still; none, a placeholder.
 *
 * Swiper (about 85 KB) is not needed to paint: the server-rendered page and the first client
 * render show the first image as plain markup in the same frame, and Swiper takes over when the
 * page is idle.
 */
export function EventCarousel({ meetUp }: { meetUp: MeetUp }) {
  const images = meetUp.eventImg.filter(Boolean);
  if (images.length === 0) {
    return (
      <div className={`${styles.frame} ${styles.empty}`} data-testid="meetup-carousel">
        <p>{t.noImage}</p>
      </div>
    );
  }
  return <Rotating meetUp={meetUp} images={images} />;
}

function Rotating({ meetUp, images }: { meetUp: MeetUp; images: string[] }) {
  const many = images.length > 1;
  const { reducedMotion, setSwiper, playing, rotate, turning, toggle, focusHandlers } =
    useSwiperRotation(many);
  const { start: started, now: startNow } = useSwiperStart();
  const frameRef = useRef<HTMLElement>(null);
  // The full-screen viewer over the event's images, from the one tapped (null: closed), with
  // the copies the carousel shows (kept for offline use), read when it opens.
  const [viewing, setViewing] = useState<number | null>(null);
  const [shown, setShown] = useState<ReadonlyMap<string, string>>(new Map());
  const open = useCallback((index: number) => {
    const copies = new Map<string, string>();
    for (const img of frameRef.current?.querySelectorAll('img') ?? []) {
      if (img.currentSrc) copies.set(img.getAttribute('src') ?? '', img.currentSrc);
    }
    setShown(copies);
    setViewing(index);
  }, []);
  const viewerImages = useMemo<ViewerImage[]>(
    () =>
      images.map((file, i) => {
        const source = eventImageSource(meetUp, file);
        return {
          ...source,
          alt: t.imageAlt(meetUp.eventTitle, i + 1),
          shownSrc: shown.get(source.src),
        };
      }),
    [images, meetUp, shown],
  );
  const plainRef = useRef<HTMLDivElement>(null);
  // The plain first image stays (over Swiper, in the same place in the tree, so the same element)
  // until Swiper has started: the tap or the focus that starts it lands on an image that is still
  // there, and opens the viewer (docs/product-rules.md, Image viewer). Then Swiper shows, and
  // focus that was on the plain image moves to Swiper's.
  const [ready, setReady] = useState(false);
  const onSwiper = useCallback(
    (swiper: SwiperInstance) => {
      setSwiper(swiper);
      const hadFocus = !!plainRef.current?.contains(document.activeElement);
      setReady(true);
      if (hadFocus) {
        requestAnimationFrame(() =>
          frameRef.current
            ?.querySelector<HTMLElement>('.swiper-slide-active [data-viewer-open]')
            ?.focus(),
        );
      }
    },
    [setSwiper],
  );
  // Focus goes back to the image that opened the viewer; if Swiper replaced it meanwhile, to the
  // image now shown.
  const closeViewer = () => {
    setViewing(null);
    requestAnimationFrame(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      frameRef.current
        ?.querySelector<HTMLElement>('.swiper-slide-active [data-viewer-open], [data-viewer-open]')
        ?.focus();
    });
  };

  return (
    <section
      className={styles.frame}
      aria-roledescription="carousel"
      aria-label={t.carouselLabel(meetUp.eventTitle)}
      data-testid="meetup-carousel"
      data-rotating={rotate}
      data-turning={turning}
      {...focusHandlers}
      ref={frameRef}
      onPointerEnter={startNow}
      onPointerDown={startNow}
      onFocusCapture={startNow}
    >
      {many ? (
        <button
          type="button"
          className={styles.rotation}
          aria-label={playing ? t.pauseSlides : t.playSlides}
          onClick={toggle}
          data-rotation=""
          data-testid="meetup-carousel-rotation"
        >
          {playing ? <PauseGlyph /> : <PlayGlyph />}
        </button>
      ) : null}
      {started ? (
        <Suspense fallback={null}>
          <EventSwiper
            meetUp={meetUp}
            images={images}
            reducedMotion={reducedMotion}
            setSwiper={onSwiper}
            onOpen={open}
          />
        </Suspense>
      ) : null}
      {ready ? null : (
        <PlainFirst meetUp={meetUp} file={images[0]!} onOpen={open} coverRef={plainRef} />
      )}
      <LazyImageViewer
        open={viewing !== null}
        images={viewerImages}
        start={viewing ?? 0}
        label={meetUp.eventTitle}
        onClose={closeViewer}
      />
    </section>
  );
}
