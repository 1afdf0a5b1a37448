import { useEffect, useState, type FocusEvent } from 'react';
import { Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance, SwiperOptions } from 'swiper/types';
import 'swiper/css';
import { ko } from '../../../i18n/ko-features';
import { usePrefersReducedMotion } from '../hooks/use-reduced-motion';
import { BannerCard, BANNERS } from './banner-card';
import { PauseGlyph, PlayGlyph } from './control-icons';
import styles from './banner-carousel.module.css';

// Spec §9: 3000 ms, loop, pause on hover. Kept outside the component: Swiper React re-applies
// options whose identity changes.
const MODULES = [Autoplay];
const AUTOPLAY: SwiperOptions['autoplay'] = {
  delay: 3000,
  pauseOnMouseEnter: true,
  disableOnInteraction: false,
};

/**
 * The home banners (spec §2), after the WAI carousel pattern: a rotation button and a button per
 * slide, the hidden slides inert (out of the tab order and the accessibility tree) so a keyboard
 * lands only on the banner in view. Rotation stops while keyboard focus is inside, while the mouse
 * is over it, when the fan presses pause, and from the start when the system asks for less motion.
 */
export function BannerCarousel() {
  const reducedMotion = usePrefersReducedMotion();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [active, setActive] = useState(0);
  // null until the fan presses the rotation button: then their choice wins over the system's.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const [keyboardInside, setKeyboardInside] = useState(false);
  const playing = playChoice ?? !reducedMotion;
  const rotate = playing && !keyboardInside;

  useEffect(() => {
    if (!swiper || swiper.destroyed || !swiper.autoplay) return;
    // stop/start rather than pause/resume: leaving with the mouse resumes a pause, never a stop.
    if (rotate && !swiper.autoplay.running) swiper.autoplay.start();
    else if (!rotate && swiper.autoplay.running) swiper.autoplay.stop();
  }, [swiper, rotate]);

  // Keyboard focus on a banner or a dot holds the rotation until it leaves. Not a tap (a tapped
  // dot must not freeze the banners on a phone), and not the rotation button, which says itself
  // whether to rotate.
  function onFocus(event: FocusEvent<HTMLElement>) {
    const target = event.target;
    setKeyboardInside(target.matches(':focus-visible') && !target.closest('[data-rotation]'));
  }

  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
      setKeyboardInside(false);
    }
  }

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={ko.home.carouselLabel}
      data-testid="home-carousel"
      data-rotating={rotate}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.rotation}
          aria-label={playing ? ko.home.pauseSlides : ko.home.playSlides}
          onClick={() => setPlayChoice(!playing)}
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
      <Swiper
        className={styles.swiper}
        modules={MODULES}
        autoplay={AUTOPLAY}
        loop
        speed={reducedMotion ? 0 : 500}
        onSwiper={setSwiper}
        onRealIndexChange={(s) => setActive(s.realIndex)}
      >
        {BANNERS.map((banner, i) => (
          <SwiperSlide
            key={banner.key}
            className={styles.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={ko.home.slideLabel(i + 1, BANNERS.length)}
            inert={i !== active}
            data-testid="home-banner"
            data-index={i}
            data-active={i === active}
          >
            <BannerCard banner={banner} />
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
