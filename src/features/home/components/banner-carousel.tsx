import { lazy, Suspense, useState } from 'react';
import { ko } from '@/i18n/ko-features';
import { useSwiperStart } from '@/components/hooks/use-swiper-start';
import { useSwiperRotation } from '@/components/hooks/use-swiper-rotation';
import { BannerCard, BANNERS } from './banner-card';
import { PauseGlyph, PlayGlyph } from '@/components/ui/rotation-glyphs';
import styles from './banner-carousel.module.css';

const BannerSwiper = lazy(() =>
  import('./banner-swiper').then((m) => ({ default: m.BannerSwiper })),
);

/** The first banner alone, as plain markup of the carousel's size. */
function PlainBanner() {
  return (
    <div className={`${styles.swiper} ${styles.plain}`}>
      <div
        className={styles.slide}
        role="group"
        aria-roledescription="slide"
        aria-label={ko.home.slideLabel(1, BANNERS.length)}
        data-testid="home-banner"
        data-index={0}
        data-active
      >
        <BannerCard banner={BANNERS[0]!} />
      </div>
    </div>
  );
}

/**
 * The home banners (docs/product-rules.md, Home), after the WAI carousel pattern: a rotation button
 * and a button per slide, the hidden slides inert (out of the tab order and the accessibility tree)
 * so a keyboard lands only on the banner in view. Rotation stops while keyboard focus is inside,
 * while the mouse is over it, while the page is hidden, when the fan presses pause, and from the start when the system asks
 * for less motion.
 *
 * Swiper (about 86 KB) is not needed to paint: the server-rendered page and the first client
 * render show the first banner as plain markup of the same size, and Swiper takes over once the
 * page is idle.
 */
export function BannerCarousel() {
  const [active, setActive] = useState(0);
  const { swiper, reducedMotion, setSwiper, playing, rotate, turning, toggle, focusHandlers } =
    useSwiperRotation();
  const { start: started, now: startNow } = useSwiperStart();

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={ko.home.carouselLabel}
      data-testid="home-carousel"
      data-rotating={rotate}
      data-turning={turning}
      {...focusHandlers}
      onPointerEnter={startNow}
      onPointerDown={startNow}
      onFocusCapture={startNow}
    >
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.rotation}
          aria-label={playing ? ko.home.pauseSlides : ko.home.playSlides}
          onClick={toggle}
          data-rotation=""
          data-testid="home-carousel-rotation"
        >
          {playing ? <PauseGlyph /> : <PlayGlyph />}
        </button>
        <div className={styles.dots} role="group" aria-label={ko.home.slidePickerLabel}>
          {BANNERS.map((banner, i) => (
            <button
              key={banner.key}
              type="button"
              className={styles.dot}
              aria-label={ko.home.showSlide(i + 1)}
              aria-current={i === active ? 'true' : undefined}
              onClick={() => swiper?.slideToLoop(i)}
            >
              <span className={styles.dotMark} />
            </button>
          ))}
        </div>
      </div>
      {started ? (
        <Suspense fallback={<PlainBanner />}>
          <BannerSwiper
            active={active}
            reducedMotion={reducedMotion}
            setSwiper={setSwiper}
            setActive={setActive}
          />
        </Suspense>
      ) : (
        <PlainBanner />
      )}
    </section>
  );
}
